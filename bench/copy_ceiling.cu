// Copies of a buffer, for bench/copy_ceiling.py: what a plain copy of N
// bytes reaches on the GPU, timed as bench_norm.py times the row kernels.
// Compiled here to a cubin (nvcc -arch=sm_90a -cubin), loaded through the
// driver on the device. Every kernel takes (const uint4 *x, uint4 *y,
// long n16): n16 16-byte vectors.
//   blocks<U, H>   a CTA of 256 threads per 256 * U vectors, each thread's U
//                  loads issued before its stores (grid = ceil(n16 / 256U))
//   persist<U, H>  a grid of the SMs' resident CTAs (set at launch), each
//                  thread U vectors a trip, grid-stride
//   bulk<S, C>     a single thread per CTA moves C-byte chunks through S
//                  shared-memory stages with cp.async.bulk (load on an
//                  mbarrier, store by bulk group), chunks round-robin
//   empty          nothing: the launch and the events alone
// H: 0 plain ld/st.global, 1 ld.global.nc.L1::no_allocate, 2 __ldcs /
// __stcs (evict-first in L1 and L2), 3 an L2 evict_first policy on the
// loads, plain stores, 4 loads evict_first policy, stores evict_last.
#include <stdint.h>

template <int H> __device__ __forceinline__ uint4 load(const uint4 *p) {
  uint4 v;
  if (H == 0) {
    v = *p;
  } else if (H == 1) {
    asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p));
  } else if (H == 2) {
    v = __ldcs(p);
  } else {
    uint64_t pol;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;"
                 : "=l"(pol));
    asm volatile("ld.global.nc.L1::no_allocate.L2::cache_hint.v4.u32 "
                 "{%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p), "l"(pol));
  }
  return v;
}

template <int H> __device__ __forceinline__ void store(uint4 *p, uint4 v) {
  if (H == 2) {
    __stcs(p, v);
  } else if (H == 4) {
    uint64_t pol;
    asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;"
                 : "=l"(pol));
    asm volatile(
        "st.global.L2::cache_hint.v4.u32 [%0], {%1,%2,%3,%4}, %5;" ::"l"(p),
        "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w), "l"(pol)
        : "memory");
  } else {
    *p = v;
  }
}

template <int U, int H>
__device__ __forceinline__ void blocksBody(const uint4 *__restrict__ x,
                                           uint4 *__restrict__ y, long n) {
  long base = (long)blockIdx.x * 256 * U + threadIdx.x;
  uint4 v[U];
#pragma unroll
  for (int k = 0; k < U; ++k)
    if (base + k * 256 < n)
      v[k] = load<H>(x + base + k * 256);
#pragma unroll
  for (int k = 0; k < U; ++k)
    if (base + k * 256 < n)
      store<H>(y + base + k * 256, v[k]);
}

template <int U, int H>
__device__ __forceinline__ void persistBody(const uint4 *__restrict__ x,
                                            uint4 *__restrict__ y, long n) {
  long stride = (long)gridDim.x * blockDim.x * U;
  for (long base = (long)blockIdx.x * blockDim.x * U + threadIdx.x; base < n;
       base += stride) {
    uint4 v[U];
#pragma unroll
    for (int k = 0; k < U; ++k)
      if (base + k * (long)blockDim.x < n)
        v[k] = load<H>(x + base + k * (long)blockDim.x);
#pragma unroll
    for (int k = 0; k < U; ++k)
      if (base + k * (long)blockDim.x < n)
        store<H>(y + base + k * (long)blockDim.x, v[k]);
  }
}

#define BLOCKS(U, H)                                                           \
  extern "C" __global__ void __launch_bounds__(256)                            \
      blocks_##U##_##H(const uint4 *x, uint4 *y, long n) {                     \
    blocksBody<U, H>(x, y, n);                                                 \
  }
#define PERSIST(U, H)                                                          \
  extern "C" __global__ void __launch_bounds__(256)                            \
      persist_##U##_##H(const uint4 *x, uint4 *y, long n) {                    \
    persistBody<U, H>(x, y, n);                                                \
  }

BLOCKS(1, 0)
BLOCKS(2, 0)
BLOCKS(4, 0)
BLOCKS(8, 0)
BLOCKS(4, 1)
BLOCKS(4, 2)
BLOCKS(4, 3)
BLOCKS(4, 4)
BLOCKS(8, 3)
PERSIST(2, 0)
PERSIST(4, 0)
PERSIST(8, 0)
PERSIST(4, 1)
PERSIST(4, 2)
PERSIST(4, 3)
PERSIST(4, 4)
PERSIST(8, 3)

extern "C" __global__ void empty(const uint4 *x, uint4 *y, long n) {}

// Bulk copies: one thread of a 32-thread CTA; S stages of C bytes in
// dynamic shared memory, chunk j of this CTA = blockIdx.x + j * gridDim.x.
__device__ __forceinline__ uint32_t smemAddr(const void *p) {
  return (uint32_t)__cvta_generic_to_shared(p);
}

template <int S, int C>
__device__ __forceinline__ void bulkBody(const char *x, char *y, long n16) {
  extern __shared__ __align__(128) char stage[];
  __shared__ __align__(8) uint64_t bar[S];
  if (threadIdx.x != 0)
    return;
  long nbytes = n16 * 16;
  long chunks = (nbytes + C - 1) / C;
  long mine =
      chunks > blockIdx.x ? (chunks - 1 - blockIdx.x) / gridDim.x + 1 : 0;
  for (int s = 0; s < S; ++s)
    asm volatile(
        "mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smemAddr(&bar[s])));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  auto issue = [&](long j, int s) {
    long c = blockIdx.x + j * gridDim.x;
    long off = c * C;
    uint32_t bytes = (uint32_t)(nbytes - off < C ? nbytes - off : C);
    uint32_t b = smemAddr(&bar[s]);
    asm volatile(
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b),
        "r"(bytes)
        : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::"
                 "bytes [%0], [%1], %2, [%3];" ::"r"(smemAddr(stage + s * C)),
                 "l"(x + off), "r"(bytes), "r"(b)
                 : "memory");
  };
  for (long j = 0; j < S && j < mine; ++j)
    issue(j, (int)j);
  for (long j = 0; j < mine; ++j) {
    int s = (int)(j % S);
    uint32_t phase = (uint32_t)((j / S) & 1);
    uint32_t b = smemAddr(&bar[s]);
    asm volatile("{\n.reg .pred p;\nwait:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
                 "@!p bra wait;\n}" ::"r"(b),
                 "r"(phase)
                 : "memory");
    long c = blockIdx.x + j * gridDim.x;
    long off = c * C;
    uint32_t bytes = (uint32_t)(nbytes - off < C ? nbytes - off : C);
    asm volatile(
        "cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(
            y + off),
        "r"(smemAddr(stage + s * C)), "r"(bytes)
        : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    // Refill the stage of chunk j - 1 once its store has read it.
    if (j >= 1 && j - 1 + S < mine) {
      asm volatile("cp.async.bulk.wait_group.read 1;" ::: "memory");
      issue(j - 1 + S, (int)((j - 1) % S));
    }
  }
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

#define BULK(S, C)                                                             \
  extern "C" __global__ void __launch_bounds__(32)                             \
      bulk_##S##_##C(const uint4 *x, uint4 *y, long n) {                       \
    bulkBody<S, C>((const char *)x, (char *)y, n);                             \
  }
BULK(4, 8192)
BULK(6, 8192)
BULK(4, 16384)
BULK(8, 4096)
