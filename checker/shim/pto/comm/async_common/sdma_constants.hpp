// pto/comm/async_common/sdma_constants.hpp -- commcheck shim of pto-isa
// include/pto/comm/async_common/sdma_constants.hpp: the SDMA workspace sizes host and device agree on.
#pragma once

#include <cstdint>

namespace pto {
namespace comm {
namespace sdma {

constexpr uint32_t kSdmaContextWorkspaceBytes = 16U * 1024U;
constexpr uint32_t kSdmaFlagPayloadBytesPerGroup = 512U;
constexpr uint32_t kSdmaMaxChannelGroups = 48U;
constexpr uint32_t kSdmaWorkspaceBytes = kSdmaContextWorkspaceBytes + kSdmaMaxChannelGroups * kSdmaFlagPayloadBytesPerGroup;

} // namespace sdma
} // namespace comm
} // namespace pto
