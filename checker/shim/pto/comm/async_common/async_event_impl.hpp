// pto/comm/async_common/async_event_impl.hpp -- commcheck shim of pto-isa
// include/pto/comm/async_common/async_event_impl.hpp: the session builders. Declarations only; what they
// do is described in rules/intrinsics.json (pto::comm::BuildAsyncSession).
#pragma once

#include "pto/comm/comm_types.hpp"
#include "pto/comm/async_common/async_types.hpp"
#ifdef PTO_URMA_SUPPORTED
#include "pto/comm/async/urma/urma_async_intrin.hpp"
#endif

namespace pto {
namespace comm {

// SDMA: BuildAsyncSession(scratchTile, workspace, session[, syncId[, baseConfig[, channelGroupIdx]]]).
template <DmaEngine engine = DmaEngine::SDMA, typename ScratchTile>
AICORE bool BuildAsyncSession(ScratchTile &scratchTile, __gm__ uint8_t *workspace, AsyncSession &session,
                              uint32_t syncId = 0,
                              const sdma::SdmaBaseConfig &baseConfig = {sdma::kDefaultSdmaBlockBytes, 0, 1},
                              uint32_t channelGroupIdx = sdma::kAutoChannelGroupIdx);

#ifdef PTO_URMA_SUPPORTED
// URMA (Ascend950, PTO_URMA_SUPPORTED): BuildAsyncSession<DmaEngine::URMA>(workspace[, destRankId], session).
template <DmaEngine engine>
AICORE bool BuildAsyncSession(__gm__ uint8_t *workspace, AsyncSession &session);
template <DmaEngine engine>
AICORE bool BuildAsyncSession(__gm__ uint8_t *workspace, uint32_t destRankId, AsyncSession &session);
#endif

} // namespace comm
} // namespace pto
