#include "analyses/TokenSet.h"
#include "llvm/ADT/bit.h"
#include <algorithm>

namespace commcheck {

namespace {
using TrieNode = TokenSet::Node;
using TrieNodePtr = TokenSet::NodePtr;

/// Keys order as tokens do: the origin, then the phase as a signed number.
uint64_t keyOf(TokenSet::Token T) {
  return (uint64_t(T.first) << 32) | (uint32_t(T.second) ^ 0x80000000u);
}
TokenSet::Token tokenOf(uint64_t K) {
  return {unsigned(K >> 32), int(uint32_t(K) ^ 0x80000000u)};
}

/// The bits of K above the single bit M.
uint64_t above(uint64_t K, uint64_t M) { return K & ~(M | (M - 1)); }
uint64_t highestBit(uint64_t X) { return uint64_t(1) << (63 - llvm::countl_zero(X)); }
bool isLeaf(const TrieNode *N) { return N->Bit == 0; }

TrieNodePtr leaf(uint64_t K) {
  auto *N = new TrieNode();
  N->Prefix = K;
  N->Bit = 0;
  return TrieNodePtr(N);
}

TrieNodePtr branch(uint64_t Prefix, uint64_t Bit, TrieNodePtr L, TrieNodePtr R) {
  auto *N = new TrieNode();
  N->Prefix = Prefix;
  N->Bit = Bit;
  N->Left = std::move(L);
  N->Right = std::move(R);
  return TrieNodePtr(N);
}

/// The trie of two disjoint tries whose prefixes P1, P2 differ.
TrieNodePtr link(uint64_t P1, TrieNodePtr T1, uint64_t P2, TrieNodePtr T2) {
  uint64_t M = highestBit(P1 ^ P2);
  if (P1 & M)
    std::swap(T1, T2);
  return branch(above(P1, M), M, std::move(T1), std::move(T2));
}

/// A branch like N with subtrees L and R, N itself when they are its own.
TrieNodePtr rebuilt(const TrieNodePtr &N, TrieNodePtr L, TrieNodePtr R) {
  if (L == N->Left && R == N->Right)
    return N;
  return branch(N->Prefix, N->Bit, std::move(L), std::move(R));
}

TrieNodePtr unite(const TrieNodePtr &S, const TrieNodePtr &T);

/// S with the key of leaf L added (S itself when it has it).
TrieNodePtr withLeaf(const TrieNodePtr &S, const TrieNodePtr &L) {
  uint64_t K = L->Prefix;
  if (isLeaf(S.get()))
    return S->Prefix == K ? S : link(K, L, S->Prefix, S);
  if (above(K, S->Bit) != S->Prefix)
    return link(K, L, S->Prefix, S);
  if (K & S->Bit)
    return rebuilt(S, S->Left, withLeaf(S->Right, L));
  return rebuilt(S, withLeaf(S->Left, L), S->Right);
}

TrieNodePtr unite(const TrieNodePtr &S, const TrieNodePtr &T) {
  if (S == T || !T)
    return S;
  if (!S)
    return T;
  if (isLeaf(T.get()))
    return withLeaf(S, T);
  if (isLeaf(S.get()))
    return withLeaf(T, S);
  if (S->Bit == T->Bit && S->Prefix == T->Prefix) {
    TrieNodePtr L = unite(S->Left, T->Left), R = unite(S->Right, T->Right);
    if (L == T->Left && R == T->Right)
      return T;
    return rebuilt(S, std::move(L), std::move(R));
  }
  if (S->Bit > T->Bit && above(T->Prefix, S->Bit) == S->Prefix) // T lies under one side of S
    return T->Prefix & S->Bit ? rebuilt(S, S->Left, unite(S->Right, T))
                              : rebuilt(S, unite(S->Left, T), S->Right);
  if (T->Bit > S->Bit && above(S->Prefix, T->Bit) == T->Prefix) // S lies under one side of T
    return S->Prefix & T->Bit ? rebuilt(T, T->Left, unite(S, T->Right))
                              : rebuilt(T, unite(S, T->Left), T->Right);
  return link(S->Prefix, S, T->Prefix, T);
}

bool equal(const TrieNode *A, const TrieNode *B) {
  if (A == B)
    return true;
  if (!A || !B || A->Bit != B->Bit || A->Prefix != B->Prefix)
    return false;
  return isLeaf(A) || (equal(A->Left.get(), B->Left.get()) && equal(A->Right.get(), B->Right.get()));
}

/// The trie of the ascending keys Ks.
TrieNodePtr build(llvm::ArrayRef<uint64_t> Ks) {
  if (Ks.size() == 1)
    return leaf(Ks.front());
  uint64_t M = highestBit(Ks.front() ^ Ks.back());
  size_t Split = std::partition_point(Ks.begin(), Ks.end(), [&](uint64_t K) { return !(K & M); }) -
                 Ks.begin();
  return branch(above(Ks.front(), M), M, build(Ks.take_front(Split)), build(Ks.drop_front(Split)));
}
} // namespace

void TokenSet::insert(Token T) { Root = Root ? withLeaf(Root, leaf(keyOf(T))) : leaf(keyOf(T)); }

void TokenSet::merge(const TokenSet &O) { Root = unite(Root, O.Root); }

bool TokenSet::operator==(const TokenSet &O) const { return equal(Root.get(), O.Root.get()); }

TokenSet TokenSet::fromSorted(llvm::ArrayRef<Token> Tokens) {
  TokenSet S;
  if (Tokens.empty())
    return S;
  llvm::SmallVector<uint64_t, 16> Ks;
  Ks.reserve(Tokens.size());
  for (Token T : Tokens)
    Ks.push_back(keyOf(T));
  S.Root = build(Ks);
  return S;
}

TokenSet::iterator::iterator(const TrieNode *Root) {
  if (Root)
    descend(Root);
}

void TokenSet::iterator::descend(const TrieNode *N) {
  for (; !isLeaf(N); N = N->Left.get())
    Stack.push_back(N->Right.get());
  Stack.push_back(N);
}

TokenSet::Token TokenSet::iterator::operator*() const { return tokenOf(Stack.back()->Prefix); }

TokenSet::iterator &TokenSet::iterator::operator++() {
  Stack.pop_back();
  if (!Stack.empty()) {
    const TrieNode *Next = Stack.pop_back_val();
    descend(Next);
  }
  return *this;
}

} // namespace commcheck
