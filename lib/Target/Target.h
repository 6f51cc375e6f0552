/* The target model (DESIGN.md decision 10): every fact about a GPU that a
 * pass needs — chip name and family, SM count, shared-memory and register
 * limits, tensor-core shapes, async-copy features and the §11 device figures
 * — in one table, looked up once from `chip=`. Nothing else in DLC spells a
 * chip name or a device limit.
 *
 * Internal to the library (module prefix `dlcTarget`). Ownership: the table
 * is static; lookups return borrowed pointers that live for the program. */
#ifndef DLC_LIB_TARGET_TARGET_H
#define DLC_LIB_TARGET_TARGET_H

#include "dlc/Target.h" /* DLC_TARGET_DEFAULT_CHIP */
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/* Chip families, in order of capability (a family has every feature of the
 * ones before it). */
typedef enum DlcTargetFamily {
  DLC_TARGET_SM80, /* Ampere: cp.async, ldmatrix, mma.sync */
  DLC_TARGET_SM90, /* Hopper: + TMA, mbarrier tx-count, wgmma, clusters */
} DlcTargetFamily;

typedef struct DlcTarget {
  const char *chip;   /* LLVM/PTX chip name: "sm_80", "sm_90a" ... */
  const char *family; /* "sm80" or "sm90": the plan's `arch` */
  DlcTargetFamily familyId;
  const char *features; /* gpu-module-to-binary features: "+ptx80" */
  const char *product;  /* for people: "H100 SXM5 80GB" */
  /* Limits. */
  int sms;                /* streaming multiprocessors */
  int smemPerSM;          /* bytes */
  int smemPerCTA;         /* bytes, dynamic opt-in maximum */
  int smemReservedPerCTA; /* bytes the system keeps per CTA */
  int regsPerSM;          /* 32-bit registers */
  int maxRegsPerThread;
  int maxThreadsPerCTA;
  int maxThreadsPerSM;
  int maxCTAsPerSM;
  /* Clusters of 4 CTAs of one SM each that fit at once (GPCs hold a
   * number of SMs not always a multiple of 4; 0: sms / 4). */
  int clustersOf4;
  /* Features. */
  bool hasCpAsync, hasLdmatrix, hasMmaSync; /* m16n8k16 f16/bf16 */
  bool hasTma, hasWgmma, hasSetmaxnreg, hasClusters;
  /* §11 figures. */
  double clockGHz;        /* clock at which peakTflops is quoted */
  double peakTflops;      /* dense fp16 tensor-core peak */
  double fp32Tflops;      /* fp32 FMA peak of the CUDA cores (no MMA) */
  double mmaSyncFraction; /* share of the peak mma.sync can reach */
  double dramTBs;         /* DRAM bandwidth */
  double l2TBs;           /* L2 -> SM bandwidth (approximate) */
  int smemBytesPerClock;  /* shared-memory bandwidth per SM */
  int loadLatencyCycles;  /* global load latency under load */
} DlcTarget;

/* The target named `chip` ("sm_80", "sm_86", "sm_89", "sm_90", "sm_90a";
 * a family name "sm80"/"sm90" is accepted as its reference chip); NULL when
 * unknown. Borrowed. */
const DlcTarget *dlcTargetLookup(const char *chip);

const DlcTarget *dlcTargetDefault(void);

/* Whether `name` is a family name ("sm80", "sm90"): a plan's `arch`. */
bool dlcTargetIsFamily(const char *name);

/* Writes the family names, comma-separated, into `out`. */
void dlcTargetListFamilies(char *out, size_t size);

/* The module attribute recording the target (`dlc.target = "sm_90"`), set
 * by the planner; the skeletons and the manifest writer read it back. */
#define DLC_TARGET_ATTR "dlc.target"

/* The target recorded on `module` (or on the closest ancestor of an op
 * that has the attribute); the default target when none is recorded; NULL
 * when the recorded name is unknown. Borrowed. */
const DlcTarget *dlcTargetOfOperation(MlirOperation op);

/* The SM count the kernels are compiled for when it is not the chip row's
 * (`dlc.target_sms = 114 : i64`), set by the planner from `device=sms=`:
 * a persistent grid's CTA count and split-K's cooperative grid follow
 * the product the user named, not the chip's reference part. */
#define DLC_TARGET_SMS_ATTR "dlc.target_sms"

/* The figures the kernels of `op`'s module are compiled for: a copy of
 * dlcTargetOfOperation's row into `out` with the recorded SM count, if
 * any. False when the recorded chip is unknown or the recorded SM count
 * is not a positive integer (`out` then holds nothing usable). */
bool dlcTargetFiguresOfOperation(MlirOperation op, DlcTarget *out);

#endif
