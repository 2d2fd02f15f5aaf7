#include "ReferenceOracle.h"

#include <map>

namespace commgen {

const char *oracleRuleName(OracleRule R) {
  switch (R) {
  case OracleRule::PublishBeforeNotify:
    return "comm-publish-before-notify";
  case OracleRule::PublishFence:
    return "comm-publish-fence";
  case OracleRule::ReadCompleteDrain:
    return "comm-read-complete-drain";
  case OracleRule::ConsumeInvalidate:
    return "comm-consume-invalidate";
  case OracleRule::AsyncDrain:
    return "comm-async-drain";
  case OracleRule::FlagBalance:
    return "comm-flag-balance";
  }
  return "?";
}

namespace {

// Per tracked source statement, a may-set of progress bits: bit 0 = released, bit 1 = first release
// step outstanding, bit 2 = second step (dsb) outstanding; bits 3 and 4 the same two after a dsb
// that came too early (before the first step, where it does not count). For flags the single key -1
// holds a may-set of token counts {0, 1, ..., FlagMany - 1, FlagMany+}: exact for a flag set twice
// before it is waited twice.
using State = std::map<int, unsigned>;
constexpr unsigned Clean = 1u, Step1 = 2u, Step2 = 4u, Step1EarlyDsb = 8u, Step2EarlyDsb = 16u;
constexpr int FlagSlot = -1;
constexpr unsigned FlagMany = 7, FlagManyBit = 1u << FlagMany, FlagAllBits = (FlagManyBit << 1) - 1;

State join(const State &A, const State &B) {
  State Out = A;
  for (const auto &[K, V] : B) {
    auto It = Out.find(K);
    if (It == Out.end())
      Out[K] = V | Clean; // absent in A means released in A
    else
      It->second |= V;
  }
  for (auto &[K, V] : Out)
    if (!B.count(K))
      V |= Clean;
  return Out;
}

bool samePipeFlag(const Stmt &S, const FlagKey &K) { return S.Src == K.Src && S.Dst == K.Dst && S.Event == K.Event; }

class Analysis {
public:
  Analysis(const Kernel &K, OracleRule Rule, std::optional<FlagKey> Key, bool Trace)
      : Rule(Rule), Key(Key), Trace(Trace) {
    forEachStmt(K, [&](const Stmt &S) { Sources[S.Id] = &S; });
  }

  State seq(const std::vector<Stmt> &Seq, State In, bool Record) {
    for (const Stmt &S : Seq)
      In = stmt(S, std::move(In), Record);
    return In;
  }

  State stmt(const Stmt &S, State In, bool Record) {
    switch (S.Kind) {
    case StmtKind::For:
    case StmtKind::While: { // a poll's body, too, runs any number of times
      if (Trace) {
        State St = seq(S.Body, std::move(In), Record);
        return seq(S.Body, std::move(St), Record);
      }
      State Head = In;
      for (int Guard = 0; Guard < 64; ++Guard) {
        State Next = join(Head, seq(S.Body, Head, false));
        if (Next == Head)
          break;
        Head = std::move(Next);
      }
      if (Record)
        seq(S.Body, Head, true);
      return Head;
    }
    case StmtKind::If: {
      if (Trace)
        return S.TraceTakesElse ? seq(S.ElseBody, std::move(In), Record) : seq(S.Body, std::move(In), Record);
      State Then = seq(S.Body, In, Record);
      State Else = seq(S.ElseBody, In, Record);
      return join(Then, Else);
    }
    case StmtKind::Group:
      return seq(S.Body, std::move(In), Record);
    default:
      return transfer(S, std::move(In), Record);
    }
  }

  OracleResult Result;

private:
  OracleRule Rule;
  std::optional<FlagKey> Key;
  bool Trace;
  std::map<int, const Stmt *> Sources;

  void sink(const Stmt &S, bool Record) {
    if (!Record)
      return;
    Result.MaySinks.insert(S.Id);
    if (Trace && !Result.TraceSink)
      Result.TraceSink = S.Id;
  }

  // The outstanding steps the rule reports: publish-fence only a missing dsb after a drain that
  // came in the right order, publish-before-notify everything else.
  unsigned reported() const {
    if (Rule == OracleRule::PublishFence)
      return Step2;
    if (Rule == OracleRule::PublishBeforeNotify)
      return Step1 | Step1EarlyDsb | Step2EarlyDsb;
    return Step1 | Step2;
  }

  bool pending(const State &St) const {
    for (const auto &[Src, Bits] : St)
      if (Src != FlagSlot && (Bits & reported()))
        return true;
    return false;
  }

  // Does S perform the first release step of the write Src?
  bool firstStep(const Stmt &S, const Stmt &Src) const {
    if (S.Kind != StmtKind::Call)
      return false;
    bool DrainAll = (S.Op == CallOp::PipeBarrier && S.BarrierPipe == Pipe::ALL) || S.Op == CallOp::AutoSyncTail;
    auto Drains = [&](Pipe P) {
      return DrainAll || (S.Op == CallOp::PipeBarrier && S.BarrierPipe == P) ||
             (S.Op == CallOp::WaitFlag && S.Dst == Pipe::S && S.Src == P);
    };
    switch (Rule) {
    case OracleRule::PublishBeforeNotify:
    case OracleRule::PublishFence:
      if (Src.Op == CallOp::TStore)
        return Drains(Pipe::MTE3);
      if (Src.Op == CallOp::TPut)
        return DrainAll;
      if (Src.Op == CallOp::TPutAsync)
        return S.Op == CallOp::AsyncWait && S.AsyncEvent == Src.AsyncEvent && S.Session == Src.Session;
      if (Src.GmStore)
        return S.Op == CallOp::DcciWhole || (S.Op == CallOp::DcciLine && S.GmPtr == Src.GmPtr);
      return false;
    case OracleRule::ReadCompleteDrain:
      return Drains(Pipe::MTE2);
    case OracleRule::ConsumeInvalidate:
      return S.Op == CallOp::DcciWhole;
    case OracleRule::AsyncDrain:
      return S.Op == CallOp::AsyncWait && S.AsyncEvent == Src.AsyncEvent && S.Session == Src.Session;
    default:
      return false;
    }
  }

