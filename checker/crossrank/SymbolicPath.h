// One path of the symbolic run of a kernel entry (docs/cross-rank.md, "the symbolic run"): the
// rank id r and the rank count P are symbols of the interpreter's forms, and each branch on a form
// of r, P and a peer loop's variable j that the path's constraints do not decide is a choice
// (Z3 decides; chosen ways replayed, new ones taken at the branch and recorded, so that
// SymbolicRun runs every alternative depth first, as CrossRankModel runs LaunchPath's). A peer
// loop's range and the choices made in its body hold only within it: the ops after the loop are
// decided without them. What the run records is noted per op: its guard (the constraints in
// force), its program point and the parts of its forms in r, P and j.
#pragma once
#include "crossrank/RankValue.h"
#include <algorithm>
#include "clang/AST/OperationKinds.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace commcheck {

class SymbolicPath {
public:
  /// Shared by the paths of one run: where a path turns from the way taken first (outside a peer
  /// loop's body), by its turns so far, the program point it numbers on from; and the highest
  /// point numbered so far in each of the entry's statements (statement()).
  struct Turns {
    std::map<std::vector<bool>, unsigned> Bases;
    std::map<unsigned, unsigned> HighestIn;
  };
  /// Z3 and the answers it gave, shared by the paths of one run (making a context costs more
  /// than a small path's questions; a path asks what the one before it asked).
  struct Solver;
  /// MinCount: the least rank count the paths stand for.
  static std::shared_ptr<Solver> solver(int MinCount = 2);
  /// Given: the choices replayed. Highest: the highest program point of the paths merged so far.
  SymbolicPath(std::vector<bool> Given, Turns &Bases, unsigned Highest,
               std::shared_ptr<Solver> Z);
  ~SymbolicPath();
  SymbolicPath(SymbolicPath &&) noexcept;

  /// The interpreter's symbols of r, P and a peer loop's variable (set by RankInterpreter::symbolic).
  /// The rank itself is the first place (its home, Linear::home(FirstPlace)).
  void bind(Symbol R, Symbol P, Symbol J) {
    RSym = R, PSym = P, JSym = J;
    if (Places.empty())
      Places.push_back(Linear::symbol(R));
  }
  Symbol rank() const { return RSym; }
  Symbol count() const { return PSym; }
  Symbol iter() const { return JSym; }
  /// `D Op 0` (D a form of r, P, j and launch values: RankInterpreter::symbolicForm): decided by
  /// the constraints in force, or chosen.
  bool decide(const Linear &D, clang::BinaryOperatorKind Op);
  /// Whether the constraints in force imply `D Op 0` (false where Z3 cannot tell).
  bool implied(const Linear &D, clang::BinaryOperatorKind Op);

  /// A rank index as a place of the interpreter's forms (Linear::window(place(...))): equal forms
  /// one place, so that W[r] - W[r] cancels. Numbered from FirstPlace (no concrete rank's).
  int place(const Linear &Form);
  const Linear &placeForm(int Id) const { return Places[Id - FirstPlace]; }
  bool isPlace(int Id) const { return Id >= FirstPlace && Id - FirstPlace < int(Places.size()); }
  static constexpr int FirstPlace = 1 << 20;

