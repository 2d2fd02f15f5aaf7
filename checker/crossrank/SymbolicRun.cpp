#include "crossrank/SymbolicRun.h"
#include "crossrank/HostOwnedNotifies.h"
#include "crossrank/RankInterpreter.h"
#include "crossrank/SymbolicCheck.h"
#include "crossrank/SymbolicEncoding.h"
#include "crossrank/SymbolicNeeds.h"
#include "crossrank/SymbolicPath.h"
#include "crossrank/SymForms.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>

namespace commcheck {

namespace {

constexpr unsigned MaxSymbolicPaths = 64;
/// Rounds of the paths, each after a value first taken for the count turned out a launch value.
constexpr unsigned MaxSymbolicRounds = 8;
constexpr unsigned long SymbolicSteps = 400000;
/// Bytes "to the end of the buffer" stand for: beyond any offset a kernel computes.
constexpr int64_t ToTheEnd = int64_t(1) << 40;

/// Everything that makes an op the instance it is: ops of paths that differ only in a peer loop's
/// choices, after the loop, are one op. WithGuard: its guard too.
std::string opKey(const SymOp &O, bool WithGuard = true) {
  std::string S = std::to_string(int(O.Kind)) + "|" + O.Root + "|" + affineKey(O.Owner) + "|" +
                  affineKey(O.Lo) + "|" + affineKey(O.Hi) + "|" + affineKey(O.Value) + "|" +
                  std::to_string(int(O.Op)) + std::to_string(int(O.Cmp)) + "|" +
                  (O.Stride ? std::to_string(*O.Stride) + "*" + affineKey(O.Row) : std::string()) + "|" +
                  std::to_string(O.Segment) + "." + std::to_string(O.Pos) + "." +
                  std::to_string(O.InLoop) + "." + std::to_string(O.Phase) + "|" +
                  std::to_string(O.Loc.getRawEncoding()) + "|";
  if (WithGuard)
    for (const auto &Clause : O.When)
      S += clauseKey(Clause);
  return S;
}

/// Whether one of the two atoms holds wherever the other does not: `e == 0` and `e != 0`;
/// `e >= 0` and `-e - 1 >= 0`.
bool complementary(const AffineAtom &A, const AffineAtom &B) {
  if ((A.R == AffineAtom::EQ && B.R == AffineAtom::NE) || (A.R == AffineAtom::NE && B.R == AffineAtom::EQ))
    return affineKey(A.E) == affineKey(B.E);
  return A.R == AffineAtom::GE && B.R == AffineAtom::GE &&
         affineKey(A.E + B.E) == affineKey(Affine::constant(-1));
}

/// Ops alike but for one clause of their guards are one op whose clause is either: the paths of
/// an `if` that meet again after it (everyone's barrier after the root's stage-in) record the
/// same statement under `r == root` and under `r != root`. (C && a) || (C && b) is C && (a || b):
/// the instances are the same, and a count over the one op sees every rank's at once. A clause
/// of an atom and its negation holds everywhere, and goes.
void mergeAlike(std::vector<SymOp> &Ops) {
  // Ops of one key (all but the guard) are the candidates; merging two may let the result merge
  // with a third, so a group is gone over until nothing merges.
  std::map<std::string, std::vector<SymOp>> Groups;
  std::vector<std::string> Order;
  for (SymOp &O : Ops) {
    std::string K = opKey(O, false);
    auto [It, New] = Groups.try_emplace(K);
    if (New)
      Order.push_back(K);
    It->second.push_back(std::move(O));
  }
  Ops.clear();
  for (const std::string &K : Order) {
    std::vector<SymOp> &G = Groups[K];
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (size_t A = 0; A < G.size() && !Changed; ++A)
        for (size_t B = A + 1; B < G.size() && !Changed; ++B) {
          SymOp &X = G[A], &Y = G[B];
          if (X.When.size() != Y.When.size())
            continue;
          size_t Diff = 0, Differ = 0;
          for (size_t C = 0; C < X.When.size() && Differ < 2; ++C)
            if (clauseKey(X.When[C]) != clauseKey(Y.When[C]))
              Diff = C, ++Differ;
          if (Differ != 1)
            continue;
          std::vector<AffineAtom> &Clause = X.When[Diff];
          const std::vector<AffineAtom> &Other = Y.When[Diff];
          if (Clause.size() == 1 && Other.size() == 1 && complementary(Clause[0], Other[0]))
            X.When.erase(X.When.begin() + Diff);
          else
            Clause.insert(Clause.end(), Other.begin(), Other.end());
          G.erase(G.begin() + B);
          Changed = true;
        }
    }
    for (SymOp &O : G)
      Ops.push_back(std::move(O));
  }
}

/// The paths that turn from Path at one choice it made and was not given. A path that turned in a
/// peer loop's body turns again only within that body (and the loops within it: their ways under
/// its way are its own): after the loop it runs as the path it turned from (the body changes
/// nothing the rest reads), whose own turns cover the rest; so the loops' body paths add up
/// instead of multiplying.
void pushTurns(const SymbolicPath &Path, std::vector<std::vector<bool>> &Paths) {
  unsigned Loop = Path.given() ? Path.loopOf(Path.given() - 1) : 0;
  for (size_t C = Path.given(); C < Path.choices().size(); ++C) {
    if (Loop && !Path.madeWithin(C, Loop))
      break;
    std::vector<bool> Alt(Path.choices().begin(), Path.choices().begin() + C);
    Alt.push_back(!Path.choices()[C]);
    Paths.push_back(std::move(Alt));
  }
}

/// A path's run: its trace, choices and program points, and the buffers it reached through the
/// window table or notified into through a handed pointer (RankInterpreter::BufferUse).
struct PathRun {
  RankTrace T;
  SymbolicPath Path;
  std::vector<RankInterpreter::BufferUse> Reaches, Handed;
};

/// A notify into a buffer the kernel was handed is the rank's own cell where its run also reaches
/// that buffer through the window table (RankInterpreter::run). A run is not one path: a peer
/// loop's body runs for every j, its ways in paths of their own (`if (pe == me) continue;` and
/// the way that computes a peer's copy). So a path's handed notify is its own rank's where, for
/// every r, P and launch values of the path there, some path's reach of the buffer runs too (its
/// constraints hold for some j, some chunk: the symbols in Local).
void handedOwners(std::vector<PathRun> &Runs, const std::set<Symbol> &Local) {
  for (PathRun &A : Runs)
    for (const RankInterpreter::BufferUse &N : A.Handed) {
      if (N.Op >= A.T.Ops.size() || !A.T.Ops[N.Op].HostOwner || N.Op >= A.Path.ops().size())
        continue;
      std::vector<const std::vector<SymbolicPath::Atom> *> Reaching;
      for (const PathRun &B : Runs)
        for (const RankInterpreter::BufferUse &W : B.Reaches)
          if (W.Root == N.Root && W.Op < B.Path.ops().size())
            Reaching.push_back(&B.Path.ops()[W.Op].When);
      if (!Reaching.empty() && A.Path.entails(A.Path.ops()[N.Op].When, Reaching, Local))
        A.T.Ops[N.Op].HostOwner = false;
    }
}

/// The names a buffer's accesses have over every path (the launch values their offsets are
/// made of), and whether any op writes it.
struct BufferNames {
  std::string First, Other; ///< the first name, and another where there is one
  bool Written = false;
};

/// The trace compares accesses of one name only: a buffer written by some op must have one name,
/// or two of its names could meet unseen. A buffer no op writes (launch data read at a launch
/// value's index, `shapes[ndims - 1]`) races with nothing, whatever its names. "" or why not.
std::string oneNamePerWrittenBuffer(const std::map<std::string, BufferNames> &Named) {
  for (const auto &[Buffer, N] : Named)
    if (N.Written && !N.Other.empty())
      return "a buffer reached at offsets of different launch values ('" + N.First + "' and '" +
             N.Other + "')";
  return "";
}

/// One path's trace as symbolic ops; "" or why it is outside the fragment.
std::string convertPath(const RankTrace &T, const SymbolicPath &Path, SymForms &Forms,
                        std::map<std::string, BufferNames> &Named, std::vector<SymOp> &Out) {
  const auto &Infos = Path.ops();
  if (Infos.size() != T.Ops.size())
    return "an operation the symbolic run did not place";
  for (size_t K = 0; K < T.Ops.size(); ++K) {
    const RankOp &R = T.Ops[K];
    const SymbolicPath::OpInfo &I = Infos[K];
    BufferNames &Names = Named[R.Mem.Buffer];
    Names.Written |= writes(R);
    if (Names.First.empty())
      Names.First = R.Mem.Root;
    else if (Names.First != R.Mem.Root)
      Names.Other = R.Mem.Root;
    if (R.HostOwner)
      continue; // signals nothing the trace holds (runSymbolically checks that)
    if (R.InFlight || R.Probe || R.GridCell)
      return "an async transfer, a TTEST or a grid wait";
    if (R.Mem.Data)
      return "an offset of data";
    if (!Path.isPlace(R.Mem.Owner))
      return "an access the symbolic run cannot place in a rank's window";
    SymOp O;
    O.Kind = R.Kind;
    O.Root = R.Mem.Root;
    SymForms::AuxNumbers Aux;
    std::optional<Affine> Owner = Forms.affine(Path.placeForm(R.Mem.Owner), I.InLoop, &Aux, I.Phase);
    Linear Column = I.Offset;
    std::optional<std::pair<Linear, Symbol>> Rows = Forms.peelRows(Column);
    std::optional<Affine> Off = Forms.affine(Column, I.InLoop, &Aux, I.Phase);
    if (!Owner || !Off)
      return "an owner or offset the symbolic trace cannot state";
    if (Rows) {
      std::optional<Affine> RowForm = Forms.affine(Rows->first, I.InLoop, &Aux, I.Phase);
      std::optional<Affine> Stride = Forms.affine(Linear::symbol(Rows->second), false);
      if (!RowForm || !Stride || Stride->Terms.size() != 1)
        return "a row the symbolic trace cannot state";
      O.Row = *RowForm;
      O.Stride = Stride->Terms.begin()->first;
    }
    O.Owner = *Owner;
    O.Lo = *Off + R.Mem.Lo;
    bool End = R.Mem.Hi == std::numeric_limits<int64_t>::max();
    if (R.Mem.Length) {
      // An extent the launch values (and a chunk loop's variable) make: the bytes exactly.
      std::optional<Affine> Len = Forms.affine(*R.Mem.Length, I.InLoop, &Aux, I.Phase);
      if (!Len)
        return "an extent the symbolic trace cannot state";
      O.Hi = O.Lo + *Len;
    } else {
      O.Hi = O.Lo + (End ? ToTheEnd : R.Mem.Hi - R.Mem.Lo);
    }
    if (isSignal(R)) {
      std::optional<Affine> V =
          Forms.affine(I.Value ? *I.Value : Linear::constant(R.Value), false, nullptr, I.Phase);
      if (!V)
        return "a signal value the symbolic trace cannot state";
      O.Value = *V;
    }
    O.Op = R.Op;
    O.Cmp = R.Cmp;
    O.Segment = I.Segment;
    O.Pos = I.Pos;
    O.InLoop = I.InLoop;
    if (I.Phase) {
      std::optional<Affine> Trips = Forms.affine(I.Trips, false);
      if (!Trips)
        return "a phased loop's trips the symbolic trace cannot state";
      O.Phase = I.Phase;
      O.Trips = *Trips;
    }
    // A symbol the path only defines (a ring neighbour's `x % P`) that neither the op's forms
    // nor another condition names: its definition holds for every value of the rest, so it is
    // left out (a quantified question over a witness nothing uses is costly for Z3).
    std::set<Symbol> Mentioned;
    auto Mention = [&](const Linear &L) {
      for (const auto &[S, K] : L.Terms) {
        Mentioned.insert(S);
        if (auto Row = Forms.rows().find(S); Row != Forms.rows().end()) // (a row names its factors)
          Mentioned.insert({Row->second.first, Row->second.second});
      }
    };
    Mention(I.Offset);
    Mention(Path.placeForm(R.Mem.Owner));
    if (R.Mem.Length)
      Mention(*R.Mem.Length);
    if (I.Value)
      Mention(*I.Value);
    for (const SymbolicPath::Atom &A : I.When)
      if (!A.Defines) {
        Mention(A.D);
        if (A.Or)
          Mention(A.Or->first);
      }
    for (const SymbolicPath::Atom &A : I.When) {
      if ((A.Defines && !Mentioned.count(A.Defines)) || A.RunOnly)
        continue;
      std::optional<AffineAtom> X = Forms.atom(A, I.InLoop, Aux, I.Phase);
      std::optional<AffineAtom> Y =
          A.Or ? Forms.atom({A.Or->first, A.Or->second}, I.InLoop, Aux, I.Phase) : X;
      if (!X || !Y)
        return "a path condition the symbolic trace cannot state";
      O.When.push_back(A.Or ? std::vector<AffineAtom>{*X, *Y} : std::vector<AffineAtom>{*X});
    }
    if (Linear Base = R.Mem.Offset; R.Mem.Offset.Den == 1 && !R.Mem.Buffer.empty()) {
      Base.Const = 0; // (Lo: in O.Lo)
      if (std::optional<Affine> B = Forms.affine(Base, false)) // launch values only
        O.Buffer = R.Mem.Buffer, O.Base = *B;
    }
    O.What = R.What;
    O.Loc = R.Loc;
    Out.push_back(std::move(O));
  }
  return "";
}

/// The run's facts of the launch values (a phased loop's trips) as the trace's assumptions: one
/// that names what the trace cannot state is left out (fewer assumptions: the proof holds all
/// the same).
Guard assumptions(const SymbolicPath &Path, SymForms &Forms) {
  Guard Out;
  SymForms::AuxNumbers None;
  for (const SymbolicPath::Atom &A : Path.facts()) {
    std::optional<AffineAtom> X = Forms.atom(A, false, None, 0);
    std::optional<AffineAtom> Y = Forms.atom({A.Or->first, A.Or->second}, false, None, 0);
    if (X && Y && X->E.rankFree() && Y->E.rankFree() && None.empty())
      Out.push_back({*X, *Y});
  }
  return Out;
}

/// Whether a notify's value is positive for every P >= 2 by its form alone (a constant, c + kP).
bool positiveEveryP(const Affine &V) {
  for (const auto &[X, K] : V.Terms)
    if (X != symvar::Count || K < 0)
      return false;
  int64_t AtTwo = V.Const + 2 * (V.Terms.empty() ? 0 : V.Terms.begin()->second);
  return AtTwo > 0;
}

/// Whether every cell of Root that a notify of T raises, some notify of T lowers, for every P
/// and launch values: the explicit model's next call finds a cell no op lowers restored by
/// someone else (freshUnloweredCells) and the others as the last call left them, and the
/// symbolic trace states that per buffer (FreshRoots), so such a buffer's cells must all persist.
bool everyRaisedCellLowered(const SymbolicTrace &T, const std::string &Root) {
  SymbolicEncoding E(T);
  unsigned Tags = 0;
  for (const SymOp &N : T.Ops) {
    if (N.Kind != RankOpKind::Notify || N.Root != Root || !positiveEveryP(N.Value))
      continue;
    SymbolicEncoding::Instance X = E.instance(N, "_n");
    z3::expr Lowered = E.ctx().bool_val(false);
    for (const SymOp &M : T.Ops) {
      if (M.Kind != RankOpKind::Notify || M.Root != Root || positiveEveryP(M.Value))
        continue;
      SymbolicEncoding::Instance Y = E.instance(M, "_m" + std::to_string(Tags++));
      Lowered = Lowered || z3::exists(E.which(Y), Y.Exists && E.sameCell(Y, X));
    }
    if (E.sat(X.Exists && !Lowered) != Sat::No)
      return false;
  }
  return true;
}

/// The trace's launch variables that differ between a rank's blocks: the block indices, and the
/// values whose names say they are made of one (the run names a value by the forms it derives
/// from: a trips symbol by its range, a quotient by its dividend, a load by its address). Each
/// op's root base keeps those, and the launch values alike on every block are its Shared part
/// (two blocks' roots in one buffer with one Shared part differ by their bases alone).
void blockValues(const SymForms &Forms, const RankInterpreter &I, SymbolicTrace &T) {
  std::set<uint32_t> Vars;
  for (const auto &[S, V] : Forms.launchValues())
    if (RankInterpreter::BlockNaming B = I.blockNaming(S); B != RankInterpreter::BlockNaming::None) {
      (B == RankInterpreter::BlockNaming::Index ? T.BlockIndex : T.PerBlock).push_back(symvar::Launch0 + V);
      Vars.insert(symvar::Launch0 + V);
    }
  for (SymOp &O : T.Ops) {
    if (O.Buffer.empty())
      continue;
    Affine Mine; // the base's terms of a block's own values
    for (const auto &[V, K] : O.Base.Terms) {
      bool Own = false;
      symvar::eachFactor(V, [&](uint32_t F) { Own |= Vars.count(F) > 0; });
      if (Own)
        Mine.Terms[V] = K;
    }
    O.Shared = affineKey(O.Base - Mine);
    O.Base = Mine;
  }
}

/// The host's write before each call (CONTRACT §6, "Launch"): of every buffer a rank reads, on
/// its own rank, before the call's first op; then the next call's ops. "" or why not.
std::string finishCalls(SymbolicTrace &T, unsigned Calls, clang::SourceLocation Kernel) {
  std::set<std::string> Read, Lowered, Signals;
  for (const SymOp &O : T.Ops) {
    if (O.Kind == RankOpKind::Read)
      Read.insert(O.Root);
    if (O.Kind == RankOpKind::Notify || O.Kind == RankOpKind::Wait)
      Signals.insert(O.Root);
    if (O.Kind == RankOpKind::Notify && (O.Op != NotifyOp::AtomicAdd || !positiveEveryP(O.Value)))
      Lowered.insert(O.Root);
  }
  if (Calls > 1)
    for (const std::string &Root : Lowered)
      if (!everyRaisedCellLowered(T, Root))
        return "a re-entrant kernel that lowers some cells of a signal buffer but may leave others "
               "it raises (which of its cells persist between calls is not stated per cell)";
  std::vector<SymOp> One = std::move(T.Ops);
  T.Ops.clear();
  for (unsigned C = 0; C < Calls; ++C) {
    for (const std::string &Root : Read) {
      SymOp W;
      W.Kind = RankOpKind::Write;
      W.Root = Root;
      W.Owner = Affine::var(symvar::Rank);
      W.Whole = true;
      W.Launch = true;
      W.Call = C;
      W.What = "the host's write before the launch";
      W.Loc = Kernel;
      T.Ops.push_back(std::move(W));
    }
    for (SymOp O : One) {
      O.Call = C;
      T.Ops.push_back(std::move(O));
    }
  }
  if (Calls > 1) // never lowered: fresh in each call; a lowered buffer's cells persist
    for (const std::string &Root : Signals)
      if (!Lowered.count(Root))
        T.FreshRoots.push_back(Root);
  return "";
}

/// Why the paths stop, round by round: each round after a value taken for the count turned out a
/// launch value reads the kernel under another hypothesis, and the construct it stops at may be
/// another (`numel / nranks` with both taken for P, then the view a ring index places with
/// `numel` a launch value). Each stop, with the values unbound before it, and where it is.
struct RoundStops {
  std::string Text;
  std::vector<std::string> Unbound; // since the first stop
  void unbound(const std::string &Name) {
    if (!Text.empty())
      Unbound.push_back(Name);
  }
  void stop(const Unmodelled &U, const clang::SourceManager &SM) {
    std::string At = U.Loc.isValid() ? " (line " + std::to_string(SM.getExpansionLineNumber(U.Loc)) + ")" : "";
    if (Text.empty()) { // (nothing is noted unbound before the first stop)
      Text = U.Why + At;
      return;
    }
    std::string Names;
    for (const std::string &N : Unbound)
      Names += (Names.empty() ? "'" : ", '") + N + "'";
    Text += "; with " + Names + (Unbound.size() == 1 ? " a launch value" : " launch values") + ": " +
            U.Why + At;
  }
};

} // namespace

