#include "rules/PublishFence.h"
#include "analyses/PublishObligations.h"
#include "crossrank/CrossRankModel.h"
#include "rules/RuleDocs.h"
#include <map>
#include <set>

namespace commcheck {

const RuleInfo &PublishFence::info() const {
  static const RuleInfo I = [] {
    RuleInfo R{"comm-publish-fence", Severity::Error,
               "a GM write is drained before a TNOTIFY but not fenced with dsb(DSB_DDR)",
               ruleDoc("comm-publish-fence"),
               {{"AsWarning", "false",
                 "report drained-but-not-fenced writes as warnings (they then fail a run only "
                 "with --fail-on=warning or WarningsAsErrors); under --gate this is a waiver"}}};
    R.SplitFrom = "comm-publish-before-notify";
    return R;
  }();
  return I;
}

void PublishFence::check(RuleContext &Ctx) const {
  auto S = Ctx.analysis<PublishObligations>();
  if (!S)
    return Ctx.budgetExceeded(S.takeError());
  reportViolations(Ctx, *S, *this);
  reportReturns(Ctx, *S);
}

// comm-publish-before-notify drops a violation at a notify that no access of the kernel needs
// (the cross-rank model) where the write is released by the return; drained but not fenced there
// is this rule's to say, at the return: what runs after the kernel may read it (the after-return
// assumption the drop rests on). A violation kept at a notify says it already (its release there
// covers the return); one the model does not judge keeps its finding there.
void PublishFence::reportReturns(RuleContext &Ctx, const ObligationStates &S) const {
  const EventGraph &G = Ctx.graph();
  // comm-publish-before-notify's violations (PublishObligations::lacksDrain at such a notify).
  std::map<unsigned, std::set<std::pair<unsigned, int>>> EarlyAt; // origin -> (notify, phase)
  std::map<unsigned, bool> AtExit; // origin -> only drained and not fenced there
  S.replay([&](const Event &E, const TokenSet &Pending) {
    if (E.Kind == EventKind::Exit)
      for (const auto &[O, Phase] : Pending)
        AtExit.emplace(O, true).first->second &= PublishObligations::drainedNotFenced(Phase);
    if (canViolateAt(E))
      for (const auto &[O, Phase] : Pending)
        if (PublishObligations::lacksDrain(G.Events[O], Phase))
          EarlyAt[O].insert({E.Id, Phase});
  });
  if (EarlyAt.empty() || G.Blocks[G.Exit].Events.empty())
    return;
  auto M = Ctx.analysis<CrossRankModel>();
  std::string Why = M ? "" : llvm::toString(M.takeError());
  // As that rule asks the return: the release, of which the fence is this rule's.
  PeerNeeds Peers(M ? &*M : nullptr, Why, S, [&](unsigned, int Phase) {
    return PublishObligations::drainedNotFenced(Phase) ? ReturnState::Unfenced
                                                       : ReturnState::Unreleased;
  });
  const Event &Exit = G.Events[G.Blocks[G.Exit].Events.back()];
  for (const auto &[O, Ats] : EarlyAt) {
    if (auto It = AtExit.find(O); It == AtExit.end() || !It->second)
      continue; // released by the return, or not drained there: the judge keeps it
    const Event &Origin = G.Events[O];
    const Event *Dropped = nullptr;
    bool Unfenced = true;
    for (const auto &[N, Phase] : Ats) {
      PeerNeed Need = Peers.judge(Origin, G.Events[N], PeerUse::Write, Ctx.sourceManager());
      bool NoPath = false;
      obligationWitness(Ctx, S, Origin, Phase, G.Events[N],
                        [&](int P) { return PublishObligations::lacksDrain(Origin, P); }, &NoPath);
      if (NoPath)
        continue; // no execution violates there
      Unfenced = Need.V == PeerNeed::NotNeeded && Need.UnfencedAtReturn;
      if (!Unfenced)
        break; // reported at that notify
      Dropped = &G.Events[N];
    }
    if (!Dropped || !Unfenced)
      continue;
    bool NoPath = false;
    auto Path = obligationWitness(Ctx, S, Origin, PublishObligations::NeedDsb, Exit,
                                  PublishObligations::drainedNotFenced, &NoPath);
    if (NoPath)
      continue;
    std::string Lacks = PublishObligations::missing(Origin, PublishObligations::NeedDsb);
    Finding &F = Ctx.report(Exit.Loc, "the kernel may return before the " +
                                          PublishObligations::writeName(Origin) +
                                          " is visible to what runs after it: " + Lacks);
    F.Witness.push_back(Ctx.step(Origin, originNote(Origin)));
    if (Path)
      F.Witness.insert(F.Witness.end(), Path->begin(), Path->end());
    F.Witness.push_back(Ctx.step(Exit, violationNote(Exit)));
    F.Witness.push_back(Ctx.step(*Dropped, "no access of the kernel needs it released at this " +
                                               signalName(*Dropped) +
                                               " (checked across ranks), but what runs after the "
                                               "kernel may read it"));
    break; // one finding at the return, as at a notify: one dsb there releases them all
  }
}

bool PublishFence::violates(const Event &O, int Phase, const Event &E) const {
  return canViolateAt(E) && !O.LocalOnly && PublishObligations::onlyFenceMissing(Phase);
}

bool PublishFence::canViolateAt(const Event &E) const { return releasesPeers(E); }

std::string PublishFence::message(const Event &O, int Phase, const Event &At) const {
  return signalName(At) + " may signal before the " + PublishObligations::writeName(O) +
         " is visible to peers: " + PublishObligations::missing(O, Phase);
}

std::string PublishFence::originNote(const Event &O) const {
  return PublishObligations::writeName(O) + " writes GM here";
}

} // namespace commcheck
