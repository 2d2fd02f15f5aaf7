#include "crossrank/PeerNeeds.h"
#include "base/Assumptions.h"
#include "crossrank/SymbolicNeeds.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

namespace commcheck {

ReturnState PeerNeeds::atReturn(unsigned Origin) {
  if (!AtExit) {
    AtExit.emplace();
    S.replay([&](const Event &E, const TokenSet &Pending) {
      if (E.Kind == EventKind::Exit)
        for (const TokenSet::Token &T : Pending) {
          ReturnState &Worst = (*AtExit)[T.first]; // (Met, where first seen)
          ReturnState R = Returns(T.first, T.second);
          if (R == ReturnState::Unreleased || Worst == ReturnState::Met)
            Worst = R; // Unreleased over Unfenced over Met
        }
    });
  }
  auto It = AtExit->find(Origin);
  return It == AtExit->end() ? ReturnState::Met : It->second;
}

std::optional<OtherAccess> PeerNeeds::needer(const AccessUse &Use, const Event &At, PeerUse U) {
  if (Use.Unjudged) // every access of the bytes counts, whatever its order
    return Use.OthersWrite ? Use.Writer : U == PeerUse::Write ? Use.Reader : std::nullopt;
  // By happens-before (PeerOrder): an access unordered with the origin (a race), or one after a
  // wait that consumes a notify at At that follows the origin; a write first, then (for a write
  // origin) a read.
  for (int W = 1; W >= (U == PeerUse::Write ? 0 : 1); --W) {
    if (Use.Unordered[W])
      return Use.Unordered[W];
    if (auto It = Use.AfterNotify[W].find(At.Loc.getRawEncoding()); It != Use.AfterNotify[W].end())
      return It->second;
  }
  return std::nullopt;
}

PeerNeed PeerNeeds::judge(const Event &Origin, const Event &At, PeerUse U,
                          const clang::SourceManager &SM) {
  PeerNeed N;
  // Where the runs are not complete, the every-P proof's trace judges (SymbolicNeeds), unless
  // the runs found races: the proof let those pass, and a race is an access that needs it.
  bool Symbolic = Model && !Model->Complete && Model->Needs && Model->Findings.empty();
  if (!Model || (!Model->Complete && !Symbolic)) {
    std::string Why = Model ? Model->Why.Why : WhyNot;
    N.Note = "not confirmed across ranks" + (Why.empty() ? std::string() : ": " + Why);
    return N;
  }
  // Accesses are matched by their expansion location: one macro may expand to several.
  if (Origin.S && SM.isMacroBodyExpansion(Origin.S->getBeginLoc())) {
    N.Note = "not confirmed across ranks: the access is expanded from a macro";
    return N;
  }
  if (Symbolic) {
    // A release the return lacks keeps it whatever the accesses need: asked first (the judge's
    // questions cost seconds on a re-entrant trace).
    if (atReturn(Origin.Id) == ReturnState::Unreleased) {
      N.Note = "not judged across ranks: " + returnLack();
      return N;
    }
    SymbolicNeeds::Need S = Model->Needs->judge(Origin.Loc, At.Loc, U == PeerUse::Write);
    if (S.V != SymbolicNeeds::Need::NotNeeded) {
      N.V = S.V == SymbolicNeeds::Need::Needed ? PeerNeed::Needed : PeerNeed::Unconfirmed;
      N.Note = S.Note, N.Loc = S.Loc;
      return N;
    }
    return unneeded(Origin, U, true); // (SymbolicNeeds asks whether the notify is consumed)
  }
  auto It = Model->Uses.find(Origin.Loc.getRawEncoding());
  if (It == Model->Uses.end() || !(U == PeerUse::Write ? It->second.Writes : It->second.Reads)) {
    N.Note = "not confirmed across ranks: no rank runs this access in the model";
    return N;
  }
  const AccessUse &Use = It->second;
  if (std::optional<OtherAccess> Ex = needer(Use, At, U)) {
    N.V = PeerNeed::Needed;
    N.Loc = Ex->Loc;
    N.Note = "confirmed across ranks: " + Ex->What + " on rank " + std::to_string(Ex->Rank) +
             (Ex->Writes ? " writes" : " reads") + " these bytes" +
             (Ex->Call ? " in the next call" : "") + " (P = " + std::to_string(Ex->P) + ")" +
             (Ex->Call ? freshWindowAdvice() : "");
    return N;
  }
  auto C = Model->Consumed.find(At.Loc.getRawEncoding());
  return unneeded(Origin, U, At.Kind == EventKind::Notify && C != Model->Consumed.end() && C->second);
}

std::string PeerNeeds::returnLack() {
  return "it is not released before the kernel returns (the after-return assumption needs that)";
}

PeerNeed PeerNeeds::unneeded(const Event &Origin, PeerUse U, bool Consumed) {
  PeerNeed N;
  bool BlocksApart = Model->UnseenBlocksOnly && Model->Needs &&
                     Model->Needs->blocksApart(Origin.Loc, U == PeerUse::Write);
  if (!Model->Unseen.empty() && !BlocksApart) {
    N.Note = "not confirmed across ranks: no access the model runs needs it, but " + Model->Unseen;
    return N;
  }
  if (!Consumed) {
    N.Note = "not confirmed across ranks: no access of the kernel needs it, but a signal here may "
             "be acted on outside the kernel";
    return N;
  }
  ReturnState R = atReturn(Origin.Id);
  if (R == ReturnState::Unreleased) {
    N.Note = "not dropped across ranks: no access of the kernel needs it, but " + returnLack();
    return N;
  }
  N.V = PeerNeed::NotNeeded;
  N.UnfencedAtReturn = R == ReturnState::Unfenced;
  return N;
}

} // namespace commcheck
