// pto/comm/comm_types.hpp -- commcheck shim: pto::comm enums, signals, async session and event types.
#ifndef COMMCHECK_PTO_COMM_COMM_TYPES_HPP
#define COMMCHECK_PTO_COMM_COMM_TYPES_HPP

#include "pto/common/type.hpp"
#include "pto/common/pto_tile.hpp"

namespace pto {
namespace comm {

enum class NotifyOp : uint8_t {
    AtomicAdd = 0,
    Set = 1,
};

enum class WaitCmp : uint8_t {
    EQ = 0,
    NE = 1,
    GT = 2,
    GE = 3,
    LT = 4,
    LE = 5,
};

enum class ReduceOp : uint8_t {
    Sum = 0,
    Max = 1,
    Min = 2,
};

enum class DmaEngine : uint8_t {
    SDMA = 0,
    URMA = 1,
    RDMA = 2,
};

namespace sdma {
constexpr uint32_t SDMA_FLAG_LENGTH = 128U;
constexpr uint32_t UB_ALIGN_SIZE = 256U;
constexpr uint32_t SDMA_EVENT_RECORD_BYTES = 16U;
constexpr uint32_t SDMA_EVENT_SLOT_COUNT = SDMA_FLAG_LENGTH / SDMA_EVENT_RECORD_BYTES;
constexpr uint64_t kDefaultSdmaBlockBytes = 1024ULL * 1024ULL;
constexpr uint32_t kAutoChannelGroupIdx = 0xFFFFFFFFU;

// {block_bytes, comm_block_offset, queue_num}
struct SdmaBaseConfig {
    uint64_t block_bytes;
    uint64_t comm_block_offset;
    uint32_t queue_num;
};
using sdma_base_config_t = SdmaBaseConfig;
} // namespace sdma

// Filled in by BuildAsyncSession; passed to TPUT_ASYNC / TGET_ASYNC and AsyncEvent::Wait / Test.
struct AsyncSession {
    DmaEngine engine{DmaEngine::SDMA};
    uint32_t syncId{0};
    uint32_t batchSize{0};
    uint32_t peer{0};
    __gm__ uint8_t *workspace{nullptr};
};

// Returned by TPUT_ASYNC / TGET_ASYNC. Default-constructible and storable in arrays. Only Wait() drains
// the transfer; nothing drains an event implicitly.
struct AsyncEvent {
    uint64_t handle{0};
    DmaEngine engine{DmaEngine::SDMA};

    AsyncEvent() = default;
    AICORE AsyncEvent(uint64_t h, DmaEngine e);

    AICORE bool valid() const;
    AICORE bool Wait(const AsyncSession &session) const;
    AICORE bool Test(const AsyncSession &session) const;
};

// A single int32_t signal cell: comm::Signal sig(ptr).
using Signal = GlobalTensor<int32_t, Shape<1, 1, 1, 1, 1>, Stride<1, 1, 1, 1, 1>, Layout::ND>;

template <typename Element_, typename Shape_, typename Stride_, Layout Layout_ = Layout::ND>
using GlobalSignal = GlobalTensor<Element_, Shape_, Stride_, Layout_>;

// A Rows x Cols grid of signal cells: Signal2D<R, C> s(ptr) or s(ptr, rowStride).
template <int Rows, int Cols>
struct Signal2D : public GlobalTensor<int32_t, Shape<1, 1, 1, Rows, Cols>, Stride<1, 1, 1, DYNAMIC, 1>, Layout::ND> {
    AICORE Signal2D(__gm__ int32_t *ptr);
    AICORE Signal2D(__gm__ int32_t *ptr, int rowStride);
};

} // namespace comm
} // namespace pto

#endif // COMMCHECK_PTO_COMM_COMM_TYPES_HPP