  bool isSource(const Stmt &S) const {
    switch (Rule) {
    case OracleRule::PublishBeforeNotify:
    case OracleRule::PublishFence:
      return (S.Kind == StmtKind::Call &&
              (S.Op == CallOp::TStore || S.Op == CallOp::TPut || S.Op == CallOp::TPutAsync)) ||
             (S.Kind == StmtKind::Line && S.GmStore);
    case OracleRule::ReadCompleteDrain:
      return S.Kind == StmtKind::Call && S.Op == CallOp::TLoad;
    case OracleRule::ConsumeInvalidate:
      return S.Kind == StmtKind::Call && S.Op == CallOp::Wait;
    case OracleRule::AsyncDrain:
      return S.Kind == StmtKind::Call && S.Op == CallOp::TPutAsync;
    default:
      return false;
    }
  }

  bool twoSteps() const {
    return Rule == OracleRule::PublishBeforeNotify || Rule == OracleRule::PublishFence;
  }

  State transfer(const Stmt &S, State In, bool Record) {
    if (Rule == OracleRule::FlagBalance)
      return flags(S, std::move(In), Record);

    // Sinks first: the statement observes the state before its own effect.
    bool IsNotify = S.Kind == StmtKind::Call && S.Op == CallOp::Notify;
    bool IsReturn = S.Kind == StmtKind::Call && S.Op == CallOp::Return;
    bool IsLoad = S.Kind == StmtKind::Line && S.GmLoad && !S.GmLoadExempt;
    switch (Rule) {
    case OracleRule::PublishBeforeNotify:
    case OracleRule::PublishFence:
    case OracleRule::ReadCompleteDrain:
      if (IsNotify && pending(In))
        sink(S, Record);
      break;
    case OracleRule::AsyncDrain:
      if ((IsNotify || IsReturn) && pending(In))
        sink(S, Record);
      break;
    case OracleRule::ConsumeInvalidate:
      if (IsLoad && pending(In))
        sink(S, Record);
      break;
    default:
      break;
    }

    bool IsDsb = S.Kind == StmtKind::Call && S.Op == CallOp::Dsb;
    for (auto &[SrcId, Bits] : In) {
      const Stmt &Src = *Sources.at(SrcId);
      unsigned Out = Bits & Clean;
      bool First = firstStep(S, Src);
      if (Bits & Step1)
        Out |= First ? (twoSteps() ? Step2 : Clean) : (IsDsb && twoSteps() ? Step1EarlyDsb : Step1);
      if (Bits & Step1EarlyDsb)
        Out |= First ? Step2EarlyDsb : Step1EarlyDsb;
      if (Bits & Step2)
        Out |= IsDsb ? Clean : Step2;
      if (Bits & Step2EarlyDsb)
        Out |= IsDsb ? Clean : Step2EarlyDsb;
      Bits = Out;
    }
    if (isSource(S))
      In[S.Id] = Step1;
    return In;
  }

  State flags(const Stmt &S, State In, bool Record) {
    unsigned &Counts = In.emplace(FlagSlot, 1u).first->second; // bit n: n tokens (exact below FlagMany)
    if (S.Kind == StmtKind::Call && Key && samePipeFlag(S, *Key)) {
      if (S.Op == CallOp::SetFlag) {
        Counts = ((Counts << 1) | (Counts & FlagManyBit)) & FlagAllBits;
      } else if (S.Op == CallOp::WaitFlag) {
        if (Counts & 1u)
          sink(S, Record);
        Counts = (Counts & 1u) | (Counts >> 1) | (Counts & FlagManyBit);
      }
    }
    if (S.Kind == StmtKind::Call && S.Op == CallOp::Return && (Counts & ~1u))
      sink(S, Record);
    return In;
  }
};

} // namespace

OracleResult ReferenceOracle::run(const Kernel &K, OracleRule Rule, std::optional<FlagKey> Key) {
  OracleResult Out;
  {
    Analysis May(K, Rule, Key, /*Trace=*/false);
    State St;
    St = May.seq(K.Prologue, std::move(St), true);
    St = May.seq(K.Body, std::move(St), true);
    May.seq(K.Tail, std::move(St), true);
    Out.MaySinks = May.Result.MaySinks;
  }
  {
    Analysis Tr(K, Rule, Key, /*Trace=*/true);
    State St;
    St = Tr.seq(K.Prologue, std::move(St), true);
    St = Tr.seq(K.Body, std::move(St), true);
    Tr.seq(K.Tail, std::move(St), true);
    Out.TraceSink = Tr.Result.TraceSink;
  }
  return Out;
}

} // namespace commgen
