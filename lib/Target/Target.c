/* The target table (DESIGN.md decision 10): one row per chip DLC compiles
 * for, with the limits the planner and the skeletons respect and the §11
 * figures the cost model estimates with. docs/target.md lists every figure
 * and its source; change both together.
 *
 * A family's first row is its reference chip: `chip=sm80` and `chip=sm90`
 * (the plan's `arch` spelling) resolve to it. */
#include "Target.h"

#include "dlc/Target.h"

#include "mlir-c/BuiltinAttributes.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* Data-sheet figures, except l2TBs (rough measured-order values) and the
 * load latency (calibrated on an H100, reused for the others). mma.sync is
 * Ampere's and Ada's native tensor-core path; on Hopper it reaches about
 * half of the dense peak (the rest needs wgmma). sm_90 and sm_90a are the
 * same silicon: wgmma and setmaxnreg exist only for the architecture-
 * specific PTX target `sm_90a`. */
static const DlcTarget kTargets[] = {
    {.chip = "sm_80",
     .family = "sm80",
     .familyId = DLC_TARGET_SM80,
     .features = "+ptx80",
     .product = "A100 SXM4 80GB",
     .sms = 108,
     .smemPerSM = 164 * 1024,
     .smemPerCTA = 163 * 1024,
     .smemReservedPerCTA = 1024,
     .regsPerSM = 65536,
     .maxRegsPerThread = 255,
     .maxThreadsPerCTA = 1024,
     .maxThreadsPerSM = 2048,
     .maxCTAsPerSM = 32,
     .hasCpAsync = true,
     .hasLdmatrix = true,
     .hasMmaSync = true,
     .hasTma = false,
     .hasWgmma = false,
     .hasSetmaxnreg = false,
     .hasClusters = false,
     .clockGHz = 1.41,
     .peakTflops = 312.0,
     .fp32Tflops = 19.5,
     .mmaSyncFraction = 1.0,
     .dramTBs = 2.039,
     .l2TBs = 5.0,
     .smemBytesPerClock = 128,
     .loadLatencyCycles = 800},
    {.chip = "sm_86",
     .family = "sm80",
     .familyId = DLC_TARGET_SM80,
     .features = "+ptx80",
     .product = "RTX A6000",
     .sms = 84,
     .smemPerSM = 100 * 1024,
     .smemPerCTA = 99 * 1024,
     .smemReservedPerCTA = 1024,
     .regsPerSM = 65536,
     .maxRegsPerThread = 255,
     .maxThreadsPerCTA = 1024,
     .maxThreadsPerSM = 1536,
     .maxCTAsPerSM = 16,
     .hasCpAsync = true,
     .hasLdmatrix = true,
     .hasMmaSync = true,
     .hasTma = false,
     .hasWgmma = false,
     .hasSetmaxnreg = false,
     .hasClusters = false,
     .clockGHz = 1.80,
     .peakTflops = 154.8,
     .fp32Tflops = 38.7,
     .mmaSyncFraction = 1.0,
     .dramTBs = 0.768,
     .l2TBs = 2.5,
     .smemBytesPerClock = 128,
     .loadLatencyCycles = 800},
    {.chip = "sm_89",
     .family = "sm80",
     .familyId = DLC_TARGET_SM80,
     .features = "+ptx80",
     .product = "L40S",
     .sms = 142,
     .smemPerSM = 100 * 1024,
     .smemPerCTA = 99 * 1024,
     .smemReservedPerCTA = 1024,
     .regsPerSM = 65536,
     .maxRegsPerThread = 255,
     .maxThreadsPerCTA = 1024,
     .maxThreadsPerSM = 1536,
     .maxCTAsPerSM = 24,
     .hasCpAsync = true,
     .hasLdmatrix = true,
     .hasMmaSync = true,
     .hasTma = false,
     .hasWgmma = false,
     .hasSetmaxnreg = false,
     .hasClusters = false,
     .clockGHz = 2.52,
     .peakTflops = 362.05,
     .fp32Tflops = 91.6,
     .mmaSyncFraction = 1.0,
     .dramTBs = 0.864,
     .l2TBs = 5.0,
     .smemBytesPerClock = 128,
     .loadLatencyCycles = 800},
    {.chip = "sm_90",
     .family = "sm90",
     .familyId = DLC_TARGET_SM90,
     .features = "+ptx80",
     .product = "H100 SXM5 80GB",
     .sms = 132,
     .smemPerSM = 228 * 1024,
     .smemPerCTA = 227 * 1024,
     .smemReservedPerCTA = 1024,
     .regsPerSM = 65536,
     .maxRegsPerThread = 255,
     .maxThreadsPerCTA = 1024,
     .maxThreadsPerSM = 2048,
     .maxCTAsPerSM = 32,
     .hasCpAsync = true,
     .hasLdmatrix = true,
     .hasMmaSync = true,
     .hasTma = true,
     .hasWgmma = false,
     .hasSetmaxnreg = false,
     .hasClusters = true,
     /* cuOccupancyMaxActiveClusters of the SM90 GEMM, 132-SM H100
      * (bench/RESULTS.md run cl-2): 66 of 2, 30 of 4. */
     .clustersOf4 = 30,
     .clockGHz = 1.83,
     .peakTflops = 989.0,
     .fp32Tflops = 66.9,
     .mmaSyncFraction = 0.5,
     .dramTBs = 3.35,
     .l2TBs = 10.0,
     .smemBytesPerClock = 128,
     .loadLatencyCycles = 800},
    {.chip = "sm_90a",
     .family = "sm90",
     .familyId = DLC_TARGET_SM90,
     .features = "+ptx80",
     .product = "H100 SXM5 80GB",
     .sms = 132,
     .smemPerSM = 228 * 1024,
     .smemPerCTA = 227 * 1024,
     .smemReservedPerCTA = 1024,
     .regsPerSM = 65536,
     .maxRegsPerThread = 255,
     .maxThreadsPerCTA = 1024,
     .maxThreadsPerSM = 2048,
     .maxCTAsPerSM = 32,
     .hasCpAsync = true,
     .hasLdmatrix = true,
     .hasMmaSync = true,
     .hasTma = true,
     .hasWgmma = true,
     .hasSetmaxnreg = true,
     .hasClusters = true,
     /* cuOccupancyMaxActiveClusters of the SM90 GEMM, 132-SM H100
      * (bench/RESULTS.md run cl-2): 66 of 2, 30 of 4. */
     .clustersOf4 = 30,
     .clockGHz = 1.83,
     .peakTflops = 989.0,
     .fp32Tflops = 66.9,
     .mmaSyncFraction = 0.5,
     .dramTBs = 3.35,
     .l2TBs = 10.0,
     .smemBytesPerClock = 128,
     .loadLatencyCycles = 800},
};

