#include "KernelBuilder.h"

#include <functional>
#include <stdexcept>

namespace commgen {

KernelBuilder::KernelBuilder(Kernel &K, const CollectiveParams &Params) : K(K), Params(Params), Section(&K.Body) {}

std::string KernelBuilder::ptoTmp() { return "%" + std::to_string(NextPto++); }

std::string KernelBuilder::param(const std::string &Type, const std::string &Pto) {
  (void)Pto;
  std::string Name = value();
  K.Params.push_back(Param{Type, Name});
  return Name;
}

std::string KernelBuilder::prologueDecl(const std::string &Type, const std::string &Init) {
  std::string Key = Type + "|" + Init;
  auto It = PrologueCache.find(Key);
  if (It != PrologueCache.end())
    return It->second;
  std::string Name = addPrologueDecl(K, Type, Init);
  PrologueCache[Key] = Name;
  return Name;
}

std::string KernelBuilder::constI64(int64_t V) { return prologueDecl("const int64_t", std::to_string(V)); }
std::string KernelBuilder::constI32(int32_t V) { return prologueDecl("const int32_t", std::to_string(V)); }

std::string KernelBuilder::notifyOpVar(const std::string &Op) {
  return prologueDecl("pto::comm::NotifyOp", "pto::comm::NotifyOp::" + Op);
}

std::string KernelBuilder::waitCmpVar(const std::string &Cmp) {
  return prologueDecl("pto::comm::WaitCmp", "pto::comm::WaitCmp::" + Cmp);
}

std::vector<Stmt> &KernelBuilder::current() {
  if (OpenStack.empty())
    return *Section;
  Open &Top = OpenStack.back();
  return Top.InElse ? Top.S.ElseBody : Top.S.Body;
}

int KernelBuilder::append(Stmt S) {
  if (S.Id == 0)
    S.Id = K.newId();
  int Id = S.Id;
  current().push_back(std::move(S));
  return Id;
}

int KernelBuilder::append(Stmt S, std::vector<std::string> Roles) {
  S.Roles = std::move(Roles);
  return append(std::move(S));
}

Stmt &KernelBuilder::last() { return current().back(); }

Stmt *KernelBuilder::byId(int Id) {
  for (Open &O : OpenStack)
    if (O.S.Id == Id)
      return &O.S;
  StmtRef R = locate(K, Id);
  if (R)
    return &R.get();
  // Statements inside still-open containers are not reachable from the kernel yet.
  std::function<Stmt *(std::vector<Stmt> &)> Find = [&](std::vector<Stmt> &Seq) -> Stmt * {
    for (Stmt &S : Seq) {
      if (S.Id == Id)
        return &S;
      if (Stmt *F = Find(S.Body))
        return F;
      if (Stmt *F = Find(S.ElseBody))
        return F;
    }
    return nullptr;
  };
  for (Open &O : OpenStack) {
    if (Stmt *F = Find(O.S.Body))
      return F;
    if (Stmt *F = Find(O.S.ElseBody))
      return F;
  }
  return nullptr;
}

int KernelBuilder::comment(const std::string &Text) {
  Stmt S;
  S.Kind = StmtKind::Comment;
  S.Text = Text;
  return append(std::move(S));
}

int KernelBuilder::line(const std::string &Text, std::vector<std::string> Pto, std::vector<std::string> Roles) {
  Stmt S = makeLine(Text);
  S.Pto = std::move(Pto);
  return append(std::move(S), std::move(Roles));
}

std::string KernelBuilder::decl(const std::string &Type, const std::string &Init, std::vector<std::string> Pto) {
  std::string Name = value();
  line(Type + " " + Name + " = " + Init + ";", std::move(Pto));
  return Name;
}

std::string KernelBuilder::gmLoad(const std::string &Type, const std::string &Ptr, const std::string &Index,
                                  bool Exempt, std::vector<std::string> Pto, std::vector<std::string> Roles) {
  std::string Name = value();
  Stmt S = makeLine(Type + " " + Name + " = (" + Ptr + ")[" + Index + "];");
  S.Pto = std::move(Pto);
  S.GmLoad = true;
  S.GmLoadExempt = Exempt;
  S.GmPtr = Ptr;
  append(std::move(S), std::move(Roles));
  return Name;
}

int KernelBuilder::gmStore(const std::string &Ptr, const std::string &Index, const std::string &Value,
                           std::vector<std::string> Roles) {
  Stmt S = makeLine("(" + Ptr + ")[" + Index + "] = " + Value + ";");
  S.GmStore = true;
  S.GmPtr = Ptr;
  return append(std::move(S), std::move(Roles));
}

int KernelBuilder::call(CallOp Op, const std::string &Callee, std::vector<std::string> Args,
                        std::vector<std::string> Roles, const std::string &Result) {
  Stmt S = makeCall(Op, Callee, std::move(Args));
  S.Result = Result;
  return append(std::move(S), std::move(Roles));
}

int KernelBuilder::barrier(Pipe P, std::vector<std::string> Roles) { return append(makeBarrier(P), std::move(Roles)); }

int KernelBuilder::flagOp(CallOp Op, const char *Callee, Pipe Src, Pipe Dst, int Event,
                          std::vector<std::string> Roles) {
  Stmt S = makeCall(Op, Callee, {"", "", "EVENT_ID" + std::to_string(Event)});
  setFlagPipes(S, Src, Dst);
  S.Event = Event;
  return append(std::move(S), std::move(Roles));
}

int KernelBuilder::setFlag(Pipe Src, Pipe Dst, int Event, std::vector<std::string> Roles) {
  return flagOp(CallOp::SetFlag, "set_flag", Src, Dst, Event, std::move(Roles));
}

int KernelBuilder::waitFlag(Pipe Src, Pipe Dst, int Event, std::vector<std::string> Roles) {
  return flagOp(CallOp::WaitFlag, "wait_flag", Src, Dst, Event, std::move(Roles));
}

void KernelBuilder::syncPipes(Pipe Src, Pipe Dst, int Event, std::vector<std::string> SetRoles) {
  setFlag(Src, Dst, Event, std::move(SetRoles));
  waitFlag(Src, Dst, Event);
}

int KernelBuilder::dcciWhole(std::vector<std::string> Roles) { return append(makeDcciWhole(), std::move(Roles)); }

int KernelBuilder::dcciLine(const std::string &Ptr, std::vector<std::string> Roles) {
  return append(makeDcciLine(Ptr), std::move(Roles));
}

int KernelBuilder::dsb(std::vector<std::string> Roles) {
  return call(CallOp::Dsb, "dsb", {"DSB_DDR"}, std::move(Roles));
}

int KernelBuilder::notify(const std::string &Sig, const std::string &Value, const std::string &Op,
                          const std::string &Cell, std::vector<std::string> Roles) {
  int Id = call(CallOp::Notify, "pto::comm::TNOTIFY", {Sig, Value, notifyOpVar(Op)}, std::move(Roles));
  last().Cell = Cell;
  last().NotifyOp = Op;
  return Id;
}

int KernelBuilder::wait(const std::string &Sig, const std::string &Value, const std::string &Cmp,
                        const std::string &Cell, std::vector<std::string> Roles) {
  int Id = call(CallOp::Wait, "pto::comm::TWAIT", {Sig, Value, waitCmpVar(Cmp)}, std::move(Roles));
  last().Cell = Cell;
  last().WaitCmp = Cmp;
  return Id;
}

Stmt &KernelBuilder::open(StmtKind Kind, std::string Text, std::vector<std::string> Pto,
                          std::vector<std::string> Roles) {
  Open O;
  O.S.Kind = Kind;
  O.S.Id = K.newId();
  O.S.Text = std::move(Text);
  O.S.Pto = std::move(Pto);
  O.S.Roles = std::move(Roles);
  OpenStack.push_back(std::move(O));
  return OpenStack.back().S;
}

int KernelBuilder::close(StmtKind Kind, const char *What) {
  if (OpenStack.empty() || OpenStack.back().S.Kind != Kind)
    throw std::logic_error(What);
  Stmt S = std::move(OpenStack.back().S);
  OpenStack.pop_back();
  return append(std::move(S));
}

std::string KernelBuilder::beginFor(const std::string &Lo, const std::string &Hi, Poly Trip,
                                    std::vector<std::string> Pto, std::vector<std::string> Roles) {
  std::string Var = loopVar();
  Stmt &For = open(StmtKind::For, "", std::move(Pto), std::move(Roles));
  For.Text = "int64_t " + Var + " = " + Lo + "; " + Var + " < " + Hi + "; " + Var + " += " + constI64(1);
  For.Trip = std::move(Trip);
  return Var;
}

int KernelBuilder::endFor() { return close(StmtKind::For, "endFor without beginFor"); }

void KernelBuilder::beginIf(const std::string &Cond, std::optional<Poly> TakenPerLoop, std::vector<std::string> Pto) {
  open(StmtKind::If, Cond, std::move(Pto), {}).TakenPerLoop = std::move(TakenPerLoop);
}

void KernelBuilder::beginElse(bool TraceFollowsElse) {
  if (OpenStack.empty() || OpenStack.back().S.Kind != StmtKind::If)
    throw std::logic_error("beginElse without beginIf");
  OpenStack.back().InElse = true;
  OpenStack.back().S.TraceTakesElse = TraceFollowsElse;
}

int KernelBuilder::endIf() { return close(StmtKind::If, "endIf without beginIf"); }

void KernelBuilder::beginGroup(const std::string &Label, const std::string &Generation,
                               std::vector<std::string> Roles, bool PrintLabel) {
  Stmt &Group = open(StmtKind::Group, Label, {}, std::move(Roles));
  Group.Generation = Generation;
  Group.PrintLabel = PrintLabel;
}

int KernelBuilder::endGroup() { return close(StmtKind::Group, "endGroup without beginGroup"); }

std::string KernelBuilder::beginPeerLoop(std::vector<std::string> Pto, std::vector<std::string> Roles) {
  std::string J = beginFor(constI64(0), ranks(), Poly::ranks(), std::move(Pto), std::move(Roles));
  beginIf(J + " != " + rank64(), Poly::ranks() - Poly::constant(1), {ptoTmp()});
  return J;
}

int KernelBuilder::endPeerLoop() {
  endIf();
  return endFor();
}

void KernelBuilder::setupContext(const std::string &CtxParam) {
  CtxVar = CtxParam;
  call(CallOp::SetMaskNorm, "set_mask_norm", {});
  call(CallOp::SetVectorMask, "set_vector_mask", {"-1", "-1"});
  std::string Ctx2 = gmLoad("int64_t", CtxVar, constI64(2), /*Exempt=*/true, {"%rank_info"});
  RankVar = decl("int32_t", "(int32_t) " + Ctx2, {"%rank_id"});
  Rank64Var = decl("int64_t", "(int64_t) " + RankVar, {"%rank_id"});
  if (Params.runtimeRanks()) {
    std::string Num = decl("int32_t", "(int32_t) ((uint64_t) " + Ctx2 + " >> " + constI64(32) + ")", {"%rank_num"});
    RanksVar = decl("int64_t", "(int64_t) " + Num, {"%rank_num"});
  } else {
    RanksVar = constI64(Params.Ranks);
  }
  BlockVar = decl("int64_t", "(int64_t) get_block_idx()", {"%block_idx"});
  K.Meta["rank_var"] = Rank64Var;
  K.Meta["block_var"] = BlockVar;
  K.Meta["zero_var"] = constI64(0);
}

std::string KernelBuilder::peerPtr(const std::string &Local, int ElemBytes, const std::string &Peer) {
  std::string T0 = ptoTmp(), T1 = ptoTmp(), T2 = ptoTmp(), T3 = ptoTmp(), T4 = ptoTmp(), T5 = ptoTmp();
  std::string Four = constI64(4);
  std::string Info = gmLoad("int64_t", CtxVar, constI64(2), true, {T0});
  std::string Self = gmLoad("int64_t", CtxVar,
                            "(int64_t) ((uint64_t) ((int64_t) ((int32_t) " + Info + ")) + (uint64_t) " + Four + ")",
                            true, {T1, T2, T3});
  std::string Other =
      gmLoad("int64_t", CtxVar, "(int64_t) ((uint64_t) " + Peer + " + (uint64_t) " + Four + ")", true, {T4, T5});
  return "(" + Local + " + (int64_t) ((uint64_t) " + Other + " - (uint64_t) " + Self + ") / " +
         constI64(ElemBytes) + ")";
}

std::string KernelBuilder::signalView(const std::string &PtrExpr, const std::string &PtoName) {
  std::string Shape = decl("pto::Shape<1, 1, 1, 1, 1>", "pto::Shape<1, 1, 1, 1, 1>()", {PtoName});
  std::string Stride = decl("pto::Stride<1, 1, 1, 1, 2>", "pto::Stride<1, 1, 1, 1, 2>()", {PtoName});
  const std::string Type =
      "GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 1>, pto::Stride<1, 1, 1, 1, 2>, pto::Layout::DN>";
  return decl(Type, Type + "(" + PtrExpr + ", " + Shape + ", " + Stride + ")", {PtoName});
}

std::string KernelBuilder::dataView(const std::string &Elem, const std::string &PtrExpr, int64_t Len,
                                    const std::string &PtoName, const std::string &DynLen) {
  std::string N = std::to_string(Len);
  std::string ShapeT, ShapeInit;
  if (DynLen.empty()) {
    ShapeT = "pto::Shape<1, 1, 1, 1, " + N + ">";
    ShapeInit = ShapeT + "()";
  } else {
    ShapeT = "pto::Shape<1, 1, 1, 1, -1>";
    std::string One = constI64(1);
    ShapeInit = ShapeT + "(" + One + ", " + One + ", " + One + ", " + One + ", " + DynLen + ")";
  }
  std::string StrideT = "pto::Stride<" + N + ", " + N + ", " + N + ", " + N + ", 1>";
  std::string Shape = decl(ShapeT, ShapeInit, {PtoName});
  std::string Stride = decl(StrideT, StrideT + "()", {PtoName});
  std::string Type = "GlobalTensor<" + Elem + ", " + ShapeT + ", " + StrideT + ", pto::Layout::ND>";
  return decl(Type, Type + "(" + PtrExpr + ", " + Shape + ", " + Stride + ")", {PtoName});
}

std::string KernelBuilder::tileType(const std::string &Elem, int64_t Cols) const {
  return "Tile<TileType::Vec, " + Elem + ", 1, " + std::to_string(Cols) +
         ", BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null>";
}

std::string KernelBuilder::tile(const std::string &Elem, int64_t Cols, const std::string &ValidCols,
                                int64_t UbAddr, const std::string &PtoName) {
  std::string Type = tileType(Elem, Cols);
  std::string Name = decl(Type, Type + "(" + constI64(1) + ", " + ValidCols + ")", {PtoName});
  std::string Addr = decl("uint64_t", "(uint64_t) " + constI64(UbAddr), {PtoName});
  call(CallOp::TAssign, "TASSIGN", {Name, Addr});
  return Name;
}

void KernelBuilder::finishTail() {
  toTail();
  call(CallOp::AutoSyncTail, "ptoas_auto_sync_tail", {"PTOAutoSyncTailMode::kBarrierAll"});
  call(CallOp::Return, "return", {});
}

} // namespace commgen
