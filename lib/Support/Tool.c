/* The tool helpers of dlc/Tool.h. */
#include "dlc/Tool.h"
#include "Json.h" /* dlcFileRead */
#include "TextBuffer.h"

#include "dlc/Diagnostics.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *dlcToolReadFile(const char *path, const char *tool) {
  char error[512];
  char *text = dlcFileRead(path, NULL, error, sizeof(error));
  if (!text)
    fprintf(stderr, "%s: error: input file: %s\n", tool, error);
  return text;
}

/* The input dlcToolProtectInput named (device and inode), if any. */
static struct {
  bool set;
  dev_t device;
  ino_t inode;
} protectedInput;

void dlcToolProtectInput(const char *path) {
  struct stat info;
  protectedInput.set = path && strcmp(path, "-") != 0 && stat(path, &info) == 0;
  if (protectedInput.set) {
    protectedInput.device = info.st_dev;
    protectedInput.inode = info.st_ino;
  }
}

FILE *dlcToolOpenOutput(const char *path, const char *tool) {
  if (!path || strcmp(path, "-") == 0)
    return stdout;
  struct stat info;
  if (protectedInput.set && stat(path, &info) == 0 &&
      info.st_dev == protectedInput.device &&
      info.st_ino == protectedInput.inode) {
    fprintf(stderr,
            "%s: error: cannot write '%s': it is the input file; write the "
            "outputs to another directory (-o DIR)\n",
            tool, path);
    return NULL;
  }
  FILE *f = fopen(path, "w");
  if (!f)
    fprintf(stderr, "%s: error: cannot open '%s': %s\n", tool, path,
            strerror(errno));
  return f;
}

/* mkdir of one directory: true when `path` is a directory afterwards (an
 * existing file of that name is ENOTDIR, not success). */
static bool makeOneDirectory(const char *path) {
  if (mkdir(path, 0777) == 0)
    return true;
  if (errno != EEXIST)
    return false;
  struct stat info;
  if (stat(path, &info) == 0 && S_ISDIR(info.st_mode))
    return true;
  errno = ENOTDIR;
  return false;
}

/* mkdir -p: a user's `-o out/run1/gemm` should not fail because `out/run1`
 * does not exist yet. Each prefix ending at a '/' is created in turn. */
static bool makeDirectories(const char *dir) {
  char *path = strdup(dir);
  if (!path)
    return false;
  bool ok = true;
  for (char *p = path + 1; ok && *p; ++p) {
    if (*p != '/')
      continue;
    *p = '\0';
    ok = makeOneDirectory(path);
    *p = '/';
  }
  ok = ok && makeOneDirectory(path);
  free(path);
  return ok;
}

bool dlcToolCreateDirectory(const char *dir, const char *tool) {
  if (*dir && makeDirectories(dir))
    return true;
  fprintf(stderr, "%s: error: cannot create directory '%s': %s\n", tool, dir,
          *dir ? strerror(errno) : "empty name");
  return false;
}

void dlcToolWriteToFile(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

void dlcToolPrintErrorLine(MlirStringRef line, void *userData) {
  (void)userData;
  fprintf(stderr, "%.*s\n", (int)line.length, line.data);
}

MlirLogicalResult dlcToolPrintDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  char where[512];
  dlcLocationFormat(mlirDiagnosticGetLocation(d), where, sizeof(where));
  DlcTextBuffer text = {NULL, 0, 0};
  mlirDiagnosticPrint(d, dlcTextBufferAppend, &text);
  /* DLC warnings come through the context too (dlc/Diagnostics.h). */
  fprintf(stderr, "%s: %s: %s\n", where,
          dlcDiagnosticSeverityName(mlirDiagnosticGetSeverity(d)),
          text.data ? text.data : "");
  free(text.data);
  return mlirLogicalResultSuccess();
}