  /// The entry's statement Index (its body's, and of blocks in it, numbered in source order) runs
  /// next: every path numbers it from the same point, past the statements before it, so that the
  /// paths that turned at an `if` meet again after it (a root's stage-in before everyone's
  /// barrier: the barrier's notifies are before its waits in every path).
  void statement(unsigned Index);
  /// A peer loop's body: j in [Lo, Hi) while it runs; its choices end with it.
  void enterLoop(const Linear &Lo, const Linear &Hi);
  void leaveLoop();
  bool inLoop() const { return PeerLoops > 0; }
  /// A chunk loop's body (`for (b = lo; b < hi; b += step)`, data only), run once for every b in
  /// [Lo, Hi) with b the symbol C: each op in it stands for an instance per value of C (an
  /// auxiliary of the symbolic trace); its choices end with it, as a peer loop's do.
  void enterChunk(Symbol C, const Linear &Lo, const Linear &Hi);
  void leaveChunk();
  /// A phased loop's body (`for (b = lo; b < hi; b += step)` whose body signals), run once for
  /// the iteration K >= 0 (B = lo + step * K < hi, the step positive): each op in it stands for
  /// an instance per iteration (OpInfo::Phase), the loop running Trips of them; its choices end
  /// with it. ByTrips (B a product: a launch-value step): the trace states them as 0 <= K <
  /// Trips (the same iterations where Trips is the loop's), the run has B's range as well.
  void enterPhase(Symbol K, const Linear &B, const Linear &Lo, const Linear &Hi, const Linear &Trips,
                  bool ByTrips = false);
  void leavePhase();
  /// `D Op 0` holds from here on (a fact the run derived, not a choice: a loop's trips).
  /// Defines: see assumeEither.
  void assume(const Linear &D, clang::BinaryOperatorKind Op, Symbol Defines = 0) {
    Active.push_back({D, Op, std::nullopt, Defines});
  }
  /// `D Op 0` holds on every run the path stands for, wherever it is learnt (a launch value's
  /// axiom, `0 <= get_block_idx()`): kept past the loop body it was learnt in.
  void axiom(const Linear &D, clang::BinaryOperatorKind Op) {
    for (const Atom &A : Active)
      if (A.Op == Op && !A.Or && !A.Defines && A.D == D)
        return; // (each read of the block index states them again)
    Active.insert(Active.begin(), Atom{D, Op});
    for (auto &[Mark, Loop] : Scopes)
      ++Mark;
  }
  /// Symbol Row is X * N on every path of the run (a row, RankInterpreter::rowProduct): Z3
  /// decides the product where it can (not linear: where it cannot, a question is "may").
  void product(Symbol Row, Symbol X, Symbol N);
  /// `D Op 0` holds from here on, for the run's decisions only: the trace leaves it out (a
  /// product's definition it need not state: where every value of the symbols it defines is
  /// right, the proof holds for the true one).
  void assumeForRun(const Linear &D, clang::BinaryOperatorKind Op) {
    Active.push_back({D, Op, std::nullopt, 0, true});
  }
  /// `D Op 0 || E Op2 0` holds on the path from now on, with no choice of the path: a value that
  /// is one of two forms, both of which the runs it stands for take (`x % P` is x or x - P).
  /// Defines: the symbol these atoms only define (every value of the others the path allows has
  /// one of it), so that an op that names it nowhere else may leave them out (SymbolicRun).
  void assumeEither(const Linear &D, clang::BinaryOperatorKind Op, const Linear &E,
                    clang::BinaryOperatorKind Op2, Symbol Defines = 0) {
    Active.push_back({D, Op, std::pair{E, Op2}, Defines});
  }

