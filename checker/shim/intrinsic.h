// intrinsic.h -- commcheck shim of the simpler/pypto kernel intrinsics: logical SPMD identity and the
// deferred-completion context. Declarations only.
#ifndef COMMCHECK_INTRINSIC_H
#define COMMCHECK_INTRINSIC_H

#include <cstddef>
#include <cstdint>

#include "cce/cce_builtins.h"

#ifndef __aicore__
#define __aicore__
#endif

// Logical block index / count / sub-block id of this task (not the physical core).
int32_t get_block_idx(__gm__ int64_t *args);
int32_t get_block_num(__gm__ int64_t *args);
int32_t get_sub_block_id(__gm__ int64_t *args);

struct DeferredCompletionEntry {
    uint64_t addr;
    uint32_t expected_value;
    uint32_t engine;
    int32_t completion_type;
    int32_t _pad;
};

struct TaskToken {
    uint64_t raw;
};

// Per-dispatch handle on the runtime's deferred-completion ingress (runtime-private GM).
struct AsyncCtx {
    volatile __gm__ uint32_t *completion_count;
    volatile __gm__ int32_t *completion_error_code;
    volatile __gm__ DeferredCompletionEntry *completion_entries;
    uint32_t completion_capacity;
    TaskToken task_token;
};

#endif // COMMCHECK_INTRINSIC_H
