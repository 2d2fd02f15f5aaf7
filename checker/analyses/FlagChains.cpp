#include "analyses/FlagChains.h"
#include "analyses/AnalysisManager.h"
#include <algorithm>
#include <map>
#include <set>

namespace commcheck {

char FlagChains::ID = 0;

namespace {
constexpr FlagChains::State PipeBits = 0x7f;
} // namespace

FlagChains::Result FlagChains::keys(const EventGraph &G) {
  Result R{std::vector<int>(G.Events.size(), -1), std::vector<bool>(G.Events.size(), false)};
  // A flag whose pipes are not known may name any key; one whose id is not a constant may name
  // any key of its pipes: those keys' tokens are not known, so no chain runs through them.
  // Code the checker cannot see may set or wait any flag, before the origin too: with such a
  // call in the function no token is known, so no chain is trusted.
  std::set<std::string> SharedPipes;
  for (const Event &E : G.Events) {
    if (E.Kind == EventKind::Opaque)
      return R;
    if (isFlagEvent(E)) {
      if (!E.FlagSrc || !E.FlagDst)
        return R;
      if (E.FlagId)
        SharedPipes.insert(E.FlagPipes);
    }
  }
  std::map<std::string, int> Index;
  for (const Event &E : G.Events) {
    if (!isFlagEvent(E) || E.FlagId || SharedPipes.count(E.FlagPipes))
      continue;
    auto It = Index.find(E.FlagKey);
    if (It == Index.end()) {
      if (Index.size() >= MaxKeys)
        continue; // beyond the state's bits: untracked, proves nothing
      It = Index.emplace(E.FlagKey, static_cast<int>(Index.size())).first;
    }
    R.KeyOf[E.Id] = It->second;
  }
  return R;
}

bool FlagChains::tracksSetFlag(const EventGraph &G, const Result &R) {
  return std::any_of(G.Events.begin(), G.Events.end(), [&](const Event &E) {
    return E.Kind == EventKind::SetFlag && R.KeyOf[E.Id] >= 0;
  });
}

void FlagChains::markClean(const EventGraph &G, const FlagTokens::Result &Tokens, Result &R) {
  for (const Event &E : G.Events) {
    if (E.Kind != EventKind::SetFlag || R.KeyOf[E.Id] < 0)
      continue;
    int K = Tokens.Keys->OfEvent[E.Id];
    auto Before = Tokens.Solved.before(E.Id);
    R.Clean[E.Id] = K >= 0 && Before && Before->Counts[K] == count::Zero;
  }
}

FlagChains::Result FlagChains::find(const EventGraph &G, const FlagTokens::Result &Tokens) {
  Result R = keys(G);
  markClean(G, Tokens, R);
  return R;
}

std::optional<FlagChains::State> FlagChains::Result::step(PipeSet Origin, State S,
                                                          const Event &E) const {
  if (!isFlagEvent(E) || KeyOf[E.Id] < 0)
    return S;
  State Bit = State(1) << (7 + KeyOf[E.Id]);
  PipeSet Ordered = static_cast<PipeSet>(S & PipeBits);
  if (E.Kind == EventKind::SetFlag) {
    // Raised when its source pipe has finished what came before it: after the origin when that
    // is the origin's pipe or a pipe already ordered after it.
    bool After = (E.FlagSrc == Origin || (E.FlagSrc & Ordered)) && Clean[E.Id];
    return After ? (S | Bit) : (S & ~Bit);
  }
  if (!(S & Bit))
    return S;
  S = (S & ~Bit) | E.FlagDst; // the token is consumed; its pipe now runs after the origin
  if (E.FlagDst & pipe::S)
    return std::nullopt;
  return S;
}

llvm::Expected<FlagChains::Result> FlagChains::compute(AnalysisManager &AM) {
  // The token counts are read only at a tracked set_flag: without one the path-sensitive solve
  // would be spent on nothing (its cost grows with the paths, not with the flags).
  Result R = keys(AM.graph());
  if (!tracksSetFlag(AM.graph(), R))
    return R;
  auto Tokens = AM.get<FlagTokens>();
  if (!Tokens)
    return Tokens.takeError();
  markClean(AM.graph(), *Tokens, R);
  return R;
}

} // namespace commcheck
