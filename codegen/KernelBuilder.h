// Builds a Kernel the way PTOAS writes one: constants hoisted into the prologue, vN value names,
// "// pto:" provenance, peer pointers by offset arithmetic on the context table, signal views as
// DN GlobalTensors, ND data views and Vec tiles. The protocol steps on top (notifies and waits
// shaped by the variant, releases) are CollectiveBuilder's.
#pragma once

#include "CollectiveParams.h"
#include "KernelIR.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace commgen {

class KernelBuilder {
public:
  KernelBuilder(Kernel &K, const CollectiveParams &Params);

  Kernel &kernel() { return K; }
  const CollectiveParams &params() const { return Params; }
  Variant variant() const { return Params.Var; }
  std::string elemType() const { return dtypeCxx(Params.Type); }
  int elemBytes() const { return dtypeBytes(Params.Type); }

  // ---- names, constants, provenance -------------------------------------------------------
  std::string value() { return K.newValue("v"); }
  std::string loopVar() { return K.newValue("i"); }
  std::string ptoTmp(); // "%17"
  std::string param(const std::string &Type, const std::string &Pto);
  std::string constI64(int64_t V);
  std::string constI32(int32_t V);
  // A named prologue declaration such as "pto::comm::NotifyOp v5 = pto::comm::NotifyOp::AtomicAdd;".
  std::string prologueDecl(const std::string &Type, const std::string &Init);
  std::string notifyOpVar(const std::string &Op); // AtomicAdd / Set, cached
  std::string waitCmpVar(const std::string &Cmp); // GE / EQ ..., cached

  // ---- emission into the current sequence --------------------------------------------------
  void toBody() { Section = &K.Body; }
  void toTail() { Section = &K.Tail; }
  int comment(const std::string &Text);
  int line(const std::string &Text, std::vector<std::string> Pto = {}, std::vector<std::string> Roles = {});
  // "Type Name = Init;" for a fresh value; returns the name.
  std::string decl(const std::string &Type, const std::string &Init, std::vector<std::string> Pto = {});
  // "Type vN = (Ptr)[Index];" scalar GM load.
  std::string gmLoad(const std::string &Type, const std::string &Ptr, const std::string &Index, bool Exempt,
                     std::vector<std::string> Pto = {}, std::vector<std::string> Roles = {});
  int gmStore(const std::string &Ptr, const std::string &Index, const std::string &Value,
              std::vector<std::string> Roles = {});
  int call(CallOp Op, const std::string &Callee, std::vector<std::string> Args,
           std::vector<std::string> Roles = {}, const std::string &Result = "");
  int barrier(Pipe P, std::vector<std::string> Roles = {});
  int setFlag(Pipe Src, Pipe Dst, int Event, std::vector<std::string> Roles = {});
  int waitFlag(Pipe Src, Pipe Dst, int Event, std::vector<std::string> Roles = {});
  // set_flag + wait_flag: the Dst pipe waits for what Src has issued so far.
  void syncPipes(Pipe Src, Pipe Dst, int Event, std::vector<std::string> SetRoles = {});
  int dcciWhole(std::vector<std::string> Roles = {});
  int dcciLine(const std::string &Ptr, std::vector<std::string> Roles = {});
  int dsb(std::vector<std::string> Roles = {});
  int notify(const std::string &Sig, const std::string &Value, const std::string &Op, const std::string &Cell,
             std::vector<std::string> Roles = {});
  int wait(const std::string &Sig, const std::string &Value, const std::string &Cmp, const std::string &Cell,
           std::vector<std::string> Roles = {});
  Stmt &last();          // the statement emitted last (valid until the next emission)
  Stmt *byId(int Id);    // a statement emitted earlier, including open containers

  // ---- structure ----------------------------------------------------------------------------
  // Opens "for (int64_t iN = Lo; iN < Hi; iN += 1)"; returns iN.
  std::string beginFor(const std::string &Lo, const std::string &Hi, Poly Trip,
                       std::vector<std::string> Pto = {}, std::vector<std::string> Roles = {});
  int endFor();
  void beginIf(const std::string &Cond, std::optional<Poly> TakenPerLoop = std::nullopt,
               std::vector<std::string> Pto = {});
  // TraceFollowsElse: the oracle's reference trace (one rank's execution) takes this branch.
  void beginElse(bool TraceFollowsElse = false);
  int endIf();
  void beginGroup(const std::string &Label, const std::string &Generation = "",
                  std::vector<std::string> Roles = {}, bool PrintLabel = false);
  int endGroup();
  // for (jN < ranks) if (jN != rank): the loop over the peers; returns jN. endPeerLoop returns the
  // id of the for.
  std::string beginPeerLoop(std::vector<std::string> Pto = {}, std::vector<std::string> Roles = {});
  int endPeerLoop();

  // ---- PTOAS idioms -------------------------------------------------------------------------
  // Top of the __DAV_VEC__ body: masks, the rank id (low 32 bits of ctx[2]) and, for a runtime rank
  // count, the rank count (high 32 bits of ctx[2]); the block index.
  void setupContext(const std::string &CtxParam);
  const std::string &rank() const { return RankVar; }       // int32_t
  const std::string &rank64() const { return Rank64Var; }   // int64_t
  const std::string &ranks() const { return RanksVar; }     // int64_t, const or loaded
  const std::string &block() const { return BlockVar; }     // int64_t
  const std::string &ctx() const { return CtxVar; }

  // Emits the three context loads and returns the peer's address of Local (a pointer expression):
  // (Local + (int64_t) ((uint64_t) ctx[4 + Peer] - (uint64_t) ctx[4 + rank]) / ElemBytes).
  std::string peerPtr(const std::string &Local, int ElemBytes, const std::string &Peer);
  // pto::Shape / pto::Stride / GlobalTensor<int32_t, ..., DN> over one signal cell; returns the view.
  std::string signalView(const std::string &PtrExpr, const std::string &PtoName);
  // A 1 x Len ND view of Elem; Len is a static element count, or DynLen (an expression) when given.
  std::string dataView(const std::string &Elem, const std::string &PtrExpr, int64_t Len,
                       const std::string &PtoName, const std::string &DynLen = "");
  // A Vec tile of 1 x Cols elements with valid columns ValidCols, placed at UB address UbAddr.
  std::string tile(const std::string &Elem, int64_t Cols, const std::string &ValidCols, int64_t UbAddr,
                   const std::string &PtoName);
  std::string tileType(const std::string &Elem, int64_t Cols) const;

  // The tail PTOAS puts after #endif: ptoas_auto_sync_tail(kBarrierAll); return;
  void finishTail();

private:
  struct Open {
    Stmt S;
    bool InElse = false;
  };
  Kernel &K;
  CollectiveParams Params;
  std::vector<Stmt> *Section;
  std::vector<Open> OpenStack;
  std::map<std::string, std::string> PrologueCache;
  int NextPto = 0;
  std::string CtxVar, RankVar, Rank64Var, RanksVar, BlockVar;

  std::vector<Stmt> &current();
  int append(Stmt S);
  int append(Stmt S, std::vector<std::string> Roles);
  int flagOp(CallOp Op, const char *Callee, Pipe Src, Pipe Dst, int Event, std::vector<std::string> Roles);
  Stmt &open(StmtKind Kind, std::string Text, std::vector<std::string> Pto, std::vector<std::string> Roles);
  int close(StmtKind Kind, const char *What);
};

} // namespace commgen
