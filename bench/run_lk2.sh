# Run lk-2 (ON THE GPU MACHINE): attention over one static key at D = 12
# (not fused: the two-kernel form, whose scores region keeps the dead
# constants of the folded mask), causal and not, SM90 and SM80 kernels,
# each checked by dlc-run against dlc-interp's reference data (gpu-dc).
D=gpu-dc
chmod +x $D/dlc-run
for f in n1d12 n1d12nc; do for c in sm_90a sm_80; do
  echo "== $f $c"; $D/dlc-run $D/${f}_$c/attention_causal.json --ref-data $D/ref_$f --iters 0 2>&1 | tail -3
done; done
