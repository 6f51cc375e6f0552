#!/usr/bin/env bash
# Builds the GPU differential bundle HERE (MLIR, no GPU needed): random
# GEMM-family problems (gen_problems.py, names pNNN), memory-bound ones
# (gen_memory_problems.py, qNNN), convolutions (gen_conv_problems.py, cNNN),
# attention (gen_attention_problems.py, aNNN; the fused flash kernel) or
# half GEMM and half memory-bound (all), each checked by tiny-verify,
# compiled with dlc-to-ptx + dlc-translate --emit-kernels and given CPU
# reference data by dlc-interp --products accumulator, plus the dlc-run
# binary and run_bundle.sh.  Builds no tools itself: they come from $DLC_BIN
# (default build/bin).
#
#   test/gpu/build_bundle.sh BUNDLE [--count N] [--seed S] [--chip CHIP]
#                            [--timeout SEC] [--family gemm|memory|conv|attention|all]
#                            [--long-k P]   (gen_problems.py: a share P of
#                                            GEMM problems with K >= 512)
#                            [--whole P]    (gen_problems.py: a share P of
#                                            GEMM problems with M, N in
#                                            [128, 700]: whole output tiles)
#                            [--staged P]   (gen_problems.py: a share P of
#                                            the symbolic whole-tile ones
#                                            planned with the SM90 staged
#                                            epilogue; gen_conv_problems.py:
#                                            a share P of NHWC convs forced
#                                            onto SM90 + staged epilogue)
#                            [--tall P]     (gen_problems.py: a share P of
#                                            the staged ones on 256 x 128
#                                            tiles)
#                            [--three P]    (gen_problems.py: a share P of
#                                            the staged ones not on 256 x
#                                            128 tiles on 192 x 128, three
#                                            consumers; gen_conv_problems.py:
#                                            a share P of NHWC convs forced
#                                            onto the 192-row tile)
#                            [--split P]    (gen_conv_problems.py: a share P
#                                            of NHWC convs forced onto the
#                                            SM90 kernel split along k)
#                            [--short P]    (gen_conv_problems.py: a share P
#                                            of NHWC convs forced onto the
#                                            SM90 kernel's 64-row tile)
#                            [--cluster P]  (gen_problems.py: a share P of
#                                            the whole-tile ones run by
#                                            clusters of 2 CTAs;
#                                            gen_conv_problems.py: of NHWC
#                                            convs, by 2 or 4 CTAs)
#                            [--odd-c P]    (gen_problems.py: a share P of
#                                            the staged ones with N not
#                                            rounded up to a multiple of
#                                            8; default 0.25)
#                            [--gemv P]     (gen_problems.py: a share P of
#                                            GEMM problems with M = 1 or
#                                            N = 1: the GEMV rule)
#                            [--gemv-versions P] (gen_problems.py: a share
#                                            P of those with the 1 a
#                                            symbol, compiled with
#                                            versions=: the launch-time
#                                            GEMV version)
#                            [--batch2 P]   (gen_problems.py: a share P of
#                                            GEMM problems over two batch
#                                            axes [B, H], collapsed)
#                            [--short-k P]  (gen_problems.py: a share P of
#                                            GEMM problems with K static,
#                                            at most 128, M and N symbolic:
#                                            the SM90 short-K rule)
#                            [--batch2-m P] (gen_problems.py: a share P of
#                                            those with W shared across H:
#                                            H and M collapse into m)
#                            [--few-sms P]  (gen_problems.py: a share P of
#                                            batched GEMM problems compiled
#                                            with device=sms=2..7: tiles
#                                            walked across batches;
#                                            gen_attention_problems.py: a
#                                            share P on 1..3 CTAs of the
#                                            planner's grid: several visits)
#                            [--stream-k P] (gen_problems.py: a share P of
#                                            GEMM problems run by the SM90
#                                            stream-K schedule, compiled
#                                            with device=sms=2..7)
#                            [--attn-stream P] (gen_attention_problems.py
#                                            --stream: a share P of
#                                            non-causal problems on the
#                                            flash kernel's "stream" grid
#                                            of 1..5 CTAs: tiles split by
#                                            key tiles between two CTAs)
#                            [--transform P] (gen_conv_problems.py: a share
#                                            P of NCHW convs forced through
#                                            the layout transform + SM90)
#                            [--lse P]      (gen_attention_problems.py: a
#                                            share P of problems with a
#                                            log-sum-exp output)
#                            [--many P]     (gen_attention_problems.py: a
#                                            share P with more work tiles
#                                            than the persistent grid's
#                                            CTAs)
#                            [--balanced P] (gen_attention_problems.py: a
#                                            share P of causal problems on
#                                            the "balanced" grid of a few
#                                            CTAs: several rounds, tails)
#                            [--d256 P]     (gen_attention_problems.py: a
#                                            share P with head dimension
#                                            256)
#                            [--padded-d P] (gen_attention_problems.py: a
#                                            share P with a head dimension
#                                            padded to the tile width)
#                            [--static-keys P] (gen_attention_problems.py:
#                                            a share P with a static key
#                                            length, a third of them 1)
#                            [--all-static P] (gen_attention_problems.py:
#                                            a share P with every size
#                                            static, a quarter M = 1)
#                            [--depthwise P] (gen_conv_problems.py: a share
#                                            P of NHWC depthwise convs for
#                                            the depthwise kernel)
#                            [--grouped P]  (gen_conv_problems.py: a share
#                                            P of NHWC grouped convs, Cg a
#                                            multiple of 8, for the SM90
#                                            kernel's group role)
#                            [--bool P]     (gen_memory_problems.py: a
#                                            share P of problems that
#                                            return bools, i1 outputs)
#                            [--transpose P] (gen_memory_problems.py: a
#                                            share P of eltwise chains
#                                            reading across the last axis)
#                            [--long-rows P] (gen_memory_problems.py: a
#                                            share P of the softmax,
#                                            LayerNorm and RMSNorm problems
#                                            on 1-8 rows of 8192-65536:
#                                            split rows)
#                            [--channel P]  (gen_memory_problems.py: a
#                                            share P of reduces over the
#                                            first and last of 3 axes)
#
# Writes, in BUNDLE (emptied first):
#   problems.txt          one line per compiled problem, tab-separated:
#                         name, manifest, ref-data dir, sizes, features
#   compile-failures.txt  one line per problem that did not compile:
#                         name, reason (diagnostic code + message), sizes +
#                         features, first diagnostic line; the whole stderr
#                         in errors/
#   invalid.txt           problems the generator got wrong (tiny-verify or
#                         dlc-interp rejects them): should stay empty
#   pNNN/, qNNN/, cNNN/, aNNN/  manifest(s), dlc_kernels.ptx.gz, ref/ (reference
#                         data), dlc-run.args when the problem states dlc-run options
#   src/                  the generated problems and index.json
#   dlc-run, run_bundle.sh, info.txt, summary.txt
# and prints "compiled X of N; failures by reason: ..." and the bundle size.
# Then, on the GPU machine: test/gpu/run_bundle.sh BUNDLE (test/gpu/README.md).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${DLC_BIN:-$root/build/bin}"
usage="usage: build_bundle.sh BUNDLE [--count N] [--seed S] [--chip CHIP] [--timeout SEC] [--family gemm|memory|conv|attention|all] [--long-k P] [--whole P] [--staged P] [--tall P] [--three P] [--split P] [--short P] [--cluster P] [--odd-c P] [--gemv P] [--gemv-versions P] [--stream-k P] [--attn-stream P] [--few-sms P] [--batch2 P] [--batch2-m P] [--short-k P] [--transform P] [--lse P] [--many P] [--balanced P] [--d256 P] [--padded-d P] [--static-keys P] [--all-static P] [--depthwise P] [--grouped P] [--bool P] [--transpose P] [--channel P] [--long-rows P]"
bundle="${1:?$usage}"
shift
count=300 seed=1 chip=sm_90 tmo=300 family=gemm longk=0 whole=0 staged=0 tall=0 three=0 split=0 short=0 cluster=0 oddc=0.25 gemv=0 gemvver=0 streamk=0 attnstream=0 fewsms=0 batch2=0 batch2m=0 shortk=0 transform=0 lse=0 many=0 balanced=0 d256=0 paddedd=0 statickeys=0 allstatic=0 depthwise=0 grouped=0 bool=0 transpose=0 channel=0 longrows=0
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --chip) chip="$2"; shift 2 ;;
    --timeout) tmo="$2"; shift 2 ;;
    --family) family="$2"; shift 2 ;;
    --long-k) longk="$2"; shift 2 ;;
    --whole) whole="$2"; shift 2 ;;
    --staged) staged="$2"; shift 2 ;;
    --tall) tall="$2"; shift 2 ;;
    --three) three="$2"; shift 2 ;;
    --split) split="$2"; shift 2 ;;
    --short) short="$2"; shift 2 ;;
    --cluster) cluster="$2"; shift 2 ;;
    --odd-c) oddc="$2"; shift 2 ;;
    --gemv) gemv="$2"; shift 2 ;;
    --gemv-versions) gemvver="$2"; shift 2 ;;
    --stream-k) streamk="$2"; shift 2 ;;
    --attn-stream) attnstream="$2"; shift 2 ;;
    --few-sms) fewsms="$2"; shift 2 ;;
    --batch2) batch2="$2"; shift 2 ;;
    --batch2-m) batch2m="$2"; shift 2 ;;
    --short-k) shortk="$2"; shift 2 ;;
    --transform) transform="$2"; shift 2 ;;
    --lse) lse="$2"; shift 2 ;;
    --many) many="$2"; shift 2 ;;
    --balanced) balanced="$2"; shift 2 ;;
    --d256) d256="$2"; shift 2 ;;
    --padded-d) paddedd="$2"; shift 2 ;;
    --static-keys) statickeys="$2"; shift 2 ;;
    --all-static) allstatic="$2"; shift 2 ;;
    --depthwise) depthwise="$2"; shift 2 ;;
    --grouped) grouped="$2"; shift 2 ;;
    --bool) bool="$2"; shift 2 ;;
    --transpose) transpose="$2"; shift 2 ;;
    --channel) channel="$2"; shift 2 ;;
    --long-rows) longrows="$2"; shift 2 ;;
    -h|--help) echo "$usage"; exit 0 ;;
    *) echo "build_bundle.sh: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
  esac
