// pto/comm/rdma_backend.hpp -- commcheck shim of pto-isa include/pto/comm/rdma_backend.hpp: which RDMA
// NIC implementation a binary was built for.
#pragma once

#include <cstdint>

namespace pto {
namespace comm {

enum class RdmaBackend : uint32_t {
    NONE = 0,
    HNS_1825 = 1,
};

} // namespace comm
} // namespace pto
