#include "rules/ConsumeInvalidate.h"

namespace commcheck {

// The phase is the bit set of line-dcci addresses (EventGraph numbering) invalidated since the wait.
namespace {
constexpr int MaxTrackedLines = 30;
int bit(const Event &E) { return E.AddrIndex >= 0 && E.AddrIndex < MaxTrackedLines ? 1 << E.AddrIndex : 0; }
} // namespace

const RuleInfo &ConsumeInvalidate::info() const {
  static const RuleInfo I{
      "comm-consume-invalidate", Severity::Error,
      "a scalar GM load after a wait may read a stale cache line",
      "TWAIT invalidates only the signal line before each poll: the payload lines in the data "
      "cache are not fresh. On every path from a TWAIT (or a TTEST that returned true) to a scalar "
      "GM load that is not exempt, a dcci must cover the loaded address: the whole cache, or the "
      "line at that address. TLOAD needs no invalidate (DMA bypasses the cache); loads of the "
      "communication context are exempt.",
      {{"OpaqueCallsRead", "true",
        "a call the checker cannot see that takes a GM pointer counts as a load after a wait"}}};
  return I;
}

std::optional<int> ConsumeInvalidate::gen(const EventGraph &, const Event &E) const {
  if (E.Kind == EventKind::Wait)
    return 0;
  return std::nullopt;
}

std::optional<int> ConsumeInvalidate::step(const EventGraph &, const Event &, int Phase,
                                           const Event &E) const {
  if (E.Kind == EventKind::Wait || E.Kind == EventKind::DcciWhole)
    return std::nullopt; // a later wait re-arms the obligation with a fresh token
  if (E.Kind == EventKind::DcciLine)
    return Phase | bit(E);
  return Phase;
}

bool ConsumeInvalidate::violates(const Event &, int Phase, const Event &E) const {
  if (E.Kind == EventKind::Opaque)
    return true;
  if (E.Kind != EventKind::ScalarLoad || E.Exempt)
    return false;
  int B = bit(E);
  return B == 0 || (Phase & B) == 0;
}

std::string ConsumeInvalidate::message(const Event &, int, const Event &At) const {
  if (At.Kind == EventKind::Opaque)
    return "call to '" + At.Callee +
           "' may read GM after a wait with no invalidate: add dcci((__gm__ void*)0, "
           "cache_line_t::ENTIRE_DATA_CACHE) after the wait";
  return "scalar GM load after a wait may read a stale cache line: missing dcci of '" + At.Addr +
         "' (or the whole cache) after the wait";
}

bool ConsumeInvalidate::reported(const AnalysisContext &Ctx, const Event &At) const {
  return At.Kind != EventKind::Opaque || Ctx.option(info().Id, "OpaqueCallsRead", "true") == "true";
}

std::string ConsumeInvalidate::originNote(const Event &) const {
  return "the wait completes here; peer data in the cache is now stale";
}

} // namespace commcheck
