#include "rules/FlagBalance.h"
#include "analyses/FlagGraph.h"
#include "analyses/FlagTokens.h"
#include "analyses/WitnessSearch.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include <set>

namespace commcheck {

const RuleInfo &FlagBalance::info() const {
  static const RuleInfo I{
      "comm-flag-balance", Severity::Error,
      "a wait_flag without a pending set_flag, or a set_flag left unconsumed",
      ruleDoc("comm-flag-balance"),
      {}};
  return I;
}

void FlagBalance::check(RuleContext &Ctx) const {
  // On the graph with constant loops unrolled and loop-index event ids resolved.
  auto Flags = Ctx.analysis<FlagGraph>();
  if (!Flags)
    return Ctx.budgetExceeded(Flags.takeError());
  AnalysisManager &AM = *Flags->Manager;
  const EventGraph &G = AM.graph();
  // Without a set_flag or wait_flag no wait can hang and no token be left at an exit.
  if (!FlagTokens::anyFlag(G))
    return;
  auto Tokens = AM.get<FlagTokens>();
  if (!Tokens)
    return Ctx.budgetExceeded(Tokens.takeError());
  const FlagKeys &Keys = *Tokens->Keys;
  // As the token counts are solved: a wait_flag that finds no token hangs, and the path is
  // followed on with none (so a later wait is reported too, and a witness may pass it).
  auto countStep = [](const std::string &Key, int N, const Event &X) {
    return FlagTokens::stepCount(Key, N, X).value_or(0);
  };
  std::vector<std::pair<const Event *, FlagCounts>> Hits;
  // Copies of one statement (an unrolled loop, several ids) are reported once per statement.
  std::set<std::pair<const void *, unsigned>> Reported;
  auto once = [&](const Event &E) { return !E.S || Reported.insert({E.S, E.Loc.getRawEncoding()}).second; };
  Tokens->Solved.replay([&](const Event &E, const FlagCounts &S) {
    if (E.Kind == EventKind::WaitFlag && (S.Counts[Keys.OfEvent[E.Id]] & count::Zero) &&
        !Flags->unresolved(E.FlagKey) && once(E))
      Hits.push_back({&E, S});
    if (E.Kind == EventKind::Exit)
      Hits.push_back({&E, S});
  });
  for (const auto &[E, S] : Hits) {
    if (E->Kind == EventKind::WaitFlag) {
      bool NoPath = false;
      auto Path = findWitness(
          AM, 0, /*FromEntry=*/true, 0,
          [&](int N, const Event &X) { return std::optional<int>(countStep(E->FlagKey, N, X)); }, E->Id,
          [](int N) { return N == 0; }, &NoPath);
      if (NoPath)
        continue; // only merged paths had it: no execution does
      Finding &F = Ctx.report(E->Loc,
                              "wait_flag(" + E->FlagKey +
                                  ") may wait for a flag no set_flag raised on this path: the "
                                  "pipe hangs");
      F.Witness.push_back({Ctx.point(G.FunctionLoc), "no set_flag(" + E->FlagKey +
                                                         ") is pending on entry"});
      if (Path)
        F.Witness.insert(F.Witness.end(), Path->begin(), Path->end());
      F.Witness.push_back(Ctx.step(*E, "wait_flag with no token to consume"));
      continue;
    }
    for (size_t K = 0; K < S.Counts.size(); ++K) {
      const std::string &Key = Keys.Names[K];
      if (!(S.Counts[K] & ~count::Zero) || Flags->unresolved(Key))
        continue;
      // Find a set_flag whose token reaches the end unconsumed, for the report and witness.
      const Event *Culprit = nullptr;
      std::optional<std::vector<WitnessStep>> Path;
      bool NoPath = !G.PathFacts.empty(); // every search saw all paths and none leaves it
      for (const Event &X : G.Events) {
        if (X.Kind != EventKind::SetFlag || X.FlagKey != Key)
          continue;
        bool Exhausted = false;
        Path = findWitness(
            AM, X.Id, false, 1,
            [&](int N, const Event &Y) { return std::optional<int>(countStep(Key, N, Y)); },
            E->Id, [](int N) { return N > 0; }, &Exhausted);
        NoPath &= Exhausted;
        if (Path) {
          Culprit = &X;
          break;
        }
      }
      if (!Culprit && NoPath)
        continue; // only merged paths had it: no execution does
      if (Culprit && Culprit->S && !Reported.insert({Culprit->S, E->Loc.getRawEncoding()}).second)
        continue; // another id of the same set_flag statement (an unrolled loop) is reported
      // Reported where it is violated: the function end; the witness starts at the set_flag.
      Finding &F = Ctx.report(E->Loc,
                              "set_flag(" + Key +
                                  ") may be left unconsumed when the function returns: missing "
                                  "wait_flag(" + Key + ") on this path");
      if (Culprit)
        F.Witness.push_back(Ctx.step(*Culprit, "set_flag raises the token here"));
      if (Path)
        F.Witness.insert(F.Witness.end(), Path->begin(), Path->end());
      F.Witness.push_back(Ctx.step(*E, "the function returns with the token pending"));
    }
  }
}

} // namespace commcheck
