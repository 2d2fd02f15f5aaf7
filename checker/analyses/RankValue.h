// A value as the rank interpreter computes it: a linear form c + sum(k_i * s_i) / Den over
// symbols, so that addresses stay exact through the window arithmetic kernels use
// (`windowsIn[pe] + (local - windowsIn[rankId])`, PTOAS's `(ctx[4+pe] - ctx[4+me]) / 4` deltas).
//
// Symbols: "W<q>" is rank q's window base; any other symbol is a value of the launch the model
// does not know (a kernel parameter, a field of launch data), the same on every rank.
#pragma once
#include <cstdint>
#include <map>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

namespace commcheck {

struct Linear {
  int64_t Const = 0;
  std::map<std::string, int64_t> Terms; ///< symbol -> coefficient (never 0)
  int64_t Den = 1;                      ///< common denominator (> 0)

  static Linear constant(int64_t C) { return Linear{C, {}, 1}; }
  static Linear symbol(const std::string &S) { return Linear{0, {{S, 1}}, 1}; }
  /// Rank q's window base, as the context gives it.
  static Linear window(int Q) { return symbol("W" + std::to_string(Q)); }
  /// Where rank q's own pointers (parameters, launch data) point: its window, presumably; an
  /// address made only of it says nothing about which rank's memory a kernel was handed.
  static Linear home(int Q) { return symbol("H" + std::to_string(Q)); }
  /// Whether a symbol is a place (a window base or a home).
  static bool isPlace(const std::string &S) { return S[0] == 'W' || S[0] == 'H'; }

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
    R.normalise();
    return R;
  }
  Linear plus(const Linear &O, int64_t Sign = 1) const {
    Linear R;
    R.Den = Den * O.Den;
    R.Const = Const * O.Den + Sign * O.Const * Den;
    R.Terms = Terms;
    for (auto &[S, K] : R.Terms)
      K *= O.Den;
    for (const auto &[S, K] : O.Terms) {
      int64_t &T = R.Terms[S];
      T += Sign * K * Den;
      if (T == 0)
        R.Terms.erase(S);
    }
    R.normalise();
    return R;
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
    Object,  ///< any other object (a tile, an event): carries nothing the model needs
  } K = Unknown;
  Linear L;                  ///< Number: the value; View: the address
  std::optional<int64_t> Bytes; ///< View: extent, when known
  std::vector<std::optional<int64_t>> D; ///< Dims; View: its shape (when its extent is unknown)
  std::vector<int64_t> Strides;           ///< View: its strides, when all known
  int64_t Elem = 0;                       ///< View: element size
  std::string Why;           ///< Unknown: what it came from (for messages)

  static RankValue number(Linear V) {
    RankValue R;
    R.K = Number;
    R.L = std::move(V);
    return R;
  }
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
};

} // namespace commcheck