done
case "$family" in
  gemm|memory|conv|attention|all) ;;
  *) echo "build_bundle.sh: --family wants gemm, memory, conv, attention or all" >&2; echo "$usage" >&2; exit 2 ;;
esac
for t in dlc-opt dlc-translate dlc-interp dlc-run; do
  [ -x "$bin/$t" ] || { echo "build_bundle.sh: $bin/$t missing (build first, or set DLC_BIN)" >&2; exit 2; }
done
case "$bundle" in /|.|..|"$root") echo "build_bundle.sh: refusing to empty $bundle" >&2; exit 2 ;; esac
rm -rf "$bundle" && mkdir -p "$bundle/src" "$bundle/errors" || exit 1
# The problems: one generator, or with --family all half each, in one
# index.json (GEMM problems are pNNN, memory-bound ones qNNN).
gen() { python3 "$root/test/gpu/$1" --count "$2" --seed "$seed" --out "$bundle/src" "${@:3}"; }
case "$family" in
  gemm) gen gen_problems.py "$count" --long-k "$longk" --whole "$whole" --staged "$staged" --tall "$tall" --three "$three" --cluster "$cluster" --odd-c "$oddc" --gemv "$gemv" --gemv-versions "$gemvver" --stream-k "$streamk" --few-sms "$fewsms" --batch2 "$batch2" --batch2-m "$batch2m" --short-k "$shortk" || exit 1 ;;
  memory) gen gen_memory_problems.py "$count" --bool "$bool" --transpose "$transpose" --channel "$channel" --long-rows "$longrows" || exit 1 ;;
  conv) gen gen_conv_problems.py "$count" --transform "$transform" --staged "$staged" --three "$three" --split "$split" --short "$short" --cluster "$cluster" --depthwise "$depthwise" --grouped "$grouped" || exit 1 ;;
  attention) gen gen_attention_problems.py "$count" --lse "$lse" --many "$many" --balanced "$balanced" --d256 "$d256" --padded-d "$paddedd" --static-keys "$statickeys" --all-static "$allstatic" --few-sms "$fewsms" --stream "$attnstream" || exit 1 ;;
  all) gen gen_problems.py $((count - count / 2)) --long-k "$longk" --whole "$whole" --staged "$staged" --tall "$tall" --three "$three" --cluster "$cluster" --odd-c "$oddc" --gemv "$gemv" --gemv-versions "$gemvver" --stream-k "$streamk" --few-sms "$fewsms" --batch2 "$batch2" --batch2-m "$batch2m" --short-k "$shortk" && gen gen_memory_problems.py $((count / 2)) --append --bool "$bool" --transpose "$transpose" --channel "$channel" --long-rows "$longrows" || exit 1 ;;
