#include "KernelRewrite.h"

namespace commgen {

const Stmt *nthStmt(const Kernel &K, int N, const StmtPred &Pred) {
  std::vector<const Stmt *> All = findAll(K, Pred);
  return N >= 0 && static_cast<size_t>(N) < All.size() ? All[static_cast<size_t>(N)] : nullptr;
}

const Stmt *nthWithRole(const Kernel &K, int N, const char *Role) {
  return nthStmt(K, N, [&](const Stmt &S) { return S.hasRole(Role); });
}

int nextInSeq(Kernel &K, int Id, const StmtPred &Pred) {
  StmtRef R = locate(K, Id);
  if (!R)
    return 0;
  for (size_t I = R.Index + 1; I < R.Seq->size(); ++I)
    if (Pred((*R.Seq)[I]))
      return (*R.Seq)[I].Id;
  return 0;
}

int pairedWaitFlag(Kernel &K, const Stmt &Set) {
  StmtRef R = locate(K, Set.Id);
  if (!R || !Set.isCall(CallOp::SetFlag) || R.Index + 1 >= R.Seq->size())
    return 0;
  const Stmt &W = (*R.Seq)[R.Index + 1];
  bool Same = W.isCall(CallOp::WaitFlag) && W.Src == Set.Src && W.Dst == Set.Dst && W.Event == Set.Event;
  return Same ? W.Id : 0;
}

int nextSetOfFlag(Kernel &K, const Stmt &Wait) {
  if (!Wait.isCall(CallOp::WaitFlag))
    return 0;
  return nextInSeq(K, Wait.Id, [&](const Stmt &S) {
    return S.isCall(CallOp::SetFlag) && S.Src == Wait.Src && S.Dst == Wait.Dst && S.Event == Wait.Event;
  });
}

const Stmt *firstTWaitIn(const Stmt &Loop) {
  const Stmt *Found = nullptr;
  std::function<void(const std::vector<Stmt> &)> Visit = [&](const std::vector<Stmt> &Seq) {
    for (const Stmt &S : Seq) {
      if (Found)
        return;
      if (S.isCall(CallOp::Wait))
        Found = &S;
      Visit(S.Body);
      Visit(S.ElseBody);
    }
  };
  Visit(Loop.Body);
  return Found;
}

bool containsRole(const Stmt &S, const char *Role) {
  if (S.hasRole(Role))
    return true;
  for (const std::vector<Stmt> *Seq : {&S.Body, &S.ElseBody})
    for (const Stmt &C : *Seq)
      if (containsRole(C, Role))
        return true;
  return false;
}

bool hasConstantThreshold(const Kernel &K, const Stmt &W) {
  if (!W.isCall(CallOp::Wait) || W.Args.size() < 2)
    return false;
  for (const Stmt &P : K.Prologue)
    if (P.Kind == StmtKind::Line && P.Text.rfind("const ", 0) == 0 &&
        P.Text.find(" " + W.Args[1] + " = ") != std::string::npos)
      return true;
  return false;
}

std::vector<int> cellFamily(const Kernel &K, const Stmt &S) {
  std::vector<int> Out;
  for (const Stmt *O : findAll(K, [&](const Stmt &X) {
         return (X.isCall(CallOp::Notify) || X.isCall(CallOp::Wait)) && X.Cell == S.Cell && X.Id != S.Id;
       }))
    Out.push_back(O->Id);
  return Out;
}

Stmt &stmtById(Kernel &K, int Id) { return locate(K, Id).get(); }

void setArgToNewDecl(Kernel &K, int Id, size_t Arg, const std::string &Type, const std::string &Init) {
  std::string Name = addPrologueDecl(K, Type, Init);
  stmtById(K, Id).Args[Arg] = Name;
}

int replaceByLoop(Kernel &K, int Id, Stmt Loop, Stmt Inner) {
  StmtRef R = locate(K, Id);
  if (!R)
    return 0;
  Inner.Id = K.newId();
  int InnerId = Inner.Id;
  Loop.Id = K.newId();
  Loop.Body.push_back(std::move(Inner));
  R.get() = std::move(Loop);
  return InnerId;
}

bool wrapInIf(Kernel &K, int Id, const std::string &Cond) {
  StmtRef R = locate(K, Id);
  if (!R)
    return false;
  Stmt If;
  If.Kind = StmtKind::If;
  If.Id = K.newId();
  If.Text = Cond;
  If.TraceTakesElse = true;
  If.Body.push_back(R.get());
  R.get() = std::move(If);
  return true;
}

} // namespace commgen
