#include "CostModel.h"

#include <algorithm>
#include <sstream>

namespace commgen {

Poly CostCounts::get(Primitive P) const {
  auto It = Counts.find(P);
  return It == Counts.end() ? Poly() : It->second;
}

const char *CostModel::primitiveName(Primitive P) {
  switch (P) {
  case Primitive::DcciWhole:
    return "dcci (whole cache)";
  case Primitive::DcciLine:
    return "dcci (single line)";
  case Primitive::DrainAll:
    return "pipe_barrier(PIPE_ALL)";
  case Primitive::DrainMte2:
    return "pipe_barrier(PIPE_MTE2)";
  case Primitive::DrainMte3:
    return "pipe_barrier(PIPE_MTE3)";
  case Primitive::DrainV:
    return "pipe_barrier(PIPE_V)";
  case Primitive::Dsb:
    return "dsb";
  case Primitive::Notify:
    return "TNOTIFY";
  case Primitive::Wait:
    return "TWAIT";
  case Primitive::AsyncWait:
    return "ev.Wait(session)";
  case Primitive::SetFlag:
    return "set_flag";
  case Primitive::WaitFlag:
    return "wait_flag";
  case Primitive::AutoSyncTail:
    return "ptoas_auto_sync_tail (PIPE_ALL)";
  }
  return "?";
}

const std::vector<Primitive> &CostModel::allPrimitives() {
  static const std::vector<Primitive> All = {
      Primitive::DcciWhole, Primitive::DcciLine, Primitive::DrainAll,  Primitive::DrainMte2,   Primitive::DrainMte3,
      Primitive::DrainV,    Primitive::Dsb,      Primitive::Notify,    Primitive::Wait,        Primitive::AsyncWait,
      Primitive::SetFlag,   Primitive::WaitFlag, Primitive::AutoSyncTail};
  return All;
}

namespace {

std::optional<Primitive> classify(const Stmt &S) {
  if (S.Kind != StmtKind::Call)
    return std::nullopt;
  switch (S.Op) {
  case CallOp::DcciWhole:
    return Primitive::DcciWhole;
  case CallOp::DcciLine:
    return Primitive::DcciLine;
  case CallOp::PipeBarrier:
    switch (S.BarrierPipe) {
    case Pipe::ALL:
      return Primitive::DrainAll;
    case Pipe::MTE2:
      return Primitive::DrainMte2;
    case Pipe::MTE3:
      return Primitive::DrainMte3;
    case Pipe::V:
      return Primitive::DrainV;
    default:
      return std::nullopt;
    }
  case CallOp::Dsb:
    return Primitive::Dsb;
  case CallOp::Notify:
    return Primitive::Notify;
  case CallOp::Wait:
    return Primitive::Wait;
  case CallOp::AsyncWait:
    return Primitive::AsyncWait;
  case CallOp::SetFlag:
    return Primitive::SetFlag;
  case CallOp::WaitFlag:
    return Primitive::WaitFlag;
  case CallOp::AutoSyncTail:
    return Primitive::AutoSyncTail;
  default:
    return std::nullopt;
  }
}

class Walker {
public:
  explicit Walker(CostReport &R) : R(R) {}

  // Mult: executions of each statement in Seq. LoopOuter: executions of the innermost enclosing loop
  // statement itself (an If with TakenPerLoop is taken that many times per execution of the loop).
  void seq(const std::vector<Stmt> &Seq, const Poly &Mult, const Poly &LoopOuter, const Poly &LoopTrip,
           CostCounts &Out) {
    for (const Stmt &S : Seq)
      stmt(S, Mult, LoopOuter, LoopTrip, Out);
  }

