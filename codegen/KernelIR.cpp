#include "KernelIR.h"

#include <algorithm>
#include <optional>

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
  case Pipe::M:
    return "PIPE_M";
  case Pipe::MTE1:
    return "PIPE_MTE1";
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

Stmt makeLine(std::string Text) {
  Stmt S;
  S.Kind = StmtKind::Line;
  S.Text = std::move(Text);
  return S;
}

Stmt makeCall(CallOp Op, std::string Callee, std::vector<std::string> Args) {
  Stmt S;
  S.Kind = StmtKind::Call;
  S.Op = Op;
  S.Callee = std::move(Callee);
  S.Args = std::move(Args);
  return S;
}

void setBarrierPipe(Stmt &Barrier, Pipe P) {
  Barrier.BarrierPipe = P;
  Barrier.Args = {pipeName(P)};
}

void setFlagPipes(Stmt &Flag, Pipe Src, Pipe Dst) {
  Flag.Src = Src;
  Flag.Dst = Dst;
  Flag.Args.resize(3);
  Flag.Args[0] = pipeName(Src);
  Flag.Args[1] = pipeName(Dst);
}

Stmt makeBarrier(Pipe P) {
  Stmt S = makeCall(CallOp::PipeBarrier, "pipe_barrier", {});
  setBarrierPipe(S, P);
  return S;
}

Stmt makeDcciWhole() {
  return makeCall(CallOp::DcciWhole, "dcci", {"(__gm__ void*)0", "cache_line_t::ENTIRE_DATA_CACHE"});
}

Stmt makeDcciLine(const std::string &Ptr) {
  Stmt S = makeCall(CallOp::DcciLine, "PTOAS__DCCI_SINGLE_CACHE_LINE", {Ptr});
  S.GmPtr = Ptr;
  return S;
}

Stmt makePoll(const std::string &Ptr, const std::string &Value) {
  Stmt S;
  S.Kind = StmtKind::While;
  S.Text = "*(volatile __gm__ int32_t *)" + Ptr + " < " + Value;
  S.GmLoad = true;
  S.GmPtr = Ptr;
  return S;
}

Stmt makeFor(std::string Header, Poly Trip) {
  Stmt S;
  S.Kind = StmtKind::For;
  S.Text = std::move(Header);
  S.Trip = std::move(Trip);
  return S;
}

std::string addPrologueDecl(Kernel &K, const std::string &Type, const std::string &Init) {
  std::string Name = K.newValue("v");
  Stmt S = makeLine(Type + " " + Name + " = " + Init + ";");
  S.Id = K.newId();
  K.Prologue.push_back(std::move(S));
  return Name;
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

namespace {

// Removes statement Id from its sequence and returns it.
std::optional<Stmt> take(Kernel &K, int Id) {
  StmtRef R = locate(K, Id);
  if (!R)
    return std::nullopt;
  Stmt S = std::move(R.get());
  R.Seq->erase(R.Seq->begin() + static_cast<long>(R.Index));
  return S;
}

int insertNew(Kernel &K, int Id, Stmt S, bool (*Insert)(Kernel &, int, Stmt)) {
  S.Id = K.newId();
  int NewId = S.Id;
  return Insert(K, Id, std::move(S)) ? NewId : 0;
}

} // namespace

StmtRef locate(Kernel &K, int Id) {
  for (std::vector<Stmt> *Seq : {&K.Prologue, &K.Body, &K.Tail})
    if (StmtRef R = locateIn(*Seq, Id))
      return R;
  return StmtRef{};
}

bool removeStmt(Kernel &K, int Id) { return take(K, Id).has_value(); }

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

int insertNewBefore(Kernel &K, int Id, Stmt S) { return insertNew(K, Id, std::move(S), insertBefore); }
int insertNewAfter(Kernel &K, int Id, Stmt S) { return insertNew(K, Id, std::move(S), insertAfter); }

bool moveBefore(Kernel &K, int Id, int Target) {
  std::optional<Stmt> Moved = Id == Target ? std::nullopt : take(K, Id);
  return Moved && insertBefore(K, Target, std::move(*Moved));
}

bool moveAfter(Kernel &K, int Id, int Target) {
  std::optional<Stmt> Moved = Id == Target ? std::nullopt : take(K, Id);
  return Moved && insertAfter(K, Target, std::move(*Moved));
}

} // namespace commgen
