// cce/cce_vector_builtins.h -- the a5 (DAV 3510) device compiler's vector-function (SIMD) builtins and
// the element types it knows natively, as declarations only (commcheck shim). cce_builtins.h includes it.
//
// Inside a `__VEC_SCOPE__ { ... }` block an a5 vector core works on vector registers: loads from and
// stores to UB (vlds / vsts, the unaligned forms vldas / vldus / vstur / vstar), lane arithmetic,
// predicates (plt_b32, pand), special registers (sprclr / sprsts). None of them reaches GM: they are the
// vector pipe's work on on-chip memory (catalogued as compute on PIPE_V). pto-isa uses them in its a5
// headers (include/pto/npu/a5/*.hpp) and documents them in docs/isa/vector and docs/isa/scalar; its
// cost-model stub (include/pto/costmodel/a5/cce_costmodel/a5_vf_stub.hpp) declares them the same way,
// with any operands. The DMA and atomic builtins at the end do reach GM and are catalogued as such.
//
// Enumerator values are not the toolchain's (it keeps them in namespace __cce_simd); the checker never
// relies on them.
#pragma once

#include <cstdint>

// ---------------------------------------------------------------------------------------------------------
// 8-bit and packed 4-bit floating-point element types (a5's MX formats; pto-isa's a5 datatype.hpp maps
// each to its vector register type). Opaque one-byte types here: the checker does no arithmetic on them.
// ---------------------------------------------------------------------------------------------------------
struct float8_e4m3_t { uint8_t __bits; };
struct float8_e5m2_t { uint8_t __bits; };
struct float8_e8m0_t { uint8_t __bits; };
struct hifloat8_t { uint8_t __bits; };
struct float4_e1m2x2_t { uint8_t __bits; };
struct float4_e2m1x2_t { uint8_t __bits; };

// ---------------------------------------------------------------------------------------------------------
// Vector registers: 256 bytes of lanes of one element type, a predicate (one bit a byte lane), the
// unaligned-access state, an address register. Clang vectors for the numeric ones, so that the kernels'
// C-style casts between same-sized vectors ((vector_u32)s32reg) are the reinterpretations they are.
// ---------------------------------------------------------------------------------------------------------
typedef int8_t vector_s8 __attribute__((ext_vector_type(256)));
typedef uint8_t vector_u8 __attribute__((ext_vector_type(256)));
typedef int16_t vector_s16 __attribute__((ext_vector_type(128)));
typedef uint16_t vector_u16 __attribute__((ext_vector_type(128)));
typedef int32_t vector_s32 __attribute__((ext_vector_type(64)));
typedef uint32_t vector_u32 __attribute__((ext_vector_type(64)));
typedef int64_t vector_s64 __attribute__((ext_vector_type(32)));
typedef uint64_t vector_u64 __attribute__((ext_vector_type(32)));
typedef _Float16 vector_f16 __attribute__((ext_vector_type(128)));
typedef __bf16 vector_bf16 __attribute__((ext_vector_type(128)));
typedef float vector_f32 __attribute__((ext_vector_type(64)));
typedef uint8_t vector_f8e4m3 __attribute__((ext_vector_type(256)));
typedef uint8_t vector_f8e5m2 __attribute__((ext_vector_type(256)));
typedef uint8_t vector_f8e8m0 __attribute__((ext_vector_type(256)));
typedef uint8_t vector_hif8 __attribute__((ext_vector_type(256)));
typedef uint8_t vector_f4e1m2x2 __attribute__((ext_vector_type(256)));
typedef uint8_t vector_f4e2m1x2 __attribute__((ext_vector_type(256)));
struct vector_bool { uint8_t __bits[32]; };
struct vector_align { uint8_t __bits[32]; };
struct vector_address { uint32_t __value; };

// ---------------------------------------------------------------------------------------------------------
// Operand modes (docs/isa/vector/ops: distribution, rounding, merging, index order; post-update of a
// predicate's count; the special registers): the ones pto-isa's a5 headers and kernels use. Global names,
// as the toolchain makes them visible.
// ---------------------------------------------------------------------------------------------------------
enum __cce_vf_post_update : int { POST_UPDATE = 1 };
enum __cce_vf_merge_mode : int { MODE_ZEROING = 0, MODE_MERGING = 1, MODE_STORED = 2 };
enum __cce_vf_order : int { INC_ORDER = 0, DEC_ORDER = 1 };
enum __cce_vf_part : int { PART_EVEN = 0, PART_ODD = 1, PART_P0 = 2, PART_P1 = 3, PART_P2 = 4, PART_P3 = 5 };
enum __cce_vf_round : int { ROUND_R = 0, ROUND_A = 1, ROUND_F = 2, ROUND_Z = 4 };
enum __cce_vf_saturation : int { RS_DISABLE = 0, RS_ENABLE = 1 };
enum __cce_vf_load_dist : int {
    NORM = 0,
    BRC_B8 = 1,
    BRC_B16 = 2,
    BRC_B32 = 3,
    UNPK_B8 = 8,
    UNPK_B16 = 9,
    UNPK_B32 = 10,
    DINTLV_B8 = 11,
    DINTLV_B16 = 12,
    DINTLV_B32 = 13,
    BLK = 14,
    E2B_B16 = 15,
    E2B_B32 = 16,
};
enum __cce_vf_store_dist : int {
    NORM_B8 = 0,
    NORM_B16 = 1,
    NORM_B32 = 2,
    ONEPT_B32 = 5,
    PK_B16 = 6,
    PK_B32 = 7,
    PK_B64 = 8,
    INTLV_B32 = 11,
};
enum __cce_vf_pattern : int { PAT_ALL = 0, PAT_VL1 = 1, PAT_VL8 = 4, PAT_VL16 = 5 };
enum __cce_vf_spr : int { SPR_AR = 0 };

