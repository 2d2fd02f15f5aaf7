#include "rules/SpinWaitInvalidate.h"
#include "analyses/ConsumeObligations.h"
#include "analyses/SpinObligations.h"
#include "rules/RuleDocs.h"

namespace commcheck {

const RuleInfo &SpinWaitInvalidate::info() const {
  static const RuleInfo I{"comm-spin-wait-invalidate", Severity::Error,
                          "a hand-written poll on a GM cell reads it without invalidating its line first",
                          ruleDoc("comm-spin-wait-invalidate"),
                          {}};
  return I;
}

void SpinWaitInvalidate::check(RuleContext &Ctx) const {
  checkObligations<SpinObligations>(Ctx, *this);
}

bool SpinWaitInvalidate::violates(const Event &, int Phase, const Event &E) const {
  return canViolateAt(E) && !ConsumeObligations::covers(Phase, E);
}

bool SpinWaitInvalidate::canViolateAt(const Event &E) const {
  return E.Kind == EventKind::ScalarLoad && E.SpinRead;
}

std::string SpinWaitInvalidate::message(const Event &, int, const Event &At) const {
  return "the poll on '" + At.Addr + "' may read a stale cache line and never see the peer's "
         "write: invalidate the line (dcci) before every read, the first included";
}

std::string SpinWaitInvalidate::originNote(const Event &Origin) const {
  if (Origin.Kind == EventKind::Entry)
    return "the function starts; the cell's line may already be in the data cache";
  if (Origin.Synthetic)
    return "the poll reads the cell here: its line is in the data cache now";
  return "the wait completes here; lines in the data cache are stale";
}

std::string SpinWaitInvalidate::violationNote(const Event &) const {
  return "the poll reads the cell here with no invalidate since";
}

} // namespace commcheck
