// pto/npu/a5/common.hpp -- commcheck shim of pto-isa include/pto/npu/a5/common.hpp and datatype.hpp: the
// vector-register wrappers a5 kernels write their __VEC_SCOPE__ blocks with.
//
// RegTensor<T> holds the vector register of T's lanes (TypeGet), MaskReg is a predicate, UnalignReg the
// unaligned-access state; CreatePredicate<T>(count) is a tail mask of count lanes of T (plt_b8/16/32 with
// POST_UPDATE: count is decreased by the lanes taken). All registers: no memory, nothing the checker
// tracks. Declared unconditionally, as the rest of the shim.
#pragma once

#include "pto/common/type.hpp"

namespace pto {

template <typename T>
struct TypeGet;
template <> struct TypeGet<int8_t> { using T = vector_s8; };
template <> struct TypeGet<uint8_t> { using T = vector_u8; };
template <> struct TypeGet<int16_t> { using T = vector_s16; };
template <> struct TypeGet<uint16_t> { using T = vector_u16; };
template <> struct TypeGet<int32_t> { using T = vector_s32; };
template <> struct TypeGet<uint32_t> { using T = vector_u32; };
template <> struct TypeGet<int64_t> { using T = vector_s64; };
template <> struct TypeGet<uint64_t> { using T = vector_u64; };
template <> struct TypeGet<half> { using T = vector_f16; };
template <> struct TypeGet<bfloat16_t> { using T = vector_bf16; };
template <> struct TypeGet<float> { using T = vector_f32; };
template <> struct TypeGet<float8_e4m3_t> { using T = vector_f8e4m3; };
template <> struct TypeGet<float8_e5m2_t> { using T = vector_f8e5m2; };
template <> struct TypeGet<float8_e8m0_t> { using T = vector_f8e8m0; };
template <> struct TypeGet<hifloat8_t> { using T = vector_hif8; };
template <> struct TypeGet<float4_e1m2x2_t> { using T = vector_f4e1m2x2; };
template <> struct TypeGet<float4_e2m1x2_t> { using T = vector_f4e2m1x2; };

using MaskReg = vector_bool;
using UnalignReg = vector_align;
using AddrReg = vector_address;

template <typename T>
struct RegTensor {
    using RegType = typename TypeGet<T>::T;
    RegType reg;
};

template <typename T>
AICORE MaskReg CreatePredicate(uint32_t &scalar);

} // namespace pto
