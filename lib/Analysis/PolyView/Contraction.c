/* Poly-View: ContractionPattern detection (spec §5.1, §5.2, §10 step 3).
 *
 * Candidates: every indexbook.contract, and every reduce(sum) whose operand
 * is a binary mul used only there, both of whose factors are movement only
 * (a leaf, or views down to a leaf). Each factor's access is composed
 * through the views down to its base tensor (isl_multi_aff pullback); every
 * base dim must then be a plain axis, a constant (a broadcast) or a window
 * `s*o + w*r + c` of one output axis o and one reduce axis r. With no
 * window the pattern is a matmul, with windows a conv whose affine offsets
 * are the windows (conv 3x3 stride 2 pad 1: 2*ho + kh - 1, 2*wo + kw - 1).
 * Anything else (divs, symbols, sums of two output axes ...) is no
 * pattern. */
#include "KernelProblem.h"
#include "PolyView.h"

#include <stdlib.h>
#include <string.h>

/* Classifies base dim `dim` of operand `k`; false when it is none of plain,
 * constant or window. */
static bool classifyDim(PvValue *v, int k, int dim, __isl_keep isl_aff *aff) {
  PvPattern *pt = &v->pattern;
  int axes[2], n;
  int64_t coef[2], constant;
  if (!pvAffAxisTerms(aff, v->rank, axes, coef, &n, &constant))
    return false;
  if (n == 0)
    return true; /* a constant index: a broadcast */
  if (n == 1) {
    if (coef[0] != 1 || constant != 0)
      return false;
    pt->readBy[k][axes[0]] = true;
    return true;
  }
  /* A window: one output axis, one reduce axis, positive coefficients. */
  int o = v->axes[axes[0]].kind == 'r' ? 1 : 0;
  int r = 1 - o;
  if (v->axes[axes[o]].kind == 'r' || v->axes[axes[r]].kind != 'r' ||
      coef[o] < 1 || coef[r] < 1 || pt->numWindows == PV_MAX_WINDOWS)
    return false;
  PvWindow *w = &pt->windows[pt->numWindows++];
  w->operand = k;
  w->dim = dim;
  w->out = axes[o];
  w->window = axes[r];
  w->stride = coef[o];
  w->dilation = coef[r];
  w->offset = constant;
  pt->readBy[k][axes[o]] = pt->readBy[k][axes[r]] = true;
  pt->isWindowAxis[axes[r]] = true;
  return true;
}

static void dropPattern(PvValue *v) {
  for (int k = 0; k < 2; ++k)
    v->pattern.access[k] = isl_multi_aff_free(v->pattern.access[k]);
  memset(&v->pattern, 0, sizeof(v->pattern));
  v->pattern.mul = -1;
  v->pattern.base[0] = v->pattern.base[1] = -1;
}

void pvDetectPattern(PvFunction *fn, int index) {
  PvValue *v = &fn->values[index];
  PvPattern *pt = &v->pattern;
  if (!v->scop)
    return;
  int operand[2];
  if (v->kind == PV_CONTRACT) {
    for (int k = 0; k < 2; ++k) {
      operand[k] = v->operand[k];
      pt->access[k] = isl_multi_aff_copy(v->access[k]);
    }
  } else if (v->kind == PV_REDUCE && strcmp(v->fn, "sum") == 0) {
    int m = v->operand[0];
    const PvValue *mul = &fn->values[m];
    if (mul->kind != PV_BINARY || strcmp(mul->fn, "mul") != 0 || !mul->scop ||
        mul->numUsers != 1 || !pvIsMovementOnly(fn, mul->operand[0]) ||
        !pvIsMovementOnly(fn, mul->operand[1]))
      return;
    for (int k = 0; k < 2; ++k) {
      operand[k] = mul->operand[k];
      pt->access[k] = isl_multi_aff_pullback_multi_aff(
          isl_multi_aff_copy(mul->access[k]), isl_multi_aff_copy(v->access[0]));
    }
    pt->fromMul = true;
    pt->mul = m;
  } else {
    return;
  }
  /* Through the movement (views) down to the base tensors. */
  for (int k = 0; k < 2; ++k) {
    int base = operand[k];
    while (fn->values[base].kind == PV_VIEW && fn->values[base].scop) {
      pt->access[k] = isl_multi_aff_pullback_multi_aff(
          isl_multi_aff_copy(fn->values[base].access[0]), pt->access[k]);
      base = fn->values[base].operand[0];
    }
    pt->base[k] = base;
  }
  bool ok = pt->access[0] && pt->access[1];
  for (int k = 0; ok && k < 2; ++k) {
    isl_size n = isl_multi_aff_dim(pt->access[k], isl_dim_out);
    for (isl_size j = 0; ok && j < n; ++j) {
      isl_aff *aff = isl_multi_aff_get_at(pt->access[k], (int)j);
      ok = classifyDim(v, k, (int)j, aff);
      isl_aff_free(aff);
    }
  }
  if (!ok) {
    dropPattern(v);
    return;
  }
  pt->found = true;
  pt->conv = pt->numWindows > 0;
}

