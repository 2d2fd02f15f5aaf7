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
#include <initializer_list>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace clang {
class FieldDecl;
}

namespace commcheck {

/// A symbol of a linear form: a window base W_q, a home H_q, or a launch value (an index into the
/// interpreter's names: symbols are numbers so that arithmetic on addresses allocates nothing).
using Symbol = uint32_t;

/// The terms of a linear form: a SmallVector whose move says it throws nothing (it copies the
/// inline elements or takes the buffer), so that a vector of forms, or of what holds them (a
/// trace's ops), moves them as it grows instead of copying each.
struct LinearTerms : llvm::SmallVector<std::pair<Symbol, int64_t>, 3> {
  using Base = llvm::SmallVector<std::pair<Symbol, int64_t>, 3>;
  LinearTerms() = default;
  LinearTerms(std::initializer_list<std::pair<Symbol, int64_t>> IL) : Base(IL) {}
  LinearTerms(const LinearTerms &) = default;
  LinearTerms(LinearTerms &&O) noexcept : Base(std::move(O)) {}
  LinearTerms &operator=(const LinearTerms &) = default;
  LinearTerms &operator=(LinearTerms &&O) noexcept {
    Base::operator=(std::move(O));
    return *this;
  }
};

struct Linear {
  static constexpr Symbol WindowBit = 1u << 30, HomeBit = 1u << 31;
  using Term = std::pair<Symbol, int64_t>;
  int64_t Const = 0;
  LinearTerms Terms; ///< symbol -> coefficient (never 0), sorted by symbol
  int64_t Den = 1;                  ///< common denominator (> 0)

  static Linear constant(int64_t C) { return Linear{C, {}, 1}; }
  static Linear symbol(Symbol S) { return Linear{0, {{S, 1}}, 1}; }
  /// Rank q's window base, as the context gives it.
  static Linear window(int Q) { return symbol(WindowBit | Symbol(Q)); }
  /// Where rank q's own pointers (parameters, launch data) point: its window, presumably; an
  /// address made only of it says nothing about which rank's memory a kernel was handed.
  static Linear home(int Q) { return symbol(HomeBit | Symbol(Q)); }
  /// The rank of the window a kernel reaches at a rank read from data (`ctx[4 + dst]`, dst loaded):
  /// any rank of the launch (the window-index assumption); its accesses are recorded once per rank.
  static constexpr int AnyRank = int(WindowBit - 1);
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
    for (size_t I = 0; I < Terms.size() && G != 1; ++I)
      G = std::gcd(G, Terms[I].second < 0 ? -Terms[I].second : Terms[I].second);
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
  /// This form with its terms sorted by symbol, equal symbols merged and zero coefficients
  /// dropped, in its normal form: the form summing its terms one by one with plus gives, at the
  /// cost of none of the sums' copies.
  void canonicalise() {
    bool Sorted = true;
    for (size_t I = 1; I < Terms.size() && Sorted; ++I)
      Sorted = Terms[I - 1].first < Terms[I].first;
    if (!Sorted) {
      std::stable_sort(Terms.begin(), Terms.end(),
                       [](const Term &A, const Term &B) { return A.first < B.first; });
      size_t Out = 0;
      for (size_t I = 0; I < Terms.size(); ++I)
        if (Out > 0 && Terms[Out - 1].first == Terms[I].first)
          Terms[Out - 1].second += Terms[I].second;
        else
          Terms[Out++] = Terms[I];
      Terms.resize(Out);
    }
    eraseTerms([](const Term &T) { return T.second == 0; });
    normalise();
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
  /// This form plus Sign * O, in place: where both are integral and O's symbols all follow this
  /// form's (a running sum of values read one by one, `offset += *p`, each a symbol newer than
  /// the last) O's terms are appended, with no copy of those before; else as plus gives it.
  void add(const Linear &O, int64_t Sign = 1) {
    if (Den != 1 || O.Den != 1 ||
        (!Terms.empty() && !O.Terms.empty() && O.Terms.front().first <= Terms.back().first)) {
      *this = plus(O, Sign);
      return;
    }
    Const += Sign * O.Const;
    for (const Term &T : O.Terms)
      Terms.push_back({T.first, Sign * T.second});
    normalise();
  }
  /// The terms for which Drop holds removed.
  template <typename Pred> void eraseTerms(Pred Drop) {
    Terms.erase(std::remove_if(Terms.begin(), Terms.end(), Drop), Terms.end());
  }
  bool operator==(const Linear &O) const {
    return Const == O.Const && Den == O.Den && Terms == O.Terms;
  }
};

static_assert(std::is_nothrow_move_constructible_v<Linear>);

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
  llvm::SmallVector<Linear, 0> Exact; // (no inline elements: most values are numbers, copied on every read)
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
  /// Object: a pointer to a local object (`&layout`, a struct's field holding one): the object's
  /// slot, so that `*p` and `p->f` read (and assign) the object itself.
  std::shared_ptr<RankValue> Pointee;
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
  RankValue detached() const & {
    RankValue R = *this;
    return std::move(R).detached();
  }
  /// ... of a temporary (a value just evaluated): its own, moved, not copied.
  RankValue detached() && {
    for (auto &[D, S] : Fields)
      S = std::make_shared<RankValue>(S->detached());
    return std::move(*this);
  }
};

} // namespace commcheck