  void stmt(const Stmt &S, const Poly &Mult, const Poly &LoopOuter, const Poly &LoopTrip, CostCounts &Out) {
    if (auto P = classify(S))
      Out.Counts[*P] += Mult;
    switch (S.Kind) {
    case StmtKind::For:
      seq(S.Body, Mult * S.Trip, Mult, S.Trip, Out);
      break;
    case StmtKind::If: {
      Poly Then = Mult, Else = Mult;
      if (S.TakenPerLoop) {
        Then = LoopOuter * *S.TakenPerLoop;
        Else = LoopOuter * (LoopTrip - *S.TakenPerLoop);
      }
      seq(S.Body, Then, LoopOuter, LoopTrip, Out);
      seq(S.ElseBody, Else, LoopOuter, LoopTrip, Out);
      break;
    }
    case StmtKind::Group:
      if (!S.Generation.empty()) {
        R.GenerationsPerCall[S.Generation] += Mult;
        if (!R.PerGeneration.count(S.Generation)) {
          R.GenerationKinds.push_back(S.Generation);
          CostCounts One;
          Walker Inner(Scratch);
          Inner.seq(S.Body, Poly::constant(1), Poly::constant(1), Poly::constant(1), One);
          R.PerGeneration[S.Generation] = One;
        }
      }
      seq(S.Body, Mult, LoopOuter, LoopTrip, Out);
      break;
    case StmtKind::While: // a poll (mutants only) runs an unknown number of times: its body counts once
      seq(S.Body, Mult, LoopOuter, LoopTrip, Out);
      break;
    default:
      break;
    }
  }

private:
  CostReport &R;
  CostReport Scratch;
};

std::string cell(const Poly &P, std::optional<int64_t> Ranks, int64_t Chunks) {
  std::string S = P.str();
  if (P.isConstant())
    return S;
  if (!Ranks) {
    // Only C is known: substitute it.
    std::string Fixed = P.withChunks(Chunks).str();
    return Fixed == S ? S : S + " = " + Fixed;
  }
  return S + " = " + std::to_string(P.eval(*Ranks, Chunks));
}

std::string pad(const std::string &S, size_t W) { return S.size() >= W ? S + " " : S + std::string(W - S.size(), ' '); }

} // namespace

CostReport CostModel::analyse(const Kernel &K) {
  CostReport R;
  Walker W(R);
  Poly One = Poly::constant(1);
  W.seq(K.Prologue, One, One, One, R.PerCall);
  W.seq(K.Body, One, One, One, R.PerCall);
  W.seq(K.Tail, One, One, One, R.PerCall);
  return R;
}

std::string CostModel::table(const std::string &Title, const std::vector<std::pair<std::string, CostReport>> &Columns,
                             std::optional<int64_t> Ranks, int64_t Chunks) {
  std::ostringstream Out;
  Out << Title << "\n";
  Out << "Executions per AIV block, from the IR's loop trip counts: P = rank count"
      << (Ranks ? " (" + std::to_string(*Ranks) + ")" : std::string(" (runtime)")) << ", C = chunks per block ("
      << Chunks << ").\n";

  auto Section = [&](const std::string &Heading, const std::vector<const CostCounts *> &Counts) {
    std::vector<std::vector<std::string>> Rows;
    for (Primitive P : allPrimitives()) {
      bool Any = false;
      for (const CostCounts *C : Counts)
        Any = Any || (C && !C->get(P).isZero());
      if (!Any)
        continue;
      std::vector<std::string> Row = {primitiveName(P)};
      for (const CostCounts *C : Counts)
        Row.push_back(C ? cell(C->get(P), Ranks, Chunks) : "-");
      Rows.push_back(Row);
    }
    size_t W0 = 34, W = 22;
    for (const auto &Row : Rows)
      for (size_t I = 1; I < Row.size(); ++I)
        W = std::max(W, Row[I].size() + 2);
    Out << "\n" << Heading << "\n";
    Out << "  " << pad("primitive", W0);
    for (const auto &Col : Columns)
      Out << pad(Col.first, W);
    Out << "\n";
    for (const auto &Row : Rows) {
      Out << "  " << pad(Row[0], W0);
      for (size_t I = 1; I < Row.size(); ++I)
        Out << pad(Row[I], W);
      Out << "\n";
    }
  };

  std::vector<std::string> Kinds;
  for (const auto &Col : Columns)
    for (const std::string &K : Col.second.GenerationKinds)
      if (std::find(Kinds.begin(), Kinds.end(), K) == Kinds.end())
        Kinds.push_back(K);
  for (const std::string &Kind : Kinds) {
    std::vector<const CostCounts *> Counts;
    std::string PerCall;
    for (const auto &Col : Columns) {
      auto It = Col.second.PerGeneration.find(Kind);
      Counts.push_back(It == Col.second.PerGeneration.end() ? nullptr : &It->second);
      auto G = Col.second.GenerationsPerCall.find(Kind);
      if (PerCall.empty() && G != Col.second.GenerationsPerCall.end())
        PerCall = cell(G->second, Ranks, Chunks);
    }
    Section("Per barrier generation: " + Kind + " (generations per call: " + PerCall + ")", Counts);
  }
  std::vector<const CostCounts *> Totals;
  for (const auto &Col : Columns)
    Totals.push_back(&Col.second.PerCall);
  Section("Per call (whole kernel)", Totals);
  return Out.str();
}

} // namespace commgen