// ---------------------------------------------------------------------------------------------------------
// The vector-function operations: any operands (register, UB pointer, offset, mask, modes), as pto-isa's
// cost-model stub declares them. Each has an entry in rules/intrinsics.json (compute on PIPE_V).
// ---------------------------------------------------------------------------------------------------------
#define __commcheck_vf_op(NAME)                                                                              \
    template <typename... Args>                                                                              \
    void NAME(Args &&...args);
// Loads and stores between vector registers and UB.
__commcheck_vf_op(vlds)
__commcheck_vf_op(vsts)
__commcheck_vf_op(vldas)
__commcheck_vf_op(vldus)
__commcheck_vf_op(vstur)
__commcheck_vf_op(vstar)
// Lane arithmetic, conversion, index generation and rearrangement.
__commcheck_vf_op(vdup)
__commcheck_vf_op(vadd)
__commcheck_vf_op(vadds)
__commcheck_vf_op(vsub)
__commcheck_vf_op(vmul)
__commcheck_vf_op(vmuls)
__commcheck_vf_op(vdiv)
__commcheck_vf_op(vmax)
__commcheck_vf_op(vmin)
__commcheck_vf_op(vexp)
__commcheck_vf_op(vln)
__commcheck_vf_op(vsqrt)
__commcheck_vf_op(vabs)
__commcheck_vf_op(vand)
__commcheck_vf_op(vor)
__commcheck_vf_op(vxor)
__commcheck_vf_op(vsel)
__commcheck_vf_op(vcvt)
__commcheck_vf_op(vci)
__commcheck_vf_op(vsqz)
// Predicates: algebra, and the move of a vector's bits into a predicate.
__commcheck_vf_op(pand)
__commcheck_vf_op(por)
__commcheck_vf_op(pnot)
__commcheck_vf_op(movvp)
// Special registers: clear one; store one into UB (sprsts(SPR_AR, ubPtr, offset)).
__commcheck_vf_op(sprclr)
__commcheck_vf_op(sprsts)
#undef __commcheck_vf_op

// Predicate generation: a tail mask from a lane count (plt_b*: the count is updated with POST_UPDATE),
// or a fixed pattern (pset_b*). docs/isa/scalar/ops/predicate-generation-and-algebra.
vector_bool plt_b8(uint32_t &count, __cce_vf_post_update mode);
vector_bool plt_b16(uint32_t &count, __cce_vf_post_update mode);
vector_bool plt_b32(uint32_t &count, __cce_vf_post_update mode);
vector_bool pset_b8(__cce_vf_pattern pattern);
vector_bool pset_b16(__cce_vf_pattern pattern);
vector_bool pset_b32(__cce_vf_pattern pattern);

// ---------------------------------------------------------------------------------------------------------
// a5's aligned DMA between GM and UB (bursts with strides; pto-isa include/pto/common/arch_cce_intrinsic.hpp
// wraps them as pto_copy_*_align_v2): UB -> GM on PIPE_MTE3, GM -> UB on PIPE_MTE2.
// ---------------------------------------------------------------------------------------------------------
template <typename T>
void copy_ubuf_to_gm_align_v2(__gm__ T *dst, __ubuf__ T *src, uint8_t sid, uint32_t nBurst, uint32_t lenBurst,
                              uint8_t l2CacheCtl, uint64_t burstDstStride, uint32_t burstSrcStride);
template <typename T>
void copy_gm_to_ubuf_align_v2(__ubuf__ T *dst, __gm__ T *src, uint8_t sid, uint32_t nBurst, uint32_t lenBurst,
                              uint8_t leftPaddingCount, uint8_t rightPaddingCount, bool constantPaddingCtl,
                              uint8_t l2CacheCtl, uint64_t burstSrcStride, uint32_t burstDstStride);

// a5's scalar atomic add on a GM word, done at the memory side (not in the core's data cache); returns the
// old value. pto-isa's soft SYNCALL arrives with atomicAdd(counter, 1) and polls with atomicAdd(counter, 0)
// (include/pto/common/syncall_soft.hpp).
template <typename T>
typename __commcheck_detail::remove_cv<T>::type
atomicAdd(__gm__ T *addr,
          typename __commcheck_detail::type_identity<typename __commcheck_detail::remove_cv<T>::type>::type value);
