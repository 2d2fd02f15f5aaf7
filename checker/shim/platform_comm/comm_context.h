// platform_comm/comm_context.h -- commcheck shim of simpler's src/common/platform_comm/comm_context.h: the
// communication context ABI (1056 bytes).
//
// Read-only during a launch: the checker treats loads from it (windowsIn[...], rankId, ...) as exempt
// from the invalidate-after-wait rule. Field order matters: PTOAS kernels read the same table as a raw
// int64_t array (ctx[2] low half = rankId, ctx[4 + r] = windowsIn[r]).
#pragma once

#include <cstddef>
#include <cstdint>

static constexpr uint32_t COMM_MAX_RANK_NUM = 64;

struct CommContext {
    uint64_t workSpace;
    uint64_t workSpaceSize;

    uint32_t rankId;
    uint32_t rankNum;
    uint64_t winSize;
    uint64_t windowsIn[COMM_MAX_RANK_NUM];
    uint64_t windowsOut[COMM_MAX_RANK_NUM];
};
