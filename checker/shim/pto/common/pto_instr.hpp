// pto/common/pto_instr.hpp -- commcheck shim: the pto tile instructions, declarations only.
//
// Memory instructions (TLOAD, TSTORE, TSTORE_IMPL) and TASSIGN have pto-isa's signatures. The compute
// instructions are declared through COMMCHECK_PTO_TILE_OP, which accepts any arguments and any explicit
// template arguments (types, then values), because their exact operand shapes do not matter to the
// checker and vary between pto-isa versions. Every name here has an entry in rules/intrinsics.json.
#ifndef COMMCHECK_PTO_COMMON_PTO_INSTR_HPP
#define COMMCHECK_PTO_COMMON_PTO_INSTR_HPP

#include "pto/common/type.hpp"
#include "pto/common/constants.hpp"
#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"

namespace pto {

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
#define COMMCHECK_PTO_TILE_OP(NAME)                                                                          \
    template <typename... ExplicitTypes, typename... Args>                                                   \
    AICORE RecordEvent NAME(Args &&...args);

// As above, and also explicit template arguments that are up to three types followed by values, for the
// ops pto-isa declares with non-type template parameters (OP<PadValue::Zero>, OP<Dst, Src, Mode>, ...).
// Kept to those ops: every extra overload costs parse time in every translation unit.
#define COMMCHECK_PTO_TILE_OP_NTTP(NAME)                                                                     \
    COMMCHECK_PTO_TILE_OP(NAME)                                                                              \
    template <auto V0, auto... Vs, typename... Args>                                                         \
    AICORE RecordEvent NAME(Args &&...args);                                                                 \
    template <typename T0, auto V1, auto... Vs, typename... Args>                                            \
    AICORE RecordEvent NAME(Args &&...args);                                                                 \
    template <typename T0, typename T1, auto V2, auto... Vs, typename... Args>                               \
    AICORE RecordEvent NAME(Args &&...args);                                                                 \
    template <typename T0, typename T1, typename T2, auto V3, auto... Vs, typename... Args>                  \
    AICORE RecordEvent NAME(Args &&...args);

// Vector pipe (PIPE_V).
COMMCHECK_PTO_TILE_OP(TADD)
COMMCHECK_PTO_TILE_OP(TADDS)
COMMCHECK_PTO_TILE_OP(TADDC)
COMMCHECK_PTO_TILE_OP(TADDSC)
COMMCHECK_PTO_TILE_OP(TSUB)
COMMCHECK_PTO_TILE_OP(TSUBS)
COMMCHECK_PTO_TILE_OP(TSUBC)
COMMCHECK_PTO_TILE_OP(TSUBSC)
COMMCHECK_PTO_TILE_OP(TMUL)
COMMCHECK_PTO_TILE_OP(TMULS)
COMMCHECK_PTO_TILE_OP(TDIV)
COMMCHECK_PTO_TILE_OP(TDIVS)
COMMCHECK_PTO_TILE_OP(TREMS)
COMMCHECK_PTO_TILE_OP(TMIN)
COMMCHECK_PTO_TILE_OP(TMINS)
COMMCHECK_PTO_TILE_OP(TMAX)
COMMCHECK_PTO_TILE_OP(TMAXS)
COMMCHECK_PTO_TILE_OP(TABS)
COMMCHECK_PTO_TILE_OP(TNEG)
COMMCHECK_PTO_TILE_OP(TAND)
COMMCHECK_PTO_TILE_OP(TANDS)
COMMCHECK_PTO_TILE_OP(TOR)
COMMCHECK_PTO_TILE_OP(TORS)
COMMCHECK_PTO_TILE_OP(TXOR)
COMMCHECK_PTO_TILE_OP(TXORS)
COMMCHECK_PTO_TILE_OP(TNOT)
COMMCHECK_PTO_TILE_OP(TSHL)
COMMCHECK_PTO_TILE_OP(TSHR)
COMMCHECK_PTO_TILE_OP(TEXP)
COMMCHECK_PTO_TILE_OP(TLOG)
COMMCHECK_PTO_TILE_OP(TSQRT)
COMMCHECK_PTO_TILE_OP(TRSQRT)
COMMCHECK_PTO_TILE_OP(TRECIP)
COMMCHECK_PTO_TILE_OP(TRELU)
COMMCHECK_PTO_TILE_OP(TPRELU)
COMMCHECK_PTO_TILE_OP(TLRELU)
COMMCHECK_PTO_TILE_OP(TAXPY)
COMMCHECK_PTO_TILE_OP(TEXPANDS)
COMMCHECK_PTO_TILE_OP(TCMP)
COMMCHECK_PTO_TILE_OP_NTTP(TCMPS)
COMMCHECK_PTO_TILE_OP(TSEL)
COMMCHECK_PTO_TILE_OP(TSELS)
COMMCHECK_PTO_TILE_OP_NTTP(TCVT)
COMMCHECK_PTO_TILE_OP(TROWSUM)
COMMCHECK_PTO_TILE_OP(TROWMAX)
COMMCHECK_PTO_TILE_OP(TROWMIN)
COMMCHECK_PTO_TILE_OP_NTTP(TROWEXPAND)
COMMCHECK_PTO_TILE_OP(TROWEXPANDADD)
COMMCHECK_PTO_TILE_OP(TROWEXPANDSUB)
COMMCHECK_PTO_TILE_OP(TROWEXPANDMUL)
COMMCHECK_PTO_TILE_OP(TROWEXPANDDIV)
COMMCHECK_PTO_TILE_OP(TROWEXPANDMAX)
COMMCHECK_PTO_TILE_OP(TROWEXPANDMIN)
COMMCHECK_PTO_TILE_OP_NTTP(TCOLSUM)
COMMCHECK_PTO_TILE_OP(TCOLMAX)
COMMCHECK_PTO_TILE_OP(TCOLMIN)
COMMCHECK_PTO_TILE_OP(TCOLEXPAND)
COMMCHECK_PTO_TILE_OP(TPARTADD)
COMMCHECK_PTO_TILE_OP(TPARTMAX)
COMMCHECK_PTO_TILE_OP(TPARTMIN)
COMMCHECK_PTO_TILE_OP(TTRANS)
COMMCHECK_PTO_TILE_OP_NTTP(TFILLPAD)
COMMCHECK_PTO_TILE_OP_NTTP(TFILLPAD_INPLACE)
COMMCHECK_PTO_TILE_OP_NTTP(TFILLPAD_EXPAND)
COMMCHECK_PTO_TILE_OP_NTTP(TGATHER)
COMMCHECK_PTO_TILE_OP(TGATHERB)
COMMCHECK_PTO_TILE_OP_NTTP(TSCATTER)
COMMCHECK_PTO_TILE_OP_NTTP(TSORT32)
COMMCHECK_PTO_TILE_OP_NTTP(TMRGSORT)
COMMCHECK_PTO_TILE_OP_NTTP(TCI)
COMMCHECK_PTO_TILE_OP_NTTP(TTRI)
// Tile-to-tile moves: the pipe depends on the tile locations (Acc->Vec is FIX, Mat->Left/Right is MTE1).
COMMCHECK_PTO_TILE_OP_NTTP(TMOV)
COMMCHECK_PTO_TILE_OP_NTTP(TEXTRACT)
// Cube pipe (PIPE_M).
COMMCHECK_PTO_TILE_OP(TMATMUL)
COMMCHECK_PTO_TILE_OP(TMATMUL_ACC)
COMMCHECK_PTO_TILE_OP(TMATMUL_BIAS)
COMMCHECK_PTO_TILE_OP(TMATMUL_MX)
// No data movement.
COMMCHECK_PTO_TILE_OP(TRESHAPE)
COMMCHECK_PTO_TILE_OP(TPRINT)

} // namespace pto

#endif // COMMCHECK_PTO_COMMON_PTO_INSTR_HPP
