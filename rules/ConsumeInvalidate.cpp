#include "rules/ConsumeInvalidate.h"
#include "rules/RuleDocs.h"
#include "analyses/ConsumeObligations.h"

namespace commcheck {

const RuleInfo &ConsumeInvalidate::info() const {
  static const RuleInfo I{
      "comm-consume-invalidate", Severity::Error,
      "a scalar GM load after a wait may read a stale cache line",
      ruleDoc("comm-consume-invalidate"),
      {{"OpaqueCallsRead", "true",
        "a call the checker cannot see that takes a GM pointer counts as a load after a wait"}}};
  return I;
}

void ConsumeInvalidate::check(RuleContext &Ctx) const {
  checkObligations<ConsumeObligations>(Ctx, *this);
}

bool ConsumeInvalidate::violates(const Event &, int Phase, const Event &E) const {
  if (E.Kind == EventKind::Opaque)
    return E.TouchesGm;
  return canViolateAt(E) && !ConsumeObligations::covers(Phase, E);
}

bool ConsumeInvalidate::canViolateAt(const Event &E) const {
  if (E.Kind == EventKind::Opaque)
    return E.TouchesGm;
  // A poll's reads are comm-spin-wait-invalidate's; a load no peer can have written reads no
  // data the wait published (PeerWrites).
  return E.Kind == EventKind::ScalarLoad && !E.Exempt && !E.SpinRead && !E.LocalOnly;
}

std::string ConsumeInvalidate::message(const Event &, int, const Event &At) const {
  if (At.Kind == EventKind::Opaque)
    return "call to '" + At.Callee +
           "' may read GM after a wait with no invalidate: add dcci((__gm__ void*)0, "
           "cache_line_t::ENTIRE_DATA_CACHE) after the wait";
  return "scalar GM load after a wait may read a stale cache line: missing dcci of '" + At.Addr +
         "' (or the whole cache) after the wait";
}

bool ConsumeInvalidate::reported(const RuleContext &Ctx, const Event &At) const {
  return At.Kind != EventKind::Opaque || Ctx.flag("OpaqueCallsRead");
}

std::string ConsumeInvalidate::originNote(const Event &) const {
  return "the wait completes here; peer data in the cache is now stale";
}

} // namespace commcheck
