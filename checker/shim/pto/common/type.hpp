// pto/common/type.hpp -- commcheck shim of the pto-isa base macros and small enums.
#ifndef COMMCHECK_PTO_COMMON_TYPE_HPP
#define COMMCHECK_PTO_COMMON_TYPE_HPP

#include <cstddef>
#include <cstdint>

#include "cce/cce_builtins.h"

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
#ifndef PTO_ASSERT
#define PTO_ASSERT(...) ((void)0)
#endif
#ifndef PTO_CPU_ASSERT
#define PTO_CPU_ASSERT(...) ((void)0)
#endif
#ifndef PTO_STATIC_ASSERT
#define PTO_STATIC_ASSERT(...) static_assert(true, "")
#endif

namespace pto {

namespace GlobalTensorDim {
constexpr int DIM_0 = 0;
constexpr int DIM_1 = 1;
constexpr int DIM_2 = 2;
constexpr int DIM_3 = 3;
constexpr int DIM_4 = 4;
constexpr int TOTAL_DIM = 5;
} // namespace GlobalTensorDim

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

enum class SyncAllMode : uint8_t {
    Hard = 0,
    Soft = 1,
};

enum class SyncCoreType : uint8_t {
    AIVOnly = 0,
    AICOnly = 1,
    Mix = 2,
};

// Words of GM workspace one soft-SYNCALL counter occupies (one 64-byte cache line), and int32_t slots per
// participating core in the soft-SYNCALL workspace / UB scratch tile.
constexpr int32_t SYNCALL_SOFT_WORKSPACE_INT32 = 16;
constexpr int32_t SYNCALL_SOFT_SLOT_INT32 = 8;

} // namespace pto

#endif // COMMCHECK_PTO_COMMON_TYPE_HPP
