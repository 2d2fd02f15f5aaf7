// A value as the rank interpreter computes it: a linear form c + sum(k_i * s_i) / Den over
// symbols, so that addresses stay exact through the window arithmetic kernels use
// (`windowsIn[pe] + (local - windowsIn[rankId])`, PTOAS's `(ctx[4+pe] - ctx[4+me]) / 4` deltas).
//
// Symbols: W_q is rank q's window base, H_q where rank q's own pointers point; any other symbol is
// a value of the launch the model does not know (a kernel parameter, a field of launch data), the
// same on every rank, named in the interpreter's table.
#pragma once
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class FieldDecl;
}

namespace commcheck {

/// A symbol of a linear form: a window base W_q, a home H_q, or a launch value (an index into the
/// interpreter's names: symbols are numbers so that arithmetic on addresses allocates nothing).
using Symbol = uint32_t;

struct Linear {
  static constexpr Symbol WindowBit = 1u << 30, HomeBit = 1u << 31;
  using Term = std::pair<Symbol, int64_t>;
  int64_t Const = 0;
  llvm::SmallVector<Term, 3> Terms; ///< symbol -> coefficient (never 0), sorted by symbol
  int64_t Den = 1;                  ///< common denominator (> 0)

  static Linear constant(int64_t C) { return Linear{C, {}, 1}; }
  static Linear symbol(Symbol S) { return Linear{0, {{S, 1}}, 1}; }
  /// Rank q's window base, as the context gives it.
  static Linear window(int Q) { return symbol(WindowBit | Symbol(Q)); }
  /// Where rank q's own pointers (parameters, launch data) point: its window, presumably; an
  /// address made only of it says nothing about which rank's memory a kernel was handed.
  static Linear home(int Q) { return symbol(HomeBit | Symbol(Q)); }
  /// Whether a symbol is a place (a window base or a home), a window base, and whose.
  static bool isPlace(Symbol S) { return S & (WindowBit | HomeBit); }
  static bool isWindow(Symbol S) { return S & WindowBit; }
  static int placeRank(Symbol S) { return int(S & (WindowBit - 1)); }

  std::optional<int64_t> value() const {
    if (!Terms.empty() || Const % Den != 0)
      return std::nullopt;
    return Const / Den;
  }
  bool isSymbolic() const { return !Terms.empty(); }

