#include "crossrank/IndependentConstraints.h"
#include <algorithm>
#include <unordered_set>

namespace commcheck {

std::vector<unsigned> valuesOf(const z3::expr &E) {
  std::vector<unsigned> Out;
  std::unordered_set<unsigned> Seen; // (terms are DAGs: each visited once)
  std::vector<z3::expr> Todo{E};
  while (!Todo.empty()) {
    z3::expr X = Todo.back();
    Todo.pop_back();
    if (!X.is_app() || !Seen.insert(X.id()).second)
      continue;
    z3::func_decl D = X.decl();
    if (X.num_args() == 0 && D.decl_kind() == Z3_OP_UNINTERPRETED)
      Out.push_back(D.id());
    for (unsigned I = 0; I < X.num_args(); ++I)
      Todo.push_back(X.arg(I));
  }
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

void IndependentConstraints::add(const z3::expr &C) {
  All.push_back(C);
  Values.push_back(valuesOf(C));
}

std::vector<z3::expr> IndependentConstraints::sliceFor(const z3::expr &E) const {
  std::vector<unsigned> Reached = valuesOf(E);
  std::vector<bool> In(All.size(), false);
  auto Meets = [&](const std::vector<unsigned> &V) {
    for (unsigned X : V)
      if (std::binary_search(Reached.begin(), Reached.end(), X))
        return true;
    return false;
  };
  // Until no constraint joins: each that meets a value reached adds its values.
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (size_t I = 0; I < All.size(); ++I)
      if (!In[I] && Meets(Values[I])) {
        In[I] = Grew = true;
        std::vector<unsigned> Merged;
        std::set_union(Reached.begin(), Reached.end(), Values[I].begin(), Values[I].end(),
                       std::back_inserter(Merged));
        Reached = std::move(Merged);
      }
  }
  std::vector<z3::expr> Out;
  for (size_t I = 0; I < All.size(); ++I)
    if (In[I])
      Out.push_back(All[I]);
  return Out;
}

} // namespace commcheck
