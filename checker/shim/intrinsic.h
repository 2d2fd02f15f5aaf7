// intrinsic.h -- commcheck shim of the simpler/pypto kernel intrinsics (simpler
// src/<arch>/runtime/<runtime>/common/intrinsic.h): logical SPMD identity and the deferred-completion
// context. Declarations only.
// A build's own header of this name is read instead unless it is the real one (frontend/ShimStandIn.h):
// stands-in-for: runtime/*/common/intrinsic.h; declares: SPMD_LOCAL_CONTEXT_INDEX
#pragma once

#include <cstddef>
#include <cstdint>

#include "aicore_completion_mailbox_types.h"
#include "pto_task_id.h"

// The runtime header's own fallbacks for non-kernel builds (no-ops here: commcheck_predefs.h defines both).
#ifndef __gm__
#define __gm__
#endif
#ifndef __aicore__
#define __aicore__
#endif

// Slots of the kernel argument table that hold the runtime's per-task contexts.
static constexpr int32_t SPMD_LOCAL_CONTEXT_INDEX = 48;
static constexpr int32_t SPMD_GLOBAL_CONTEXT_INDEX = 49;
static constexpr int32_t PAYLOAD_LOCAL_CONTEXT_INDEX = SPMD_LOCAL_CONTEXT_INDEX;
static constexpr int32_t PAYLOAD_GLOBAL_CONTEXT_INDEX = SPMD_GLOBAL_CONTEXT_INDEX;

// Logical block index / count / sub-block id of this task (not the physical core).
int32_t get_block_idx(__gm__ int64_t *args);
int32_t get_block_num(__gm__ int64_t *args);
int32_t get_sub_block_id(__gm__ int64_t *args);

// Per-dispatch handle on the runtime's deferred-completion ingress (runtime-private GM).
struct AsyncCtx {
    volatile __gm__ uint32_t *completion_count;
    volatile __gm__ int32_t *completion_error_code;
    volatile __gm__ DeferredCompletionEntry *completion_entries;
    uint32_t completion_capacity;
    PTO2TaskId task_token;
};

// The per-dispatch context the SPMD_LOCAL_CONTEXT_INDEX slot of the argument table points to (runtime-private
// GM). Only the part the kernel-side async API reads is modelled.
struct LocalContext {
    AsyncCtx async_ctx;
};
