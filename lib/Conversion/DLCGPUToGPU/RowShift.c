/* The row shift of a 16-byte store into a row of 2-byte elements that
 * starts anywhere on a 2-byte boundary: one definition for the two
 * emitters of such stores, the repack kernel's copy (RepackKernel.c, the
 * body of its @dlc_repack_shift) and the SM90 epilogue's shifted_store
 * (LowerSm90Store.c). The 8 elements a dst block takes straddle two
 * aligned 16-byte src blocks held as eight 32-bit words; 2-byte alignment
 * makes the shift within a word 0 or 16 bits, so the block is words
 * e / 2 .. e / 2 + 4 of the pair (two levels of selects) funnel-shifted
 * right by 16 bits where e is odd (PTX prmt / shf.r.wrap), e the index of
 * its first element in the first src block. The bounds stay each
 * emitter's own: the repack kernel masks any element of a block (rows
 * shorter than a block), shifted_store stores the two ends of a 64-element
 * row in aligned pieces. */
#include "LowerSkeleton.h"

#include "mlir-c/BuiltinTypes.h"

DlcRowShift dlcRowShiftAt(DlcBuilder *b, MlirValue e) {
  MlirType type = mlirValueGetType(e);
  DlcRowShift k;
  k.hi = dlcBitSet(b, e, 4);
  k.odd = dlcBitSet(b, e, 2);
  MlirValue half = dlcBitSet(b, e, 1);
  MlirValue sixteen = dlcConstInt(b, type, 16);
  k.sh = dlcSelect(b, half, sixteen, dlcConstInt(b, type, 0));
  return k;
}

void dlcRowShiftWords(DlcBuilder *b, const DlcRowShift *k, const MlirValue w[8],
                      MlirValue out[4]) {
  MlirValue a[6], r[5];
  for (int i = 0; i < 6; ++i)
    a[i] = dlcSelect(b, k->hi, w[i + 2], w[i]);
  for (int i = 0; i < 5; ++i)
    r[i] = dlcSelect(b, k->odd, a[i + 1], a[i]);
  for (int i = 0; i < 4; ++i) {
    MlirValue ops[] = {r[i + 1], r[i], k->sh};
    out[i] = dlcBuildValue(b, "llvm.intr.fshr", 3, ops, mlirValueGetType(r[i]),
                           0, NULL, NULL);
  }
}
