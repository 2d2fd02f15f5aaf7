// A set of pending (origin event id, phase) obligation tokens, as a persistent big-endian Patricia
// trie (Okasaki and Gill, "Fast Mergeable Integer Maps"). The solver copies a state per block and
// joins states where paths meet: a run of n writes, or n branches that each write, holds up to n
// tokens at every block, so copying or merging them element by element is quadratic in time and
// memory. Here a copy shares the whole trie, an insert copies one path, and a union or an equality
// test stops at subtrees both sides share (a trie's shape depends only on its keys), so joining two
// states that differ in a few tokens costs as much as those tokens. Iteration is in ascending
// (origin, phase) order.
#pragma once
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <iterator>
#include <utility>

namespace commcheck {

class TokenSet {
public:
  using Token = std::pair<unsigned, int>;

  void insert(Token T);
  /// Adds every token of O.
  void merge(const TokenSet &O);
  bool empty() const { return !Root; }
  bool operator==(const TokenSet &O) const;
  /// The set of Tokens, which are in ascending order without repeats (a bulk build).
  static TokenSet fromSorted(llvm::ArrayRef<Token> Tokens);

  struct Node;
  class iterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Token;
    using difference_type = std::ptrdiff_t;
    using pointer = const Token *;
    using reference = Token;
    iterator() = default;
    explicit iterator(const Node *Root);
    Token operator*() const;
    iterator &operator++();
    bool operator==(const iterator &O) const { return Stack == O.Stack; }
    bool operator!=(const iterator &O) const { return !(*this == O); }

  private:
    void descend(const Node *N);
    llvm::SmallVector<const Node *, 16> Stack; ///< the current leaf last; right subtrees below it
  };
  iterator begin() const { return iterator(Root.get()); }
  iterator end() const { return iterator(); }

  using NodePtr = llvm::IntrusiveRefCntPtr<const Node>;

private:
  NodePtr Root;
};

struct TokenSet::Node : llvm::ThreadSafeRefCountedBase<Node> {
  uint64_t Prefix; ///< a leaf's key; a branch's bits above Bit
  uint64_t Bit;    ///< 0 for a leaf; a branch's single branching bit (left: its keys have it 0)
  NodePtr Left, Right;
};

} // namespace commcheck