enum { kNumTargets = (int)(sizeof(kTargets) / sizeof(kTargets[0])) };

const DlcTarget *dlcTargetLookup(const char *chip) {
  if (!chip)
    return NULL;
  for (int i = 0; i < kNumTargets; ++i)
    if (strcmp(kTargets[i].chip, chip) == 0)
      return &kTargets[i];
  for (int i = 0; i < kNumTargets; ++i) /* a family: its reference chip */
    if (strcmp(kTargets[i].family, chip) == 0)
      return &kTargets[i];
  return NULL;
}

const DlcTarget *dlcTargetDefault(void) {
  return dlcTargetLookup(DLC_TARGET_DEFAULT_CHIP);
}

bool dlcTargetIsKnownChip(const char *chip) {
  return dlcTargetLookup(chip) != NULL;
}

bool dlcTargetIsFamily(const char *name) {
  for (int i = 0; i < kNumTargets; ++i)
    if (strcmp(kTargets[i].family, name) == 0)
      return true;
  return false;
}

/* Appends `name` to the comma-separated list in `out`. */
static void appendName(char *out, size_t size, const char *name) {
  size_t used = strlen(out);
  if (used < size)
    snprintf(out + used, size - used, "%s%s", used ? ", " : "", name);
}

void dlcTargetListChips(char *out, size_t size) {
  if (size == 0)
    return;
  out[0] = '\0';
  for (int i = 0; i < kNumTargets; ++i)
    appendName(out, size, kTargets[i].chip);
}

void dlcTargetListFamilies(char *out, size_t size) {
  if (size == 0)
    return;
  out[0] = '\0';
  for (int i = 0; i < kNumTargets; ++i)
    if (dlcTargetLookup(kTargets[i].family) == &kTargets[i])
      appendName(out, size, kTargets[i].family);
}

/* The attribute `attrName` of `op` or of its closest ancestor that has
 * one; a null attribute when none has. */
static MlirAttribute recorded(MlirOperation op, const char *attrName) {
  MlirStringRef name = mlirStringRefCreateFromCString(attrName);
  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op)) {
    MlirAttribute attr = mlirOperationGetAttributeByName(op, name);
    if (!mlirAttributeIsNull(attr))
      return attr;
  }
  return mlirAttributeGetNull();
}

const DlcTarget *dlcTargetOfOperation(MlirOperation op) {
  MlirAttribute attr = recorded(op, DLC_TARGET_ATTR);
  if (mlirAttributeIsNull(attr))
    return dlcTargetDefault();
  if (!mlirAttributeIsAString(attr))
    return NULL;
  MlirStringRef value = mlirStringAttrGetValue(attr);
  char chip[32];
  if (value.length >= sizeof(chip))
    return NULL;
  memcpy(chip, value.data, value.length);
  chip[value.length] = '\0';
  return dlcTargetLookup(chip);
}

bool dlcTargetFiguresOfOperation(MlirOperation op, DlcTarget *out) {
  const DlcTarget *row = dlcTargetOfOperation(op);
  if (!row)
    return false;
  *out = *row;
  MlirAttribute sms = recorded(op, DLC_TARGET_SMS_ATTR);
  if (mlirAttributeIsNull(sms))
    return true;
  if (!mlirAttributeIsAInteger(sms) || mlirIntegerAttrGetValueInt(sms) < 1 ||
      mlirIntegerAttrGetValueInt(sms) > INT_MAX)
    return false;
  out->sms = (int)mlirIntegerAttrGetValueInt(sms);
  return true;
}

const char *dlcOperationGetTargetChip(MlirOperation op) {
  const DlcTarget *target = dlcTargetOfOperation(op);
  return target ? target->chip : NULL;
}
