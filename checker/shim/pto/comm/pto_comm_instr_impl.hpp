// pto/comm/pto_comm_instr_impl.hpp -- commcheck shim of pto-isa include/pto/comm/pto_comm_instr_impl.hpp:
// the implementation entries behind the public pto::comm instructions that some kernels (the CPU-simulation
// tests) call directly, and the CCU gate trigger the CCU collectives end in. Declarations only.
#pragma once

#include "pto/common/type.hpp"
#include "pto/comm/comm_types.hpp"
#include "pto/comm/async_common/ccu_trigger.hpp"

namespace pto {
namespace comm {

// What TNOTIFY does after waiting for its events (pto-isa comm/a2a3/TNotify.hpp; a5 re-uses it).
template <typename GlobalSignalData>
AICORE void TNOTIFY_IMPL(GlobalSignalData &dstSignalData, int32_t value, NotifyOp op);

} // namespace comm
} // namespace pto
