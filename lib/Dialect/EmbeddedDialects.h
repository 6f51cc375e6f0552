/* The IRDL sources of the DLC dialects, embedded at build time by
 * cmake/EmbedDialects.cmake (generated/EmbeddedDialects.c). */
#ifndef DLC_LIB_DIALECT_EMBEDDEDDIALECTS_H
#define DLC_LIB_DIALECT_EMBEDDEDDIALECTS_H

typedef struct DlcEmbeddedDialect {
  const char *name;   /* dialect namespace, e.g. "tiny" */
  const char *source; /* the .irdl.mlir text, NUL-terminated */
} DlcEmbeddedDialect;

extern const DlcEmbeddedDialect dlcEmbeddedDialects[];
extern const int dlcNumEmbeddedDialects;

#endif
