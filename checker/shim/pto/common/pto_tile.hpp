// pto/common/pto_tile.hpp -- commcheck shim of pto-isa include/pto/common/pto_tile.hpp: Shape, Stride,
// GlobalTensor and Tile.
//
// Class templates carry definitions (so they can be instantiated), but their member functions are
// declarations only; the checker classifies member calls as `pto::GlobalTensor::data`, `pto::Tile::...`.
#pragma once

#include "pto/common/type.hpp"
#include "pto/common/memory.hpp"
#include "pto/common/constants.hpp"

namespace pto {

constexpr int DYNAMIC = -1;

// Five extents, each static or DYNAMIC; constructors take 0..5 runtime extents.
template <int64_t N1 = DYNAMIC, int64_t N2 = DYNAMIC, int64_t N3 = DYNAMIC, int64_t N4 = DYNAMIC,
          int64_t N5 = DYNAMIC>
struct Shape {
    static constexpr int64_t staticShape[GlobalTensorDim::TOTAL_DIM] = {N1, N2, N3, N4, N5};
    AICORE Shape();
    AICORE Shape(int64_t n);
    AICORE Shape(int64_t n1, int64_t n2);
    AICORE Shape(int64_t n1, int64_t n2, int64_t n3);
    AICORE Shape(int64_t n1, int64_t n2, int64_t n3, int64_t n4);
    AICORE Shape(int64_t n1, int64_t n2, int64_t n3, int64_t n4, int64_t n5);
    int64_t shape[GlobalTensorDim::TOTAL_DIM];
};

template <int64_t SN1 = DYNAMIC, int64_t SN2 = DYNAMIC, int64_t SN3 = DYNAMIC, int64_t SN4 = DYNAMIC,
          int64_t SN5 = DYNAMIC>
struct Stride {
    static constexpr int64_t staticStride[GlobalTensorDim::TOTAL_DIM] = {SN1, SN2, SN3, SN4, SN5};
    AICORE Stride();
    AICORE Stride(int64_t n);
    AICORE Stride(int64_t n1, int64_t n2);
    AICORE Stride(int64_t n1, int64_t n2, int64_t n3);
    AICORE Stride(int64_t n1, int64_t n2, int64_t n3, int64_t n4);
    AICORE Stride(int64_t n1, int64_t n2, int64_t n3, int64_t n4, int64_t n5);
    int64_t stride[GlobalTensorDim::TOTAL_DIM];
};

// A view of GM: pointer arithmetic only, no memory access.
//
// DType is the plain element type here (pto-isa spells it `__gm__ Element_`, but a noderef attribute on a
// non-pointer type is dropped); data() and the constructor carry the __gm__ marker instead.
template <typename Element_, typename Shape_, typename Stride_, Layout Layout_ = Layout::ND>
struct GlobalTensor {
    using Shape = Shape_;
    using Stride = Stride_;
    using RawDType = Element_;
    using DType = Element_;
    static constexpr Layout layout = Layout_;

    AICORE GlobalTensor();
    AICORE GlobalTensor(__gm__ Element_ *data, const Shape &shape = Shape(), const Stride &stride = Stride());
    // Volatile or differently typed GM pointers (pto-isa itself only takes DType*).
    template <typename Ptr>
    AICORE explicit GlobalTensor(Ptr *data, const Shape &shape = Shape(), const Stride &stride = Stride());