esac
cp "$bin/dlc-run" "$root/test/gpu/run_bundle.sh" "$bundle/" || exit 1
{
  echo "built $(date -u '+%Y-%m-%d %H:%M UTC') from $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')" \
       "($(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null | wc -l) files modified)"
  echo "tools $bin; --count $count --seed $seed --chip $chip --family $family --long-k $longk --whole $whole --staged $staged --tall $tall --three $three --split $split --short $short --cluster $cluster --odd-c $oddc --gemv $gemv --gemv-versions $gemvver --stream-k $streamk --attn-stream $attnstream --few-sms $fewsms --batch2 $batch2 --batch2-m $batch2m --short-k $shortk --transform $transform --lse $lse --many $many --balanced $balanced --d256 $d256 --padded-d $paddedd --static-keys $statickeys --all-static $allstatic --depthwise $depthwise --grouped $grouped --bool $bool --transpose $transpose --channel $channel --long-rows $longrows"
} > "$bundle/info.txt"
: > "$bundle/problems.txt"
: > "$bundle/compile-failures.txt"
: > "$bundle/invalid.txt"

# The reason of a failed step: the spec's code and name with the message up
# to "; suggestion"/"; why", a crash or a timeout, else the first error line
# without its location.  $1 = tool, $2 = exit status, $3 = stderr file.
reason() {
  local tool="$1" rc="$2" err="$3" r
  if [ "$rc" -eq 124 ]; then echo "timeout (${tmo}s) in $tool"; return; fi
  if [ "$rc" -ge 128 ]; then echo "crash (signal $((rc - 128))) in $tool"; return; fi
  r=$(grep -m1 -oE 'E[0-9]{4} [A-Za-z]+: .*' "$err" | sed -E 's/; (suggestion|why|note):.*//')
  [ -n "$r" ] || r=$(grep -m1 -E 'error' "$err" | sed -E 's/^.*error: //')
  [ -n "$r" ] || r=$(grep -m1 . "$err")
  [ -n "$r" ] || r="exit status $rc, no message"
  echo "$r"
}
first_line() { grep -m1 -E 'error' "$1" || grep -m1 . "$1" || echo "(no output)"; }

