// pto/comm/pto_comm_inst.hpp -- commcheck shim: the pto::comm instructions, declarations only.
//
// Signatures follow pto-isa (signals and tensors by lvalue reference, optional trailing typed events).
// Behaviour that matters to the checker (what each one drains before or after itself) is described in
// rules/intrinsics.json, not here.
#ifndef COMMCHECK_PTO_COMM_PTO_COMM_INST_HPP
#define COMMCHECK_PTO_COMM_PTO_COMM_INST_HPP

#include "pto/common/type.hpp"
#include "pto/common/constants.hpp"
#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/comm/comm_types.hpp"

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

// Asynchronous DMA (SDMA by default, URMA on request); drained only by AsyncEvent::Wait(session).
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
AICORE AsyncEvent TPUT_ASYNC(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, const AsyncSession &session,
                             WaitEvents &...events);
template <DmaEngine engine = DmaEngine::SDMA, typename GlobalDstData, typename GlobalSrcData, typename... WaitEvents>
AICORE AsyncEvent TGET_ASYNC(GlobalDstData &dstGlobalData, GlobalSrcData &srcGlobalData, const AsyncSession &session,
                             WaitEvents &...events);

// SDMA: BuildAsyncSession(scratchTile, workspace, session[, syncId[, baseConfig[, channelGroupIdx]]]).
template <DmaEngine engine = DmaEngine::SDMA, typename ScratchTile>
AICORE bool BuildAsyncSession(ScratchTile &scratchTile, __gm__ uint8_t *workspace, AsyncSession &session,
                              uint32_t syncId = 0,
                              const sdma::SdmaBaseConfig &baseConfig = {sdma::kDefaultSdmaBlockBytes, 0, 1},
                              uint32_t channelGroupIdx = sdma::kAutoChannelGroupIdx);
// URMA: BuildAsyncSession<DmaEngine::URMA>(workspace, peer, session).
template <DmaEngine engine>
AICORE bool BuildAsyncSession(__gm__ uint8_t *workspace, uint32_t peer, AsyncSession &session);

namespace urma {
// Symmetric memory-region base address of a peer (0 when out of range).
AICORE uint64_t UrmaPeerMrBaseAddr(__gm__ uint8_t *urmaWorkspace, uint32_t peerRank);
} // namespace urma

} // namespace comm
} // namespace pto

#endif // COMMCHECK_PTO_COMM_PTO_COMM_INST_HPP