  struct Atom {
    Linear D;
    clang::BinaryOperatorKind Op; ///< `D Op 0` holds
    /// Or else this does (assumeEither): the atom is a clause of two.
    std::optional<std::pair<Linear, clang::BinaryOperatorKind>> Or = std::nullopt;
    Symbol Defines = 0; ///< the symbol the atom only defines (assumeEither), or 0
    /// A fact of the run's own (assumeForRun): its decisions use it, the trace states it not.
    bool RunOnly = false;
  };
  /// `D Op 0 || E Op2 0` holds for every launch (values alike on every rank only), on every path
  /// of the run: the trace's assumptions (SymbolicTrace::Assume). A phased loop's trips, named by
  /// its range, is defined by it wherever the range is not empty.
  void fact(const Linear &D, clang::BinaryOperatorKind Op, const Linear &E, clang::BinaryOperatorKind Op2);
  const std::vector<Atom> &facts() const;
  /// Program points (SymOp's Segment, Pos). SymbolicCheck's hang argument needs one order of
  /// points that each rank's run follows; a rank runs one path (but for a peer loop's choices,
  /// whose j differ). So where a path turns from the way taken first it numbers on past every
  /// point numbered so far, the same past for every path with the same turns (Turns): paths
  /// number alike where they run alike (an op both run is one op), and a turn's ops come after
  /// the first way's (a root's wait in the `else` after the others' notifies in the `then`).
  /// Turns within a peer loop's body keep the numbering: the ops after the loop are the same ops
  /// in every path that differs only there.
  struct OpInfo {
    std::vector<Atom> When; ///< the constraints in force where it was recorded
    unsigned Segment = 0, Pos = 0;
    bool InLoop = false;
    Linear Offset;               ///< the terms of its address in r, P, j (bytes)
    std::optional<Linear> Value; ///< a signal's value or threshold (r- and j-free)
    Symbol Phase = 0;            ///< its phased loop's iteration symbol (0: none)
    Linear Trips;                ///< Phase: how many iterations that loop runs
  };
  /// The op just recorded (the interpreter's trace's last), its offset's terms in r, P, j.
  void recorded(const Linear &Offset);
  const std::vector<OpInfo> &ops() const { return Ops; }
  /// A signal's value, for the op recorded next.
  void valueNext(const Linear &V) { PendingValue = V; }

  /// Whether, for every r, P and launch values (and the premise's own loop variables) where
  /// Premise holds, one of Alternatives holds for some values of the symbols in Local (each
  /// alternative's own: a loop's or a chunk's variable): wherever one path's op runs, its run
  /// also runs one of the others. False where Z3 cannot tell.
  bool entails(const std::vector<Atom> &Premise,
               const std::vector<const std::vector<Atom> *> &Alternatives,
               const std::set<Symbol> &Local) const;

  const std::vector<bool> &choices() const { return Taken; }
  /// The peer loop (its program point) whose body made choice C; 0: outside any.
  unsigned loopOf(size_t C) const { return ChoiceLoop[C].empty() ? 0 : ChoiceLoop[C].back(); }
  /// Whether choice C was made in the body of loop Loop (a loopOf number), or of a loop in it.
  bool madeWithin(size_t C, unsigned Loop) const {
    return std::find(ChoiceLoop[C].begin(), ChoiceLoop[C].end(), Loop) != ChoiceLoop[C].end();
  }
  size_t given() const { return Given.size(); }

private:
  std::shared_ptr<Solver> S;
  Symbol RSym = 0, PSym = 0, JSym = 0;
  std::vector<bool> Given, Taken, Outside; ///< Outside: the choices outside peer loops' bodies
  std::vector<std::vector<unsigned>> ChoiceLoop; ///< per choice: the loops it was made in, outermost first
  Turns &Bases;
  std::vector<Atom> Active;    ///< the constraints in force, loops' from their Scopes mark on
  /// Each open loop body (a peer loop's or a chunk loop's): where its constraints start in
  /// Active, and the number its choices are made in (loopOf).
  std::vector<std::pair<size_t, unsigned>> Scopes;
  unsigned PeerLoops = 0; ///< of Scopes, the peer loops'
  Symbol Phase = 0;       ///< the phased loop whose body runs (enterPhase)
  Linear Trips;
  std::vector<Linear> Places;
  std::vector<OpInfo> Ops;
  std::optional<Linear> PendingValue;
  unsigned Highest = 0, NextSegment = 1, LoopSegment = 0, LoopPos = 0, Statement = 0;
  /// Program points a statement may number (its turns past its own points): the next starts past.
  static constexpr unsigned StatementPoints = 1u << 16;
  /// A loop body in which B runs over [Lo, Hi): its scope, and the range in force.
  void enterRange(const Linear &B, const Linear &Lo, const Linear &Hi);
  /// Whether `D Op 0` may hold under the constraints in force (true where Z3 cannot tell).
  bool may(const Linear &D, clang::BinaryOperatorKind Op);
};

} // namespace commcheck
