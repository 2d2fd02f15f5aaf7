// pto/common/constants.hpp -- commcheck shim: pto-isa mode enums and constants.
#ifndef COMMCHECK_PTO_COMMON_CONSTANTS_HPP
#define COMMCHECK_PTO_COMMON_CONSTANTS_HPP

#include "pto/common/type.hpp"
#include "pto/common/memory.hpp"

namespace pto {

constexpr int REPEAT_BYTE = 256;
constexpr int REPEAT_MAX = 255;
constexpr int BLOCK_BYTE_SIZE = 32;
constexpr int BLOCK_LEN = 16;
constexpr int C0_SIZE_BYTE = 32;
constexpr uint64_t MASK_LEN = 64;

enum class RoundMode : uint8_t {
    CAST_NONE = 0,
    CAST_RINT = 1,
    CAST_ROUND = 2,
    CAST_FLOOR = 3,
    CAST_CEIL = 4,
    CAST_TRUNC = 5,
    CAST_ODD = 6,
};

enum class SaturationMode : uint8_t {
    ON = 0,
    OFF = 1,
};

enum class TCopyMode : uint8_t {
    SHALLOW_COPY = 0,
    DEEP_COPY = 1,
};

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

enum class PadValue {
    Null,
    Zero,
    Max,
    Min,
};

enum class CompactMode {
    Null,
    Normal,
};

} // namespace pto

#endif // COMMCHECK_PTO_COMMON_CONSTANTS_HPP
