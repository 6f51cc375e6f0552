/* Wraps a DlcPassDef into an MLIR external pass: option parsing, the
 * per-instance state, cloning and destruction. */
#include "PassDef.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One live pass: its definition (static) and its own option values. */
struct DlcPassOptions {
  const DlcPassDef *def;
  char **values; /* one per DlcPassInfo option; NULL = use the default */
};
typedef struct DlcPassOptions PassInstance;

int dlcGetNumPasses(void) { return dlcPassTableSize; }

DlcPassInfo dlcGetPassInfo(int index) {
  if (index < 0 || index >= dlcPassTableSize)
    return (DlcPassInfo){NULL, NULL, NULL, 0, NULL};
  return dlcPassTable[index]->info;
}

const DlcPassDef *dlcLookupPass(const char *argument, size_t length) {
  for (int i = 0; i < dlcPassTableSize; ++i) {
    const char *name = dlcPassTable[i]->info.argument;
    if (strlen(name) == length && strncmp(name, argument, length) == 0)
      return dlcPassTable[i];
  }
  return NULL;
}

static void freeInstance(PassInstance *instance) {
  if (!instance)
    return;
  for (int i = 0; i < instance->def->info.numOptions; ++i)
    free(instance->values[i]);
  free(instance->values);
  free(instance);
}

static PassInstance *newInstance(const DlcPassDef *def) {
  PassInstance *instance = calloc(1, sizeof(*instance));
  if (!instance)
    return NULL;
  instance->def = def;
  instance->values = calloc((size_t)def->info.numOptions + 1, sizeof(char *));
  if (!instance->values) {
    free(instance);
    return NULL;
  }
  return instance;
}

static void reportError(MlirStringCallback callback, void *userData,
                        const char *format, const char *a, int aLength,
                        const char *b) {
  char message[512];
  snprintf(message, sizeof(message), format, aLength, a, b);
  if (callback)
    callback(mlirStringRefCreateFromCString(message), userData);
}

/* Parses `key=value key=value` (values may be quoted or {braced}). */
static bool parseOptions(PassInstance *instance, MlirStringRef text,
                         MlirStringCallback callback, void *userData) {
  const DlcPassInfo *info = &instance->def->info;
  if (text.length == 0)
    return true; /* text.data may be NULL: no arithmetic on it */
  const char *p = text.data;
  const char *end = text.data + text.length;
  while (p < end) {
    while (p < end && (isspace((unsigned char)*p) || *p == ','))
      ++p;
    if (p == end)
      break;
    const char *key = p;
    while (p < end && *p != '=' && !isspace((unsigned char)*p))
      ++p;
    int keyLength = (int)(p - key);
    if (p == end || *p != '=') {
      reportError(callback, userData,
                  "option '%.*s' of pass '%s' needs a value (key=value)", key,
                  keyLength, info->argument);
      return false;
    }
    ++p;
    const char *value = p;
    if (p < end && (*p == '"' || *p == '{')) {
      char close = *p == '"' ? '"' : '}';
      value = ++p;
      while (p < end && *p != close)
        ++p;
    } else {
      while (p < end && !isspace((unsigned char)*p))
        ++p;
    }
    size_t valueLength = (size_t)(p - value);
    if (p < end && (*p == '"' || *p == '}'))
      ++p;
    int index = -1;
    for (int i = 0; i < info->numOptions; ++i)
      if ((int)strlen(info->options[i].name) == keyLength &&
          strncmp(info->options[i].name, key, (size_t)keyLength) == 0)
        index = i;
    if (index < 0) {
      reportError(callback, userData,
                  "unknown option '%.*s' for pass '%s' (see --list-passes)",
                  key, keyLength, info->argument);
      return false;
    }
    /* A second value silently replaced the first ("chip=sm_90a ...
     * chip=sm_80" compiled for sm_80): a repeat is a mistake. */
    if (instance->values[index]) {
      reportError(callback, userData,
                  "option '%.*s' of pass '%s' is given twice; give it once",
                  key, keyLength, info->argument);
      return false;
    }
    instance->values[index] = strndup(value, valueLength);
  }
  return true;
}

