// pto/comm/async/sdma/sdma_types.hpp -- commcheck shim of pto-isa
// include/pto/comm/async/sdma/sdma_types.hpp: SDMA queue constants and the GM record layouts the SDMA
// engine and the device-side poster share (SQEs, channel info, event records). Types and constants only.
#pragma once

#include <cstdint>

#include "pto/common/arch_macro.hpp"
#include "pto/comm/async_common/async_types.hpp"

namespace pto {
namespace comm {
namespace sdma {

constexpr uint64_t kRtStarsSqeTypeSdma = 11ULL;
#ifdef PTO_NPU_ARCH_A5
constexpr uint64_t kCreditTimeDefault = 254ULL;
#else
constexpr uint64_t kCreditTimeDefault = 240ULL;
#endif
constexpr uint32_t kSqDepth = 2048U;
constexpr uint32_t kSdmaMaxChannel = 48U;
constexpr uint32_t kSdmaMinTransferBytes = 64U;
constexpr uint32_t kSdmaSendWorkspaceBytes = kSdmaMaxChannel * kSdmaMinTransferBytes;

// Older spellings of the same constants.
constexpr uint64_t RT_STARS_SQE_TYPE_SDMA = kRtStarsSqeTypeSdma;
constexpr uint64_t K_CREDIT_TIME_DEFAULT = kCreditTimeDefault;
constexpr uint32_t SQ_DEPTH = kSqDepth;
constexpr uint32_t SDMA_MAX_CHAN = kSdmaMaxChannel;

// Full transfer configuration (static part: SdmaBaseConfig in async_types.hpp).
struct SdmaConfig {
    uint64_t block_bytes;
    uint64_t per_core_bytes;
    uint64_t comm_block_offset;
    uint32_t queue_num;
    uint32_t iter_num;
};
using sdma_config_t = SdmaConfig;

// Per channel group: flag-SQE staging area and post-done records.
struct WorkspaceLayout {
    __gm__ uint8_t *send_workspace;
    __gm__ uint8_t *recv_workspace;
};
using workspace_layout_t = WorkspaceLayout;

// 64-byte flag record written by a flag SQE.
struct BatchWriteFlagInfo {
    uint32_t flag;
    uint32_t totalQueueNum;
    uint8_t reserved[56];
};
using batch_write_flag_info_t = BatchWriteFlagInfo;

// 64-byte per-queue channel record (SQ/CQ ids, head/tail, register base).
struct BatchWriteChannelInfo {
    uint32_t sq_head;
    uint32_t sq_tail;
    uint64_t sq_base;
    uint64_t sq_reg_base;
    uint32_t sq_depth;
    uint32_t sq_id;
    uint32_t cq_id;
    uint32_t logic_cq_id;
    uint64_t cqe_addr;
    uint32_t report_cqe_num;
    uint32_t stream_id;
    uint32_t dev_id;
    uint8_t reserved[4];
};
using batch_write_channel_info_t = BatchWriteChannelInfo;

// One 64-byte SDMA SQE; the bit layout differs between A2/A3 and A5.
#ifdef PTO_NPU_ARCH_A5
struct BatchWriteItem {
    uint8_t type : 6;
    uint8_t lock : 1;
    uint8_t unlock : 1;
    uint8_t ie : 1;
    uint8_t preP : 1;
    uint8_t postP : 1;
    uint8_t wrCqe : 1;
    uint8_t ptrMode : 1;
    uint8_t rttMode : 1;
    uint8_t headUpdate : 1;
    uint8_t reserved0 : 1;
    uint16_t numBlocks;
    uint16_t rtStreamId;
    uint16_t taskId;
    uint32_t res1;
    uint16_t res2;
    uint8_t kernelCredit;
    uint8_t res3;
    uint32_t opcode : 8;
    uint32_t sssv : 1;
    uint32_t dssv : 1;
    uint32_t sns : 1;
    uint32_t dns : 1;
    uint32_t sro : 1;
    uint32_t dro : 1;
    uint32_t stride : 2;
    uint32_t ie2 : 1;
    uint32_t compEn : 1;
    uint32_t res4 : 14;
    uint16_t sqeId;
    uint8_t mapamPartId;
    uint8_t mpamns : 1;
    uint8_t pmg : 2;
    uint8_t qos : 4;
    uint8_t d2dOffsetFlag : 1;
    uint16_t srcStreamId;
    uint16_t srcSubStreamId;
    uint16_t dstStreamId;
    uint16_t dstSubStreamId;
    uint32_t srcAddrLow;
    uint32_t srcAddrHigh;
    uint32_t dstAddrLow;
    uint32_t dstAddrHigh;
    uint32_t lengthMove;
    uint32_t srcOffsetLow;
    uint32_t dstOffsetLow;
    uint16_t srcOffsetHigh;
    uint16_t dstOffsetHigh;
};
#else
struct BatchWriteItem {
    uint8_t type : 6;
    uint16_t res1 : 10;
    uint16_t blockDim;
    uint16_t rtStreamId;
    uint16_t taskId;
    uint32_t res3;
    uint16_t res4;
    uint8_t kernel_credit;
    uint8_t ptr_mode : 1;
    uint8_t res5 : 7;
    uint32_t opcode : 8;
    uint32_t ie2 : 1;
    uint32_t sssv : 1;
    uint32_t dssv : 1;
    uint32_t sns : 1;
    uint32_t dns : 1;
    uint32_t qos : 4;
    uint32_t sro : 1;
    uint32_t dro : 1;
    uint32_t partid : 8;
    uint32_t mpam : 1;
    uint32_t res6 : 4;
    uint16_t src_streamid;
    uint16_t src_sub_streamid;
    uint16_t dst_streamid;
    uint16_t dst_sub_streamid;
    uint32_t length;
    uint32_t srcAddrLow;
    uint32_t srcAddrHigh;
    uint32_t dstAddrLow;
    uint32_t dstAddrHigh;
    uint8_t linkType;
    uint8_t reserved[3];
    uint32_t reslast[3];
};
#endif
using batch_write_item_t = BatchWriteItem;

// One slot of the per-session async event ring.
struct SdmaEventRecord {
    uint32_t flag;
    uint32_t sq_tail;
    uint64_t channel_info;
};
using sdma_event_record_t = SdmaEventRecord;

} // namespace sdma
} // namespace comm
} // namespace pto
