/* JSON strings as DLC writes them (manifests, plans, reports, the §14
 * diagnostics file).
 *
 * The text written is what RFC 8259 requires: quoted, with '"', '\\' and
 * control characters escaped, and valid UTF-8. Strings often quote IR
 * strings, which may hold any bytes, so each byte that does not begin a
 * well-formed UTF-8 sequence is written as U+FFFD (the replacement
 * character) instead of being copied into a file JSON readers reject. */
#ifndef DLC_JSON_H
#define DLC_JSON_H

#include "mlir-c/Support.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the NUL-terminated `text` (borrowed) as a JSON string. */
void dlcJsonWriteString(FILE *out, const char *text);

/* Writes `text` (borrowed; any bytes, NUL included) as a JSON string. */
void dlcJsonWriteStringRef(FILE *out, MlirStringRef text);

#ifdef __cplusplus
}
#endif

#endif /* DLC_JSON_H */
