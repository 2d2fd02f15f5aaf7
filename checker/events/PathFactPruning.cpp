#include "events/PathFactPruning.h"
#include "events/EventGraph.h"
#include <algorithm>
#include <deque>
#include <set>

namespace commcheck {

namespace {
void varsOf(const LinearForm &F, std::vector<unsigned> &Out) {
  for (const auto &[V, K] : F.Terms)
    Out.push_back(V);
}

/// The variables a fact reads.
std::vector<unsigned> varsOf(const PathFact &F) {
  std::vector<unsigned> Out;
  if (F.K == PathFact::Assume || F.K == PathFact::SetCond) {
    varsOf(F.Cond.L, Out);
    varsOf(F.Cond.R, Out);
  }
  if (F.K == PathFact::Set)
    varsOf(F.Value, Out);
  if (F.K == PathFact::Add || (F.K == PathFact::SetCond && F.Invariant))
    Out.push_back(F.Var);
  return Out;
}

void clear(EventGraph &G) {
  G.PathFacts.clear();
  G.PathVars.clear();
  G.PathLive.clear();
  for (EventBlock &B : G.Blocks)
    B.Facts.clear();
}

/// Keeps the assumptions another fact can meet and the assignments they depend on; returns the
/// number of branches whose assumptions are kept.
size_t prune(EventGraph &G) {
  // How many sites (branches, statements) state something of each variable.
  std::vector<std::set<unsigned>> Sites(G.PathVars.size());
  for (const PathFact &F : G.PathFacts) {
    for (unsigned V : varsOf(F))
      Sites[V].insert(F.Site);
    if (F.K == PathFact::Set || F.K == PathFact::SetCond || F.K == PathFact::Add)
      Sites[F.Var].insert(F.Site);
  }
  std::vector<bool> Keep(G.PathFacts.size(), false), Relevant(G.PathVars.size(), false);
  std::set<unsigned> KeptSites;
  for (size_t I = 0; I < G.PathFacts.size(); ++I) {
    const PathFact &F = G.PathFacts[I];
    if (F.K != PathFact::Assume)
      continue;
    std::vector<unsigned> Vs = varsOf(F);
    bool Useful = Vs.empty();
    for (unsigned V : Vs)
      Useful |= Sites[V].size() >= 2;
    if (!Useful)
      continue;
    Keep[I] = true;
    KeptSites.insert(F.Site);
    for (unsigned V : Vs)
      Relevant[V] = true;
  }
  // What a kept condition reads depends on the assignments of what they read.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const PathFact &F : G.PathFacts)
      if ((F.K == PathFact::Set || F.K == PathFact::SetCond) && Relevant[F.Var])
        for (unsigned V : varsOf(F))
          if (!Relevant[V])
            Relevant[V] = Changed = true;
  }
  // An assignment to an object, or to a member object of it, changes the members read.
  for (unsigned V = 0; V < G.PathVars.size(); ++V)
    if (Relevant[V])
      for (unsigned X = G.PathVars[V].Parent; X != PathVar::NoParent && !Relevant[X]; X = G.PathVars[X].Parent)
        Relevant[X] = true;
  for (size_t I = 0; I < G.PathFacts.size(); ++I)
    if (G.PathFacts[I].K != PathFact::Assume)
      Keep[I] = Relevant[G.PathFacts[I].Var];
  for (EventBlock &B : G.Blocks)
    B.Facts.erase(std::remove_if(B.Facts.begin(), B.Facts.end(), [&](unsigned F) { return !Keep[F]; }),
                  B.Facts.end());
  return KeptSites.size();
}

} // namespace

