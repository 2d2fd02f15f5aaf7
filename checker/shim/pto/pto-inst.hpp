// pto/pto-inst.hpp -- commcheck shim of the pto-isa umbrella header: the core library and pto::comm.
#ifndef COMMCHECK_PTO_PTO_INST_HPP
#define COMMCHECK_PTO_PTO_INST_HPP

#include "pto/common/type.hpp"
#include "pto/common/constants.hpp"
#include "pto/common/memory.hpp"
#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/common/pto_instr.hpp"
#include "pto/comm/comm_types.hpp"
#include "pto/comm/pto_comm_inst.hpp"

// Kernels usually define this themselves before including pto-inst.hpp; the CCE toolchain's PIPE_FIX is 10.
#ifndef PIPE_FIX
#define PIPE_FIX static_cast<pipe_t>(10)
#endif

#endif // COMMCHECK_PTO_PTO_INST_HPP
