// pto/comm/comm_types.hpp -- commcheck shim of pto-isa include/pto/comm/comm_types.hpp: pto::comm enums,
// the collectives' ParallelGroup and CCU trigger context, signals and the async event handle.
#pragma once

#include <cstdint>

#include "pto/common/debug.h"
#include "pto/common/type.hpp"
#include "pto/common/pto_tile.hpp"
#include "pto/comm/rdma_backend.hpp"

namespace pto {
namespace comm {

// The GlobalTensor views (one per team rank, usually each rank's symmetric buffer) a collective works on:
// ParallelGroup<G> pg(tensors, nranks, rootIdx) or ParallelGroup<G>::Create(...). Bookkeeping only: the
// group neither owns nor touches the tensors' GM. rootIdx is the root's index in the group (the same on
// every rank), not the caller's own rank.
template <typename GlobalData>
struct ParallelGroup {
    using value_type = GlobalData;

    GlobalData *tensors{nullptr};
    int nranks{0};
    int rootIdx{-1};

    constexpr ParallelGroup() = default;
    AICORE ParallelGroup(GlobalData *tensorArray, int size, int root);

    AICORE static ParallelGroup Create(GlobalData *tensorArray, int size, int rootIdx);

    AICORE int GetRootIdx() const;
    AICORE int GetSize() const;
    AICORE bool empty() const;

    AICORE GlobalData &operator[](int teamRank);
    AICORE const GlobalData &operator[](int teamRank) const;
};

// ParallelGroupTraits<ParallelGroup<G>>::GlobalDataType is G.
template <typename T>
struct ParallelGroupTraits;

template <typename GlobalData>
struct ParallelGroupTraits<ParallelGroup<GlobalData>> {
    using GlobalDataType = GlobalData;
};

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

// Backend of a collective: AIV (tile-based TLOAD/TSTORE on the calling core, the default) or CCU (the
// core only rings a CKE gate; the CCU hardware moves the data).
enum class CollEngine : uint8_t {
    AIV = 0,
    CCU = 1,
};

// Who writes the CCU's input buffer: the host before the launch (HostManaged), or the collective itself,
// which TSTOREs the given tile into it before ringing the gate (AivStored).
enum class CcuInputSource : uint8_t {
    HostManaged = 0,
    AivStored = 1,
};

// Passed from the host to a CCU-engine collective (its first trailing argument): the CKE gate slot to
// ring and the mask to write there.
struct CcuTriggerContext {
    uint64_t ckeSlotVA{0};
    uint32_t mask{0};
    uint32_t selfIdx{0};
    CcuInputSource inputSource{CcuInputSource::HostManaged};
};

struct AsyncSession;

// Returned by TPUT_ASYNC / TGET_ASYNC. Default-constructible and storable in arrays. Only Wait() drains
// the transfer; nothing drains an event implicitly.
struct AsyncEvent {
    uint64_t handle{0};
    DmaEngine engine{DmaEngine::SDMA};

    constexpr AsyncEvent() = default;
    constexpr AsyncEvent(uint64_t h, DmaEngine e) : handle(h), engine(e) {}

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
