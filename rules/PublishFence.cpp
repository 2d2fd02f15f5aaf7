#include "rules/PublishFence.h"
#include "analyses/PublishObligations.h"
#include "frontend/FixIts.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/Stmt.h"
#include "rules/RuleDocs.h"
#include <algorithm>
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
  std::map<unsigned, std::vector<const clang::Stmt *>> Returns; // origin -> returns it reaches so
  S.replay([&](const Event &E, const TokenSet &Pending) {
    if (E.Kind == EventKind::Exit)
      for (const auto &[O, Phase] : Pending)
        AtExit.emplace(O, true).first->second &= PublishObligations::drainedNotFenced(Phase);
    if (isOwnReturn(E) && E.S)
      for (const auto &[O, Phase] : Pending)
        if (PublishObligations::drainedNotFenced(Phase))
          if (std::vector<const clang::Stmt *> &R = Returns[O]; std::find(R.begin(), R.end(), E.S) == R.end())
            R.push_back(E.S);
    if (canViolateAt(E))
      for (const auto &[O, Phase] : Pending)
        if (PublishObligations::lacksDrain(G.Events[O], Phase))
          EarlyAt[O].insert({E.Id, Phase});
  });
  if (EarlyAt.empty() || G.Blocks[G.Exit].Events.empty())
    return;
  // As that rule asks the return: the release, of which the fence is this rule's.
  PeerNeeds Peers = peerNeeds(Ctx, S, [&](unsigned, int Phase) {
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
    addReturnFixes(Ctx, F, S, Origin, Exit, Returns[O]);
    break; // one finding at the return, as at a notify: one dsb there releases them all
  }
}

// The fix: dsb(DSB_DDR) before each return of the function the write reaches drained and not
// fenced (Before), and after its last statement where it falls off the end so. None where one of
// them cannot be edited (a return that is an if's whole branch, a macro): half a fix leaves the
// finding.
void PublishFence::addReturnFixes(RuleContext &Ctx, Finding &F, const ObligationStates &S,
                                  const Event &Origin, const Event &Exit,
                                  const std::vector<const clang::Stmt *> &Before) const {
  const EventGraph &G = Ctx.graph();
  const auto *Body = G.Decl ? llvm::dyn_cast_or_null<clang::CompoundStmt>(G.Decl->getBody()) : nullptr;
  if (!Body || Body->body_empty())
    return;
  // Falling off the end: a path to the exit that passes no return.
  bool NoPath = false;
  bool FallsOff = obligationWitness(Ctx, S, Origin, PublishObligations::NeedDsb, Exit,
                                    PublishObligations::drainedNotFenced, &NoPath, isOwnReturn)
                      .has_value();
  FixIts Fix(Ctx.sourceManager(), Ctx.langOptions());
  clang::ParentMap Parents(const_cast<clang::CompoundStmt *>(Body));
  std::vector<clang::tooling::Replacement> Edits;
  const std::string Dsb = "dsb(DSB_DDR);";
  for (const clang::Stmt *R : Before) {
    auto E = llvm::isa_and_nonnull<clang::CompoundStmt>(Parents.getParent(R)) ? Fix.insertBefore(R, Dsb)
                                                                              : std::nullopt;
    if (!E)
      return;
    Edits.push_back(*E);
  }
  if (FallsOff) {
    auto E = Fix.insertAfter(Body->body_back(), Dsb);
    if (!E)
      return;
    Edits.push_back(*E);
  }
  F.Fixes = std::move(Edits);
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
