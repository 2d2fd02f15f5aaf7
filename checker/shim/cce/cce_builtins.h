// cce/cce_builtins.h -- the CCE device builtins, as declarations only (commcheck shim).
//
// On the device these exist without any #include; commcheck_predefs.h includes this file first. Every
// function here is an intrinsic: it is declared, never defined, because the checker classifies a call by
// the callee's qualified name (global namespace here) through rules/intrinsics.json.
//
// Enumerator values follow the CCE toolchain (PIPE_FIX is 10, EVENT_ID0 is 0, DSB_ALL is 0), but the
// checker never relies on them: kernels also spell PIPE_FIX as `static_cast<pipe_t>(10)` through their own
// `#ifndef PIPE_FIX` macro, and header versions differ.
#pragma once

#include <cstddef>
#include <cstdint>

// ---------------------------------------------------------------------------------------------------------
// Element types the device compiler knows natively.
// ---------------------------------------------------------------------------------------------------------
typedef _Float16 half;
typedef __bf16 bfloat16_t;

// ---------------------------------------------------------------------------------------------------------
// Pipes and events. Unscoped enums with a fixed underlying type, so both `PIPE_MTE2` and `pipe_t::PIPE_MTE2`
// work, and `static_cast<pipe_t>(N)` is valid for any N. PIPE_FIX is an enumerator as in the toolchain; a
// kernel's `#ifndef PIPE_FIX / #define PIPE_FIX ...` fallback still applies (this file is force-included
// before the kernel, so the macro only shadows the enumerator in the kernel's own code).
// ---------------------------------------------------------------------------------------------------------
enum pipe_t : int {
    PIPE_S = 0,
    PIPE_V = 1,
    PIPE_M = 2,
    PIPE_MTE1 = 3,
    PIPE_MTE2 = 4,
    PIPE_MTE3 = 5,
    PIPE_ALL = 6,
    PIPE_MTE4 = 7,
    PIPE_MTE5 = 8,
    PIPE_V2 = 9,
    PIPE_FIX = 10,
};

enum event_t : int {
    EVENT_ID0 = 0,
    EVENT_ID1 = 1,
    EVENT_ID2 = 2,
    EVENT_ID3 = 3,
    EVENT_ID4 = 4,
    EVENT_ID5 = 5,
    EVENT_ID6 = 6,
    EVENT_ID7 = 7,
};

// Usable scoped (cache_line_t::SINGLE_CACHE_LINE) and bare (SINGLE_CACHE_LINE).
enum cache_line_t : int {
    SINGLE_CACHE_LINE = 0,
    ENTIRE_DATA_CACHE = 1,
};

enum dcci_dst_t : int {
    CACHELINE_ALL = 0,
    CACHELINE_UB = 1,
    CACHELINE_OUT = 2,
    CACHELINE_ATOMIC = 3,
};

// dsb((mem_dsb_t)0) is DSB_ALL in PTOAS-generated epilogues.
enum mem_dsb_t : int {
    DSB_ALL = 0,
    DSB_DDR = 1,
    DSB_UB = 2,
    DSB_SEQ = 3,
};

// ---------------------------------------------------------------------------------------------------------
// Pipe synchronisation.
// ---------------------------------------------------------------------------------------------------------
void pipe_barrier(pipe_t pipe);
void set_flag(pipe_t srcPipe, pipe_t dstPipe, event_t eventId);
void wait_flag(pipe_t srcPipe, pipe_t dstPipe, event_t eventId);
// Integer event ids (e.g. a uint32_t syncId variable).
void set_flag(pipe_t srcPipe, pipe_t dstPipe, int64_t eventId);
void wait_flag(pipe_t srcPipe, pipe_t dstPipe, int64_t eventId);

// ---------------------------------------------------------------------------------------------------------
// Cross-core (FFTS) semaphores between the cube and vector cores of one AI core group. a2a3:
// ffts_cross_core_sync(pipe, msg) / wait_flag_dev(id); a5: also wait_flag_dev(pipe, id) and
// set_intra_block / wait_intra_block(pipe, id).
// ---------------------------------------------------------------------------------------------------------
void ffts_cross_core_sync(pipe_t pipe, uint64_t config);
void wait_flag_dev(int64_t flagId);
void wait_flag_dev(pipe_t pipe, int64_t flagId);
// The FFTS cross-core sync registers' base address (the host's aclrtGetHardwareSyncAddr), set once
// by a mix kernel before its first ffts_cross_core_sync / wait_flag_dev. A register write (PIPE_S).
void set_ffts_base_addr(uint64_t config);
void set_intra_block(pipe_t pipe, int64_t flagId);
void wait_intra_block(pipe_t pipe, int64_t flagId);

// ---------------------------------------------------------------------------------------------------------
// Data cache and memory fences. Any GM pointer (typed, void, volatile, const) converts to the parameter.
// ---------------------------------------------------------------------------------------------------------
void dcci(const volatile __gm__ void *addr, cache_line_t kind);
void dcci(const volatile __gm__ void *addr, cache_line_t kind, dcci_dst_t dst);
void dsb(mem_dsb_t kind);

// ---------------------------------------------------------------------------------------------------------
// Atomic mode of the DMA / fixpipe stores that follow (TSTORE, copy_ubuf_to_gm...): set_atomic_<type>()
// selects the element type, set_atomic_add() the operation, set_atomic_none() switches it off again.
// ---------------------------------------------------------------------------------------------------------
void set_atomic_none();
void set_atomic_add();
void set_atomic_f32();
void set_atomic_f16();
void set_atomic_bf16();
void set_atomic_s32();
void set_atomic_s16();
void set_atomic_s8();

// ---------------------------------------------------------------------------------------------------------
// Vector mask setup (prologue of every PTOAS __DAV_VEC__ body).
// ---------------------------------------------------------------------------------------------------------
void set_mask_norm();
void set_vector_mask(uint64_t maskHigh, uint64_t maskLow);

// ---------------------------------------------------------------------------------------------------------
// Core identity.
// ---------------------------------------------------------------------------------------------------------
int64_t get_block_idx();
int64_t get_block_num();
int64_t get_subblockid();
int64_t get_subblockdim();
uint64_t get_sys_cnt();
extern int64_t block_idx;

// ---------------------------------------------------------------------------------------------------------
// Device-scope uncached scalar accesses (bypass the per-core data cache).
// ---------------------------------------------------------------------------------------------------------
namespace __commcheck_detail {
template <typename T> struct type_identity { using type = T; };
template <typename T> struct remove_cv { using type = T; };
template <typename T> struct remove_cv<const T> { using type = T; };
template <typename T> struct remove_cv<volatile T> { using type = T; };
template <typename T> struct remove_cv<const volatile T> { using type = T; };
} // namespace __commcheck_detail

template <typename T>
void st_dev(typename __commcheck_detail::type_identity<typename __commcheck_detail::remove_cv<T>::type>::type value,
            __gm__ T *addr, int16_t offset);
template <typename T>
typename __commcheck_detail::remove_cv<T>::type ld_dev(__gm__ T *addr, int16_t offset);
