// pto/common/pto_instr.hpp -- commcheck shim of pto-isa include/pto/common/pto_instr.hpp: the pto tile
// instructions, declarations only.
//
// Memory instructions (TLOAD, TSTORE, TSTORE_IMPL) and TASSIGN have pto-isa's signatures. The compute
// instructions are declared through a helper macro (undefined again at the end of this file) that accepts
// any arguments and any explicit template arguments (types, then values), because their exact operand
// shapes do not matter to the checker and vary between pto-isa versions. Every name here has an entry in
// rules/intrinsics.json.
#pragma once

#include "pto/common/type.hpp"
#include "pto/common/constants.hpp"
#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/common/debug.h"

namespace pto {

// How many elements TMRGSORT consumed from each of its (up to four) source lists.
struct MrgSortExecutedNumList {
    uint16_t mrgSortList0;
    uint16_t mrgSortList1;
    uint16_t mrgSortList2;
    uint16_t mrgSortList3;
};

// Binds a tile to a UB address (literal or variable).
template <typename T, typename AddrType>
AICORE void TASSIGN(T &obj, AddrType addr);
template <size_t Addr, typename T>
AICORE void TASSIGN(T &obj);

// GM -> tile (PIPE_MTE2).
template <typename TileData, typename GlobalData, typename... WaitEvents>
AICORE RecordEvent TLOAD(TileData &dst, GlobalData &src, WaitEvents &...events);

// tile -> GM (PIPE_MTE3; PIPE_FIX for accumulator tiles). Forms: TSTORE(g, t),
// TSTORE<TileT, GlobalT, AtomicType>(g, t), TSTORE<AtomicType>(g, t), TSTORE(g, acc, preQuantScalar).
template <typename TileData, typename GlobalData, typename... WaitEvents>
AICORE RecordEvent TSTORE(GlobalData &dst, TileData &src, WaitEvents &...events);
template <typename TileData, typename GlobalData, AtomicType atomicType, typename... WaitEvents>
AICORE RecordEvent TSTORE(GlobalData &dst, TileData &src, WaitEvents &...events);
template <AtomicType atomicType, typename GlobalData, typename TileData, typename... WaitEvents>
AICORE RecordEvent TSTORE(GlobalData &dst, TileData &src, WaitEvents &...events);
template <typename TileData, typename GlobalData, AtomicType atomicType = AtomicType::AtomicNone,
          ReluPreMode reluPreMode = ReluPreMode::NoRelu, typename... WaitEvents>
AICORE RecordEvent TSTORE(GlobalData &dst, TileData &src, uint64_t preQuantScalar, WaitEvents &...events);

// An accumulator tile -> GM through the fixpipe, with a tile of per-channel fixpipe parameters
// (quantisation scales) applied on the way: TSTORE_FP<TileT, GlobalT, FpTileT[, AtomicType]>(g, acc, fp).
template <typename TileData, typename GlobalData, typename FpTileData, AtomicType atomicType = AtomicType::AtomicNone,
          ReluPreMode reluPreMode = ReluPreMode::NoRelu, typename... WaitEvents>
AICORE RecordEvent TSTORE_FP(GlobalData &dst, TileData &src, FpTileData &fp, WaitEvents &...events);
// The implementation entry some kernels call directly (gemm_ar: atomic-add store to a remote address).
template <typename TileData, typename GlobalData, AtomicType atomicType = AtomicType::AtomicNone>
AICORE void TSTORE_IMPL(GlobalData &dst, TileData &src);

// Waits on typed events (TSYNC(ev...)) or on an op's pipe (TSYNC<Op>()).
template <Op OpCode>
AICORE void TSYNC();
template <typename... WaitEvents>
AICORE void TSYNC(WaitEvents &...events);

// Intra-chip cross-core barrier. SYNCALL<SyncAllMode::Soft>(gmWorkspace[, usedCores]).
template <SyncCoreType CoreType = SyncCoreType::AIVOnly>
AICORE void SYNCALL();
template <SyncAllMode Mode, SyncCoreType CoreType = SyncCoreType::AIVOnly, typename GlobalData>
AICORE void SYNCALL(GlobalData &gmWorkspace, int32_t usedCores = 0);
template <SyncAllMode Mode, SyncCoreType CoreType = SyncCoreType::AIVOnly, typename GlobalData, typename TileData>
AICORE void SYNCALL(GlobalData &gmWorkspace, TileData &scratch, int32_t usedCores = 0);

// Any arguments, and explicit template arguments that are all types (OP<TileT, GlobalT>(...)).
#define __commcheck_tile_op(NAME)                                                                            \
    template <typename... ExplicitTypes, typename... Args>                                                   \
    AICORE RecordEvent NAME(Args &&...args);

// As above, and also explicit template arguments that are up to three types followed by values, for the
// ops pto-isa declares with non-type template parameters (OP<PadValue::Zero>, OP<Dst, Src, Mode>, ...).
// Kept to those ops: every extra overload costs parse time in every translation unit.
#define __commcheck_tile_op_nttp(NAME)                                                                       \
    __commcheck_tile_op(NAME)                                                                                \
    template <auto V0, auto... Vs, typename... Args>                                                         \
    AICORE RecordEvent NAME(Args &&...args);                                                                 \
    template <typename T0, auto V1, auto... Vs, typename... Args>                                            \
    AICORE RecordEvent NAME(Args &&...args);                                                                 \
    template <typename T0, typename T1, auto V2, auto... Vs, typename... Args>                               \
    AICORE RecordEvent NAME(Args &&...args);                                                                 \
    template <typename T0, typename T1, typename T2, auto V3, auto... Vs, typename... Args>                  \
    AICORE RecordEvent NAME(Args &&...args);

// Vector pipe (PIPE_V).
__commcheck_tile_op(TADD)
__commcheck_tile_op(TADDS)
__commcheck_tile_op(TADDC)
__commcheck_tile_op(TADDSC)
__commcheck_tile_op(TSUB)
__commcheck_tile_op(TSUBS)
__commcheck_tile_op(TSUBC)
__commcheck_tile_op(TSUBSC)
__commcheck_tile_op(TMUL)
__commcheck_tile_op(TMULS)
__commcheck_tile_op(TDIV)
__commcheck_tile_op(TDIVS)
__commcheck_tile_op(TREMS)
__commcheck_tile_op(TMIN)
__commcheck_tile_op(TMINS)
__commcheck_tile_op(TMAX)
__commcheck_tile_op(TMAXS)
__commcheck_tile_op(TABS)
__commcheck_tile_op(TNEG)
__commcheck_tile_op(TAND)
__commcheck_tile_op(TANDS)
__commcheck_tile_op(TOR)
__commcheck_tile_op(TORS)
__commcheck_tile_op(TXOR)
__commcheck_tile_op(TXORS)
__commcheck_tile_op(TNOT)
__commcheck_tile_op(TSHL)
__commcheck_tile_op(TSHR)
__commcheck_tile_op(TEXP)
__commcheck_tile_op(TLOG)
__commcheck_tile_op(TSQRT)
__commcheck_tile_op(TRSQRT)
__commcheck_tile_op(TRECIP)
__commcheck_tile_op(TRELU)
__commcheck_tile_op(TPRELU)
__commcheck_tile_op(TLRELU)
__commcheck_tile_op(TAXPY)
__commcheck_tile_op(TEXPANDS)
__commcheck_tile_op(TCMP)
__commcheck_tile_op_nttp(TCMPS)
__commcheck_tile_op(TSEL)
__commcheck_tile_op(TSELS)
__commcheck_tile_op_nttp(TCVT)
__commcheck_tile_op(TROWSUM)
__commcheck_tile_op(TROWMAX)
__commcheck_tile_op(TROWMIN)
__commcheck_tile_op_nttp(TROWEXPAND)
__commcheck_tile_op(TROWEXPANDADD)
__commcheck_tile_op(TROWEXPANDSUB)
__commcheck_tile_op(TROWEXPANDMUL)
__commcheck_tile_op(TROWEXPANDDIV)
__commcheck_tile_op(TROWEXPANDMAX)
__commcheck_tile_op(TROWEXPANDMIN)
__commcheck_tile_op_nttp(TCOLSUM)
__commcheck_tile_op(TCOLMAX)
__commcheck_tile_op(TCOLMIN)
__commcheck_tile_op(TCOLEXPAND)
__commcheck_tile_op(TPARTADD)
__commcheck_tile_op(TPARTMAX)
__commcheck_tile_op(TPARTMIN)
__commcheck_tile_op(TTRANS)
__commcheck_tile_op_nttp(TFILLPAD)
__commcheck_tile_op_nttp(TFILLPAD_INPLACE)
__commcheck_tile_op_nttp(TFILLPAD_EXPAND)
__commcheck_tile_op_nttp(TGATHER)
__commcheck_tile_op(TGATHERB)
__commcheck_tile_op_nttp(TSCATTER)
__commcheck_tile_op_nttp(TSORT32)
__commcheck_tile_op_nttp(TMRGSORT)
// Merge sort of two to four sorted lists, with the per-list consumed counts: TMRGSORT<Dst, Tmp, Src0, Src1
// [, Src2[, Src3]], exhausted>(dst, executedNumList, tmp, src0, src1[, src2[, src3]]).
template <typename DstTileData, typename TmpTileData, typename Src0TileData, typename Src1TileData, bool exhausted,
          typename... WaitEvents>
AICORE RecordEvent TMRGSORT(DstTileData &dst, MrgSortExecutedNumList &executedNumList, TmpTileData &tmp,
                            Src0TileData &src0, Src1TileData &src1, WaitEvents &...events);
template <typename DstTileData, typename TmpTileData, typename Src0TileData, typename Src1TileData,
          typename Src2TileData, bool exhausted, typename... WaitEvents>
AICORE RecordEvent TMRGSORT(DstTileData &dst, MrgSortExecutedNumList &executedNumList, TmpTileData &tmp,
                            Src0TileData &src0, Src1TileData &src1, Src2TileData &src2, WaitEvents &...events);
template <typename DstTileData, typename TmpTileData, typename Src0TileData, typename Src1TileData,
          typename Src2TileData, typename Src3TileData, bool exhausted, typename... WaitEvents>
AICORE RecordEvent TMRGSORT(DstTileData &dst, MrgSortExecutedNumList &executedNumList, TmpTileData &tmp,
                            Src0TileData &src0, Src1TileData &src1, Src2TileData &src2, Src3TileData &src3,
                            WaitEvents &...events);
__commcheck_tile_op_nttp(TCI)
__commcheck_tile_op_nttp(TTRI)
// Tile-to-tile moves: the pipe depends on the tile locations (Acc->Vec is FIX, Mat->Left/Right is MTE1).
__commcheck_tile_op_nttp(TMOV)
__commcheck_tile_op_nttp(TEXTRACT)
// Cube pipe (PIPE_M).
__commcheck_tile_op(TMATMUL)
__commcheck_tile_op(TMATMUL_ACC)
__commcheck_tile_op(TMATMUL_BIAS)
__commcheck_tile_op(TMATMUL_MX)
// No data movement.
__commcheck_tile_op(TRESHAPE)
__commcheck_tile_op(TPRINT)

// pto-isa until March 2026 (672ee54c): TTEST was pto::TTEST with a CmpMode (common/pto_instr.hpp, the CPU
// simulation's cpu/TTest.hpp); the same one probe as pto::comm::TTEST, which replaced it.
template <typename GlobalSignalData, typename... WaitEvents>
AICORE bool TTEST(GlobalSignalData &signalData, int32_t cmpValue, CmpMode cmp, WaitEvents &...events);

} // namespace pto

#undef __commcheck_tile_op_nttp
#undef __commcheck_tile_op