  void normalise() {
    int64_t G = Den < 0 ? -Den : Den;
    G = std::gcd(G, Const < 0 ? -Const : Const);
    for (auto &[S, K] : Terms)
      G = std::gcd(G, K < 0 ? -K : K);
    if (G > 1) {
      Const /= G;
      Den /= G;
      for (auto &[S, K] : Terms)
        K /= G;
    }
    if (Den < 0) {
      Den = -Den;
      Const = -Const;
      for (auto &[S, K] : Terms)
        K = -K;
    }
  }
  Linear scaled(int64_t Num, int64_t Div = 1) const {
    Linear R = *this;
    R.Const *= Num;
    for (auto &[S, K] : R.Terms)
      K *= Num;
    R.Den *= Div;
    if (Num == 0)
      R.Terms.clear();
    R.normalise();
    return R;
  }
  Linear plus(const Linear &O, int64_t Sign = 1) const {
    Linear R;
    R.Den = Den * O.Den;
    R.Const = Const * O.Den + Sign * O.Const * Den;
    // A merge of the two sorted term lists.
    size_t I = 0, J = 0;
    while (I < Terms.size() || J < O.Terms.size()) {
      if (J == O.Terms.size() || (I < Terms.size() && Terms[I].first < O.Terms[J].first)) {
        R.Terms.push_back({Terms[I].first, Terms[I].second * O.Den});
        ++I;
      } else if (I == Terms.size() || O.Terms[J].first < Terms[I].first) {
        R.Terms.push_back({O.Terms[J].first, Sign * O.Terms[J].second * Den});
        ++J;
      } else {
        int64_t K = Terms[I].second * O.Den + Sign * O.Terms[J].second * Den;
        if (K != 0)
          R.Terms.push_back({Terms[I].first, K});
        ++I, ++J;
      }
    }
    R.normalise();
    return R;
  }
  /// The terms for which Drop holds removed.
  template <typename Pred> void eraseTerms(Pred Drop) {
    Terms.erase(std::remove_if(Terms.begin(), Terms.end(), Drop), Terms.end());
  }
  bool operator==(const Linear &O) const {
    return Const == O.Const && Den == O.Den && Terms == O.Terms;
  }
};

/// What an expression evaluates to.
struct RankValue {
  enum Kind {
    Unknown, ///< a value the model cannot know (data read from GM, an unseen call's result)
    Number,  ///< an integer, or an address (bytes), as a linear form
    View,    ///< a GM view (GlobalTensor, Signal): its address and extent in bytes
    Dims,    ///< a Shape/Stride object: its five values
    Object,  ///< any other object: a tile, an event, a local struct (its fields, when written)
  } K = Unknown;
  Linear L;                  ///< Number: the value; View: the address
  std::optional<int64_t> Bytes; ///< View: extent, when known
  llvm::SmallVector<std::optional<int64_t>, 5> D; ///< Dims; View: its shape (when its extent is unknown)
  /// Dims: each value as the launch values make it (`rowElems`), where every one is a number or
  /// made of launch values; else empty. D holds the largest each may be.
  llvm::SmallVector<Linear, 5> Exact;
  /// View: its extent in bytes as the launch values make it, where it is not a number (Bytes is
  /// then at least as large): offsets and extents of one buffer compare exactly (SymbolicOverlap).
  std::optional<Linear> SymBytes;
  llvm::SmallVector<int64_t, 5> Strides;           ///< View: its strides, when all known
  int64_t Elem = 0;                       ///< View: element size
  std::string Why;           ///< Unknown: what it came from (for messages)
  /// Number, View: computed from the window table, also where the window bases cancel (rank r's
  /// own window reached as `W[peer] - W[r]` with peer == r): memory the kernel places itself.
  bool FromTable = false;
  /// Number: `x % n` for n a launch value taken for the rank count. A window index computed so
  /// (a ring neighbour, `(r + 1) % n`) names a rank among n: n is the rank count, as the bound of
  /// a loop over the peers is.
  std::optional<Symbol> ModuloOf;
  /// Object: the fields of a local struct the kernel initialised or assigned, each in a slot of
  /// its own so that `s.f = v` assigns in place. A copy of the object copies the slots (detach).
  std::vector<std::pair<const clang::FieldDecl *, std::shared_ptr<RankValue>>> Fields;
  /// Object: a struct the launch passes by value (a kernel parameter): a field the kernel did not
  /// set is the launch value named `Launch.field`, the same on every rank.
  std::string Launch;
  /// Object: an async event a TPUT_ASYNC/TGET_ASYNC of the run returned (its transfer's number
  /// in AsyncTransfers); -1: none the model knows (a default event, handle 0).
  int Event = -1;

  static RankValue number(Linear V) {
    RankValue R;
    R.K = Number;
    R.L = std::move(V);
    return R;
  }
  static RankValue integer(int64_t V) { return number(Linear::constant(V)); }
  static RankValue unknown(std::string Why) {
    RankValue R;
    R.Why = std::move(Why);
    return R;
  }
  static RankValue object() {
    RankValue R;
    R.K = Object;
    return R;
  }
  /// The field's slot, or null.
  std::shared_ptr<RankValue> field(const clang::FieldDecl *F) const {
    for (const auto &[D, S] : Fields)
      if (D == F)
        return S;
    return nullptr;
  }
  /// This value with fresh slots for its fields (recursively): a copy of a struct owns its fields.
  RankValue detached() const {
    RankValue R = *this;
    for (auto &[D, S] : R.Fields)
      S = std::make_shared<RankValue>(S->detached());
    return R;
  }
};

} // namespace commcheck
