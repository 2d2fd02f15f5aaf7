// aicore_completion_mailbox_types.h -- commcheck shim of the simpler/pypto runtime's completion mailbox
// types (simpler src/<arch>/runtime/<runtime>/runtime/aicore_completion_mailbox_types.h), which the
// runtime's intrinsic.h includes: the entry a task writes for each deferred-completion condition. Data only.
// A build's own header of this name is read instead unless it is the real one (frontend/ShimStandIn.h):
// stands-in-for: runtime/*/runtime/aicore_completion_mailbox_types.h; declares: DeferredCompletionEntry
#pragma once

#include <cstdint>

// One registered deferred-completion condition (runtime-private GM).
struct DeferredCompletionEntry {
    uint64_t addr;
    uint64_t backend_cookie;
    uint32_t expected_value;
    uint32_t engine;
    int32_t completion_type;
    uint32_t _pad;
};
