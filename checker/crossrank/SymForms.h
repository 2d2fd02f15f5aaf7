// A form of the rank interpreter's symbolic run as the symbolic trace states it (SymbolicRun):
// the rank id, the count, a peer loop's variable, a phased loop's iteration, an op's auxiliaries
// and the launch values as SymbolicTrace's variables, a row (X * N) as their product.
#pragma once
#include "crossrank/RankValue.h"
#include "crossrank/SymbolicPath.h"
#include "crossrank/SymbolicTrace.h"
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace commcheck {

/// A form of the interpreter as the symbolic trace's: r, P, j, launch values (numbered by Launch).
class SymForms {
public:
  using Rows = std::map<Symbol, std::pair<Symbol, Symbol>>;
  /// RowsOf: the run's row symbols (X * N), a product of two variables in a form (or an offset's row);
  /// Chunks: its chunk loop variables (RankInterpreter's, filled as the run goes).
  /// Phases: its phased loops' iteration symbols, which only an op of that loop may hold.
  SymForms(Symbol R, Symbol P, Symbol J, const Rows &RowsOf, const std::set<Symbol> &Chunks,
           const std::set<Symbol> &Phases)
      : R(R), P(P), J(J), RowsOf(RowsOf), Chunks(Chunks), Phases(Phases) {}
  const Rows &rows() const { return RowsOf; }
  /// The launch values the forms name, each with its variable's number (symvar::Launch0 + it).
  const std::map<Symbol, uint32_t> &launchValues() const { return Launch; }
  /// An offset's rows (X * N terms, RankInterpreter::rowProduct) of one launch value N, taken
  /// out of Offset: the row (the sum of the X's) and N. The row form keeps the overlap and the
  /// cell linear where the column keeps within its row (SymbolicEncoding::overlap, sameCell);
  /// rows of several launch values stay in the offset, products.
  std::optional<std::pair<Linear, Symbol>> peelRows(Linear &Offset) const {
    std::optional<Symbol> Width;
    for (const auto &[S, K] : Offset.Terms)
      if (auto It = RowsOf.find(S); It != RowsOf.end()) {
        if (Width && *Width != It->second.second)
          return std::nullopt;
        Width = It->second.second;
      }
    if (!Width)
      return std::nullopt;
    Linear Row;
    Offset.eraseTerms([&](const Linear::Term &Tm) {
      auto It = RowsOf.find(Tm.first);
      if (It == RowsOf.end())
        return false;
      Row = Row.plus(Linear::symbol(It->second.first).scaled(Tm.second));
      return true;
    });
    return std::pair{Row, *Width};
  }
  /// An op's chunk loop variables are auxiliaries of it, numbered in Aux as they come (an op's
  /// instance has its own values of them); without Aux a form may hold none.
  using AuxNumbers = std::map<Symbol, uint32_t>;
  /// Phase: the op's phased loop's iteration symbol (0: it is in none).
  std::optional<Affine> affine(const Linear &L, bool InLoop, AuxNumbers *Aux = nullptr,
                               Symbol Phase = 0) {
    if (L.Den != 1)
      return std::nullopt;
    Affine A = Affine::constant(L.Const);
    for (const auto &[S, K] : L.Terms) {
      std::optional<uint32_t> V;
      if (auto Row = RowsOf.find(S); Row != RowsOf.end()) { // X * N: a product of two variables
        std::optional<uint32_t> X = variable(Row->second.first, InLoop, Aux, Phase),
                                N = variable(Row->second.second, InLoop, Aux, Phase);
        if (X && N && *X < (1u << symvar::FactorBits) && *N < (1u << symvar::FactorBits))
          V = symvar::product(*X, *N);
      } else {
        V = variable(S, InLoop, Aux, Phase);
      }
      if (!V)
        return std::nullopt;
      A = A + Affine::var(*V, K);
    }
    return A;
  }
  std::optional<AffineAtom> atom(const SymbolicPath::Atom &At, bool InLoop, AuxNumbers &Aux,
                                 Symbol Phase) {
    std::optional<Affine> A = affine(At.D, InLoop, &Aux, Phase);
    if (!A)
      return std::nullopt;
    switch (At.Op) {
    case clang::BO_LT: return AffineAtom{AffineAtom::GE, A->scaled(-1) - 1};
    case clang::BO_LE: return AffineAtom{AffineAtom::GE, A->scaled(-1)};
    case clang::BO_GT: return AffineAtom{AffineAtom::GE, *A - 1};
    case clang::BO_GE: return AffineAtom{AffineAtom::GE, *A};
    case clang::BO_EQ: return AffineAtom{AffineAtom::EQ, *A};
    default: return AffineAtom{AffineAtom::NE, *A};
    }
  }

private:
  /// One symbol's variable (none for a row, a place, or one the op may not name).
  std::optional<uint32_t> variable(Symbol S, bool InLoop, AuxNumbers *Aux, Symbol Phase) {
    if (Phases.count(S))
      return S == Phase ? std::optional<uint32_t>(symvar::Phase) : std::nullopt;
    if (S == R)
      return symvar::Rank;
    if (S == P)
      return symvar::Count;
    if (S == J)
      return InLoop ? std::optional<uint32_t>(symvar::Iter) : std::nullopt;
    if (Chunks.count(S)) {
      if (!Aux || (!Aux->count(S) && Aux->size() == symvar::MaxAux))
        return std::nullopt;
      return symvar::Aux0 + Aux->try_emplace(S, uint32_t(Aux->size())).first->second;
    }
    if (Linear::isPlace(S) || RowsOf.count(S))
      return std::nullopt;
    return symvar::Launch0 + Launch.try_emplace(S, uint32_t(Launch.size())).first->second;
  }
  Symbol R, P, J;
  const Rows &RowsOf;
  const std::set<Symbol> &Chunks, &Phases;
  std::map<Symbol, uint32_t> Launch;
};

} // namespace commcheck
