// pto/common/constants.hpp -- commcheck shim of pto-isa include/pto/common/constants.hpp: hardware
// constants. The mode enums (RoundMode, AtomicType, PadValue ...) are in pto/common/type.hpp, as in pto-isa.
#pragma once

#include "pto/common/type.hpp"
#include "pto/common/memory.hpp"

namespace pto {

constexpr int REPEAT_BYTE = 256;
constexpr uint64_t BLOCK_MAX_PER_REPEAT = 8;
constexpr int REPEAT_MAX = 255;
constexpr int BLOCK_BYTE_SIZE = 32;
constexpr int FIXP_BURST_UNIT_LEN = 64;
constexpr int REPEAT_STRIDE_MAX = 255;
constexpr uint32_t TMP_UB_SIZE = 8 * 1024;
constexpr uint32_t TMP_UB_OFFSET = 184 * 1024;
constexpr uint64_t MASK_LEN = 64;
constexpr int BLOCK_LEN = 16;
constexpr int CUBE_BLOCK_SIZE = 512;
constexpr int C0_SIZE_BYTE = 32;
constexpr int FRACTAL_NZ_ROW = 16;
constexpr int ACC_C0_SIZE = 16;

} // namespace pto
