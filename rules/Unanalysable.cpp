#include "rules/Unanalysable.h"
#include "analyses/FlagGraph.h"
#include "base/RuleIds.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include <map>
#include <set>

namespace commcheck {

const RuleInfo &Unanalysable::info() const {
  static const RuleInfo I{
      ruleid::Unanalysable, Severity::Error,
      "a construct the checker cannot model soundly; the kernel is not verified",
      ruleDoc(ruleid::Unanalysable),
      {},
      /*AlwaysOn=*/true};
  return I;
}

void Unanalysable::check(RuleContext &Ctx) const {
  for (const Event &E : Ctx.graph().Events)
    if (E.Kind == EventKind::Unanalysable) {
      Finding &F = Ctx.report(E.Loc, E.Message);
      if (!E.CallStack.empty())
        F.Witness.push_back(Ctx.step(E, E.Message));
    }
  // A flag whose event id is neither a constant nor a constant loop's index: which flag it sets
  // or waits is not known, and comm-flag-balance leaves its pipes' flags alone.
  auto Flags = Ctx.analysis<FlagGraph>();
  if (!Flags)
    return Ctx.budgetExceeded(Flags.takeError());
  // One finding per pipe pair, at its first such flag; the others are its witness.
  std::map<std::string, std::vector<const Event *>> ByPipes;
  for (unsigned Id : Flags->Unresolved)
    ByPipes[Flags->Graph->Events[Id].FlagPipes].push_back(&Flags->Graph->Events[Id]);
  for (const auto &[Pipes, Events] : ByPipes) {
    const Event &E = *Events.front();
    Finding &F = Ctx.report(E.Loc, std::string(E.Kind == EventKind::SetFlag ? "set_flag" : "wait_flag") +
                                       "(" + E.FlagKey + "): the event id is not a constant, nor the "
                                       "index of a loop with constant bounds: which flag it names is "
                                       "not known, and flag balance on " + Pipes + " is not checked");
    std::set<unsigned> Lines;
    for (const Event *O : Events)
      if (O->Loc != E.Loc && Lines.insert(O->Loc.getRawEncoding()).second)
        F.Witness.push_back(Ctx.step(*O, "another flag on " + Pipes + " with an id not known: " + O->FlagKey));
  }
}

} // namespace commcheck
