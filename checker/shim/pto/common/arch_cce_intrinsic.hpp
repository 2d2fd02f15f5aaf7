// pto/common/arch_cce_intrinsic.hpp -- commcheck shim of pto-isa include/pto/common/arch_cce_intrinsic.hpp:
// pto's wrappers of the CCE DMA builtins, with their a5 signatures (the wrapper passes its arguments on to
// copy_gm_to_ubuf_align_v2 / copy_ubuf_to_gm_align_v2). Declarations only; catalogued as the tile load
// (PIPE_MTE2) and tile store (PIPE_MTE3) they are.
#pragma once

#include "pto/common/type.hpp"
#include "pto/common/arch_macro.hpp"

namespace pto {

template <typename T>
AICORE void pto_copy_gm_to_ubuf_align_v2(__ubuf__ T *dst, __gm__ T *src, uint8_t sid, uint32_t nBurst,
                                         uint32_t lenBurst, uint8_t leftPaddingCount, uint8_t rightPaddingCount,
                                         bool constantPaddingCtl, uint8_t l2CacheCtl, uint64_t burstSrcStride,
                                         uint32_t burstDstStride);
template <typename T>
AICORE void pto_copy_ubuf_to_gm_align_v2(__gm__ T *dst, __ubuf__ T *src, uint8_t sid, uint32_t nBurst,
                                         uint32_t lenBurst, uint8_t l2CacheCtl, uint64_t burstDstStride,
                                         uint32_t burstSrcStride);

} // namespace pto

// pto-isa's a5 headers make these visible unqualified: include/pto/npu/a5/TTrans.hpp, which every a5
// build includes, says `using namespace pto;` at global scope, and a5 kernels call them so.
#if defined(PTO_NPU_ARCH_A5)
using pto::pto_copy_gm_to_ubuf_align_v2;
using pto::pto_copy_ubuf_to_gm_align_v2;
#endif
