// pto/comm/async_common/ccu_trigger.hpp -- commcheck shim of pto-isa include/pto/comm/async_common/ccu_trigger.hpp:
// the CKE gate trigger every CollEngine::CCU collective ends in. Declarations only.
//
// Ringing the gate is one scalar store of (mask | kCkeValidBit) into the CCU gate slot, bracketed by
// whole-cache dccis and followed by dsb(DSB_DDR) and pipe_barrier(PIPE_ALL). It lets the CCU hardware go:
// from then on the CCU reads and writes GM of this and other ranks, which the core cannot drain. The
// catalogue therefore describes each of these as a call that may notify and touch any GM.
#pragma once

#include <cstdint>

#include "pto/common/type.hpp"
#include "pto/comm/comm_types.hpp"

namespace pto {
namespace comm {

// Set in a gate slot entry that is armed; the CCU clears it when the trigger has fired.
static constexpr uint64_t kCkeValidBit = 1ULL << 63;

// Rings the gate at ckeSlotVA with mask. The UB scratch pointer is unused.
AICORE void CkeTrigger(uint64_t ckeSlotVA, uint32_t mask, __ubuf__ uint8_t *ubScratch);

// CkeTrigger with the tile's UB address as scratch.
template <typename TileData>
AICORE void CkeTriggerFromTile(uint64_t ckeSlotVA, uint32_t mask, TileData &tile);

// Waits for the events; with ctx.inputSource == AivStored first TSTOREs tileData into
// parallelGroup[ctx.selfIdx] (then pipe_barrier(PIPE_MTE3)); then rings the gate. TREDUCE/TGATHER on CCU.
template <typename ParallelGroupType, typename TileData, typename... WaitEvents>
AICORE void CcuStoreTriggerSelf(ParallelGroupType &parallelGroup, TileData &tileData, const CcuTriggerContext &ctx,
                                WaitEvents &...events);

// As CcuStoreTriggerSelf, but the AivStored TSTORE goes to srcGlobalData and only on the root
// (ctx.selfIdx == parallelGroup.GetRootIdx()). TSCATTER/TBROADCAST on CCU.
template <typename ParallelGroupType, typename GlobalSrcData, typename TileData, typename... WaitEvents>
AICORE void CcuStoreTriggerRoot(ParallelGroupType &parallelGroup, GlobalSrcData &srcGlobalData, TileData &tileData,
                                const CcuTriggerContext &ctx, WaitEvents &...events);

} // namespace comm
} // namespace pto
