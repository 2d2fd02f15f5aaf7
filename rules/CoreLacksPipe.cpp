#include "rules/CoreLacksPipe.h"
#include "analyses/AnalysisManager.h"
#include "analyses/ReachableEvents.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include "clang/Basic/SourceManager.h"

namespace commcheck {

namespace {
/// Whether Loc is code of the graph's core: anywhere, or inside one of its core sections.
bool inCoreSection(const EventGraph &G, const clang::SourceManager &SM, clang::SourceLocation Loc) {
  if (!G.CoreSections)
    return true;
  for (const clang::SourceRange &R : *G.CoreSections)
    if (SM.isPointWithin(Loc, R.getBegin(), R.getEnd()))
      return true;
  return false;
}
} // namespace

const RuleInfo &CoreLacksPipe::info() const {
  static const RuleInfo I{"comm-core-pipes", Severity::Error,
                          "a barrier or flag on a pipe the core does not have",
                          ruleDoc("comm-core-pipes"),
                          {}};
  return I;
}

void CoreLacksPipe::check(RuleContext &Ctx) const {
  const EventGraph &G = Ctx.graph();
  if (G.Core.Pipes == pipe::ALL)
    return; // which core runs this is not known
  // The barriers and flags on a pipe the core lacks; only they need to know which branches the
  // core takes (a whole-function path search, not asked for a function that has none).
  struct Candidate {
    const Event *E;
    PipeSet Missing;
    const char *What;
  };
  std::vector<Candidate> Candidates;
  for (const Event &E : G.Events) {
    PipeSet Named = 0;
    const char *What = "";
    if (E.Kind == EventKind::Drain && E.FromBarrierCall && E.Pipe != pipe::ALL) {
      Named = E.Pipe;
      What = "pipe_barrier";
    } else if (E.Kind == EventKind::SetFlag || E.Kind == EventKind::WaitFlag) {
      Named = E.FlagSrc | E.FlagDst;
      What = E.Kind == EventKind::SetFlag ? "set_flag" : "wait_flag";
    }
    if (PipeSet Missing = Named & ~G.Core.Pipes & pipe::ALL)
      if (inCoreSection(G, Ctx.sourceManager(), E.Loc))
        Candidates.push_back({&E, Missing, What});
  }
  if (Candidates.empty())
    return;
  auto Reached = Ctx.analyses().get<ReachableEvents>();
  if (!Reached)
    return llvm::consumeError(Reached.takeError());
  for (const Candidate &C : Candidates) {
    if (!Reached->of(*C.E))
      continue; // a branch the core never takes (`if ASCEND_IS_AIC` on the vector core)
    Finding &F = Ctx.report(C.E->Loc, std::string(C.What) + " on PIPE_" + pipeName(C.Missing) +
                                          ", which the " + G.Core.Core + " does not have: the core hangs there");
    F.Witness.push_back(Ctx.step(*C.E, "the " + G.Core.Core + " has " + pipeName(G.Core.Pipes)));
  }
}

} // namespace commcheck
