#include "rules/FlagIdentity.h"
#include "analyses/FlagGraph.h"
#include "analyses/FlagTokens.h"
#include "analyses/WitnessSearch.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include <set>

namespace commcheck {

namespace {

/// "MTE3" of "MTE3->V#EVENT_ID2"; the id "EVENT_ID2".
std::string setPipe(const std::string &Key) { return Key.substr(0, Key.find("->")); }
std::string eventId(const std::string &Key) {
  size_t At = Key.find('#');
  return At == std::string::npos ? "" : Key.substr(At + 1);
}

} // namespace

const RuleInfo &FlagIdentity::info() const {
  static const RuleInfo I{
      "comm-flag-identity", Severity::Error,
      "a set_flag of a flag already raised, or of one sharing its set pipe and id with a live fence",
      ruleDoc("comm-flag-identity"),
      {{"SetPipeIdentity", "false",
        "a hardware flag is its set pipe and event id (PTOAS#823); false: its source pipe, "
        "destination pipe and event id (pto-isa's documentation)"}}};
  return I;
}

void FlagIdentity::check(RuleContext &Ctx) const {
  auto Flags = Ctx.analysis<FlagGraph>();
  if (!Flags)
    return Ctx.budgetExceeded(Flags.takeError());
  AnalysisManager &AM = *Flags->Manager;
  const EventGraph &G = AM.graph();
  // Without a set_flag nothing can be set while raised.
  if (!FlagTokens::anyFlag(G))
    return;
  auto Tokens = AM.get<FlagTokens>();
  if (!Tokens)
    return Ctx.budgetExceeded(Tokens.takeError());
  const FlagKeys &Keys = *Tokens->Keys;
  bool BySetPipe = Ctx.flag("SetPipeIdentity");
  std::set<std::pair<const void *, unsigned>> Reported;
  std::vector<std::pair<const Event *, FlagCounts>> Sets;
  Tokens->Solved.replay([&](const Event &E, const FlagCounts &S) {
    if (E.Kind == EventKind::SetFlag && !Flags->unresolved(E.FlagKey) &&
        E.FlagKey.find("@pair") == std::string::npos)
      Sets.push_back({&E, S});
  });
  for (const auto &[E, S] : Sets) {
    // The live flags this set_flag may collide with: its own, and under the set-pipe reading
    // every other key with its set pipe and id.
    for (size_t K = 0; K < Keys.Names.size(); ++K) {
      const std::string &Other = Keys.Names[K];
      bool Same = Other == E->FlagKey;
      if (!Same && !(BySetPipe && setPipe(Other) == setPipe(E->FlagKey) && !eventId(Other).empty() &&
                     eventId(Other) == eventId(E->FlagKey) && !Flags->unresolved(Other)))
        continue;
      if (!(S.Counts[K] & ~count::Zero))
        continue;
      const Event *Live = nullptr;
      std::optional<std::vector<WitnessStep>> Path;
      // As comm-flag-balance: when the searches from every set of the key (this one last: its
      // own earlier execution, round a loop) saw all paths and none reaches here with the flag
      // raised, only merged paths had it and no execution does.
      bool NoPath = !G.PathFacts.empty();
      auto From = [&](const Event &X) {
        bool Exhausted = false;
        Path = findWitness(AM, X.Id, false, 1,
                           [&](int N, const Event &Y) { return FlagTokens::stepCount(Other, N, Y); },
                           E->Id, [](int N) { return N > 0; }, &Exhausted);
        NoPath &= Exhausted;
        return Path.has_value();
      };
      for (const Event &X : G.Events)
        if (X.Kind == EventKind::SetFlag && X.FlagKey == Other && X.Id != E->Id && From(X)) {
          Live = &X;
          break;
        }
      if (!Live && NoPath && Same && From(*E))
        Live = E;
      if (!Live && NoPath)
        continue;
      if (E->S && !Reported.insert({E->S, E->Loc.getRawEncoding()}).second)
        break;
      Finding &F = Ctx.report(
          E->Loc, Same ? "set_flag(" + E->FlagKey + ") while the flag may still be raised: if flags "
                         "saturate, one token is lost and a later wait_flag hangs"
                       : "set_flag(" + E->FlagKey + ") shares set pipe PIPE_" + setPipe(Other) + " and " +
                             eventId(Other) + " with the live fence " + Other +
                             ": its wait may consume that fence's flag, and the fence's wait hangs");
      if (Live)
        F.Witness.push_back(Ctx.step(*Live, "set_flag(" + Other + ") raises the flag here"));
      if (Path)
        F.Witness.insert(F.Witness.end(), Path->begin(), Path->end());
      F.Witness.push_back(Ctx.step(*E, "set again while it is still raised"));
      break;
    }
  }
}

} // namespace commcheck