const char *dlcPassOptionsGet(const DlcPassOptions *options, const char *name) {
  const DlcPassInfo *info = &options->def->info;
  for (int i = 0; i < info->numOptions; ++i)
    if (strcmp(info->options[i].name, name) == 0)
      return options->values[i] ? options->values[i]
                                : info->options[i].defaultValue;
  return "";
}

bool dlcPassOptionsIsSet(const DlcPassOptions *options, const char *name) {
  const DlcPassInfo *info = &options->def->info;
  for (int i = 0; i < info->numOptions; ++i)
    if (strcmp(info->options[i].name, name) == 0)
      return options->values[i] != NULL;
  return false;
}

int64_t dlcPassOptionsGetInt(const DlcPassOptions *options, const char *name,
                             int64_t fallback) {
  const char *text = dlcPassOptionsGet(options, name);
  char *end = NULL;
  long long value = strtoll(text, &end, 10);
  return (end && end != text && *end == '\0') ? (int64_t)value : fallback;
}

DlcPassOptions *dlcPassOptionsCreate(const DlcPassDef *def, MlirStringRef text,
                                     MlirStringCallback callback,
                                     void *userData) {
  PassInstance *instance = newInstance(def);
  if (instance && !parseOptions(instance, text, callback, userData)) {
    freeInstance(instance);
    return NULL;
  }
  return instance;
}

void dlcPassOptionsDestroy(DlcPassOptions *options) { freeInstance(options); }

/* --- MLIR external pass callbacks ---------------------------------------- */

static void construct(void *userData) { (void)userData; }

static void destruct(void *userData) { freeInstance(userData); }

static void *clone(void *userData) {
  const PassInstance *from = userData;
  PassInstance *copy = newInstance(from->def);
  if (!copy)
    return NULL;
  for (int i = 0; i < from->def->info.numOptions; ++i)
    if (from->values[i])
      copy->values[i] = strdup(from->values[i]);
  return copy;
}

static void run(MlirOperation op, MlirExternalPass pass, void *userData) {
  PassInstance *instance = userData;
  instance->def->run(op, pass, instance);
}

MlirPass dlcCreatePass(MlirStringRef argument, MlirStringRef options,
                       MlirStringCallback errorCallback, void *userData) {
  MlirPass none = {NULL};
  const DlcPassDef *def = dlcLookupPass(argument.data, argument.length);
  if (!def) {
    reportError(errorCallback, userData,
                "'%.*s' is not a DLC pass (see --list-passes)%s", argument.data,
                (int)argument.length, "");
    return none;
  }
  if (def->expand) {
    reportError(errorCallback, userData,
                "'%.*s' is a pipeline, not a pass; use it in a pass "
                "pipeline%s",
                argument.data, (int)argument.length, "");
    return none;
  }
  PassInstance *instance =
      dlcPassOptionsCreate(def, options, errorCallback, userData);
  if (!instance)
    return none;
  MlirExternalPassCallbacks callbacks = {construct, destruct, NULL, clone, run};
  enum { MaxDependentDialects = 16 };
  MlirDialectHandle dialects[MaxDependentDialects];
  intptr_t numDialects = 0;
  for (const DlcDialectHandleGetter *get = def->dependentDialects;
       get && *get && numDialects < MaxDependentDialects; ++get)
    dialects[numDialects++] = (*get)();
  /* The definition's address is unique per pass: use it as the TypeID. */
  MlirTypeID typeID = mlirTypeIDCreate(def);
  return mlirCreateExternalPass(
      typeID, mlirStringRefCreateFromCString(def->info.argument),
      mlirStringRefCreateFromCString(def->info.argument),
      mlirStringRefCreateFromCString(def->info.description),
      mlirStringRefCreateFromCString(def->info.anchor), numDialects, dialects,
      callbacks, instance);
}
