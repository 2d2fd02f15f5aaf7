// cce/cce_builtins.h -- the CCE device builtins, as declarations only (commcheck shim).
//
// On the device these exist without any #include; commcheck_predefs.h includes this file first. Every
// function here is an intrinsic: it is declared, never defined, because the checker classifies a call by
// the callee's qualified name (global namespace here) through rules/intrinsics.json.
//
// Enumerator values follow the CCE toolchain (PIPE_FIX would be 10, EVENT_ID0 is 0, DSB_ALL is 0), but the
// checker must never rely on them: kernels spell PIPE_FIX as `static_cast<pipe_t>(10)` through their own
// macro, and header versions differ.
#ifndef COMMCHECK_CCE_BUILTINS_H
#define COMMCHECK_CCE_BUILTINS_H

#include <cstddef>
#include <cstdint>

#ifndef __gm__
#define __gm__ __attribute__((noderef))
#endif

// ---------------------------------------------------------------------------------------------------------
// Element types the device compiler knows natively.
// ---------------------------------------------------------------------------------------------------------
typedef _Float16 half;
typedef __bf16 bfloat16_t;

// ---------------------------------------------------------------------------------------------------------
// Pipes and events. Unscoped enums with a fixed underlying type, so both `PIPE_MTE2` and `pipe_t::PIPE_MTE2`
// work, and `static_cast<pipe_t>(N)` is valid for any N (kernels define PIPE_FIX that way).
// PIPE_FIX is deliberately NOT an enumerator: kernels `#ifndef PIPE_FIX / #define PIPE_FIX ...`.
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
    // 10 is PIPE_FIX, supplied by the kernel (or pto/pto-inst.hpp) as a macro.
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
// Data cache and memory fences. Any GM pointer (typed, void, volatile, const) converts to the parameter.
// ---------------------------------------------------------------------------------------------------------
void dcci(const volatile __gm__ void *addr, cache_line_t kind);
void dcci(const volatile __gm__ void *addr, cache_line_t kind, dcci_dst_t dst);
void dsb(mem_dsb_t kind);

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
namespace commcheck_detail {
template <typename T> struct type_identity { using type = T; };
template <typename T> struct remove_cv { using type = T; };
template <typename T> struct remove_cv<const T> { using type = T; };
template <typename T> struct remove_cv<volatile T> { using type = T; };
template <typename T> struct remove_cv<const volatile T> { using type = T; };
} // namespace commcheck_detail

template <typename T>
void st_dev(typename commcheck_detail::type_identity<typename commcheck_detail::remove_cv<T>::type>::type value,
            __gm__ T *addr, int16_t offset);
template <typename T>
typename commcheck_detail::remove_cv<T>::type ld_dev(__gm__ T *addr, int16_t offset);

#endif // COMMCHECK_CCE_BUILTINS_H
