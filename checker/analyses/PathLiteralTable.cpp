#include "analyses/PathLiteralTable.h"
#include "analyses/PathSensitive.h"

namespace commcheck {

namespace {
/// One step of a 64-bit mix (splitmix64's finaliser over the running value): cheap, and
/// interning hashes every set a search makes.
uint64_t mix(uint64_t H, uint64_t V) {
  H ^= V + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
  H ^= H >> 31;
  H *= 0xbf58476d1ce4e5b9ULL;
  return H ^ (H >> 29);
}
uint64_t mixForm(uint64_t H, const LinearForm &F) {
  H = mix(H, static_cast<uint64_t>(F.Const));
  for (const auto &[V, K] : F.Terms)
    H = mix(mix(H, V), static_cast<uint64_t>(K));
  return mix(H, F.Terms.size());
}
} // namespace

uint64_t PathLiteralTable::hashOf(const PathLiterals &L) {
  uint64_t H = L.size();
  for (const PathLiterals::Literal &X : L.literals()) {
    H = mix(H, (static_cast<uint64_t>(static_cast<uint32_t>(X.DefVar)) << 32) |
                   (static_cast<uint64_t>(X.C.Op) << 16) | (uint64_t(X.C.Type.Width) << 8) |
                   uint64_t(X.C.Type.Signed));
    H = mixForm(mixForm(H, X.C.L), X.C.R);
  }
  return H;
}

unsigned PathLiteralTable::intern(PathLiterals L) {
  llvm::SmallVector<unsigned, 1> &Same = Ids[hashOf(L)];
  for (unsigned Id : Same)
    if (Sets[Id] == L)
      return Id;
  unsigned Id = Sets.size();
  Sets.push_back(std::move(L));
  Same.push_back(Id);
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
  if (Sets[A].size() > Sets[B].size())
    return false; // known without a look at the literals, nor a memo entry
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
