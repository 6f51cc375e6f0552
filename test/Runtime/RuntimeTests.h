/* The parts of dlc-runtime-test: each source file under test/Runtime
 * holds one part and its own lit RUN line, `dlc-runtime-test <part>`;
 * program.c's main picks the part. */
#ifndef DLC_TEST_RUNTIME_RUNTIMETESTS_H
#define DLC_TEST_RUNTIME_RUNTIMETESTS_H

/* expr.c: manifest expressions and checked buffer sizes. */
void dlcRuntimeTestExpr(void);
/* manifest.c: the kernel-manifest reader; `dir` is a scratch folder. */
void dlcRuntimeTestManifest(const char *dir);
/* refdata.c: reference data against a manifest; `dir` a scratch folder. */
void dlcRuntimeTestRefData(const char *dir);
/* half.c: binary16 conversions. */
void dlcRuntimeTestHalf(void);

#endif