compiled=0 invalid=0 n=0 start=$SECONDS
while IFS=$'\t' read -r func sizes dims features reffile runargs; do
  n=$((n + 1))
  src="$bundle/src/$func.tiny.mlir"
  refsrc="$src"
  [ "$reffile" = - ] || refsrc="$bundle/src/$reffile"
  dir="$bundle/$func"
  err="$bundle/errors/$func.err"
  mkdir -p "$dir"
  [ "$sizes" = - ] && sizes=""
  # 1. The problem itself must be valid tiny and evaluate on the CPU.
  #    The reference data comes from an equivalent program where the
  #    generator gives one (ref_file: see gen_problems.py).
  rc=0
  for f in "$src" "$refsrc"; do
    timeout "$tmo" "$bin/dlc-opt" "$f" --pass-pipeline='builtin.module(func.func(tiny-verify))' \
        -o /dev/null 2> "$err" || { rc=$?; break; }
  done
  if [ $rc -eq 0 ]; then
    timeout "$tmo" "$bin/dlc-interp" "$refsrc" $sizes --products accumulator \
        --write-ref "$dir/ref" > /dev/null 2> "$err"
    rc=$?
    step=dlc-interp
  else
    step=tiny-verify
  fi
  if [ $rc -ne 0 ]; then
    printf '%s\tINVALID (%s): %s\t%s\t%s\n' "$func" "$step" "$(reason "$step" $rc "$err")" \
        "$dims $features" "$(first_line "$err")" >> "$bundle/invalid.txt"
    invalid=$((invalid + 1))
    rm -rf "$dir"
    continue
  fi
  # 2. Compile (with the problem's plan-file, versions and device figures,
  # where the generator wrote them).
  planopt=""
  [ -f "$bundle/src/$func.plan.json" ] && planopt=" plan-file=$bundle/src/$func.plan.json"
  [ -f "$bundle/src/$func.versions" ] && planopt="$planopt versions=$(cat "$bundle/src/$func.versions")"
  [ -f "$bundle/src/$func.device" ] && planopt="$planopt device=$(cat "$bundle/src/$func.device")"
  timeout "$tmo" "$bin/dlc-opt" "$src" --pass-pipeline="builtin.module(dlc-to-ptx{chip=$chip$planopt})" \
      -o "$dir/compiled.mlir" 2> "$err"
  rc=$? step=dlc-opt
  if [ $rc -eq 0 ]; then
    timeout "$tmo" "$bin/dlc-translate" "$dir/compiled.mlir" --emit-kernels="$dir" > /dev/null 2> "$err"
    rc=$? step=dlc-translate
  fi
  rm -f "$dir/compiled.mlir"
  manifest=""
  if [ $rc -eq 0 ]; then
    if [ -f "$dir/$func.json" ]; then
      manifest="$func/$func.json"
    elif [ "$(ls "$dir"/*.json 2> /dev/null | wc -l)" -eq 1 ]; then
      manifest="$func/$(basename "$dir"/*.json)"
    else
      echo "dlc-translate wrote no manifest $func.json (and not exactly one other)" > "$err"
      rc=1
    fi
  fi
  if [ $rc -ne 0 ]; then
    printf '%s\t%s\t%s\t%s\n' "$func" "$(reason "$step" $rc "$err")" "$dims $features" \
        "$(first_line "$err")" >> "$bundle/compile-failures.txt"
    rm -rf "$dir"
    continue
  fi
  rm -f "$err"
  # Reference intermediates the compiled program does not have (a buffer
  # fused away, as attention's P) are dropped: nothing would read them.
  python3 - "$bundle/$manifest" "$dir/ref" <<'PY' || exit 1
