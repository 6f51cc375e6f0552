/* C API test of the JSON string writer (include/dlc/Json.h): escapes, and
 * valid UTF-8 whatever the input bytes (regression D25: bytes of IR strings
 * were copied verbatim, so a 0xFF made a file JSON readers reject). Output
 * goes to stderr for FileCheck. */
// RUN: dlc-capi-json 2>&1 | FileCheck %s

#include "dlc/Json.h"

#include <stdio.h>

static void write(const char *label, const char *bytes, size_t length) {
  fprintf(stderr, "%s: ", label);
  dlcJsonWriteStringRef(stderr, mlirStringRefCreate(bytes, length));
  fputc('\n', stderr);
}

#define WRITE(label, literal) write(label, literal, sizeof(literal) - 1)

int main(void) {
  // CHECK-LABEL: escapes: "q\"b\\n\nr\rt\tc\u0001z\u0000!"
  WRITE("escapes", "q\"b\\n\nr\rt\tc\001z\000!");
  // Well-formed UTF-8 is copied: 2, 3 and 4 bytes, the largest code point.
  // CHECK: valid: "é€😀􏿿"
  WRITE("valid", "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF");
  // Each byte that starts no well-formed sequence becomes U+FFFD.
  // CHECK: ff: "a\ufffdb"
  WRITE("ff", "a\xFF"
              "b");
  // CHECK: continuation: "\ufffd\ufffd"
  WRITE("continuation", "\x80\xBF");
  // CHECK: truncated: "\ufffd\ufffd"
  WRITE("truncated", "\xE2\x82");
  // CHECK: truncated-at-end: "x\ufffd"
  WRITE("truncated-at-end", "x\xF0");
  // CHECK: overlong: "\ufffd\ufffd \ufffd\ufffd\ufffd"
  WRITE("overlong", "\xC0\xAF \xE0\x80\xAF");
  // CHECK: surrogate: "\ufffd\ufffd\ufffd"
  WRITE("surrogate", "\xED\xA0\x80");
  // CHECK: too-large: "\ufffd\ufffd\ufffd\ufffd"
  WRITE("too-large", "\xF4\x90\x80\x80");
  // NUL-terminated form.
  // CHECK: c-string: "tiny.a\"b"
  fputs("c-string: ", stderr);
  dlcJsonWriteString(stderr, "tiny.a\"b");
  fputc('\n', stderr);
  return 0;
}
