/* C test of the JSON reader (lib/Json/Json.h): the tree and each value's
 * line and column (recovered beside jansson, which keeps none), the strict
 * syntax, the nesting cap and the file reader. Output goes to stderr for
 * FileCheck. */
// RUN: dlc-json-test %t.missing 2>&1 | FileCheck %s

#include "Json.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void dump(const DlcJsonValue *v, const char *key, int indent) {
  fprintf(stderr, "%*s%s%s%s@%d:%d", indent, "", key ? key : "", key ? "=" : "",
          dlcJsonValueKindName(v->kind), v->line, v->column);
  if (v->kind == DlcJsonValueString)
    fprintf(stderr, " \"%s\"", v->string);
  else if (v->kind == DlcJsonValueNumber && v->isInteger)
    fprintf(stderr, " int %" PRId64, v->integer);
  else if (v->kind == DlcJsonValueNumber)
    fprintf(stderr, " real %g", v->number);
  else if (v->kind == DlcJsonValueBool)
    fprintf(stderr, " %s", v->boolean ? "true" : "false");
  fputc('\n', stderr);
  for (size_t i = 0; i < v->count; ++i)
    dump(&v->items[i], v->keys ? v->keys[i] : NULL, indent + 2);
}

static void parse(const char *label, const char *text, size_t length) {
  char error[256];
  DlcJsonValue *root = dlcJsonValueParse(text, length, error, sizeof(error));
  fprintf(stderr, "%s:%s", label, root ? "\n" : " ");
  if (root)
    dump(root, NULL, 2);
  else
    fprintf(stderr, "error: %s\n", error);
  dlcJsonValueDestroy(root);
}

#define PARSE(label, literal) parse(label, literal, sizeof(literal) - 1)

/* `depth` nested arrays around 0. */
static void nested(const char *label, int depth) {
  char *text = malloc(2 * (size_t)depth + 2);
  if (!text)
    return;
  memset(text, '[', (size_t)depth);
  text[depth] = '0';
  memset(text + depth + 1, ']', (size_t)depth);
  char error[256];
  DlcJsonValue *root =
      dlcJsonValueParse(text, 2 * (size_t)depth + 1, error, sizeof(error));
  fprintf(stderr, "%s: %s\n", label, root ? "ok" : error);
  dlcJsonValueDestroy(root);
  free(text);
}

int main(int argc, char **argv) {
  // Members keep document order; keys (even one holding '"' and ':') are
  // skipped, string values are not.
  // CHECK-LABEL: tree:
  // CHECK-NEXT: object@1:1
  // CHECK-NEXT:   a"b:=string@1:11 "x:y"
  // CHECK-NEXT:   n=array@2:8
  // CHECK-NEXT:     number@2:9 int -3
  // CHECK-NEXT:     number@2:13 real 250
  // CHECK-NEXT:     boolean@2:20 true
  // CHECK-NEXT:     null@2:26
  // CHECK-NEXT:     object@3:3
  // CHECK-NEXT:     array@3:7
  // CHECK-NEXT:   z=object@4:8
  // CHECK-NEXT:     k=string@4:15 "é"
  // CHECK-NEXT:   a=number@5:7 int 9007199254740993
  PARSE("tree", "{\"a\\\"b:\": \"x:y\",\n"
                "  \"n\": [-3, 2.5e2, true, null,\n"
                "  {}, []],\n"
                "  \"z\": {\"k\" : \"\\u00e9\"},\n"
                "  \"a\":9007199254740993}");

  // Strict syntax, with jansson's words and position.
  // CHECK-LABEL: trailing-comma: error: line 1, column 8: string or '}'
  // expected near '}'
  PARSE("trailing-comma", "{\"a\":1,}");
  // CHECK-LABEL: duplicate: error: line 1, column 10: duplicate object key near
  // '"a"'
  PARSE("duplicate", "{\"a\":1,\"a\":2}");
  // CHECK-LABEL: comment: error: line 1
  PARSE("comment", "[1 /* c */]");
  // CHECK-LABEL: leading-zero: error: line 1
  PARSE("leading-zero", "[01]");
  // CHECK-LABEL: huge-integer: error: line 1, column {{[0-9]+}}: too big
  // integer
  PARSE("huge-integer", "[123456789012345678901234567890]");
  // CHECK-LABEL: bad-utf8: error: line 1
  PARSE("bad-utf8", "[\"\xff\"]");
  // CHECK-LABEL: trailing-text: error: line 2, column 1: end of file expected
  PARSE("trailing-text", "{}\nx");
  // CHECK-LABEL: nul-escape: error: line 1, column {{[0-9]+}}: \u0000 is not
  // allowed in a string
  PARSE("nul-escape", "[\"a\\u0000\"]");
  // CHECK-LABEL: nul-byte: error: line 2, column 3: NUL byte in the document
  PARSE("nul-byte", "[1,\n 2\0]");
  // CHECK-LABEL: empty: error: line 2, column 3: empty document
  PARSE("empty", " \n  ");
  // A scalar document is a value too.
  // CHECK-LABEL: scalar:
  // CHECK-NEXT: string@1:2 "s"
  PARSE("scalar", " \"s\"");

  // Nesting: 65 levels are read, the 66th is refused where it starts.
  // CHECK-LABEL: depth-65: ok
  nested("depth-65", 65);
  // CHECK-LABEL: depth-66: line 1, column 66: nesting deeper than 64
  nested("depth-66", 66);
  // Deeper than jansson's own limit: its error, no stack exhaustion.
  // CHECK-LABEL: depth-100000: line 1, column 2049: maximum parsing depth reached
  nested("depth-100000", 100000);

  // CHECK-LABEL: missing: cannot open '{{.*}}.missing': No such file or
  // directory
  char error[256];
  DlcJsonValue *none =
      argc > 1 ? dlcJsonValueParseFile(argv[1], error, sizeof(error)) : NULL;
  fprintf(stderr, "missing: %s\n", none ? "?" : error);
  dlcJsonValueDestroy(none);
  return 0;
}
