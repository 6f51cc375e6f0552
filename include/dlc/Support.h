/* DLC public support definitions: ownership annotations.
 *
 * Like isl's __isl_give/__isl_take/__isl_keep, these words say who owns a
 * pointer or handle crossing a function boundary:
 *   DLC_GIVE  the caller receives ownership and must destroy the result;
 *   DLC_TAKE  the callee consumes the argument, also when it fails;
 *   DLC_KEEP  the callee only borrows the argument.
 * They expand to nothing. */
#ifndef DLC_SUPPORT_H
#define DLC_SUPPORT_H

#define DLC_GIVE
#define DLC_TAKE
#define DLC_KEEP

#endif /* DLC_SUPPORT_H */
