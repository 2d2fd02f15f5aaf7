// pto/common/event.hpp -- commcheck shim of pto-isa include/pto/common/event.hpp: typed intra-core
// dependency tokens.
#pragma once

#include "pto/common/type.hpp"

namespace pto {

enum class Op : uint16_t {
    TLOAD,
    TSTORE_VEC,
    SCALAR,
    TRESHAPE,
    VECTOR,
    TADD,
    TADDS,
    TSUB,
    TMUL,
    TMULS,
    TDIV,
    TDIVS,
    TMIN,
    TMINS,
    TMAX,
    TAND,
    TOR,
    TSEL,
    TEXP,
    TSELS,
    TSQRT,
    TRSQRT,
    TEXPANDS,
    TPARTADD,
    TPARTMAX,
    TPARTMIN,
    TCMPS,
    TMRGSORT,
    TSORT32,
    TCI,
    TGATHER,
    TGATHERB,
    TCVT,
    TROWSUM,
    TROWMAX,
    TROWMIN,
    TROWEXPAND,
    TCOLSUM,
    TCOLMAX,
    TCOLMIN,
    TTRANS,
    TMOV_V2V,
    TMOV_V2M,
    TEXTRACT_V2M,
    TMOV_M2B,
    TMOV_M2L,
    TMOV_M2R,
    TMOV_M2S,
    TMOV_A2V,
    TMOV_A2M,
    TSTORE_ACC,
    TSTORE_MAT,
    TMATMUL,
    TMATMUL_MX,
    TEXTRACT_M2LR,
    TLRELU,
    TAXPY,
    TFILLPAD,
    OP_COUNT,
};

// What every tile instruction returns; converts to any Event<From, To>.
struct RecordEvent {};

// A typed token ordering the pipe of op From before the pipe of op To (a set_flag/wait_flag pair between
// two non-scalar pipes in pto-isa). Wait() never blocks the scalar unit.
template <Op SrcOp, Op DstOp, bool AutoToken = true, event_t EventID = EVENT_ID0>
struct Event {
    AICORE Event();
    AICORE Event(const RecordEvent &recorded);
    AICORE void Wait();
};

// set_flag(SrcPipe, DstPipe, set) immediately followed by wait_flag(SrcPipe, DstPipe, wait); the pipes are
// template arguments ("template:N" roles in the catalogue).
template <pipe_t SrcPipe, pipe_t DstPipe>
AICORE void PtoSetWaitFlag(event_t setEventId = EVENT_ID0, event_t waitEventId = EVENT_ID0);

} // namespace pto
