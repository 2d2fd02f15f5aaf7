#include "crossrank/SymbolicNeeds.h"
#include "base/Assumptions.h"
#include <algorithm>

namespace commcheck {

namespace {
bool dataKind(RankOpKind K) { return K == RankOpKind::Read || K == RankOpKind::Write; }
} // namespace

bool SymbolicNeeds::consumed(size_t N) {
  SymbolicEncoding::Instance X = E.instance(T.Ops[N], "_c");
  z3::expr Any = E.ctx().bool_val(false);
  for (const SymOp &W : T.Ops)
    if (W.Kind == RankOpKind::Wait) {
      SymbolicEncoding::Instance Y = E.instance(W, "_cw" + std::to_string(Tags++));
      Any = Any || z3::exists(E.which(Y), Y.Exists && E.sameCell(X, Y));
    }
  return E.valid(X.Exists, Any);
}

SymbolicEncoding::Instance SymbolicNeeds::role(size_t Op, char Role) {
  // The notify runs on the origin's rank, the access on the wait's.
  char RankOf = Role == 'n' ? 'o' : Role == 'a' ? 'w' : Role;
  z3::expr Rank = E.ctx().int_const((std::string("r_") + RankOf).c_str());
  return E.instance(T.Ops[Op], std::string("_") + Role, Rank);
}

Sat SymbolicNeeds::reaches(size_t A, const std::vector<size_t> &Origins,
                           const std::vector<size_t> &Notifies, std::optional<bool> Later) {
  const SymOp &Acc = T.Ops[A];
  z3::expr Any = E.ctx().bool_val(false);
  for (size_t O : Origins)
    for (size_t N : Notifies) {
      if (Later && (Acc.Call > T.Ops[O].Call) != *Later)
        continue;
      if (T.Ops[N].Call != T.Ops[O].Call || Acc.Root != T.Ops[O].Root)
        continue; // a notify of a later call: the origin was released when its call returned
      for (const SymEdge &Ed : Edges) {
        if (Ed.N != N)
          continue;
        auto Xo = role(O, 'o'), Xn = role(N, 'n'), Xw = role(Ed.W, 'w'), Xa = role(A, 'a');
        z3::expr Order = E.before(Xo, Xn) && E.before(Xw, Xa);
        if (Order.simplify().is_false())
          continue; // the program points alone rule the chain out
        z3::expr Chain = Xo.Exists && Xn.Exists && Xw.Exists && Xa.Exists && Order &&
                         E.sameCell(Xn, Xw) && E.iterationOrder(Ed.Rel, Xn, Xw) && E.overlap(Xo, Xa);
        if (Acc.Loc == T.Ops[O].Loc) // the rank's own access there is the one-rank rules' matter
          Chain = Chain && Xw.R != Xo.R;
        Any = Any || Chain;
      }
    }
  return Any.is_false() ? Sat::No : E.sat(Any);
}

std::vector<size_t> SymbolicNeeds::opsAt(clang::SourceLocation Loc, RankOpKind K) const {
  std::vector<size_t> Out;
  for (size_t I = 0; I < T.Ops.size(); ++I)
    if (T.Ops[I].Loc == Loc && T.Ops[I].Kind == K && !T.Ops[I].Launch)
      Out.push_back(I);
  return Out;
}

bool SymbolicNeeds::blocksApart(clang::SourceLocation Origin, bool Writes) {
  auto Key = std::make_pair(Origin.getRawEncoding(), Writes);
  if (auto It = Apart.find(Key); It != Apart.end())
    return It->second;
  return Apart[Key] = blocksApartOnce(Origin, Writes);
}

bool SymbolicNeeds::blocksApartOnce(clang::SourceLocation Origin, bool Writes) {
  std::vector<size_t> Origins = opsAt(Origin, Writes ? RankOpKind::Write : RankOpKind::Read);
  if (T.BlockIndex.empty() || Origins.empty())
    return false; // (blocks alike in every value the trace names run the same accesses)
  z3::context &C = E.ctx();
  std::vector<z3::expr> Other = E.launchValues();
  z3::expr Differ = C.bool_val(false);
  for (const std::vector<uint32_t> *Vars : {&T.BlockIndex, &T.PerBlock})
    for (uint32_t V : *Vars) {
      z3::expr &X = Other[V - symvar::Launch0];
      z3::expr Mine = X;
      X = C.int_const(("B" + std::to_string(V) + "_other").c_str());
      if (Vars == &T.BlockIndex)
        Differ = Differ || X != Mine;
    }
  z3::expr Any = C.bool_val(false);
  for (size_t O : Origins)
    for (const SymOp &Acc : T.Ops) {
      if (!dataKind(Acc.Kind) || Acc.Launch || (!Writes && Acc.Kind != RankOpKind::Write))
        continue;
      if (T.Ops[O].Buffer.empty() || Acc.Buffer.empty())
        return false; // where either lies in its buffer is not known
      if (Acc.Buffer != T.Ops[O].Buffer)
        continue;
      if (Acc.Shared != T.Ops[O].Shared)
        return false; // (offsets of other launch values: where they meet is not asked)
      std::string Tag = std::to_string(Tags++);
      auto Xo = E.instance(T.Ops[O], "_bo" + Tag);
      auto Xa = E.instance(Acc, "_ba" + Tag, C.int_const(("r_ba" + Tag).c_str()), Other);
      Any = Any || (Xo.Exists && Xa.Exists && E.overlapInBuffer(Xo, Xa));
    }
  // (The other block's values meet the trace's assumptions as the block's own do.)
  SymbolicEncoding::Instance AsOther = E.instance(T.Ops[Origins.front()], "_bx", C.int_val(0), Other);
  return Any.is_false() || E.sat(Differ && E.guard(T.Assume, &AsOther) && Any) == Sat::No;
}

SymbolicNeeds::Need SymbolicNeeds::judge(clang::SourceLocation Origin, clang::SourceLocation At,
                                         bool Writes) {
  auto Key = std::make_tuple(Origin.getRawEncoding(), At.getRawEncoding(), Writes);
  if (auto It = Judged.find(Key); It != Judged.end())
    return It->second;
  return Judged[Key] = judgeOnce(Origin, At, Writes);
}

SymbolicNeeds::Need SymbolicNeeds::judgeOnce(clang::SourceLocation Origin, clang::SourceLocation At,
                                             bool Writes) {
  Need R;
  std::vector<size_t> Origins = opsAt(Origin, Writes ? RankOpKind::Write : RankOpKind::Read),
                      Notifies = opsAt(At, RankOpKind::Notify);
  if (Origins.empty() || Notifies.empty()) {
    R.Note = "not confirmed across ranks: the symbolic trace runs no such access before this notify";
    return R;
  }
  // An access that needs it: a write first, then (for a write origin) a read, as PeerNeeds orders.
  // Accesses of the origin's call first; then a later call's (a re-entrant trace), which need
  // it only where they do not come after the origin's rank started that call (it was released
  // when its call returned): not asked (a quantified question Z3 takes seconds over), so such an
  // access leaves the finding not confirmed, and the accesses after it are not asked (the
  // finding is kept whatever else needs it: the judge took a second more on pypto's template).
  // (One question over both calls first: most accesses need nothing in either; one call's trace
  // asks no other.)
  bool Later = std::any_of(T.Ops.begin(), T.Ops.end(), [](const SymOp &O) { return O.Call > 0; });
  std::optional<size_t> NextCall; // the first access of a later call that may need it
  for (RankOpKind K : {RankOpKind::Write, RankOpKind::Read}) {
    if ((K == RankOpKind::Read && !Writes) || NextCall)
      break;
    for (size_t A = 0; A < T.Ops.size(); ++A) {
      const SymOp &Acc = T.Ops[A];
      if (Acc.Kind != K || Acc.Launch || !dataKind(Acc.Kind))
        continue;
      Sat Any = reaches(A, Origins, Notifies, std::nullopt);
      if (Any == Sat::No)
        continue;
      Sat S = Later ? reaches(A, Origins, Notifies, false) : Any; // (the origin's call alone)
      if (S == Sat::No) {
        NextCall = A;
        break; // kept whatever else needs it: the rest is not asked
      }
      if (S == Sat::Unknown) {
        R.Note = "not confirmed across ranks: whether " + Acc.What +
                 " touches these bytes after this notify is not settled for every P";
        return R;
      }
      R.V = Need::Needed;
      R.Loc = Acc.Loc;
      R.Note = "confirmed across ranks: " + Acc.What + (K == RankOpKind::Write ? " writes" : " reads") +
               " these bytes after a wait this notify satisfies (the symbolic model, for some P)";
      return R;
    }
  }
  if (NextCall) {
    const SymOp &Acc = T.Ops[*NextCall];
    R.Note = "not confirmed across ranks: " + Acc.What +
             (Acc.Kind == RankOpKind::Write ? " writes" : " reads") +
             " these bytes in the next call, after a wait this notify satisfies, and whether it "
             "follows this rank's next call is not asked" + freshWindowAdvice();
    R.Loc = Acc.Loc;
    return R;
  }
  for (size_t N : Notifies)
    if (!consumed(N)) {
      R.Note = "not confirmed across ranks: no access of the kernel needs it, but a signal here may "
               "be acted on outside the kernel";
      return R;
    }
  R.V = Need::NotNeeded;
  return R;
}

} // namespace commcheck
