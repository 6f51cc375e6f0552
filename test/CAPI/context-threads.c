/* C API test: dlcContextCreate is safe to call from several threads at
 * once. The process-wide registration it does (the upstream passes) runs
 * once; before, every call registered them again, and threads making their
 * first contexts together raced on MLIR's pass registry (a crash in
 * StringMapImpl::RehashTable). The race is on a process's first contexts,
 * so the test runs it in several fresh processes: each starts its threads
 * together (a barrier), and each thread creates contexts, parses a tiny
 * function, runs a pipeline naming DLC and upstream passes, and destroys
 * the context again. */
// RUN: dlc-capi-context-threads 2>&1 | FileCheck %s

#include "dlc/dlc.h"

#include "mlir-c/Pass.h"

#include <pthread.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

enum { kProcesses = 24, kThreads = 4, kRounds = 4 };

static pthread_barrier_t start;

static const char program[] =
    "func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = \"tiny.add\"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> "
    "tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

/* One round: a context that parses and runs a pipeline; true on success. */
static bool runRound(void) {
  MlirContext ctx = dlcContextCreate();
  if (mlirContextIsNull(ctx))
    return false;
  MlirModule module =
      dlcModuleCreateParse(ctx, mlirStringRefCreateFromCString(program),
                           mlirStringRefCreateFromCString("add.mlir"));
  bool ok = !mlirModuleIsNull(module);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  ok = ok && mlirLogicalResultIsSuccess(dlcParsePassPipeline(
                 mlirPassManagerGetAsOpPassManager(pm),
                 mlirStringRefCreateFromCString(
                     "builtin.module(func.func(tiny-verify), canonicalize)"),
                 NULL, NULL));
  ok = ok && mlirLogicalResultIsSuccess(
                 mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  mlirPassManagerDestroy(pm);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return ok;
}

static void *worker(void *userData) {
  int *failures = userData;
  pthread_barrier_wait(&start);
  for (int i = 0; i < kRounds; ++i)
    *failures += !runRound();
  return NULL;
}

/* One process: kThreads threads of kRounds contexts each; the exit status
 * is the number of rounds that failed. */
static int runProcess(void) {
  pthread_t threads[kThreads];
  int failures[kThreads] = {0};
  pthread_barrier_init(&start, NULL, kThreads);
  for (int t = 0; t < kThreads; ++t)
    if (pthread_create(&threads[t], NULL, worker, &failures[t]) != 0)
      return 100;
  int failed = 0;
  for (int t = 0; t < kThreads; ++t) {
    pthread_join(threads[t], NULL);
    failed += failures[t];
  }
  pthread_barrier_destroy(&start);
  return failed;
}

// CHECK-LABEL: testThreads
// CHECK: 24 processes of 4 threads x 4 contexts: 24 exited cleanly
static void testThreads(void) {
  fprintf(stderr, "testThreads\n");
  int clean = 0;
  for (int p = 0; p < kProcesses; ++p) {
    fflush(stderr);
    pid_t child = fork();
    if (child == 0) {
      alarm(120); /* a heap the race corrupted can also hang a thread */
      _exit(runProcess());
    }
    int status = 0;
    if (child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
        WEXITSTATUS(status) == 0)
      ++clean;
    else if (child > 0)
      fprintf(stderr, "process %d: %s %d\n", p,
              WIFSIGNALED(status) ? "signal" : "status",
              WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
  }
  fprintf(stderr,
          "%d processes of %d threads x %d contexts: %d exited cleanly\n",
          kProcesses, kThreads, kRounds, clean);
}

int main(void) {
  testThreads();
  return 0;
}
