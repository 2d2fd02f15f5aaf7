// pto/comm/async/urma/urma_workspace_manager.hpp -- commcheck shim of pto-isa
// include/pto/comm/async/urma/urma_workspace_manager.hpp: the HOST-side owner of the URMA workspace (the
// table UrmaPeerMrBaseAddr and BuildAsyncSession<DmaEngine::URMA> read). Host API only.
#pragma once

#if defined(__CCE_KT_TEST__)
#error "urma_workspace_manager.hpp is a host-only header and cannot be included in device code."
#endif

#include <cstdint>

#include "acl/acl.h"
#include "hccl/hccl.h"
#include "hccl/hccl_types.h"

namespace pto {
namespace comm {
namespace urma {

// From April to June 2026 the host passed its own cross-rank exchange (urma_workspace_helpers.hpp) and the
// device id; HCCL's communicator replaced both.
struct UrmaBootstrapHandle {
    int (*allgather)(const void *sendbuf, void *recvbuf, int size, void *ctx);
    int (*barrier)(void *ctx);
    void *ctx;
};

class UrmaWorkspaceManager {
public:
    UrmaWorkspaceManager() = default;
    ~UrmaWorkspaceManager() = default;

    bool Init(HcclComm comm, uint32_t rankId, uint32_t rankCount, void *symmetricAddr, uint64_t symmetricSize);
    bool Init(uint32_t deviceId, uint32_t rankId, uint32_t rankCount, void *symmetricAddr, uint64_t symmetricSize,
              const UrmaBootstrapHandle &bootstrap);
    void Finalize();
    void *GetWorkspaceAddr() const;
    uint64_t PeerBaseAddr(uint32_t peer) const;
};

} // namespace urma
} // namespace comm
} // namespace pto
