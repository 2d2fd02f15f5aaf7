#include "MutationOperator.h"

#include <functional>

namespace commgen {

namespace {

using MutateFn = std::function<bool(Mutant &, int Site)>;

// An operator defined by its metadata and a rewrite of the mutant's kernel.
class RewriteOperator : public MutationOperator {
public:
  RewriteOperator(std::string Name, std::string Rule, std::string Severity, std::string At, std::string Description,
                  MutateFn Fn)
      : Name(std::move(Name)), Rule(std::move(Rule)), Severity(std::move(Severity)), At(std::move(At)),
        Description(std::move(Description)), Fn(std::move(Fn)) {}
  std::string name() const override { return Name; }
  std::string rule() const override { return Rule; }
  std::string severity() const override { return Severity; }
  std::string description() const override { return Description; }
  std::optional<Mutant> apply(const Kernel &Base, int Site) const override {
    Mutant M;
    M.K = Base;
    M.Operator = Name;
    M.Rule = Rule;
    M.Severity = Severity;
    M.At = At;
    if (!Fn(M, Site))
      return std::nullopt;
    M.K.Meta["operator"] = Name;
    M.K.HeaderComment.push_back("Mutant " + Name + ": " + Description + " (expect [" + Rule + "])");
    return M;
  }

private:
  std::string Name, Rule, Severity, At, Description;
  MutateFn Fn;
};

const char *const Publish = "comm-publish-before-notify";
const char *const ReadComplete = "comm-read-complete-drain";
const char *const Consume = "comm-consume-invalidate";
const char *const AsyncRule = "comm-async-drain";
const char *const FlagRule = "comm-flag-balance";
const char *const Signal = "comm-signal-protocol";
const char *const PreNotify = "comm-pre-notify-barrier";
const char *const PerWait = "comm-per-wait-dcci";
const char *const Redundant = "comm-redundant-invalidate";

Stmt newCall(Kernel &K, CallOp Op, const std::string &Callee, std::vector<std::string> Args) {
  Stmt S;
  S.Kind = StmtKind::Call;
  S.Id = K.newId();
  S.Op = Op;
  S.Callee = Callee;
  S.Args = std::move(Args);
  return S;
}

// A new declaration at the end of the prologue, e.g. an extra NotifyOp variable.
std::string prologueValue(Kernel &K, const std::string &Type, const std::string &Init) {
  std::string Name = K.newValue("v");
  Stmt S;
  S.Kind = StmtKind::Line;
  S.Id = K.newId();
  S.Text = Type + " " + Name + " = " + Init + ";";
  K.Prologue.push_back(std::move(S));
  return Name;
}

FlagKey keyOf(const Stmt &S) { return FlagKey{S.Src, S.Dst, S.Event}; }

// Wrap statement Id in "if (Cond) { ... }" whose reference trace takes the (empty) else branch.
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

// Every notify and wait of the same signal-cell family as S.
std::vector<int> cellFamily(const Kernel &K, const Stmt &S) {
  std::vector<int> Out;
  for (const Stmt *O : findAll(K, [&](const Stmt &X) {
         return X.Kind == StmtKind::Call && (X.Op == CallOp::Notify || X.Op == CallOp::Wait) && X.Cell == S.Cell &&
                X.Id != S.Id;
       }))
    Out.push_back(O->Id);
  return Out;
}

const Stmt *nthStmt(const Kernel &K, int N, const std::function<bool(const Stmt &)> &Pred) {
  std::vector<const Stmt *> All = findAll(K, Pred);
  return N >= 0 && static_cast<size_t>(N) < All.size() ? All[static_cast<size_t>(N)] : nullptr;
}

const Stmt *nthStmtWithRole(const Kernel &K, int N, const char *Role) {
  return nthStmt(K, N, [&](const Stmt &S) { return S.hasRole(Role); });
}

int nthWithRole(const Kernel &K, int N, const char *Role) {
  const Stmt *S = nthStmtWithRole(K, N, Role);
  return S ? S->Id : 0;
}

// The first statement after Id in the same sequence satisfying Pred.
int nextInSeq(Kernel &K, int Id, const std::function<bool(const Stmt &)> &Pred) {
  StmtRef R = locate(K, Id);
  if (!R)
    return 0;
  for (size_t I = R.Index + 1; I < R.Seq->size(); ++I)
    if (Pred((*R.Seq)[I]))
      return (*R.Seq)[I].Id;
  return 0;
}

const Stmt *firstTWaitIn(const Stmt &Loop) {
  const Stmt *Found = nullptr;
  std::function<void(const std::vector<Stmt> &)> Visit = [&](const std::vector<Stmt> &Seq) {
    for (const Stmt &S : Seq) {
      if (Found)
        return;
      if (S.Kind == StmtKind::Call && S.Op == CallOp::Wait)
        Found = &S;
      Visit(S.Body);
      Visit(S.ElseBody);
    }
  };
  Visit(Loop.Body);
  return Found;
}

/// The mutation that removes the Site-th statement playing Role (a flush, drain or fence the
/// kernel needs), which the rule named by Oracle must then report.
MutateFn dropRole(const char *Role, OracleRule Oracle) {
  return [Role, Oracle](Mutant &M, int Site) {
    int Id = nthWithRole(M.K, Site, Role);
    if (!Id || !removeStmt(M.K, Id))
      return false;
    M.Oracle = Oracle;
    return true;
  };
}

std::vector<std::unique_ptr<MutationOperator>> build() {
  std::vector<std::unique_ptr<MutationOperator>> Ops;
  auto Add = [&](const char *Name, const char *Rule, const char *Severity, const char *At, const char *Desc,
                 MutateFn Fn) {
    Ops.push_back(std::make_unique<RewriteOperator>(Name, Rule, Severity, At, Desc, std::move(Fn)));
  };

  // ---- comm-publish-before-notify --------------------------------------------------------------
  Add("drop-release-drain", Publish, "error", "notify", "remove the drain that releases a TSTORE/TPUT",
      dropRole(role::ReleaseDrain, OracleRule::PublishBeforeNotify));
  Add("drop-release-dsb", Publish, "error", "notify", "remove the dsb that pushes released writes to HBM",
      dropRole(role::ReleaseDsb, OracleRule::PublishBeforeNotify));
  Add("dsb-before-drain", Publish, "error", "notify", "put the dsb before the drain of a release", [](Mutant &M, int Site) {
    int Drain = nthWithRole(M.K, Site, role::ReleaseDrain);
    if (!Drain)
      return false;
    int Dsb = nextInSeq(M.K, Drain, [](const Stmt &S) { return S.Kind == StmtKind::Call && S.Op == CallOp::Dsb; });
    if (!Dsb || !moveBefore(M.K, Dsb, Drain))
      return false;
    M.Oracle = OracleRule::PublishBeforeNotify;
    return true;
  });
  Add("tput-mte3-drain", Publish, "error", "notify", "release a TPUT with pipe_barrier(PIPE_MTE3) instead of PIPE_ALL",
      [](Mutant &M, int Site) {
        int Id = nthWithRole(M.K, Site, role::ReleaseDrainTPut);
        StmtRef R = locate(M.K, Id);
        if (!Id || !R)
          return false;
        R.get().BarrierPipe = Pipe::MTE3;
        R.get().Args = {pipeName(Pipe::MTE3)};
        M.Oracle = OracleRule::PublishBeforeNotify;
        return true;
      });
  Add("drop-store-dcci", Publish, "error", "notify", "remove the line dcci that releases a scalar GM store",
      dropRole(role::StoreDcci, OracleRule::PublishBeforeNotify));

  // ---- comm-read-complete-drain ----------------------------------------------------------------
  Add("drop-read-complete-drain", ReadComplete, "error", "notify",
      "remove the PIPE_MTE2 drain before the read-complete notifies",
      dropRole(role::RcDrain, OracleRule::ReadCompleteDrain));

  // ---- comm-consume-invalidate ------------------------------------------------------------------
  Add("drop-consume-dcci", Consume, "error", "load",
      "remove the whole-cache dcci between a wait and the scalar GM load it guards",
      dropRole(role::LoadDcci, OracleRule::ConsumeInvalidate));
  Add("dcci-before-wait", Consume, "error", "load", "move the consume-side dcci before the wait it should follow",
      [](Mutant &M, int Site) {
        const Stmt *D = nthStmtWithRole(M.K, Site, role::LoadDcci);
        if (!D || !D->PairedId)
          return false;
        int DcciId = D->Id;
        if (!moveBefore(M.K, DcciId, D->PairedId))
          return false;
        M.Oracle = OracleRule::ConsumeInvalidate;
        // Before the wait, the invalidate also guards nothing: it may be reported as redundant.
        M.MayAlso.push_back({Redundant, "warning", DcciId});
        return true;
      });

  // ---- comm-async-drain ---------------------------------------------------------------------------
  Add("async-wait-in-if", AsyncRule, "error", "notify", "move ev.Wait(session) into an if", [](Mutant &M, int Site) {
    const Stmt *W = nthStmtWithRole(M.K, Site, role::AsyncWaitRole);
    if (!W)
      return false;
    std::string Cond = W->AsyncEvent + ".valid()";
    if (!wrapInIf(M.K, W->Id, Cond))
      return false;
    M.Oracle = OracleRule::AsyncDrain;
    M.AlsoAllowed = {Publish};
    return true;
  });
  Add("notify-before-async-wait", AsyncRule, "error", "notify", "notify the peer before waiting for the async put",
      [](Mutant &M, int Site) {
        int W = nthWithRole(M.K, Site, role::AsyncWaitRole);
        if (!W)
          return false;
        int G = nextInSeq(M.K, W, [](const Stmt &S) { return S.hasRole(role::NotifyGroup); });
        if (!G || !moveBefore(M.K, G, W))
          return false;
        M.Oracle = OracleRule::AsyncDrain;
        M.AlsoAllowed = {Publish};
        return true;
      });
  Add("async-wait-other-session", AsyncRule, "error", "notify",
      "wait for the async put with a session other than the issuing one", [](Mutant &M, int Site) {
        int W = nthWithRole(M.K, Site, role::AsyncWaitRole);
        StmtRef R = locate(M.K, W);
        if (!W || !R)
          return false;
        std::string Other = M.K.newValue("v");
        R.get().Session = Other;
        R.get().Args = {Other};
        Stmt Decl;
        Decl.Kind = StmtKind::Line;
        Decl.Id = M.K.newId();
        Decl.Text = "pto::comm::AsyncSession " + Other + ";";
        if (!insertBefore(M.K, W, std::move(Decl)))
          return false;
        M.Oracle = OracleRule::AsyncDrain;
        M.AlsoAllowed = {Publish};
        return true;
      });
  Add("drop-async-wait", AsyncRule, "error", "notify", "remove ev.Wait(session) after an async put", [](Mutant &M, int Site) {
    int W = nthWithRole(M.K, Site, role::AsyncWaitRole);
    if (!W || !removeStmt(M.K, W))
      return false;
    M.Oracle = OracleRule::AsyncDrain;
    M.AlsoAllowed = {Publish};
    return true;
  });

  // ---- comm-flag-balance -----------------------------------------------------------------------
  Add("drop-priming-set-flag", FlagRule, "error", "wait_flag", "remove the set_flag that primes a loop-carried wait",
      [](Mutant &M, int Site) {
        const Stmt *S = nthStmtWithRole(M.K, Site, role::PrimeSet);
        if (!S)
          return false;
        M.Key = keyOf(*S);
        if (!removeStmt(M.K, S->Id))
          return false;
        M.Oracle = OracleRule::FlagBalance;
        return true;
      });
  Add("drop-tail-wait-flag", FlagRule, "error", "return", "remove the wait_flag that drains a primed flag after its loop",
      [](Mutant &M, int Site) {
        const Stmt *S = nthStmtWithRole(M.K, Site, role::TailWait);
        if (!S)
          return false;
        M.Key = keyOf(*S);
        if (!removeStmt(M.K, S->Id))
          return false;
        M.Oracle = OracleRule::FlagBalance;
        return true;
      });
  Add("unbalance-flag-in-if", FlagRule, "error", "wait_flag",
      "set a flag in one arm of an if only, with the matching wait_flag after the if", [](Mutant &M, int Site) {
        const Stmt *S = nthStmtWithRole(M.K, Site, role::PairSet);
        if (!S)
          return false;
        M.Key = keyOf(*S);
        std::string Cond = M.K.Meta["block_var"] + " == " + M.K.Meta["zero_var"];
        if (!wrapInIf(M.K, S->Id, Cond))
          return false;
        M.Oracle = OracleRule::FlagBalance;
        return true;
      });

  // ---- comm-signal-protocol ------------------------------------------------------------------------
  Add("set-on-counter", Signal, "error", "notify", "notify a counter cell with NotifyOp::Set", [](Mutant &M, int Site) {
    int Id = nthWithRole(M.K, Site, role::ReadyNotify);
    StmtRef R = locate(M.K, Id);
    if (!Id || !R)
      return false;
    std::string SetVar = prologueValue(M.K, "pto::comm::NotifyOp", "pto::comm::NotifyOp::Set");
    R = locate(M.K, Id);
    R.get().Args[2] = SetVar;
    R.get().NotifyOp = "Set";
    M.Anchor = Id;
    M.AnchorAlso = cellFamily(M.K, R.get());
    return true;
  });
  Add("reset-with-set-zero", Signal, "error", "notify", "reset a counter cell with Set(0) instead of AtomicAdd(-total)",
      [](Mutant &M, int Site) {
        int Id = nthWithRole(M.K, Site, role::ResetNotify);
        if (!Id)
          return false;
        std::string SetVar = prologueValue(M.K, "pto::comm::NotifyOp", "pto::comm::NotifyOp::Set");
        std::string Zero = prologueValue(M.K, "const int32_t", "0");
        StmtRef R = locate(M.K, Id);
        R.get().Args[1] = Zero;
        R.get().Args[2] = SetVar;
        R.get().NotifyOp = "Set";
        M.Anchor = Id;
        M.AnchorAlso = cellFamily(M.K, R.get());
        return true;
      });
  Add("eq-wait-on-counter", Signal, "error", "wait", "wait on a counter cell with WaitCmp::EQ instead of GE",
      [](Mutant &M, int Site) {
        const Stmt *W = nthStmt(M.K, Site, [](const Stmt &S) {
          return S.Kind == StmtKind::Call && S.Op == CallOp::Wait && S.WaitCmp == "GE";
        });
        if (!W)
          return false;
        int Id = W->Id;
        std::string EqVar = prologueValue(M.K, "pto::comm::WaitCmp", "pto::comm::WaitCmp::EQ");
        StmtRef R = locate(M.K, Id);
        R.get().Args[2] = EqVar;
        R.get().WaitCmp = "EQ";
        M.Anchor = Id;
        M.AnchorAlso = cellFamily(M.K, R.get());
        return true;
      });

  // ---- warnings ----------------------------------------------------------------------------------
  Add("add-pre-notify-barrier", PreNotify, "warning", "barrier",
      "add pipe_barrier(PIPE_ALL) right before a notify that has nothing pending", [](Mutant &M, int Site) {
        int Id = nthWithRole(M.K, Site, role::ReadyNotify);
        if (!Id)
          return false;
        Stmt B = newCall(M.K, CallOp::PipeBarrier, "pipe_barrier", {pipeName(Pipe::ALL)});
        B.BarrierPipe = Pipe::ALL;
        M.Anchor = B.Id;
        return insertBefore(M.K, Id, std::move(B));
      });
  Add("per-wait-dcci", PerWait, "warning", "dcci",
      "move the whole-cache dcci after a pure wait loop into the loop, after every wait", [](Mutant &M, int Site) {
        const Stmt *D = nthStmt(M.K, Site, [&](const Stmt &S) {
          if (!S.hasRole(role::LoopDcci) || !S.PairedId)
            return false;
          const Stmt *L = findById(M.K, S.PairedId);
          return L && L->hasRole(role::WaitLoop) && firstTWaitIn(*L);
        });
        if (!D)
          return false;
        int DcciId = D->Id;
        const Stmt *W = firstTWaitIn(*findById(M.K, D->PairedId));
        int WaitId = W->Id;
        StmtRef R = locate(M.K, DcciId);
        Stmt Moved = R.get();
        R.Seq->erase(R.Seq->begin() + static_cast<long>(R.Index));
        Moved.Roles = {role::PerWaitDcci};
        M.Anchor = DcciId;
        return insertAfter(M.K, WaitId, std::move(Moved));
      });
  Add("duplicate-dcci", Redundant, "warning", "dcci", "add a second whole-cache dcci with no wait in between",
      [](Mutant &M, int Site) {
        // Prefer the invalidates that guard scalar loads, then the ones after pure wait loops.
        const Stmt *D = nthStmt(M.K, Site, [](const Stmt &S) {
          return S.hasRole(role::LoadDcci) || S.hasRole(role::LoopDcci);
        });
        if (!D)
          return false;
        int Id = D->Id;
        Stmt Copy = newCall(M.K, CallOp::DcciWhole, "dcci", {"(__gm__ void*)0", "cache_line_t::ENTIRE_DATA_CACHE"});
        M.Anchor = Copy.Id;
        // Either one of the pair may be reported as the redundant one.
        M.AnchorAlso = {Id};
        return insertAfter(M.K, Id, std::move(Copy));
      });
  return Ops;
}

} // namespace

const std::vector<std::unique_ptr<MutationOperator>> &mutationOperators() {
  static const std::vector<std::unique_ptr<MutationOperator>> Ops = build();
  return Ops;
}

const MutationOperator *findMutationOperator(const std::string &Name) {
  for (const auto &Op : mutationOperators())
    if (Op->name() == Name)
      return Op.get();
  return nullptr;
}

} // namespace commgen
