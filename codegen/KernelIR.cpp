#include "KernelIR.h"

#include <algorithm>

namespace commgen {

const char *pipeName(Pipe P) {
  switch (P) {
  case Pipe::S:
    return "PIPE_S";
  case Pipe::V:
    return "PIPE_V";
  case Pipe::MTE2:
    return "PIPE_MTE2";
  case Pipe::MTE3:
    return "PIPE_MTE3";
  case Pipe::FIX:
    return "PIPE_FIX";
  case Pipe::ALL:
    return "PIPE_ALL";
  }
  return "PIPE_ALL";
}

bool Stmt::hasRole(const std::string &R) const {
  return std::find(Roles.begin(), Roles.end(), R) != Roles.end();
}

std::string Stmt::callText() const {
  std::string Out = Result + Callee + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    Out += (I ? ", " : "") + Args[I];
  return Out + ");";
}

namespace {

void visit(const std::vector<Stmt> &Seq, const std::function<void(const Stmt &)> &Fn) {
  for (const Stmt &S : Seq) {
    Fn(S);
    visit(S.Body, Fn);
    visit(S.ElseBody, Fn);
  }
}

StmtRef locateIn(std::vector<Stmt> &Seq, int Id) {
  for (size_t I = 0; I < Seq.size(); ++I) {
    if (Seq[I].Id == Id)
      return StmtRef{&Seq, I};
    if (StmtRef R = locateIn(Seq[I].Body, Id))
      return R;
    if (StmtRef R = locateIn(Seq[I].ElseBody, Id))
      return R;
  }
  return StmtRef{};
}

} // namespace

void forEachStmt(const Kernel &K, const std::function<void(const Stmt &)> &Fn) {
  visit(K.Prologue, Fn);
  visit(K.Body, Fn);
  visit(K.Tail, Fn);
}

const Stmt *findStmt(const Kernel &K, const std::function<bool(const Stmt &)> &Pred) {
  const Stmt *Found = nullptr;
  forEachStmt(K, [&](const Stmt &S) {
    if (!Found && Pred(S))
      Found = &S;
  });
  return Found;
}

const Stmt *findById(const Kernel &K, int Id) {
  return findStmt(K, [Id](const Stmt &S) { return S.Id == Id; });
}

const Stmt *findFirstWithRole(const Kernel &K, const std::string &Role) {
  return findStmt(K, [&](const Stmt &S) { return S.hasRole(Role); });
}

std::vector<const Stmt *> findAll(const Kernel &K, const std::function<bool(const Stmt &)> &Pred) {
  std::vector<const Stmt *> Out;
  forEachStmt(K, [&](const Stmt &S) {
    if (Pred(S))
      Out.push_back(&S);
  });
  return Out;
}

StmtRef locate(Kernel &K, int Id) {
  for (std::vector<Stmt> *Seq : {&K.Prologue, &K.Body, &K.Tail})
    if (StmtRef R = locateIn(*Seq, Id))
      return R;
  return StmtRef{};
}

bool removeStmt(Kernel &K, int Id) {
  StmtRef R = locate(K, Id);
  if (!R)
    return false;
  R.Seq->erase(R.Seq->begin() + static_cast<long>(R.Index));
  return true;
}

bool insertBefore(Kernel &K, int Id, Stmt S) {
  StmtRef R = locate(K, Id);
  if (!R)
    return false;
  R.Seq->insert(R.Seq->begin() + static_cast<long>(R.Index), std::move(S));
  return true;
}

bool insertAfter(Kernel &K, int Id, Stmt S) {
  StmtRef R = locate(K, Id);
  if (!R)
    return false;
  R.Seq->insert(R.Seq->begin() + static_cast<long>(R.Index) + 1, std::move(S));
  return true;
}

bool moveBefore(Kernel &K, int Id, int Target) {
  StmtRef R = locate(K, Id);
  if (!R || Id == Target)
    return false;
  Stmt Moved = R.get();
  R.Seq->erase(R.Seq->begin() + static_cast<long>(R.Index));
  if (!insertBefore(K, Target, std::move(Moved)))
    return false;
  return true;
}

} // namespace commgen
