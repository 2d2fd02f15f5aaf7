// pto/comm/pto_comm_inst.hpp -- commcheck shim of pto-isa include/pto/comm/pto_comm_inst.hpp: the
// pto::comm instructions, declarations only.
//
// Signatures follow pto-isa (signals and tensors by lvalue reference, optional trailing typed events).
// Behaviour that matters to the checker (what each one drains before or after itself) is described in
// rules/intrinsics.json, not here.
#pragma once

#include "pto/common/arch_macro.hpp"
#include "pto/common/type.hpp"
#include "pto/common/constants.hpp"
#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/comm/comm_types.hpp"
#include "pto/comm/async_common/async_types.hpp"
#include "pto/comm/async_common/async_event_impl.hpp"
#include "pto/comm/pto_comm_instr_impl.hpp"

namespace pto {
namespace comm {

// Remote write through a UB staging tile: TPUT[<AtomicType>](dst, src, stage) or (dst, src, ping, pong).
template <AtomicType atomicType = AtomicType::AtomicNone, typename GlobalDstData, typename GlobalSrcData,
          typename TileData, typename... WaitEvents>
AICORE RecordEvent TPUT(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, TileData &stagingTileData,
                        WaitEvents &...events);
template <typename GlobalDstData, typename GlobalSrcData, typename TileData, typename... WaitEvents>
AICORE RecordEvent TPUT(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, TileData &stagingTileData,
                        AtomicType atomicType, WaitEvents &...events);
template <AtomicType atomicType = AtomicType::AtomicNone, typename GlobalDstData, typename GlobalSrcData,
          typename TileData, typename... WaitEvents>
AICORE RecordEvent TPUT(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, TileData &pingTile,
                        TileData &pongTile, WaitEvents &...events);

// Remote read through a UB staging tile: TGET(dst, src, stage) or (dst, src, ping, pong).
template <typename GlobalDstData, typename GlobalSrcData, typename TileData, typename... WaitEvents>
AICORE RecordEvent TGET(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, TileData &stagingTileData,
                        WaitEvents &...events);
template <typename GlobalDstData, typename GlobalSrcData, typename TileData, typename... WaitEvents>
AICORE RecordEvent TGET(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, TileData &pingTile,
                        TileData &pongTile, WaitEvents &...events);

// Store (or atomically add) an int32_t into a signal cell. Value and op may be variables.
template <typename GlobalSignalData, typename... WaitEvents>
AICORE void TNOTIFY(GlobalSignalData &dstSignalData, int32_t value, NotifyOp op, WaitEvents &...events);

// Spin until every signal cell satisfies `cell <cmp> cmpValue`.
template <typename GlobalSignalData, typename... WaitEvents>
AICORE void TWAIT(GlobalSignalData &signalData, int32_t cmpValue, WaitCmp cmp, WaitEvents &...events);

// One probe of the same condition.
template <typename GlobalSignalData, typename... WaitEvents>
AICORE bool TTEST(GlobalSignalData &signalData, int32_t cmpValue, WaitCmp cmp, WaitEvents &...events);

// Asynchronous DMA (SDMA by default, URMA on request); drained only by AsyncEvent::Wait(session). The form
// with an explicit peer rank is pto-isa's A5 / CPU-simulation overload.
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
AICORE AsyncEvent TPUT_ASYNC(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, const AsyncSession &session,
                             WaitEvents &...events);
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
AICORE AsyncEvent TPUT_ASYNC(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, const AsyncSession &session,
                             uint32_t peer, WaitEvents &...events);
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
AICORE AsyncEvent TGET_ASYNC(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, const AsyncSession &session,
                             WaitEvents &...events);
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
AICORE AsyncEvent TGET_ASYNC(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, const AsyncSession &session,
                             uint32_t peer, WaitEvents &...events);

// Collectives over a ParallelGroup (one GlobalTensor per team rank). CollEngine::AIV (the default) moves
// the data on the calling core through the staging tile(s), TLOAD on MTE2 and TSTORE on MTE3, ending with
// set_flag/wait_flag(MTE3->MTE2) only, like TPUT/TGET: no notify, no wait, nothing the scalar unit can
// observe drained. CollEngine::CCU takes a CcuTriggerContext as first trailing argument: the core
// (optionally TSTOREs its tile into the CCU input buffer, then) rings the CKE gate, and the CCU hardware
// moves the data later. Each has a staging-tile form and a ping-pong (two staging tiles) form.

// The root (the caller) writes srcGlobalData into every rank's group tensor.
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData, typename TileData,
          typename... Args>
AICORE RecordEvent TBROADCAST(ParallelGroupType &parallelGroup, GlobalSrcData &srcGlobalData,
                              TileData &stagingTileData, Args &...args);
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData, typename TileData,
          typename... Args>
AICORE RecordEvent TBROADCAST(ParallelGroupType &parallelGroup, GlobalSrcData &srcGlobalData, TileData &pingTile,
                              TileData &pongTile, Args &...args);

// The root writes rank r's slice of srcGlobalData into rank r's group tensor.
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData, typename TileData,
          typename... Args>
AICORE RecordEvent TSCATTER(ParallelGroupType &parallelGroup, GlobalSrcData &srcGlobalData,
                            TileData &stagingTileData, Args &...args);
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalSrcData, typename TileData,
          typename... Args>
AICORE RecordEvent TSCATTER(ParallelGroupType &parallelGroup, GlobalSrcData &srcGlobalData, TileData &pingTile,
                            TileData &pongTile, Args &...args);

// The root reads every rank's group tensor and writes them, concatenated, into its local dstGlobalData.
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData, typename TileData,
          typename... Args>
AICORE RecordEvent TGATHER(ParallelGroupType &parallelGroup, GlobalDstData &dstGlobalData,
                           TileData &stagingTileData, Args &...args);
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData, typename TileData,
          typename... Args>
AICORE RecordEvent TGATHER(ParallelGroupType &parallelGroup, GlobalDstData &dstGlobalData, TileData &pingTile,
                           TileData &pongTile, Args &...args);

// The root reads every rank's group tensor, combines them with op on the vector pipe (accTileData holds
// the running result) and writes the result into its local dstGlobalData.
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData, typename TileData,
          typename... Args>
AICORE RecordEvent TREDUCE(ParallelGroupType &parallelGroup, GlobalDstData &dstGlobalData, TileData &accTileData,
                           TileData &recvTileData, ReduceOp op, Args &...args);
template <CollEngine engine = CollEngine::AIV, typename ParallelGroupType, typename GlobalDstData, typename TileData,
          typename... Args>
AICORE RecordEvent TREDUCE(ParallelGroupType &parallelGroup, GlobalDstData &dstGlobalData, TileData &accTileData,
                           TileData &pingTileData, TileData &pongTileData, ReduceOp op, Args &...args);

} // namespace comm
} // namespace pto
