#include "SpmdExplorer.h"
#include <climits>
#include <algorithm>

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

/// The visited states, stored flat (Width values each) with an open-addressing index: no
/// allocation per state.
class StateSet {
public:
  explicit StateSet(size_t Width) : Width(Width), Slots(1024, Empty) {}
  size_t size() const { return Count; }
  const int64_t *at(uint32_t Id) const { return &Values[size_t(Id) * Width]; }
  /// Adds S; returns its id and whether it was new.
  std::pair<uint32_t, bool> insert(const SpmdMachine::State &S) {
    if ((Count + 1) * 2 > Slots.size())
      grow();
    size_t H = hash(S.data()) & (Slots.size() - 1);
    for (;; H = (H + 1) & (Slots.size() - 1)) {
      if (Slots[H] == Empty) {
        Slots[H] = Count;
        Values.insert(Values.end(), S.begin(), S.end());
        return {Count++, true};
      }
      if (std::equal(S.begin(), S.end(), at(Slots[H])))
        return {Slots[H], false};
    }
  }

private:
  static constexpr uint32_t Empty = UINT32_MAX;
  size_t Width;
  uint32_t Count = 0;
  std::vector<int64_t> Values;
  std::vector<uint32_t> Slots;

  size_t hash(const int64_t *V) const {
    uint64_t H = 1469598103934665603ull;
    for (size_t I = 0; I < Width; ++I)
      H = (H ^ static_cast<uint64_t>(V[I])) * 1099511628211ull;
    return H ^ (H >> 29);
  }
  void grow() {
    std::vector<uint32_t> Old(Slots.size() * 2, Empty);
    Old.swap(Slots);
    for (uint32_t Id = 0; Id < Count; ++Id) {
      size_t H = hash(at(Id)) & (Slots.size() - 1);
      while (Slots[H] != Empty)
        H = (H + 1) & (Slots.size() - 1);
      Slots[H] = Id;
    }
  }
};

} // namespace

SpmdMachine::SpmdMachine(const SpmdRun &R) : Run(R), P(R.Ranks.size()) {
  std::map<std::tuple<std::string, int, int64_t>, int> Number;
  CellOf.resize(P);
  Data.resize(P);
  for (int Rk = 0; Rk < P; ++Rk)
    for (const RankOp &O : Run.Ranks[Rk].Ops)
      if (O.Kind == RankOpKind::Notify)
        Notified.insert(O.Mem.Root);
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
  for (int Rk = 0; Rk < P; ++Rk) {
    Visible.emplace_back(Run.Ranks[Rk].Ops.size(), false);
    for (unsigned I = 0; I < Run.Ranks[Rk].Ops.size(); ++I) {
      bool V = CellOf[Rk][I] >= 0;
      for (int Other = 0; !V && Other < P; ++Other)
        for (unsigned J = 0; !V && J < Run.Ranks[Other].Ops.size(); ++J)
          V = conflict({Rk, I}, {Other, J});
      Visible[Rk][I] = V;
    }
  }
}

bool SpmdMachine::enabled(const State &S, int R) const {
  if (done(S, R))
    return false;
  const RankOp &O = next(S, R);
  if (O.Kind != RankOpKind::Wait)
    return true;
  // The model's open world: a buffer no rank of the run notifies is signalled from outside.
  if (external(O))
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

bool SpmdMachine::atProbe(const State &S) const {
  for (int R = 0; R < P; ++R)
    if (!done(S, R) && next(S, R).Probe)
      return true;
  return false;
}

std::vector<unsigned> SpmdMachine::current(const State &S, int R) const {
  std::vector<unsigned> Out;
  if (!done(S, R))
    Out.push_back(S[R]);
  const std::vector<RankOp> &Ops = Run.Ranks[R].Ops;
  for (unsigned I = 0; I < Ops.size() && (int64_t)I < S[R]; ++I)
    if (Ops[I].InFlight && (uint64_t)S[R] <= (uint64_t)I + Ops[I].InFlight)
      Out.push_back(I);
  return Out;
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
  E.DoneAt.resize(P);
  for (int R = 0; R < P; ++R)
    for (unsigned I = 0; I < Run.Ranks[R].Ops.size(); ++I)
      E.DoneAt[R].push_back(uint64_t(I) + Run.Ranks[R].Ops[I].InFlight);
  StateSet Seen(M.start().size());
  std::vector<uint32_t> Stack{Seen.insert(M.start()).first};
  const size_t Width = M.start().size();
  SpmdMachine::State S, N;
  while (!Stack.empty()) {
    const int64_t *Packed = Seen.at(Stack.back());
    S.assign(Packed, Packed + Width);
    Stack.pop_back();
    ++E.States;
    for (int I = 0; I < P; ++I)
      for (int J = 0; J < P; ++J)
        if (I != J) {
          unsigned &Min = E.MinPos[I][J][S[J]];
          Min = std::min<unsigned>(Min, S[I]);
        }
    if (!E.Hangs && M.stuck(S) && !M.atProbe(S)) {
      E.Hangs = true;
      E.HangState = S;
    }
    for (int I = 0; I < P; ++I)
      for (int J = I + 1; J < P; ++J)
        for (unsigned XI : M.current(S, I))
          for (unsigned XJ : M.current(S, J)) {
            OpRef A{I, XI}, B{J, XJ};
            if (M.conflict(A, B))
              E.Races.insert({A, B});
          }
    // A rank whose next op is invisible: the only step taken (not one with an access in flight,
    // which its step may complete).
    int Invisible = -1;
    for (int R = 0; R < P && Invisible < 0; ++R)
      if (!M.done(S, R) && !M.visible(R, S[R]) && M.current(S, R).size() == 1)
        Invisible = R;
    for (int R = 0; R < P; ++R) {
      if (!M.enabled(S, R) || (Invisible >= 0 && R != Invisible))
        continue;
      N = S;
      M.step(N, R);
      auto [Id, New] = Seen.insert(N);
      if (!New)
        continue;
      if (Seen.size() > MaxStates) {
        E.Complete = false;
        Stack.clear();
        break;
      }
      Stack.push_back(Id);
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
  // Data ops, and waits on buffers no rank notifies (the model schedules neither).
  auto SkipData = [&](int R) {
    while (!M.done(S, R) && (!isSignalOp(M.next(S, R)) || M.external(M.next(S, R))))
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
