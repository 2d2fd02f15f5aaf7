#include "SpmdExplorer.h"
#include <climits>
#include <unordered_set>

namespace commcheck::test {

namespace {

bool isSignalOp(const RankOp &O) {
  return O.Kind == RankOpKind::Notify || O.Kind == RankOpKind::Wait;
}

bool holds(WaitCmp C, int64_t V, int64_t T) {
  switch (C) {
  case WaitCmp::EQ: return V == T;
  case WaitCmp::NE: return V != T;
  case WaitCmp::GT: return V > T;
  case WaitCmp::GE: return V >= T;
  case WaitCmp::LT: return V < T;
  case WaitCmp::LE: return V <= T;
  default: return false;
  }
}

struct StateHash {
  size_t operator()(const SpmdMachine::State &S) const {
    uint64_t H = 1469598103934665603ull;
    for (int64_t X : S)
      H = (H ^ static_cast<uint64_t>(X)) * 1099511628211ull;
    return H;
  }
};

} // namespace

SpmdMachine::SpmdMachine(const SpmdRun &R) : Run(R), P(R.Ranks.size()) {
  std::map<std::tuple<std::string, int, int64_t>, int> Number;
  CellOf.resize(P);
  Data.resize(P);
  for (int Rk = 0; Rk < P; ++Rk)
    for (const RankOp &O : Run.Ranks[Rk].Ops) {
      int C = -1;
      if (isSignalOp(O)) {
        auto [It, New] = Number.try_emplace({O.Mem.Root, O.Mem.Owner, O.Mem.Lo}, CellKeys.size());
        if (New)
          CellKeys.push_back({O.Mem.Root, O.Mem.Owner, O.Mem.Lo, O.Mem.Lo + 1});
        C = It->second;
      }
      CellOf[Rk].push_back(C);
    }
  for (int Rk = 0; Rk < P; ++Rk)
    for (const RankOp &O : Run.Ranks[Rk].Ops) {
      bool IsData = !isSignalOp(O);
      for (const MemRange &Cell : CellKeys)
        if (IsData && Cell.Root == O.Mem.Root && Cell.Owner == O.Mem.Owner &&
            O.Mem.Lo <= Cell.Lo && Cell.Lo < O.Mem.Hi)
          IsData = false;
      Data[Rk].push_back(IsData);
    }
}

bool SpmdMachine::enabled(const State &S, int R) const {
  if (done(S, R))
    return false;
  const RankOp &O = next(S, R);
  if (O.Kind != RankOpKind::Wait)
    return true;
  return holds(O.Cmp, S[P + CellOf[R][S[R]]], O.Value);
}

void SpmdMachine::step(State &S, int R) const {
  const RankOp &O = next(S, R);
  if (O.Kind == RankOpKind::Notify) {
    int64_t &V = S[P + CellOf[R][S[R]]];
    V = O.Op == NotifyOp::Set ? O.Value : V + O.Value;
  }
  ++S[R];
}

bool SpmdMachine::stuck(const State &S) const {
  bool AllDone = true;
  for (int R = 0; R < P; ++R) {
    if (enabled(S, R))
      return false;
    AllDone = AllDone && done(S, R);
  }
  return !AllDone;
}

bool SpmdMachine::conflict(OpRef A, OpRef B) const {
  if (A.Rank == B.Rank || !Data[A.Rank][A.Index] || !Data[B.Rank][B.Index])
    return false;
  const RankOp &X = Run.Ranks[A.Rank].Ops[A.Index], &Y = Run.Ranks[B.Rank].Ops[B.Index];
  if (X.Kind != RankOpKind::Write && Y.Kind != RankOpKind::Write)
    return false;
  return X.Mem.Root == Y.Mem.Root && X.Mem.Owner == Y.Mem.Owner && X.Mem.Lo < Y.Mem.Hi &&
         Y.Mem.Lo < X.Mem.Hi;
}

std::map<MemRange, int64_t> SpmdMachine::cells(const State &S) const {
  std::map<MemRange, int64_t> Out;
  for (size_t C = 0; C < CellKeys.size(); ++C)
    Out[CellKeys[C]] = S[P + C];
  return Out;
}

Exploration explore(const SpmdRun &Run, size_t MaxStates) {
  SpmdMachine M(Run);
  const int P = M.ranks();
  Exploration E;
  E.MinPos.assign(P, std::vector<std::vector<unsigned>>(P));
  for (int I = 0; I < P; ++I)
    for (int J = 0; J < P; ++J)
      E.MinPos[I][J].assign(Run.Ranks[J].Ops.size() + 1, UINT_MAX);
  std::unordered_set<SpmdMachine::State, StateHash> Seen;
  std::vector<SpmdMachine::State> Stack{M.start()};
  Seen.insert(Stack.back());
  while (!Stack.empty()) {
    SpmdMachine::State S = std::move(Stack.back());
    Stack.pop_back();
    ++E.States;
    for (int I = 0; I < P; ++I)
      for (int J = 0; J < P; ++J)
        if (I != J) {
          unsigned &Min = E.MinPos[I][J][S[J]];
          Min = std::min<unsigned>(Min, S[I]);
        }
    if (!E.Hangs && M.stuck(S)) {
      E.Hangs = true;
      E.HangState = S;
    }
    for (int I = 0; I < P; ++I)
      for (int J = I + 1; J < P; ++J)
        if (!M.done(S, I) && !M.done(S, J)) {
          OpRef A{I, (unsigned)S[I]}, B{J, (unsigned)S[J]};
          if (M.conflict(A, B))
            E.Races.insert({A, B});
        }
    for (int R = 0; R < P; ++R) {
      if (!M.enabled(S, R))
        continue;
      SpmdMachine::State N = S;
      M.step(N, R);
      if (!Seen.insert(N).second)
        continue;
      if (Seen.size() > MaxStates) {
        E.Complete = false;
        Stack.clear();
        break;
      }
      Stack.push_back(std::move(N));
    }
  }
  for (int I = 0; I < P; ++I)
    for (int J = 0; J < P; ++J)
      for (size_t K = E.MinPos[I][J].size() - 1; K-- > 0;)
        E.MinPos[I][J][K] = std::min(E.MinPos[I][J][K], E.MinPos[I][J][K + 1]);
  return E;
}

std::string replaySignals(const SpmdMachine &M, const std::vector<OpRef> &Order,
                          SpmdMachine::State &Out) {
  SpmdMachine::State S = M.start();
  auto SkipData = [&](int R) {
    while (!M.done(S, R) && !isSignalOp(M.next(S, R)))
      M.step(S, R);
  };
  for (size_t K = 0; K < Order.size(); ++K) {
    OpRef X = Order[K];
    if (X.Rank < 0 || X.Rank >= M.ranks())
      return "step " + std::to_string(K) + " names no rank";
    SkipData(X.Rank);
    if (M.done(S, X.Rank) || S[X.Rank] != (int64_t)X.Index)
      return "step " + std::to_string(K) + " (r" + std::to_string(X.Rank) + " #" +
             std::to_string(X.Index) + ") is not the rank's next signal op";
    if (!M.enabled(S, X.Rank))
      return "step " + std::to_string(K) + " (r" + std::to_string(X.Rank) + " #" +
             std::to_string(X.Index) + ") is a wait that does not pass there";
    M.step(S, X.Rank);
  }
  for (int R = 0; R < M.ranks(); ++R)
    SkipData(R);
  Out = S;
  return "";
}

} // namespace commcheck::test
