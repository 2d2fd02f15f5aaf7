// kernel_operator.h -- commcheck shim of AscendC's umbrella header (CANN asc-devkit: include/basic_api/
// kernel_operator_*_intf.h, impl/basic_api/kernel_event.h, impl/utils/sys_macros.h), reduced to what the
// mixed pto-isa / AscendC kernels use: GM_ADDR, the core-type switch ASCEND_IS_AIV / ASCEND_IS_AIC, the
// tensor views, the block identity and the AscendC sync calls. Declarations only.
//
// The sync calls take their pipe or event as a template argument (PipeBarrier<PIPE_V>(),
// SetFlag<HardEvent::MTE2_V>(id), CrossCoreSetFlag<mode, PIPE_MTE3>(id), DataCacheCleanAndInvalid<T,
// CacheLine::..., DcciDst::...>(gt)); rules/intrinsics.json describes them with "template:N" roles.
// A build's own header of this name is read instead unless it is the real one (frontend/ShimStandIn.h):
// stands-in-for: tikcfw/kernel_operator.h ascendc/*/kernel_operator.h asc/*/kernel_operator.h; declares: AscendC
#pragma once

#include <cstdint>

#include "cce/cce_builtins.h"

// AscendC spells a kernel's GM byte-pointer parameters with this.
#ifndef GM_ADDR
#define GM_ADDR __gm__ uint8_t *__restrict__
#endif

namespace AscendC {
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;
} // namespace AscendC

// Which core this compilation is for. As in AscendC's impl/utils/sys_macros.h, keyed on the core the split
// build compiles for (the cube pass defines __DAV_CUBE__, the vector pass __DAV_VEC__), and used as
// `if ASCEND_IS_AIV { ... }`, i.e. a compile-time branch per core configuration.
#if defined(__DAV_CUBE__)
constexpr int32_t g_coreType = AscendC::AIC;
#elif defined(__DAV_VEC__)
constexpr int32_t g_coreType = AscendC::AIV;
#else
constexpr int32_t g_coreType = AscendC::MIX;
#endif
#ifndef ASCEND_IS_AIV
#define ASCEND_IS_AIV constexpr(g_coreType == AscendC::AIV)
#endif
#ifndef ASCEND_IS_AIC
#define ASCEND_IS_AIC constexpr(g_coreType == AscendC::AIC)
#endif
#ifndef ASCEND_IS_NOT_AIV
#define ASCEND_IS_NOT_AIV constexpr(g_coreType != AscendC::AIV)
#endif
#ifndef ASCEND_IS_NOT_AIC
#define ASCEND_IS_NOT_AIC constexpr(g_coreType != AscendC::AIC)
#endif

namespace AscendC {

// Buffer positions of LocalTensor / TQue / TBuf.
enum class TPosition : uint8_t {
    GM,
    A1,
    A2,
    B1,
    B2,
    C1,
    C2,
    CO1,
    CO2,
    VECIN,
    VECOUT,
    VECCALC,
    LCM = VECCALC,
    SPM,
    SHM = SPM,
    TSCM,
    C2PIPE2GM,
    C2PIPE2LOCAL,
    MAX,
};
using QuePosition = TPosition;

// Intra-core pipe-to-pipe events, named source_destination.
enum class HardEvent : uint8_t {
    MTE2_MTE1,
    MTE1_MTE2,
    MTE1_M,
    M_MTE1,
    MTE2_V,
    V_MTE2,
    MTE3_V,
    V_MTE3,
    M_V,
    V_M,
    V_V,
    MTE3_MTE1,
    MTE1_MTE3,
    MTE1_V,
    MTE2_M,
    M_MTE2,
    V_MTE1,
    M_FIX,
    FIX_M,
    MTE3_MTE2,
    MTE2_MTE3,
    S_V,
    V_S,
    S_MTE2,
    MTE2_S,
    S_MTE3,
    MTE3_S,
    MTE2_FIX,
    FIX_MTE2,
    FIX_S,
    M_S,
    FIX_MTE3,
    MTE1_FIX,
    FIX_MTE1,
    FIX_FIX,
    MAX,
};
using TEventID = int8_t;

enum class CacheLine : uint64_t {
    SINGLE_CACHE_LINE = 0,
    ENTIRE_DATA_CACHE,
};

enum class DcciDst : uint64_t {
    CACHELINE_ALL = 0,
    CACHELINE_UB,
    CACHELINE_OUT,
    CACHELINE_ATOMIC,
};

enum class MemDsbT : uint8_t {
    ALL = 0,
    DDR,
    UB,
    SEQ,
};

// A view of GM memory. Only address bookkeeping is declared (no scalar GetValue/SetValue: a GM access the
// catalogue could not describe).
template <typename T>
class GlobalTensor {
public:
    using PrimType = T;
    __aicore__ GlobalTensor();
    __aicore__ void SetGlobalBuffer(__gm__ T *buffer, uint64_t bufferSize);
    __aicore__ void SetGlobalBuffer(__gm__ T *buffer);
    __aicore__ __gm__ T *GetPhyAddr() const;
    __aicore__ __gm__ T *GetPhyAddr(uint64_t offset) const;
    __aicore__ uint64_t GetSize() const;
};

// A view of on-chip (UB / L1 / L0) memory.
template <typename T>
class LocalTensor {
public:
    using PrimType = T;
    __aicore__ LocalTensor();
    __aicore__ uint64_t GetPhyAddr() const;
    __aicore__ uint32_t GetSize() const;
    __aicore__ T GetValue(uint32_t offset) const;
    __aicore__ void SetValue(uint32_t offset, T value) const;
};

// Block identity (the same values as the CCE builtins get_block_idx() / get_block_num() ...).
__aicore__ int64_t GetBlockIdx();
__aicore__ int64_t GetBlockNum();
__aicore__ int64_t GetSubBlockIdx();
__aicore__ int64_t GetTaskRation();

// Sync calls with the pipe / event as a template argument (see above).
template <HardEvent event>
__aicore__ void SetFlag(int32_t eventID);
template <HardEvent event>
__aicore__ void WaitFlag(int32_t eventID);
template <pipe_t pipe>
__aicore__ void PipeBarrier();
template <MemDsbT arg0>
__aicore__ void DataSyncBarrier();
template <uint8_t modeId, pipe_t pipe>
__aicore__ void CrossCoreSetFlag(uint16_t flagId);
template <uint8_t modeId = 0, pipe_t pipe = PIPE_S>
__aicore__ void CrossCoreWaitFlag(uint16_t flagId);
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ void DataCacheCleanAndInvalid(const GlobalTensor<T> &dst);
template <typename T, CacheLine entireType, DcciDst dcciDst>
__aicore__ void DataCacheCleanAndInvalid(const LocalTensor<T> &dst);
template <typename T, CacheLine entireType>
__aicore__ void DataCacheCleanAndInvalid(const GlobalTensor<T> &dst);

} // namespace AscendC
