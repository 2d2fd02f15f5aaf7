// pto/npu/comm/async/sdma/sdma_workspace_manager.hpp -- commcheck shim of the header's location in pto-isa before June 2026
// (8e0400f2 moved pto/npu/comm/async/ to pto/comm/async/; same namespaces and names): forwards there.
#pragma once

#include "pto/comm/async/sdma/sdma_workspace_manager.hpp"
