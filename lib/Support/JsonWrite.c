/* JSON string output (include/dlc/Json.h): the one escaper of the compiler
 * side and the tools. */
#include "dlc/Json.h"

#include <string.h>

/* Length of the well-formed UTF-8 sequence at the start of `s` (`n` bytes
 * available), or 0 when there is none there: a stray continuation byte, a
 * truncated sequence, an overlong form, a surrogate or a code point past
 * U+10FFFF (RFC 3629). */
static size_t utf8SequenceLength(const unsigned char *s, size_t n) {
  size_t length = s[0] < 0x80   ? 1
                  : s[0] < 0xC2 ? 0
                  : s[0] < 0xE0 ? 2
                  : s[0] < 0xF0 ? 3
                  : s[0] < 0xF5 ? 4
                                : 0;
  if (length <= 1 || length > n)
    return length > n ? 0 : length;
  unsigned codePoint = s[0] & (0x7Fu >> length);
  for (size_t i = 1; i < length; ++i) {
    if ((s[i] & 0xC0) != 0x80)
      return 0;
    codePoint = codePoint << 6 | (s[i] & 0x3Fu);
  }
  bool overlong = (length == 3 && codePoint < 0x800) ||
                  (length == 4 && codePoint < 0x10000);
  bool invalid =
      codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF);
  return overlong || invalid ? 0 : length;
}

void dlcJsonWriteStringRef(FILE *out, MlirStringRef text) {
  const unsigned char *s = (const unsigned char *)text.data;
  fputc('"', out);
  for (size_t i = 0; i < text.length;) {
    unsigned char c = s[i];
    size_t length = utf8SequenceLength(s + i, text.length - i);
    if (length == 0) {
      fputs("\\ufffd", out);
      ++i;
      continue;
    }
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c == '\n')
      fputs("\\n", out);
    else if (c == '\r')
      fputs("\\r", out);
    else if (c == '\t')
      fputs("\\t", out);
    else if (c < 0x20)
      fprintf(out, "\\u%04x", c);
    else
      fwrite(s + i, 1, length, out);
    i += length;
  }
  fputc('"', out);
}

void dlcJsonWriteString(FILE *out, const char *text) {
  dlcJsonWriteStringRef(out, mlirStringRefCreate(text, strlen(text)));
}
