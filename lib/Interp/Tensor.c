/* DlcTensor: a dense row-major f64 tensor with a concrete shape, and the
 * index arithmetic the op evaluators share. */
#include "InterpInternal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A cap well below where size_t arithmetic could overflow: the interpreter
 * is meant for small shapes, and a runaway size should fail cleanly. */
static const int64_t maxElements = (int64_t)1 << 34;

/* Product of `shape`, or -1 when a size is negative or the product is
 * beyond maxElements. */
static int64_t countElements(int rank, const int64_t *shape) {
  int64_t count = 1;
  for (int i = 0; i < rank; ++i) {
    if (shape[i] < 0)
      return -1;
    if (shape[i] == 0)
      count = 0;
    else if (count > maxElements / shape[i])
      return -1;
    else
      count *= shape[i];
  }
  return count;
}

DlcTensor *dlcTensorCreate(int rank, const int64_t *shape) {
  if (rank < 0)
    return NULL;
  int64_t count = countElements(rank, shape);
  if (count < 0)
    return NULL;
  /* Room for DLC_MAX_RANK sizes at least, so that a graph tensor can be
   * given another graph shape of as many elements in place. */
  size_t room = rank > DLC_MAX_RANK ? (size_t)rank : DLC_MAX_RANK;
  DlcTensor *tensor =
      calloc(1, sizeof(*tensor) + room * sizeof(tensor->shape[0]));
  if (!tensor)
    return NULL;
  /* At least one element so an empty tensor still has a valid pointer. */
  tensor->data = calloc(count > 0 ? (size_t)count : 1, sizeof(double));
  if (!tensor->data) {
    free(tensor);
    return NULL;
  }
  tensor->rank = rank;
  if (rank > 0)
    memcpy(tensor->shape, shape, (size_t)rank * sizeof(int64_t));
  tensor->numElements = count;
  return tensor;
}

DlcTensor *dlcTensorCreateCopy(const DlcTensor *tensor) {
  DlcTensor *copy = dlcTensorCreate(tensor->rank, tensor->shape);
  if (copy && tensor->numElements > 0)
    memcpy(copy->data, tensor->data,
           (size_t)tensor->numElements * sizeof(double));
  return copy;
}

void dlcTensorDestroy(DlcTensor *tensor) {
  if (!tensor)
    return;
  free(tensor->data);
  free(tensor);
}

DlcTensor *dlcInterpCreateTensor(MlirOperation at, int rank,
                                 const int64_t *shape) {
  DlcTensor *tensor = dlcTensorCreate(rank, shape);
  if (!tensor) {
    char text[256];
    dlcInterpFormatShape(rank, shape, text, sizeof(text));
    dlcInterpError(at, "cannot allocate a tensor of shape %s", text);
  }
  return tensor;
}

DlcTensor *dlcInterpCreateResult(const DlcInterpOp *op) {
  return dlcInterpCreateTensor(op->op, op->resultRank, op->resultShape);
}

int64_t *dlcInterpCreateIndex(MlirOperation at, int count) {
  int64_t *index = calloc(count > 0 ? (size_t)count : 1, sizeof(*index));
  if (!index)
    dlcInterpError(at, "out of memory");
  return index;
}

void dlcInterpStrides(int rank, const int64_t *shape, int64_t *strides) {
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    strides[i] = stride;
    stride *= shape[i];
  }
}

bool dlcInterpNextIndex(int rank, const int64_t *shape, int64_t *index) {
  for (int i = rank - 1; i >= 0; --i) {
    if (++index[i] < shape[i])
      return true;
    index[i] = 0;
  }
  return false;
}

bool dlcInterpShapesEqual(int rankA, const int64_t *a, int rankB,
                          const int64_t *b) {
  if (rankA != rankB)
    return false;
  for (int i = 0; i < rankA; ++i)
    if (a[i] != b[i])
      return false;
  return true;
}

void dlcInterpFormatShape(int rank, const int64_t *shape, char *buffer,
                          size_t size) {
  size_t used = (size_t)snprintf(buffer, size, "[");
  for (int i = 0; i < rank && used < size; ++i)
    used += (size_t)snprintf(buffer + used, size - used, "%s%lld",
                             i ? ", " : "", (long long)shape[i]);
  if (used < size)
    snprintf(buffer + used, size - used, "]");
}
