// pto/common/memory.hpp -- commcheck shim: tile locations and box layouts.
#ifndef COMMCHECK_PTO_COMMON_MEMORY_HPP
#define COMMCHECK_PTO_COMMON_MEMORY_HPP

#include "pto/common/type.hpp"

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
};

enum class BLayout {
    RowMajor,
    ColMajor,
};

enum class SLayout {
    NoneBox,
    RowMajor,
    ColMajor,
};

} // namespace pto

#endif // COMMCHECK_PTO_COMMON_MEMORY_HPP