import json, os, sys
manifest, ref = json.load(open(sys.argv[1])), sys.argv[2]
kept = {b["name"] for b in manifest.get("intermediates", [])}
meta = json.load(open(os.path.join(ref, "meta.json")))
drop = [p for p in meta["params"] if p["role"] == "intermediate" and "program" in manifest and p["name"] not in kept]
for p in drop:
    os.remove(os.path.join(ref, p["file"]))
    meta["params"].remove(p)
if drop:
    json.dump(meta, open(os.path.join(ref, "meta.json"), "w"))
PY
  # The problem's own dlc-run options (a tolerance), read by run_bundle.sh.
  [ "$runargs" = - ] || echo "$runargs" > "$dir/dlc-run.args"
  gzip -9 "$dir"/*.ptx || exit 1
  printf '%s\t%s\t%s\t%s\t%s\n' "$func" "$manifest" "$func/ref" "${sizes:-static}" \
      "$dims $features" >> "$bundle/problems.txt"
  compiled=$((compiled + 1))
  if [ $((n % 50)) -eq 0 ]; then
    echo "  ... $n of $count ($compiled compiled, $((SECONDS - start)) s)" >&2
  fi
done < <(python3 -c 'import json,sys
for e in json.load(open(sys.argv[1])):
    print("\t".join([e["func"], e["sizes"] or "-", e["dims"], e["features"], e.get("ref_file", "-"), e.get("run_args", "-")]))' \
    "$bundle/src/index.json")

failed=$(wc -l < "$bundle/compile-failures.txt")
bytes=$(du -sb "$bundle" | cut -f1)
refbytes=$(find "$bundle" -path '*/ref/*' -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
ptxbytes=$(find "$bundle" -name '*.ptx.gz' -printf '%s\n' | awk '{s += $1} END {print s + 0}')
mib() { awk -v b="$1" 'BEGIN {printf "%.1f MiB", b / 1048576}'; }
{
  echo "compiled $compiled of $count problems (seed $seed, chip $chip, $((SECONDS - start)) s);" \
       "$failed not compiled, $invalid invalid"
  if [ "$failed" -gt 0 ]; then
    echo "failures by reason:"
    cut -f2 "$bundle/compile-failures.txt" | sort | uniq -c | sort -rn
    echo "compiled / generated, for feature values with failures (all values: $bundle/summary.txt):"
  fi
} | tee "$bundle/summary.txt"
# Per feature value: how many of the generated problems compiled.
awk -F'\t' '
  function one(k, ok) { tot[k]++; if (ok) good[k]++ }
  function add(feats, ok,   i, j, n, m, f, s) {
    n = split(feats, f, " ")
    for (i = 1; i <= n; i++) {
      if (f[i] !~ /=/ || f[i] ~ /^[BMNK]=/) continue
      if (f[i] ~ /^chain=/) {                 # each elementwise step
        m = split(substr(f[i], 7), s, "+")
        for (j = 1; j <= m; j++) one("chain=" s[j], ok)
        continue
      }
      if (f[i] !~ /^epilogue=/) { one(f[i], ok); continue }
      m = split(substr(f[i], 10), s, "+")   # each step, and how many
      for (j = 1; j <= m; j++) one("epilogue=" s[j], ok)
      one("steps=" (s[1] == "none" ? 0 : m), ok)
    }
  }
  FILENAME ~ /problems.txt$/ { add($5, 1); next }
  { add($3, 0) }
  END { for (k in tot) printf "  %-36s %4d / %d\n", k, good[k], tot[k] }' \
    "$bundle/problems.txt" "$bundle/compile-failures.txt" | sort > "$bundle/by-feature.txt"
awk '$2 < $4' "$bundle/by-feature.txt"
{ echo "compiled / generated by feature value:"; cat "$bundle/by-feature.txt"; } >> "$bundle/summary.txt"
rm -f "$bundle/by-feature.txt"
if [ "$invalid" -gt 0 ]; then
  echo "INVALID problems (a generator bug; see $bundle/invalid.txt and errors/):" | tee -a "$bundle/summary.txt"
  cut -f1,2 "$bundle/invalid.txt" | tee -a "$bundle/summary.txt"
fi
echo "bundle $bundle: $(mib "$bytes") ($(mib "$refbytes") reference data, $(mib "$ptxbytes") gzipped PTX);" \
     "carry it as is (the device call carries at most 64 MiB)" | tee -a "$bundle/summary.txt"
if [ "$bytes" -gt $((60 * 1048576)) ]; then
  echo "WARNING: the bundle is over 60 MiB: build fewer problems (--count)" | tee -a "$bundle/summary.txt"
fi
[ "$invalid" -eq 0 ]
