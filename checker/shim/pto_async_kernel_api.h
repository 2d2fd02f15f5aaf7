// pto_async_kernel_api.h -- commcheck shim of the simpler/pypto kernel-side async API (simpler
// src/<arch>/runtime/<runtime>/runtime/pto_async_kernel_api.h). Declarations only; their behaviour is
// described in rules/intrinsics.json.
// A build's own header of this name is read instead unless it is the real one (frontend/ShimStandIn.h):
// stands-in-for: runtime/*/runtime/pto_async_kernel_api.h; declares: get_async_ctx
#pragma once

#include <cstdint>

#include "pto/comm/comm_types.hpp"
#include "pto/comm/pto_comm_inst.hpp"
#include "intrinsic.h"

// Reads this dispatch's AsyncCtx out of the argument table.
AsyncCtx get_async_ctx(__gm__ int64_t *args);

// pto::comm::TNOTIFY on the int32_t cell at remote_counter_addr.
void send_notification(volatile __gm__ void *remote_counter_addr, int32_t value, pto::comm::NotifyOp notify_op);

// Registers "counter_addr reaches expected_value" as this task's completion condition.
void save_expected_notification_counter(AsyncCtx &ctx, volatile __gm__ void *counter_addr, uint32_t expected_value);

