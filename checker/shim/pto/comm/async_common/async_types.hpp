// pto/comm/async_common/async_types.hpp -- commcheck shim of pto-isa
// include/pto/comm/async_common/async_types.hpp: SDMA/URMA contexts and the engine-agnostic AsyncSession
// that BuildAsyncSession fills and TPUT_ASYNC / TGET_ASYNC / AsyncEvent::Wait take.
#pragma once

#include <climits>
#include <cstdint>

#include "pto/comm/async_common/sdma_constants.hpp"
#include "pto/comm/comm_types.hpp"

namespace pto {
namespace comm {
namespace sdma {

constexpr uint32_t kSdmaFlagLength = 128U;
constexpr uint32_t kUbAlignSize = 256U;
constexpr uint32_t kSdmaEventRecordBytes = 16U;
constexpr uint32_t kSdmaEventSlotCount = kSdmaFlagLength / kSdmaEventRecordBytes;
constexpr uint32_t SDMA_FLAG_LENGTH = kSdmaFlagLength;
constexpr uint32_t UB_ALIGN_SIZE = kUbAlignSize;
constexpr uint32_t SDMA_EVENT_RECORD_BYTES = kSdmaEventRecordBytes;
constexpr uint32_t SDMA_EVENT_SLOT_COUNT = kSdmaEventSlotCount;

// {block_bytes, comm_block_offset, queue_num}
struct SdmaBaseConfig {
    uint64_t block_bytes;
    uint64_t comm_block_offset;
    uint32_t queue_num;
};
using sdma_base_config_t = SdmaBaseConfig;

struct TmpBuffer {
    __ubuf__ uint8_t *addr;
    uint32_t size;
};

struct SdmaExecContext {
    __gm__ uint8_t *contextGm;
    TmpBuffer tmpBuf;
    uint32_t syncId;
    uint32_t channelGroupIdx;
    SdmaBaseConfig baseConfig;
};

struct SdmaEventContext {
    TmpBuffer tmpBuf;
    uint32_t syncId;
};

namespace detail {
constexpr uint32_t kPostStateMaxQueues = 48U;
constexpr uint32_t kFlagPayloadDepth = 64U;

// Per-session bookkeeping of posted and completed SDMA work (lives in the session, on the stack).
struct SdmaRuntimeContext {
    uint64_t nextPostId;
    uint64_t postDoneId[kPostStateMaxQueues];
    uint8_t flagPayloadQueueCount[kFlagPayloadDepth];
    uint32_t sqTail[kPostStateMaxQueues];
    uint32_t sqHead[kPostStateMaxQueues];
    uint32_t usedQueueCount;
    __gm__ uint8_t *postDoneBase;
};
} // namespace detail

struct SdmaSession {
    SdmaExecContext execCtx{};
    SdmaEventContext eventCtx{};
    mutable detail::SdmaRuntimeContext runtimeCtx{};
    bool valid{false};
};

constexpr uint32_t kAutoChannelGroupIdx = UINT32_MAX;
constexpr uint64_t kDefaultSdmaBlockBytes = 1024 * 1024;

} // namespace sdma

namespace urma {

struct UrmaExecContext {
    __gm__ uint8_t *contextGm{nullptr};
    uint32_t destRankId{0};
    uint32_t qpIdx{0};
};

struct UrmaEventContext {
    __gm__ uint8_t *contextGm{nullptr};
};

struct UrmaSession {
    UrmaExecContext execCtx{};
    UrmaEventContext eventCtx{};
    bool valid{false};
};

} // namespace urma

// Filled in by BuildAsyncSession; passed to TPUT_ASYNC / TGET_ASYNC and AsyncEvent::Wait / Test.
struct AsyncSession {
    DmaEngine engine{DmaEngine::SDMA};
    bool valid{false};

    __gm__ uint8_t *contextGm{nullptr};
    __ubuf__ uint8_t *tmpBufAddr{nullptr};
    uint32_t tmpBufSize{0};
    uint32_t syncId{0};
    uint32_t channelGroupIdx{sdma::kAutoChannelGroupIdx};
    uint64_t blockBytes{sdma::kDefaultSdmaBlockBytes};
    uint64_t commBlockOffset{0};
    uint32_t queueNum{1};

    mutable sdma::detail::SdmaRuntimeContext sdmaRuntimeCtx{};

    uint32_t destRankId{0};
    uint32_t qpIdx{0};

    RdmaBackend rdmaBackend{RdmaBackend::NONE};
    uint32_t myPe{0};
};

} // namespace comm
} // namespace pto
