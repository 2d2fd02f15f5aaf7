#include "crossrank/SymbolicCheck.h"
#include "crossrank/SymbolicCounts.h"
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace commcheck {

namespace {

bool signalKind(RankOpKind K) { return K == RankOpKind::Notify || K == RankOpKind::Wait; }

/// Whether the form is the instance's own rank id, as written (no question to Z3 needed).
bool ownRank(const Affine &A) {
  return A.Const == 0 && A.Terms.size() == 1 && A.Terms.begin()->first == symvar::Rank &&
         A.Terms.begin()->second == 1;
}

std::string opName(const SymOp &O, size_t Index) {
  return "'" + (O.What.empty() ? std::string("op") : O.What) + "' (#" + std::to_string(Index) + ")";
}

class TraceProver {
public:
  using Instance = SymbolicEncoding::Instance;
  TraceProver(const SymbolicTrace &T, const KnownRace &Known) : T(T), E(T), Known(Known) {}

  /// "" when the trace is in the fragment the check decides; else why not.
  std::string fragment();
  /// Whether some instance of the data op Ops[I] may touch a signal op's cell, for some P.
  bool mayTouchSignal(size_t I);
  /// "" when no wait can stay blocked, for any P.
  std::string hangs();
  /// "" when every counter a reset lowers is back where it was after each call, for any P.
  std::string balance();
  /// The notify -> wait pairs (by op index) where the wait cannot pass without the notify's
  /// instance that signals its cell: a greatest fixpoint (justified).
  void edges();
  /// "" when no two ranks' accesses conflict unordered, for any P, but pairs Known reports.
  std::string races();
  unsigned excused() const { return Excused; }
  const std::vector<SymEdge> &edgeList() const { return Edges; }

private:
  /// Whether ops I and J may run at one P and launch: their guards' clauses of P and launch
  /// values alone (`n < 256` and `n >= 256`, `P == 4` and `P == 8`) may hold together. Pairs
  /// that cannot are not asked about.
  bool compatible(size_t I, size_t J);
  /// Op I's group of alike clauses of P and launch values (the groups made on first use).
  int groupOf(size_t I);
  size_t indexOf(const Instance &X) const { return size_t(X.Op - T.Ops.data()); }
  std::vector<int> SharedGroup; ///< per op: its group of alike shared clauses
  std::vector<Guard> SharedGuards; ///< per group
  std::map<std::pair<int, int>, bool> Compatible;
  const SymbolicTrace &T;
  SymbolicEncoding E;
  const KnownRace &Known;
  unsigned Excused = 0; ///< pairs let pass as already reported
  std::vector<int> Sign; ///< per notify: +1 adds credits, -1 a reset
  using Edge = SymEdge;
  std::vector<Edge> Edges;
  z3::expr related(const Edge &Ed, const Instance &N, const Instance &W) {
    return E.iterationOrder(Ed.Rel, N, W);
  }
  unsigned Tags = 0; ///< names of bound instances, distinct per use
  /// The sum of Value * bound over the notifies of Signs (0: all) of call OnlyCall (-1: any) that
  /// pass Filter, each counted against Cell's instance. Upper: the most credits and the fewest
  /// resets; else the reverse.
  std::optional<z3::expr> credits(const Instance &Cell, const z3::expr &Within, bool Upper,
                                  int Signs, const InstanceFilter &Filter, int OnlyCall = -1,
                                  const std::vector<z3::expr> &Extra = {});
  /// What the first call's notifies add to Cell's cell, exactly (exactCredits), or none.
  std::optional<z3::expr> exactly(const Instance &Cell);
  /// Some edge of Edges orders X's instance before Y's (on X's rank: X, then the edge's notify;
  /// on Y's: the edge's wait, then Y).
  z3::expr ordered(const Instance &X, const Instance &Y);
  /// M's instance happens after W's: W's rank's program order, or an edge.
  z3::expr after(const Instance &W, const Instance &M) {
    return (M.R == W.R && E.before(W, M)) || ordered(W, M);
  }
  /// X, an instance of the host's write W, meets a signal cell of its buffer at X's P and launch
  /// values: the explicit model takes no race with such a write (CrossRankOrder: an access that
  /// touches a cell is not data, and a host's write is no lost wake-up), and the check stands
  /// for what it concludes at every P.
  z3::expr hostWriteMeetsCell(const Instance &X, const SymOp &W);
  /// Whether op I is a host's write that meets a signal cell on every rank, for every P and
  /// launch where op J may run: it conflicts with none of J's instances. Asked once per group of
  /// J's shared clauses after the pair's own question was asked twice there (it is quantified,
  /// and costs more than a pair's where few pairs ask).
  bool coversCells(size_t I, size_t J);
  std::map<std::pair<size_t, int>, int> CoversCells; ///< 1 yes, 2 no, -n: n pairs asked so far
  /// One round towards the greatest fixpoint over the waits below op Limit: each wait's edges
  /// that the order Edges gives justifies (each for the pairs it holds for) replace its edges,
  /// wait by wait, so that what one wait drops is not counted on by the waits after it. The last
  /// wait whose edges went or narrowed, if any.
  std::optional<size_t> justify(size_t Limit);
};

std::string TraceProver::fragment() {
  std::set<std::string> SignalRoots;
  for (const SymOp &O : T.Ops)
    if (signalKind(O.Kind))
      SignalRoots.insert(O.Root);
  Sign.assign(T.Ops.size(), 0);
  for (size_t I = 0; I < T.Ops.size(); ++I) {
    const SymOp &O = T.Ops[I];
    std::string Name = opName(O, I);
    if (!signalKind(O.Kind)) {
      // Data beside signal cells in one buffer (a mailbox with its flags at the tail) is data
      // where no instance of it meets a cell for any P; the host's write before the launch is
      // one of the buffer's inputs (it conflicts with peers' reads only).
      if (SignalRoots.count(O.Root) && !O.Launch && mayTouchSignal(I))
        return Name + " accesses signal memory as data";
      continue;
    }
    // A wait's threshold may grow with its phased loop's iteration (`expected` raised each
    // iteration): one instance's own, alike on every rank at that iteration.
    Affine Shared = O.Value;
    if (O.Kind == RankOpKind::Wait && O.Phase)
      Shared.Terms.erase(symvar::Phase);
    if (!Shared.rankFree())
      return Name + ": its value differs between ranks";
    Instance X = E.instance(O, "_f");
    bool OwnCell = ownRank(O.Owner) || E.valid(X.Exists, E.term(O.Owner, X) == X.R);
    if (O.Kind == RankOpKind::Wait) {
      if (O.Cmp != WaitCmp::GE && O.Cmp != WaitCmp::GT)
        return Name + " compares other than >= or >";
      if (!OwnCell)
        return Name + " may wait on another rank's cell";
      continue;
    }
    if (O.Op != NotifyOp::AtomicAdd)
      return Name + " is not an AtomicAdd";
    z3::expr V = E.shared(O.Value);
    Sign[I] = O.Value.isConstant() ? (O.Value.Const > 0) - (O.Value.Const < 0)
              : E.valid(X.Exists, V > 0) ? 1
              : E.valid(X.Exists, V < 0) ? -1
                                         : 0;
    if (Sign[I] == 0)
      return Name + ": its value's sign is not the same for every P";
    if (Sign[I] < 0 && !OwnCell)
      return Name + " lowers a cell that may be another rank's";
    if (Sign[I] < 0 && T.freshRoot(O.Root)) // fresh cells are the ones nothing lowers
      return Name + " lowers a cell the trace says each call finds fresh";
  }
  return "";
}

int TraceProver::groupOf(size_t I) {
  if (SharedGroup.empty()) {
    std::map<std::string, int> Groups;
    for (const SymOp &O : T.Ops) {
      Guard Shared = sharedClauses(O.When);
      std::string Key;
      for (const auto &Clause : Shared)
        Key += clauseKey(Clause) + "|";
      auto [It, New] = Groups.try_emplace(Key, int(SharedGuards.size()));
      if (New)
        SharedGuards.push_back(std::move(Shared));
      SharedGroup.push_back(It->second);
    }
  }
  return SharedGroup[I];
}

bool TraceProver::compatible(size_t I, size_t J) {
  auto [A, B] = std::minmax(groupOf(I), groupOf(J));
  if (A == B)
    return true;
  auto [It, New] = Compatible.try_emplace({A, B}, true);
  if (New)
    It->second = E.sat(E.guard(SharedGuards[A], nullptr) && E.guard(SharedGuards[B], nullptr)) != Sat::No;
  return It->second;
}

bool TraceProver::mayTouchSignal(size_t I) {
  const SymOp &D = T.Ops[I];
  Instance X = E.instance(D, "_d");
  // One question for every cell (each cell's instance its own names).
  z3::expr Any = E.ctx().bool_val(false);
  for (size_t J = 0; J < T.Ops.size(); ++J)
    if (const SymOp &S = T.Ops[J]; signalKind(S.Kind) && S.Root == D.Root && compatible(I, J)) {
      Instance Y = E.instance(S, "_s" + std::to_string(Tags++));
      Any = Any || (Y.Exists && E.overlap(X, Y));
    }
  return !Any.is_false() && E.sat(X.Exists && Any) != Sat::No;
}

std::optional<z3::expr> TraceProver::credits(const Instance &Cell, const z3::expr &Within, bool Upper,
                                         int Signs, const InstanceFilter &Filter, int OnlyCall,
                                         const std::vector<z3::expr> &Extra) {
  z3::expr Sum = E.ctx().int_val(0);
  for (size_t I = 0; I < T.Ops.size(); ++I) {
    const SymOp &O = T.Ops[I];
    if (O.Kind != RankOpKind::Notify || (Signs && Sign[I] != Signs) ||
        (OnlyCall >= 0 && O.Call != unsigned(OnlyCall)) || !compatible(I, indexOf(Cell)))
      continue;
    bool High = (Sign[I] > 0) == Upper; // the bound the sum takes of this notify
    InstanceCount N = countInstances(E, O, Cell, Within, Filter, /*Lower=*/!High, Extra);
    std::optional<z3::expr> Term = N.times(E, High, O.Value);
    if (!Term)
      return std::nullopt;
    Sum = Sum + *Term;
  }
  return Sum;
}

std::string TraceProver::hangs() {
  for (size_t I = 0; I < T.Ops.size(); ++I) {
    const SymOp &W = T.Ops[I];
    if (W.Kind != RankOpKind::Wait)
      continue;
    // Suppose some rank stays blocked, and take the least program point at which one does: every
    // rank has run every instance before it. Those credit the cell at least this much (resets
    // are the owner's, which is blocked there: only its resets before the wait have run).
    Instance X = E.instance(W, "_w");
    auto Before = [&](const Instance &M) { return E.before(M, X); };
    auto Reaches = [&](const z3::expr &Credits) {
      z3::expr Th = E.term(W.Value, X);
      return E.valid(X.Exists, W.Cmp == WaitCmp::GE ? Credits >= Th : Credits > Th);
    };
    std::string Short =
        opName(W, I) + " may not pass: the notifies before it need not reach its threshold";
    // The most they can credit first (its questions are cheap): where even that falls short,
    // the least need not be asked.
    if (std::optional<z3::expr> Most = credits(X, X.Exists, true, 0, Before); Most && !Reaches(*Most))
      return Short;
    std::optional<z3::expr> Least = credits(X, X.Exists, false, 0, Before);
    if (!Least)
      return "the credits before " + opName(W, I) + " are not a closed form in P";
    if (!Reaches(*Least))
      return Short;
  }
  return "";
}

std::optional<z3::expr> TraceProver::exactly(const Instance &Cell) {
  z3::expr Sum = E.ctx().int_val(0);
  for (size_t I = 0; I < T.Ops.size(); ++I) {
    const SymOp &O = T.Ops[I];
    if (O.Kind != RankOpKind::Notify || O.Call != 0 || !compatible(I, indexOf(Cell)))
      continue;
    std::optional<z3::expr> Term = exactCredits(E, O, Cell, Cell.Exists, nullptr);
    if (!Term)
      return std::nullopt;
    Sum = Sum + *Term;
  }
  return Sum;
}

std::string TraceProver::balance() {
  // Per call (the first: the next repeats it), as the explicit model sums a counter's changes.
  for (size_t I = 0; I < T.Ops.size(); ++I) {
    if (Sign[I] >= 0 || T.Ops[I].Call != 0)
      continue;
    Instance X = E.instance(T.Ops[I], "_m");
    std::optional<z3::expr> Low = credits(X, X.Exists, false, 0, nullptr, 0);
    std::optional<z3::expr> High = credits(X, X.Exists, true, 0, nullptr, 0);
    if (!Low || !High || !E.valid(X.Exists, *Low == *High))
      Low = exactly(X); // (each notify's own exact credit: a ring's rows, one round each)
    if (!Low)
      return "what the call adds to the counter " + opName(T.Ops[I], I) +
             " lowers is not a closed form in P";
    if (!E.valid(X.Exists, *Low == 0))
      return "the counter " + opName(T.Ops[I], I) + " lowers may change per call for some P";
  }
  return "";
}

std::optional<size_t> TraceProver::justify(size_t Limit) {
  // Suppose an edge fails: take the earliest wait that passed without its edge's notify N. Every
  // edge of an earlier wait held, so nothing ordered after this wait by them had run, and neither
  // had N nor anything its rank runs after N: the cell held at most the credits of the rest (and
  // its owner's resets before it). The edge holds if that stays below the threshold. (Where the
  // notify is after the wait, such an edge says the wait never passes: the hang check, which needs
  // no edge, rules that out.) Fewer edges order fewer credits after a wait: the edges are the
  // greatest fixpoint. An edge that fails for some pairs of a phased loop's instances is kept for
  // the pairs whose notify is of an earlier iteration (or the same), where it holds. An edge
  // that fails with more edges fails with fewer, so one dropped at once (Gauss-Seidel, not a
  // round of its own) leaves the same fixpoint, in fewer rounds.
  std::optional<size_t> Changed;
  for (size_t IW = 0; IW < Limit; ++IW) {
    const SymOp &W = T.Ops[IW];
    std::vector<Edge> Mine, Kept;
    for (const Edge &Ed : Edges)
      if (Ed.W == IW)
        Mine.push_back(Ed);
    if (Mine.empty())
      continue;
    auto Replace = [&] {
      if (Kept == Mine)
        return;
      Changed = IW;
      Edges.erase(std::remove_if(Edges.begin(), Edges.end(), [&](const Edge &Ed) { return Ed.W == IW; }),
                  Edges.end());
      Edges.insert(Edges.end(), Kept.begin(), Kept.end());
      // (In the order the edges were made, so that ordered() builds the same terms as before.)
      std::stable_sort(Edges.begin(), Edges.end(), [](const Edge &A, const Edge &B) {
        return std::tie(A.W, A.N) < std::tie(B.W, B.N);
      });
    };
    Instance X = E.instance(W, "_w");
    std::optional<std::optional<z3::expr>> Most; // asked for the first edge that uses it
    std::optional<z3::expr> Resets =
        credits(X, X.Exists, true, -1, [&](const Instance &M) { return E.before(M, X); });
    if (!Resets) {
      Replace();
      continue;
    }
    z3::expr Th = E.term(W.Value, X);
    auto Below = [&](const z3::expr &Credits) {
      return W.Cmp == WaitCmp::GE ? Credits + *Resets < Th : Credits + *Resets <= Th;
    };
    for (const Edge &Ed : Mine) {
      Instance N = E.instance(T.Ops[Ed.N], "_n");
      z3::expr Within = X.Exists && N.Exists && E.sameCell(N, X);
      // Two bounds of the credits, each sound: the most not after the wait less N's own (unless
      // N is after the wait: then the wait passes without it); and those of what neither is
      // after the wait nor at or after N on N's rank (a phased loop's later iterations: asked
      // first for a notify of one, and where the first does not settle it).
      bool Refined = false;
      z3::expr Short = E.ctx().bool_val(false);
      if (!T.Ops[Ed.N].Phase) {
        if (!Most)
          Most = credits(X, X.Exists, true, +1, [&](const Instance &M) { return !after(X, M); });
        z3::expr Own = z3::ite(after(X, N), E.ctx().int_val(0), E.shared(T.Ops[Ed.N].Value));
        if (*Most)
          Short = Below(**Most - Own);
      }
      bool Phased = T.Ops[Ed.N].Phase && T.Ops[Ed.N].Phase == W.Phase && T.Ops[Ed.N].Call == W.Call;
      for (int Rel = Ed.Rel; Rel <= (Phased ? 2 : 0); ++Rel) {
        Edge Narrow{Ed.N, Ed.W, Rel};
        z3::expr Premise = Within && related(Narrow, N, X);
        if (!Refined && !E.valid(Premise, Short)) {
          // (First without "not after the wait": more credits, a bound all the same, and no
          // quantified order in the questions; then with it.)
          Refined = true;
          std::vector<z3::expr> Extra;
          if (T.Ops[Ed.N].Phase)
            Extra = {N.K, N.K + 1};
          auto NotFromN = [&](const Instance &M) { return !(M.R == N.R && !E.before(M, N)); };
          if (std::optional<z3::expr> Rest = credits(X, Within, true, +1, NotFromN, -1, Extra))
            Short = Short || Below(*Rest);
          if (!E.valid(Premise, Short)) {
            auto Missing = [&](const Instance &M) { return !after(X, M) && NotFromN(M); };
            if (std::optional<z3::expr> Rest = credits(X, Within, true, +1, Missing, -1, Extra))
              Short = Short || Below(*Rest);
          }
        }
        if (E.valid(Premise, Short)) {
          Kept.push_back(Narrow);
          break;
        }
      }
    }
    Replace();
  }
  return Changed;
}

void TraceProver::edges() {
  // Every pair of a notify and a wait of a cell it may signal, then the greatest fixpoint.
  for (size_t IW = 0; IW < T.Ops.size(); ++IW) {
    if (T.Ops[IW].Kind != RankOpKind::Wait)
      continue;
    Instance X = E.instance(T.Ops[IW], "_w");
    for (size_t IN = 0; IN < T.Ops.size(); ++IN) {
      // (A notify of a later call than the wait never holds it: the hang check showed every wait
      // passing on the credits before it, all of its call or earlier ones. Not asked.)
      if (Sign[IN] <= 0 || !compatible(IN, IW) || T.Ops[IN].Call > T.Ops[IW].Call)
        continue;
      Instance N = E.instance(T.Ops[IN], "_n");
      // (One phased loop's notify of a later iteration is seldom needed by a wait: such an
      // edge is claimed for the earlier iterations and the same one from the start; fewer claims
      // order less, so what they justify stays justified.)
      const SymOp &Wt = T.Ops[IW], &Nt = T.Ops[IN];
      bool Phased = Nt.Phase && Nt.Phase == Wt.Phase && Nt.Call == Wt.Call;
      if (E.sat(X.Exists && N.Exists && E.sameCell(N, X)) != Sat::No)
        Edges.push_back({IN, IW, Phased ? 1 : 0});
    }
  }
  // A round after a whole one re-asks only the waits up to its last change: those after it were
  // asked on the edges as they are. Where that shorter round changes nothing, nothing changed
  // since any wait was asked: the fixpoint; where it changes some, a whole round follows.
  size_t Whole = T.Ops.size(), Limit = Whole;
  while (std::optional<size_t> Last = justify(Limit))
    Limit = Limit == Whole ? *Last + 1 : Whole;
}

z3::expr TraceProver::ordered(const Instance &X, const Instance &Y) {
  z3::context &C = E.ctx();
  z3::expr Any = C.bool_val(false);
  for (const Edge &Ed : Edges) {
    if (!compatible(Ed.N, indexOf(X)) || !compatible(Ed.W, indexOf(Y)))
      continue; // never at X's and Y's P
    // (Named by the edge, not by the use: a question asked again in the fixpoint's next round is
    // the same term, which SymbolicEncoding answers from what it asked. Each use is quantified
    // on its own, so two uses in one question bind apart.)
    std::string Id = "e" + std::to_string(Ed.N) + "." + std::to_string(Ed.W) + "." + std::to_string(Ed.Rel);
    Instance N = E.instance(T.Ops[Ed.N], "_n" + Id, X.R);
    Instance W = E.instance(T.Ops[Ed.W], "_v" + Id, Y.R);
    z3::expr Order = E.before(X, N) && E.before(W, Y);
    if (Order.simplify().is_false()) // the program points alone rule the edge out
      continue;
    z3::expr Chain = N.Exists && Order && W.Exists && E.sameCell(N, W) && related(Ed, N, W);
    z3::expr_vector Vars = E.which(N, false);
    for (const z3::expr &Var : E.which(W, false))
      Vars.push_back(Var);
    Any = Any || (Vars.empty() ? Chain : z3::exists(Vars, Chain));
  }
  return Any;
}

z3::expr TraceProver::hostWriteMeetsCell(const Instance &X, const SymOp &W) {
  z3::expr Any = E.ctx().bool_val(false);
  for (size_t J = 0; J < T.Ops.size(); ++J)
    if (const SymOp &S = T.Ops[J]; signalKind(S.Kind) && S.Root == W.Root && compatible(indexOf(X), J)) {
      Instance C = E.instance(S, "_c" + std::to_string(Tags++));
      z3::expr Meet = C.Exists && E.overlap(X, C);
      Any = Any || z3::exists(E.which(C), Meet); // any rank's signal of the cell
    }
  return Any;
}

bool TraceProver::coversCells(size_t I, size_t J) {
  const SymOp &W = T.Ops[I];
  if (!W.Launch || !W.Whole)
    return false;
  int G = groupOf(J);
  int &Known = CoversCells[{I, G}];
  if (Known > 0 || --Known > -3)
    return Known == 1;
  Instance X = E.instance(W, "_h");
  Known = E.sat(X.Exists && E.guard(SharedGuards[G], nullptr) && !hostWriteMeetsCell(X, W)) == Sat::No ? 1 : 2;
  return Known == 1;
}

std::string TraceProver::races() {
  for (size_t IX = 0; IX < T.Ops.size(); ++IX)
    for (size_t IY = IX; IY < T.Ops.size(); ++IY) {
      const SymOp &A = T.Ops[IX], &B = T.Ops[IY];
      if (signalKind(A.Kind) || signalKind(B.Kind) || A.Root != B.Root)
        continue;
      bool AW = A.Kind == RankOpKind::Write, BW = B.Kind == RankOpKind::Write;
      // A host's write before the launch conflicts with peers' reads only.
      if ((!AW && !BW) || (A.Launch && BW) || (B.Launch && AW))
        continue;
      // Reported already: a race of the two at any P is the same finding (not asked of Z3).
      if (Known && Known(A, B)) {
        ++Excused;
        continue;
      }
      // Two instances of two ranks in their own memory never meet (nor in P's that differ).
      if ((ownRank(A.Owner) && ownRank(B.Owner)) || !compatible(IX, IY))
        continue;
      Instance X = E.instance(A, "_x"), Y = E.instance(B, "_y");
      z3::expr Conflict = X.Exists && Y.Exists && X.R != Y.R && E.overlap(X, Y);
      if (E.sat(Conflict) == Sat::No)
        continue;
      // A host's write that meets a signal cell conflicts with nothing: asked for the pair (a
      // quantified question), or where a write meets many, once for all (coversCells).
      if (coversCells(IX, IY) || coversCells(IY, IX))
        continue;
      if (A.Launch || B.Launch) {
        for (const auto &[Op, I] : {std::pair{&A, &X}, std::pair{&B, &Y}})
          if (Op->Launch)
            Conflict = Conflict && !hostWriteMeetsCell(*I, *Op);
        if (E.sat(Conflict) == Sat::No)
          continue;
      }
      Sat Racy = E.sat(Conflict && !ordered(X, Y) && !ordered(Y, X));
      if (Racy == Sat::Unknown)
        return "whether " + opName(A, IX) + " and " + opName(B, IY) + " are ordered is not settled";
      if (Racy == Sat::Yes)
        return opName(A, IX) + " and " + opName(B, IY) +
               " of two ranks may touch the same bytes with no notify -> wait edge between them";
    }
  return "";
}

} // namespace

SymbolicVerdict checkEveryRankCount(const SymbolicTrace &T, const KnownRace &Known) {
  TraceProver C(T, Known);
  for (auto Step : {&TraceProver::fragment, &TraceProver::hangs, &TraceProver::balance})
    if (std::string Why = (C.*Step)(); !Why.empty())
      return {false, Why};
  C.edges();
  if (std::string Why = C.races(); !Why.empty())
    return {false, Why};
  return {true, "", C.excused(), C.edgeList()};
}

} // namespace commcheck
