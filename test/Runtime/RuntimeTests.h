/* The parts of dlc-runtime-test: each source file under test/Runtime
 * holds one part and its own lit RUN line, `dlc-runtime-test <part>`;
 * program.c's main picks the part. */
#ifndef DLC_TEST_RUNTIME_RUNTIMETESTS_H
#define DLC_TEST_RUNTIME_RUNTIMETESTS_H

/* expr.c: manifest expressions and checked buffer sizes. */
void dlcRuntimeTestExpr(void);

#endif
