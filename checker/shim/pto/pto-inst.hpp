// pto/pto-inst.hpp -- commcheck shim of the pto-isa umbrella header (pto-isa include/pto/pto-inst.hpp): the
// core library and pto::comm.
//
// pto-isa declares the instructions only for a device pass (__CCE_AICORE__), a CPU-simulation or a
// cost-model build; the shim declares them unconditionally. Like pto-isa, a CPU-simulation build
// (-D__CPU_SIM) also gets the host stubs of pto/common/cpu_stub.hpp.
#pragma once

#include "pto/common/type.hpp"
#if defined(__CPU_SIM)
#include "pto/common/cpu_stub.hpp"
#endif
#include "pto/common/memory.hpp"
#include "pto/common/arch_macro.hpp"
#include "pto/common/constants.hpp"
#include "pto/common/debug.h"
#include "pto/common/event.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/common/pto_instr.hpp"
#include "pto/common/arch_cce_intrinsic.hpp"
#include "pto/npu/a5/common.hpp"
#include "pto/comm/comm_types.hpp"
#include "pto/comm/pto_comm_inst.hpp"