    AICORE __gm__ Element_ *data() const;
    AICORE int64_t GetShape(int dim) const;
    AICORE int64_t GetStride(int dim) const;
    template <int dim>
    AICORE static int64_t GetShape();
    template <int dim>
    AICORE static int64_t GetStride();
};

namespace TileConfig {
constexpr int alignedSize = 32;
constexpr int fixedRowSize = 16;
constexpr int fixedColSize = 16;
constexpr int fractalABSize = 512;
constexpr int fractalCSize = 1024;
constexpr int fractalMxSize = 32;
} // namespace TileConfig

// An on-chip buffer (UB for Vec tiles). Seen with 4, 7 and 11 template arguments.
template <TileType Loc_, typename Element_, int Rows_, int Cols_, BLayout BFractal_ = BLayout::RowMajor,
          int RowValid_ = Rows_, int ColValid_ = Cols_, SLayout SFractal_ = SLayout::NoneBox,
          int SFractalSize_ = TileConfig::fractalABSize, auto PadVal_ = PadValue::Null,
          CompactMode Compact_ = CompactMode::Null>
struct Tile {
    using DType = Element_;
    static constexpr TileType Loc = Loc_;
    static constexpr int Rows = Rows_;
    static constexpr int Cols = Cols_;
    static constexpr int ValidRow = RowValid_;
    static constexpr int ValidCol = ColValid_;
    static constexpr BLayout BFractal = BFractal_;
    static constexpr SLayout SFractal = SFractal_;
    static constexpr int SFractalSize = SFractalSize_;
    static constexpr auto PadVal = PadVal_;
    static constexpr CompactMode Compact = Compact_;
    static constexpr int Numel = Rows_ * Cols_;
    static constexpr bool isRowMajor = BFractal_ == BLayout::RowMajor;
    static constexpr int RowStride = BFractal_ == BLayout::RowMajor ? Cols_ : 1;
    static constexpr int ColStride = BFractal_ == BLayout::RowMajor ? 1 : Rows_;

    AICORE Tile();
    AICORE Tile(size_t validRow, size_t validCol);
    AICORE Tile(size_t validDim);

    AICORE void SetValidShape(int64_t validRow, int64_t validCol);
    AICORE void SetValue(uint32_t offset, DType value);
    AICORE DType GetValue(uint32_t offset);
    AICORE int GetValidRow() const;
    AICORE int GetValidCol() const;
    // The tile's buffer address; assignable (`tile.data() = reinterpret_cast<__ubuf__ T *>(addr)`).
    // pto-isa types it per TileType (memory.hpp: __ubuf__, __cbuf__, __ca__, __cb__, __cc__): all
    // on-chip, never GM, which is all the checker needs to know.
    AICORE __ubuf__ DType *&data();

    int RowMaskInternal;
    int ColMaskInternal;
};

template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileLeft = Tile<TileType::Left, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                      SLayout::RowMajor, TileConfig::fractalABSize>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileRight = Tile<TileType::Right, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                       SLayout::ColMajor, TileConfig::fractalABSize>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileAcc = Tile<TileType::Acc, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                     SLayout::RowMajor, TileConfig::fractalCSize>;

// The compact forms (CompactMode::Normal: the cube packs a tile whose valid extent is smaller than
// its allocation) and the MX scale tiles of the cube's block-scaled matmul. On-chip buffers all:
// which layout each has does not matter to the checker.
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileLeftCompact = Tile<TileType::Left, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                             SLayout::RowMajor, TileConfig::fractalABSize, PadValue::Null, CompactMode::Normal>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileRightCompact = Tile<TileType::Right, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                              SLayout::ColMajor, TileConfig::fractalABSize, PadValue::Null, CompactMode::Normal>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileAccCompact = Tile<TileType::Acc, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_, ColValid_,
                            SLayout::RowMajor, TileConfig::fractalCSize, PadValue::Null, CompactMode::Normal>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileLeftScale = Tile<TileType::ScaleLeft, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_, ColValid_,
                           SLayout::RowMajor, TileConfig::fractalMxSize>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileRightScale = Tile<TileType::ScaleRight, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_,
                            ColValid_, SLayout::ColMajor, TileConfig::fractalMxSize>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileLeftScaleCompact = Tile<TileType::ScaleLeft, Element_, Rows_, Cols_, BLayout::RowMajor, RowValid_,
                                  ColValid_, SLayout::RowMajor, TileConfig::fractalMxSize, PadValue::Null,
                                  CompactMode::Normal>;
template <typename Element_, int Rows_, int Cols_, int RowValid_ = Rows_, int ColValid_ = Cols_>
using TileRightScaleCompact = Tile<TileType::ScaleRight, Element_, Rows_, Cols_, BLayout::ColMajor, RowValid_,
                                   ColValid_, SLayout::ColMajor, TileConfig::fractalMxSize, PadValue::Null,
                                   CompactMode::Normal>;

} // namespace pto
