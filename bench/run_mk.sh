#!/usr/bin/env bash
# Run mk-1 (assets: bench/build_mk.sh): every program against dlc-interp's
# reference data at two sizes, sm_90a and sm_80 builds (dlc-run runs the
# kernels in the program manifest's order, allocating its buffers), then
# memcheck and racecheck on two programs.
# Tolerance: dlc-run's default (1e-3 + 1e-3 |ref| + ulp), except for the
# attention programs fed by projections, whose V is a projection of X (|V| up to ~16 at K = 128
# or 256 against the harness's |V| <= 1): the kernel rounds P to f16 (u =
# 2^-11) before P·V, so their --atol is 2u * 16 = 0.016 (the harness's
# 2u rule, gen_attention_problems.py, scaled by |V|).
D=${D:-gpu-mk}
chmod +x "$D/dlc-run"
pass=0 fail=0
for m in "$D"/*/; do
  name=$(basename "$m")
  [ -d "$m/sm_90a" ] || continue
  for chip in sm_90a sm_80; do
    tol=""
    case "$name" in attention_projected | attention_block) tol="--atol 0.016" ;; esac
    for r in ref1 ref2; do
      v=$("$D/dlc-run" "$m/$chip/$name.json" --ref-data "$m/$r" --iters 0 $tol 2>&1 | grep -E '^verdict|^check' | tail -1 | cut -c1-160)
      echo "$name $chip $r: $v"
      case "$v" in *PASS*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)) ;; esac
      # The largest end-to-end error, for the record.
      "$D/dlc-run" "$m/$chip/$name.json" --ref-data "$m/$r" --iters 0 $tol 2>&1 | grep -E '^end-to-end|^check' | head -1 | grep -o 'max_abs_err [0-9.e-]*, max_rel_err [0-9.e-]*, [0-9]* mismatches' | sed 's/^/    end to end: /'
    done
  done
done
echo "mk-1: $pass passed, $fail failed"
for name in attention_block gemm_layernorm_gemm; do
  for tool in memcheck racecheck; do
    echo "$name $tool: $(compute-sanitizer --tool $tool "$D/dlc-run" "$D/$name/sm_90a/$name.json" --ref-data "$D/$name/ref1" --iters 0 --atol 0.016 2>&1 | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|verdict' | tr '\n' ' ')"
  done
done