SymbolicRunResult runSymbolically(clang::ASTContext &Ctx, const IntrinsicCatalogue &Catalogue,
                                  const clang::FunctionDecl *Kernel,
                                  const std::vector<Span> &Removed, unsigned Calls,
                                  bool LocalArguments, const ProofBounds &Bounds) {
  SymbolicRunResult R;
  RankInterpreter I(Ctx, Catalogue, SymbolicSteps);
  I.assumeLocalArguments(LocalArguments);
  I.leaveOut(Removed);
  I.confirmCounts(Bounds.Counts);
  std::vector<std::vector<bool>> Paths{{}};
  // What the paths run so far merged into; a round that starts again starts it anew.
  struct Merged {
    SymbolicTrace T;
    std::set<std::string> Seen;               // opKey of the ops in T
    std::map<std::string, BufferNames> Named; // buffer -> the names its accesses have
    SymbolicPath::Turns Bases;
    unsigned Highest = 0; // the highest program point of the paths merged so far
    // Paths that ended with a launch value taken for the count that no peer loop of theirs
    // confirmed (`if (nranks > kMax) return;` taken): run again last, when another path's loop
    // may have confirmed it (the explicit model's probe does alike).
    std::set<std::vector<bool>> Deferred;
    // Every path's ops as one rank's (the rank is the first place): where a notify the host
    // places may land is judged over all of them (HostOwnedNotifies).
    SpmdRun Ops;
    std::vector<PathRun> Runs; // converted when every path ran (handedOwners needs them all)
  } M;
  auto Begin = [&] {
    M = Merged{};
    M.Ops.Ranks.push_back(RankTrace{SymbolicPath::FirstPlace, {}});
  };
  Begin();
  std::optional<SymForms> Forms; // one interpreter: its symbols are every path's
  std::shared_ptr<SymbolicPath::Solver> Z = SymbolicPath::solver(Bounds.MinCount);
  unsigned Rounds = 0;
  RoundStops Stops; // of the rounds whose paths stopped with a count doubted
  while (!Paths.empty()) {
    if (++R.Paths > MaxSymbolicPaths) {
      R.Why = "more than " + std::to_string(MaxSymbolicPaths) + " paths";
      return R;
    }
    SymbolicPath Path(std::move(Paths.back()), M.Bases, M.Highest, Z);
    Paths.pop_back();
    I.symbolic(&Path);
    auto Run = I.run(Kernel, SymbolicPath::FirstPlace, 0, 1);
    I.symbolic(nullptr);
    if (const auto *U = std::get_if<Unmodelled>(&Run)) {
      if (U->Unconfirmed && M.Deferred.insert(Path.choices()).second) {
        --R.Paths;
        Paths.insert(Paths.begin(), Path.choices());
        pushTurns(Path, Paths);
        continue;
      }
      // Still unconfirmed when every other path ran: the value is a launch value after all (a
      // root checked against the count), a symbol of its own. Every path runs again with it so,
      // as the explicit model's probe does; each round unbinds one more value, so this ends.
      // A stop with such a value taken: run again without it; where the runs without it stop
      // too, the reason gives each round's stop (RoundStops).
      std::optional<std::string> Unbound;
      if ((U->Unconfirmed || U->CountDoubted) && ++Rounds <= MaxSymbolicRounds &&
          (Unbound = I.unbindUnconfirmed())) {
        if (U->CountDoubted)
          Stops.stop(*U, Ctx.getSourceManager());
        Stops.unbound(*Unbound);
        R.Paths = 0, Paths = {{}};
        Begin();
        continue;
      }
      if (Stops.Text.empty() || !U->Unconfirmed) // (an unconfirmed count is no construct)
        Stops.stop(*U, Ctx.getSourceManager());
      R.Why = Stops.Text;
      if (getenv("COMMCHECK_TRACE_SYMBOLIC"))
        fprintf(stderr, "symbolic stop: %s at %s\n", U->Why.c_str(),
                U->Loc.printToString(Ctx.getSourceManager()).c_str());
      return R;
    }
    if (!Forms)
      Forms.emplace(Path.rank(), Path.count(), Path.iter(), I.rowProducts(), I.chunkSymbols(),
                    I.phaseSymbols());
    if (!M.Deferred.count(Path.choices()))
      pushTurns(Path, Paths);
    for (const SymbolicPath::OpInfo &Op : Path.ops())
      M.Highest = std::max(M.Highest, Op.Segment);
    M.Runs.push_back({std::move(std::get<RankTrace>(Run)), std::move(Path), I.windowReaches(),
                      I.handedNotifies()});
  }
  std::set<Symbol> Local(I.chunkSymbols().begin(), I.chunkSymbols().end());
  Local.insert(I.phaseSymbols().begin(), I.phaseSymbols().end());
  if (!M.Runs.empty())
    Local.insert(M.Runs.front().Path.iter());
  handedOwners(M.Runs, Local);
  for (PathRun &Run : M.Runs) {
    M.Ops.Ranks[0].Ops.insert(M.Ops.Ranks[0].Ops.end(), Run.T.Ops.begin(), Run.T.Ops.end());
    std::vector<SymOp> Ops;
    if (std::string Why = convertPath(Run.T, Run.Path, *Forms, M.Named, Ops); !Why.empty()) {
      R.Why = Why;
      return R;
    }
    for (SymOp &O : Ops)
      if (M.Seen.insert(opKey(O)).second)
        M.T.Ops.push_back(std::move(O));
  }
  if (std::string Why = oneNamePerWrittenBuffer(M.Named); !Why.empty()) {
    R.Why = Why;
    return R;
  }
  // The trace leaves out notifies the host places (convertPath); that holds where none of them
  // can matter, as the explicit model judges it.
  if (std::optional<Unmodelled> U = hostOwnedNotifyMatters(M.Ops)) {
    R.Why = U->Why;
    return R;
  }
  mergeAlike(M.T.Ops);
  if (!M.Runs.empty())
    M.T.Assume = assumptions(M.Runs.front().Path, *Forms);
  if (std::string Why = finishCalls(M.T, Calls, Kernel->getLocation()); !Why.empty()) {
    R.Why = Why;
    return R;
  }
  M.T.MinCount = Bounds.MinCount;
  blockValues(*Forms, I, M.T);
  R.Trace = std::move(M.T);
  return R;
}

