#include "rules/PreNotifyBarrier.h"
#include "analyses/PublishObligations.h"
#include "analyses/ReadObligations.h"
#include "frontend/FixIts.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include "clang/AST/Expr.h"
#include <algorithm>

namespace commcheck {

const RuleInfo &PreNotifyBarrier::info() const {
  static const RuleInfo I{
      "comm-pre-notify-barrier", Severity::Warning,
      "a pipe_barrier before TNOTIFY that no pending obligation needs in this form",
      ruleDoc("comm-pre-notify-barrier"),
      {{"SuggestHoist", "true",
        "flag a per-notify barrier in a notify loop that one barrier before the loop replaces"}}};
  return I;
}

namespace {
/// The next action after Id on straight-line code (into a helper's body, too), skipping helper
/// boundaries and exempt context loads.
const Event *nextAction(const EventGraph &G, unsigned Id) {
  auto [B, I] = G.position(Id);
  for (int Steps = 0; Steps < 64; ++Steps) {
    const auto &Evs = G.Blocks[B].Events;
    for (unsigned K = I + 1; K < Evs.size(); ++K) {
      const Event &E = G.Events[Evs[K]];
      if (E.Kind == EventKind::CallEnter || E.Kind == EventKind::CallExit ||
          (E.Kind == EventKind::ScalarLoad && E.Exempt))
        continue;
      return &E;
    }
    if (G.Blocks[B].Succs.size() != 1)
      return nullptr;
    B = G.Blocks[B].Succs[0];
    I = static_cast<unsigned>(-1); // from the start of the next block
  }
  return nullptr;
}

bool contains(const LoopInfo &L, unsigned Id) {
  return std::find(L.Events.begin(), L.Events.end(), Id) != L.Events.end();
}

std::string pipeArg(PipeSet P) { return "PIPE_" + pipeName(P); }
} // namespace

void PreNotifyBarrier::check(RuleContext &Ctx) const {
  const EventGraph &G = Ctx.graph();
  auto Pub = Ctx.analysis<PublishObligations>();
  if (!Pub)
    return Ctx.budgetExceeded(Pub.takeError());
  auto Rd = Ctx.analysis<ReadObligations>();
  if (!Rd)
    return Ctx.budgetExceeded(Rd.takeError());
  FixIts Fix(Ctx.sourceManager(), Ctx.langOptions());
  for (const Event &B : G.Events) {
    if (B.Kind != EventKind::Drain || !B.FromBarrierCall || B.Synthetic)
      continue;
    const Event *Next = nextAction(G, B.Id);
    if (!Next || Next->Kind != EventKind::Notify)
      continue;
    // The pipes the obligations pending here need drained, and where they were created.
    PipeSet Needed = 0;
    std::vector<unsigned> Origins;
    // A counter reset lets no peer go and publishes nothing (CONTRACT §3): the publish and
    // read-complete rules ask nothing of it, so nothing pending needs a drain before it.
    bool Releases = releasesPeers(*Next);
    for (const auto &[O, Phase] : Pub->before(B.Id))
      if (Releases && PublishObligations::needsDrain(Phase)) {
        Needed |= PublishObligations::requiredDrain(G.Events[O]);
        Origins.push_back(O);
      }
    for (const auto &[O, Phase] : Rd->before(B.Id)) {
      if (!Releases)
        break;
      Needed |= pipe::MTE2;
      Origins.push_back(O);
    }
    // The narrowest single barrier that discharges what is pending.
    PipeSet Narrow = Needed == pipe::MTE2 || Needed == pipe::MTE3 || Needed == pipe::FIX
                         ? Needed
                         : pipe::ALL;
    bool Editable = B.CallStack.empty() && B.S;
    const auto *Call = llvm::dyn_cast_or_null<clang::CallExpr>(B.S);
    std::vector<clang::tooling::Replacement> Edits;
    std::string Msg;
    if (Needed == 0 || (B.Pipe & Needed) == 0) {
      Msg = "pipe_barrier(" + pipeArg(B.Pipe) +
            ") before TNOTIFY discharges no pending obligation: delete it";
      if (Editable)
        if (auto R = Fix.removeStatement(B.S))
          Edits.push_back(*R);
    } else {
      // Hoisting: the barrier runs per notify in a loop, but what it drains comes from before.
      int Hoist = -1;
      bool SuggestHoist = Ctx.flag("SuggestHoist");
      for (unsigned L = 0; L < G.Loops.size() && SuggestHoist; ++L) {
        const LoopInfo &Lp = G.Loops[L];
        if (!contains(Lp, B.Id) || !contains(Lp, Next->Id))
          continue;
        bool FromOutside = std::none_of(Origins.begin(), Origins.end(),
                                        [&](unsigned O) { return contains(Lp, O); });
        // The outermost such loop: one drain before it serves every round of every loop inside.
        if (FromOutside && (Hoist < 0 || Lp.Events.size() > G.Loops[Hoist].Events.size()))
          Hoist = L;
      }
      if (Hoist >= 0) {
        Msg = "pipe_barrier(" + pipeArg(B.Pipe) +
              ") runs once per TNOTIFY in this loop; one pipe_barrier(" + pipeArg(Narrow) +
              ") before the loop discharges the same obligations";
        auto R = Editable ? Fix.removeStatement(B.S) : std::nullopt;
        auto I = G.Loops[Hoist].CallStack.empty()
                     ? Fix.insertBefore(G.Loops[Hoist].Loop, "pipe_barrier(" + pipeArg(Narrow) + ");")
                     : std::nullopt;
        if (R && I) {
          Edits.push_back(*R);
          Edits.push_back(*I);
        }
      } else if ((B.Pipe & ~Narrow) != 0 && Narrow != pipe::ALL) {
        Msg = "pipe_barrier(" + pipeArg(B.Pipe) + ") before TNOTIFY drains more than the pending "
              "obligations need: narrow it to pipe_barrier(" + pipeArg(Narrow) + ")";
        if (Editable && Call && Call->getNumArgs() == 1)
          if (auto R = Fix.replace(Call->getArg(0), pipeArg(Narrow)))
            Edits.push_back(*R);
      } else {
        continue;
      }
    }
    Finding &F = Ctx.report(B.Loc, Msg);
    for (unsigned O : Origins) {
      F.Witness.push_back(Ctx.step(G.Events[O], "obligation pending here"));
      break;
    }
    F.Witness.push_back(Ctx.step(*Next, "the TNOTIFY it precedes"));
    F.Fixes = std::move(Edits);
  }
}

} // namespace commcheck