void pvPatternIndexText(const PvFunction *fn, const PvValue *v, int operand,
                        int dim, char *out, size_t size) {
  (void)fn;
  const char *names[PV_MAX_RANK];
  for (int a = 0; a < v->rank; ++a)
    names[a] = v->axisName[a];
  isl_aff *aff = isl_multi_aff_get_at(v->pattern.access[operand], dim);
  if (!pvAffText(aff, names, out, size))
    snprintf(out, size, "?");
  isl_aff_free(aff);
}

/* Distinct axes of `field` (out or window) over the windows, in order. */
static int windowAxes(const PvPattern *pt, bool out, int axes[PV_MAX_WINDOWS]) {
  int n = 0;
  for (int w = 0; w < pt->numWindows; ++w) {
    int a = out ? pt->windows[w].out : pt->windows[w].window;
    bool seen = false;
    for (int i = 0; i < n; ++i)
      seen |= axes[i] == a;
    if (!seen)
      axes[n++] = a;
  }
  return n;
}

void pvConvRoleNames(const PvValue *v, const char *names[PV_MAX_RANK]) {
  static const char *const spatial[3][3] = {
      {"wo"}, {"ho", "wo"}, {"do", "ho", "wo"}};
  static const char *const kernel[3][3] = {
      {"kw"}, {"kh", "kw"}, {"kd", "kh", "kw"}};
  const PvPattern *pt = &v->pattern;
  for (int a = 0; a < v->rank; ++a)
    names[a] = NULL;
  int outs[PV_MAX_WINDOWS], wins[PV_MAX_WINDOWS];
  int numOut = windowAxes(pt, true, outs);
  int numWin = windowAxes(pt, false, wins);
  for (int i = 0; numOut <= 3 && i < numOut; ++i)
    names[outs[i]] = spatial[numOut - 1][i];
  for (int i = 0; numWin <= 3 && i < numWin; ++i)
    names[wins[i]] = kernel[numWin - 1][i];
  for (int a = 0; a < v->rank; ++a) {
    if (names[a] || pt->isWindowAxis[a])
      continue;
    bool l = pt->readBy[0][a], r = pt->readBy[1][a];
    bool inWindowOut = false;
    for (int i = 0; i < numOut; ++i)
      inWindowOut |= outs[i] == a;
    if (inWindowOut)
      continue;
    /* The kernel-problem roles, in conv's words: batch is the group,
     * m the output channel, n the image, k the input channel. */
    static const char *const convNames[KP_NUM_ROLES] = {"g", "co", "n", "ci"};
    KpRole role;
    if (kpAxisRole(l, r, v->axes[a].kind == 'r', &role))
      names[a] = convNames[role];
  }
  /* A role taken by two axes names neither. */
  for (int a = 0; a < v->rank; ++a)
    for (int b = a + 1; names[a] && b < v->rank; ++b)
      if (names[b] && strcmp(names[a], names[b]) == 0) {
        const char *role = names[a];
        for (int c = 0; c < v->rank; ++c)
          if (names[c] && strcmp(names[c], role) == 0)
            names[c] = NULL;
      }
}
