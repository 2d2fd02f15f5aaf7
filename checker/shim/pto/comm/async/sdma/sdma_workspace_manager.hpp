// pto/comm/async/sdma/sdma_workspace_manager.hpp -- commcheck shim of pto-isa
// include/pto/comm/async/sdma/sdma_workspace_manager.hpp: the HOST-side owner of the SDMA workspace a
// kernel's BuildAsyncSession gets as `workspace`. Host API only (pto-isa refuses it in device code).
#pragma once

#if defined(__CCE_KT_TEST__)
#error "sdma_workspace_manager.hpp is a host-only header and cannot be included in device code."
#endif

#include <cstddef>
#include <cstdint>

#include "acl/acl.h"
#include "pto/comm/async_common/sdma_constants.hpp"

namespace pto {
namespace comm {
namespace sdma {

class SdmaWorkspaceManager {
public:
    SdmaWorkspaceManager() = default;
    ~SdmaWorkspaceManager() = default;

    bool Init();
    void Finalize();
    void *GetWorkspaceAddr() const;
};

} // namespace sdma
} // namespace comm
} // namespace pto
