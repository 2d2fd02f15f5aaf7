// pto/common/type.hpp -- commcheck shim of pto-isa's base macros, small enums and constants
// (pto-isa include/pto/common/type.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "cce/cce_builtins.h"

// pto-isa: `[aicore]` on the device, empty under __CPU_SIM / __COSTMODEL. `[aicore]` is not C++, so empty.
#ifndef AICORE
#define AICORE
#endif
// For kernel code that defines its own helpers with these macros. The shim's own intrinsics are plain
// declarations (no `inline`, which would draw -Wundefined-inline).
#ifndef PTO_INLINE
#define PTO_INLINE inline
#endif
#ifndef PTO_INST
#define PTO_INST AICORE PTO_INLINE
#endif
#ifndef PTO_INTERNAL
#define PTO_INTERNAL AICORE PTO_INLINE
#endif
#ifndef PTO_STATIC_ASSERT
#define PTO_STATIC_ASSERT(...) static_assert(true, "")
#endif
#ifndef PTO_CPU_ASSERT
#define PTO_CPU_ASSERT(...) ((void)0)
#endif

namespace pto {

enum class TileType {
    Vec,
    Mat,
    Left,
    Right,
    Acc,
    Bias,
    Scaling,
    ScaleLeft,
    ScaleRight,
    Ctrl,
};

enum class BLayout {
    RowMajor = 0,
    ColMajor = 1,
};

enum class SLayout {
    NoneBox = 0,
    RowMajor = 1,
    ColMajor = 2,
};

enum class Layout {
    ND,
    DN,
    NZ,
    SCALE,
    MX_A_ND,
    MX_A_DN,
    MX_A_ZZ,
    MX_B_ND,
    MX_B_DN,
    MX_B_NN,
    HIF4_A_ZZ,
    HIF4_B_NN,
    NC1HWC0,
    GNC1HWC0,
    NCHW,
    GNCHW,
    NHWC,
    NDC1HWC0,
    NCDHW,
    FRACTAL_Z,
    FRACTAL_Z_S16S8,
    FRACTAL_Z_3D,
    MAX,
};

enum class MaskPattern : uint8_t {
    P0101 = 1,
    P1010 = 2,
    P0001 = 3,
    P0010 = 4,
    P0100 = 5,
    P1000 = 6,
    P1111 = 7,
};

enum class CmpMode : uint8_t {
    EQ = 0,
    NE = 1,
    LT = 2,
    LE = 3,
    GT = 4,
    GE = 5,
};

enum class STPhase : uint8_t {
    Unspecified = 0x0,
    Partial = 0x2,
    Final = 0x3,
};

enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT = 1,
    CAST_ROUND = 2,
    CAST_FLOOR = 3,
    CAST_CEIL = 4,
    CAST_TRUNC = 5,
    CAST_ODD = 6,
};

enum class TCopyMode : uint8_t {
    SHALLOW_COPY = 0,
    DEEP_COPY = 1,
};

enum class SyncAllMode : uint8_t {
    Hard = 0,
    Soft = 1,
};

enum class SyncCoreType : uint8_t {
    AIVOnly = 0,
    AICOnly = 1,
    Mix = 2,
};

// Cross-core flag ids the hard SYNCALL uses.
constexpr uint16_t SYNC_AIC_FLAG = 11;
constexpr uint16_t SYNC_AIV_FLAG = 12;
constexpr uint16_t SYNC_AIC_AIV_FLAG = 13;
constexpr uint16_t SYNC_AIV_ONLY_ALL = 14;
constexpr uint16_t SYNC_FLAG_ID_MAX = 16;

// Words of GM workspace one soft-SYNCALL counter occupies (one 64-byte cache line), and (older pto-isa) the
// int32_t slots per participating core in the soft-SYNCALL UB scratch tile.
constexpr int32_t SYNCALL_SOFT_WORKSPACE_INT32 = 16;
constexpr int32_t SYNCALL_SOFT_SLOT_INT32 = 8;
constexpr int32_t SYNCALL_SOFT_BACKOFF_THRESHOLD = 16;
constexpr int32_t SYNCALL_SOFT_MAX_POLL_ITERATIONS = 1000000;

enum class AccToVecMode : uint8_t {
    SingleModeVec0 = 0,
    SingleModeVec1 = 1,
    DualModeSplitM = 2,
    DualModeSplitN = 3,
};

enum class ReluPreMode : uint8_t {
    NoRelu = 0,
    NormalRelu = 1,
};

enum class AtomicType : uint8_t {
    AtomicNone = 0,
    AtomicAdd = 1,
};

enum class PadValue : uint64_t {
    Null = 0,
    Zero = 1,
    Max = 2,
    Min = 3,
    CustomBase = 0x100000000ULL,
};

enum class TFillPadMode : uint8_t {
    Normal = 0,
    InPlace = 1,
    Expand = 2,
};

enum class SaturationMode : uint8_t {
    ON = 0,
    OFF = 1,
};

// TQUANT's destination format and shared-exponent scale algorithm (a5's MX quantisation).
enum class QuantType {
    MXFP8 = 0,
    MXFP4_E2M1 = 1,
    INT8_SYM = 2,
    INT8_ASYM = 3,
};

enum class QuantScaleAlg {
    OCP = 0,
    NV = 1,
};

// The accumulate phase of a unit-flag aware matmul (TMATMUL_MX<AccPhase::Final>(...)).
enum class AccPhase : uint8_t {
    Unspecified = 0x0,
    Unknown = Unspecified,
    Partial = 0x2,
    Final = 0x3,
};

enum class CompactMode {
    Null,
    Normal,
    RowPlusOne,
    RowAlignedPadding,
};

enum class GatherAxis : uint8_t { GATHER_ROW = 0, GATHER_COL = 1 };
enum class ScatterAxis : uint8_t { SCATTER_ROW = 0, SCATTER_COL = 1 };

namespace GlobalTensorDim {
constexpr int DIM_0 = 0;
constexpr int DIM_1 = 1;
constexpr int DIM_2 = 2;
constexpr int DIM_3 = 3;
constexpr int DIM_4 = 4;
constexpr int TOTAL_DIM = 5;
} // namespace GlobalTensorDim

} // namespace pto

// Host-side element type names of the CPU simulation and cost-model builds (the device compiler knows
// `half` natively; the shim's cce/cce_builtins.h already names it).
#if defined(__CPU_SIM) || defined(__COSTMODEL)
typedef _Float16 aclFloat16;
typedef half float16_t;
typedef float float32_t;
#endif
