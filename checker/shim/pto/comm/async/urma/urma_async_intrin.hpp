// pto/comm/async/urma/urma_async_intrin.hpp -- commcheck shim of pto-isa
// include/pto/comm/async/urma/urma_async_intrin.hpp: the kernel-visible part of the URMA backend. As in
// pto-isa, everything is declared only when PTO_URMA_SUPPORTED (Ascend950, __NPU_ARCH__ 3510; the checker
// passes it by default).
#pragma once

#include "pto/common/arch_macro.hpp"
#include "pto/common/debug.h"
#include "pto/comm/async_common/async_types.hpp"

#ifdef PTO_URMA_SUPPORTED
namespace pto {
namespace comm {
namespace urma {

// Symmetric memory-region base address of a peer, read from the URMA workspace table.
AICORE uint64_t UrmaPeerMrBaseAddr(__gm__ uint8_t *urmaWorkspace, uint32_t peerRank);

} // namespace urma
} // namespace comm
} // namespace pto
#endif