std::string everyRankCountProof(clang::ASTContext &Ctx, const IntrinsicCatalogue &Catalogue,
                                const clang::FunctionDecl *Kernel,
                                const std::vector<Span> &Removed, unsigned Calls,
                                const KnownRace &Known, bool LocalArguments,
                                const ProofBounds &Bounds, std::shared_ptr<SymbolicNeeds> *Needs) {
  auto T0 = std::chrono::steady_clock::now();
  SymbolicRunResult S =
      runSymbolically(Ctx, Catalogue, Kernel, Removed, Calls, LocalArguments, Bounds);
  auto T1 = std::chrono::steady_clock::now();
  if (!S.Trace) {
    if (getenv("COMMCHECK_TRACE_SYMBOLIC"))
      fprintf(stderr, "symbolic: no trace (%u paths): %s\n", S.Paths, S.Why.c_str());
    return "no symbolic trace: " + S.Why;
  }
  if (const char *Env = getenv("COMMCHECK_TRACE_SYMBOLIC"); Env && std::string(Env) == "2")
    for (size_t K = 0; K < S.Trace->Ops.size(); ++K) {
      const SymOp &O = S.Trace->Ops[K];
      std::string When;
      for (const auto &Clause : O.When)
        When += "[" + clauseKey(Clause) + "]";
      std::string Row = O.Stride ? " row " + affineKey(O.Row) + " * " + std::to_string(*O.Stride) : "";
      fprintf(stderr, "  #%zu %s %s owner %s%s lo %s hi %s value %s at %u.%u.%d phase %u trips %s call %u when %s\n",
              K, O.What.c_str(), O.Root.c_str(), affineKey(O.Owner).c_str(), Row.c_str(), affineKey(O.Lo).c_str(),
              affineKey(O.Hi).c_str(), affineKey(O.Value).c_str(), O.Segment, O.Pos, int(O.InLoop),
              O.Phase, affineKey(O.Trips).c_str(), O.Call, When.c_str());
    }
  SymbolicVerdict V = checkEveryRankCount(*S.Trace, Known);
  if (getenv("COMMCHECK_TRACE_SYMBOLIC"))
    fprintf(stderr,
            "symbolic: %u paths, %zu ops, %u reported races let pass, run %.3f s, check %.3f s\n",
            S.Paths, S.Trace->Ops.size(), V.Excused, std::chrono::duration<double>(T1 - T0).count(),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - T1).count());
  if (V.Proved && Needs)
    *Needs = std::make_shared<SymbolicNeeds>(std::move(*S.Trace), std::move(V.Edges));
  return V.Proved ? "" : "not proved for every P: " + V.Why;
}

} // namespace commcheck
