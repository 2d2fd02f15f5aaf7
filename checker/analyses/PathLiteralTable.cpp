#include "analyses/PathLiteralTable.h"
#include "analyses/PathSensitive.h"
#include "llvm/ADT/Hashing.h"

namespace commcheck {

namespace {
llvm::hash_code hashForm(const LinearForm &F) {
  llvm::hash_code H = llvm::hash_value(F.Const);
  for (const auto &[V, K] : F.Terms)
    H = llvm::hash_combine(H, V, K);
  return H;
}
} // namespace

size_t PathLiteralTable::Hash::operator()(const PathLiterals &L) const {
  llvm::hash_code H = llvm::hash_value(L.size());
  for (const PathLiterals::Literal &X : L.literals())
    H = llvm::hash_combine(H, X.DefVar, static_cast<int>(X.C.Op), X.C.Type.Width, X.C.Type.Signed,
                           hashForm(X.C.L), hashForm(X.C.R));
  return H;
}

unsigned PathLiteralTable::intern(PathLiterals L) {
  auto It = Ids.find(L);
  if (It != Ids.end())
    return It->second;
  unsigned Id = Sets.size();
  Sets.push_back(L);
  Ids.emplace(std::move(L), Id);
  return Id;
}

unsigned PathLiteralTable::enter(unsigned B, unsigned Id) {
  auto [It, New] = Entered.try_emplace({B, Id}, Dead);
  if (!New)
    return It->second;
  PathLiterals L = Sets[Id];
  unsigned Out = enterBlock(G, B, L) ? intern(std::move(L)) : Dead;
  Entered[{B, Id}] = Out; // intern may not touch Entered, but the map may have grown meanwhile
  return Out;
}

const std::vector<unsigned> &PathLiteralTable::reversePostOrder() {
  if (!Rpo.empty() || G.Blocks.empty())
    return Rpo;
  unsigned N = G.Blocks.size();
  std::vector<unsigned> Post;
  std::vector<bool> Seen(N, false);
  std::vector<std::pair<unsigned, size_t>> Stack{{G.Entry, 0}}; // block, next successor
  Seen[G.Entry] = true;
  while (!Stack.empty()) {
    auto &[B, I] = Stack.back();
    if (I < G.Blocks[B].Succs.size()) {
      unsigned S = G.Blocks[B].Succs[I++];
      if (!Seen[S]) {
        Seen[S] = true;
        Stack.push_back({S, 0});
      }
      continue;
    }
    Post.push_back(B);
    Stack.pop_back();
  }
  Rpo.assign(N, N);
  for (size_t I = 0; I < Post.size(); ++I)
    Rpo[Post[Post.size() - 1 - I]] = I;
  return Rpo;
}

bool PathLiteralTable::less(unsigned A, unsigned B) {
  if (A == B)
    return false;
  bool Swapped = B < A;
  auto [It, New] = Below.try_emplace(Swapped ? std::make_pair(B, A) : std::make_pair(A, B), false);
  if (New)
    It->second = Swapped ? Sets[B] < Sets[A] : Sets[A] < Sets[B];
  return It->second != Swapped;
}

bool PathLiteralTable::subset(unsigned A, unsigned B) {
  if (A == B)
    return true;
  auto [It, New] = Subset.try_emplace({A, B}, false);
  if (New)
    It->second = Sets[A].subsetOf(Sets[B]);
  return It->second;
}

unsigned PathLiteralTable::join(unsigned A, unsigned B) {
  if (A == B)
    return A;
  auto [It, New] = Joined.try_emplace({A, B}, 0);
  if (!New)
    return It->second;
  PathLiterals L = Sets[A];
  L.join(Sets[B], G.PathVars);
  unsigned Out = intern(std::move(L));
  Joined[{A, B}] = Out;
  return Out;
}

} // namespace commcheck
