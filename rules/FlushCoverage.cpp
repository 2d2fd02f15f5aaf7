#include "rules/FlushCoverage.h"
#include "analyses/FlushLoops.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include <set>

namespace commcheck {

const RuleInfo &FlushCoverage::info() const {
  static const RuleInfo I{"comm-flush-coverage", Severity::Warning,
                          "a dcci loop over a range may leave some of its cache lines unflushed",
                          ruleDoc("comm-flush-coverage"),
                          {}};
  return I;
}

void FlushCoverage::check(RuleContext &Ctx) const {
  auto Loops = Ctx.analysis<FlushLoops>();
  if (!Loops)
    return Ctx.budgetExceeded(Loops.takeError());
  const EventGraph &G = Ctx.graph();
  std::set<unsigned> Seen;
  for (const FlushLoop &F : Loops->Loops) {
    const Event &E = G.Events[F.Dcci];
    std::string Why;
    if (F.StepBytes && *F.StepBytes > CacheLineBytes)
      Why = "it steps " + std::to_string(*F.StepBytes) + " bytes, more than a " +
            std::to_string(CacheLineBytes) + "-byte line, so lines between its addresses are skipped";
    else if (!F.AlignedStart)
      Why = std::string("its first address is not known to be ") + std::to_string(CacheLineBytes) +
            "-byte aligned: from an unaligned base, " +
            (F.ByAddress ? "the walk" : "stepping an element count") +
            " ends a line short and the range's last line is never flushed; start at the base rounded "
            "down to the line and loop while the address is below the range's end";
    if (Why.empty() || !Seen.insert(E.Loc.getRawEncoding()).second)
      continue;
    Finding &Out = Ctx.report(E.Loc, "this dcci loop may not flush every cache line of its range: " + Why);
    Out.Witness.push_back({Ctx.point(G.Loops[F.Loop].Range.getBegin()), "the loop walks the range here"});
    Out.Witness.push_back(Ctx.step(E, "one line per iteration"));
  }
}

} // namespace commcheck