/// Which variables a fact of the block or after it may read before they are assigned again
/// (backward liveness over the blocks' facts).
void computePathLive(EventGraph &G) {
  if (G.PathFacts.empty())
    return;
  size_t N = G.PathVars.size();
  auto Members = [&](unsigned V, llvm::BitVector &Out, bool Set) {
    for (unsigned M = 0; M < N; ++M)
      if (M == V || (G.PathVars[V].IsRecord && within(M, V, G.PathVars)))
        Out[M] = Set;
  };
  auto Transfer = [&](unsigned B, llvm::BitVector Live) {
    const std::vector<unsigned> &Fs = G.Blocks[B].Facts;
    for (auto It = Fs.rbegin(); It != Fs.rend(); ++It) {
      const PathFact &F = G.PathFacts[*It];
      // (A definition stated again of a launch term changes nothing: the term stays live.)
      if (F.K == PathFact::Set || (F.K == PathFact::SetCond && !F.Invariant) || F.K == PathFact::Havoc)
        Members(F.Var, Live, false);
      for (unsigned V : varsOf(F))
        Live[V] = true;
    }
    return Live;
  };
  G.PathLive.assign(G.Blocks.size(), llvm::BitVector(N));
  std::deque<unsigned> Work;
  std::vector<bool> Queued(G.Blocks.size(), true);
  for (unsigned B = 0; B < G.Blocks.size(); ++B)
    Work.push_back(B);
  while (!Work.empty()) {
    unsigned B = Work.front();
    Work.pop_front();
    Queued[B] = false;
    llvm::BitVector Out(N);
    for (unsigned S : G.Blocks[B].Succs)
      Out |= G.PathLive[S];
    llvm::BitVector In = Transfer(B, std::move(Out));
    if (In == G.PathLive[B])
      continue;
    G.PathLive[B] = std::move(In);
    for (unsigned P : G.Blocks[B].Preds)
      if (!Queued[P]) {
        Queued[P] = true;
        Work.push_back(P);
      }
  }
}

namespace {
/// Puts each alias's launch value in its place (PathVar::AliasOf): what a path knows of the
/// local it knows of the value, wherever else it is computed. An alias that a fact other than
/// its initialisation changes is none.
void resolveAliases(EventGraph &G) {
  auto Alias = [&](unsigned V) { return G.PathVars[V].AliasOf; };
  for (const PathFact &F : G.PathFacts)
    if (F.K != PathFact::Assume && Alias(F.Var) >= 0 &&
        !(F.K == PathFact::Set && F.Value == LinearForm::variable(unsigned(Alias(F.Var)))))
      G.PathVars[F.Var].AliasOf = -1;
  auto Replace = [&](LinearForm &L, IntType T) {
    LinearForm Out = LinearForm::constant(L.Const);
    for (const auto &[V, K] : L.Terms)
      Out.add(LinearForm::variable(Alias(V) >= 0 ? unsigned(Alias(V)) : V), K, T);
    L = std::move(Out);
  };
  bool Any = false;
  for (const PathVar &V : G.PathVars)
    Any |= V.AliasOf >= 0;
  if (!Any)
    return;
  std::vector<bool> Drop(G.PathFacts.size(), false);
  for (size_t I = 0; I < G.PathFacts.size(); ++I) {
    PathFact &F = G.PathFacts[I];
    if (F.K != PathFact::Assume && Alias(F.Var) >= 0) {
      Drop[I] = true; // the initialisation: the alias is its value
      continue;
    }
    if (F.K == PathFact::Assume || F.K == PathFact::SetCond) {
      Replace(F.Cond.L, F.Cond.Type);
      Replace(F.Cond.R, F.Cond.Type);
      F.Cond.normalise();
    }
    if (F.K == PathFact::Set)
      Replace(F.Value, G.PathVars[F.Var].Type);
  }
  for (EventBlock &B : G.Blocks)
    B.Facts.erase(std::remove_if(B.Facts.begin(), B.Facts.end(), [&](unsigned F) { return Drop[F]; }),
                  B.Facts.end());
}
} // namespace

void finishPathFacts(EventGraph &G) {
  resolveAliases(G);
  size_t Sites = prune(G);
  if (Sites == 0 || Sites > MaxPathSites)
    return clear(G);
  computePathLive(G);
}

} // namespace commcheck
