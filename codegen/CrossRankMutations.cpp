#include "CrossRankMutations.h"

#include "KernelRewrite.h"

#include <set>
#include <string>
#include <vector>

namespace commgen::crossrank {

namespace {

const char *const ReadComplete = "comm-read-complete-drain";

// Whether S or a statement nested in it is a call of Op.
bool containsCall(const Stmt &S, CallOp Op) {
  if (S.isCall(Op))
    return true;
  for (const Stmt &C : S.Body)
    if (containsCall(C, Op))
      return true;
  for (const Stmt &C : S.ElseBody)
    if (containsCall(C, Op))
      return true;
  return false;
}

// The places of Id and of every statement around it, innermost first (groups may have no id).
bool pathIn(std::vector<Stmt> &Seq, int Id, std::vector<StmtRef> &Path) {
  for (size_t I = 0; I < Seq.size(); ++I)
    if (Seq[I].Id == Id || pathIn(Seq[I].Body, Id, Path) || pathIn(Seq[I].ElseBody, Id, Path)) {
      Path.push_back(StmtRef{&Seq, I});
      return true;
    }
  return false;
}

// A line of text that declares a variable (generated code assigns only through GM pointers).
bool declares(const Stmt &S) {
  return S.Kind == StmtKind::Line && !S.GmStore && S.Text.find(" = ") != std::string::npos;
}

// The report must be at one of Ids (false when there is none).
bool anchoredAtOneOf(Mutant &M, std::vector<int> Ids) {
  if (Ids.empty())
    return false;
  int First = Ids.front();
  Ids.erase(Ids.begin());
  M.AnchorAnyOf = true;
  return anchoredAt(M, First, std::move(Ids));
}

// Every statement a race between ranks may be reported at: the data accesses.
std::vector<int> dataAccesses(const Kernel &K) {
  std::vector<int> Out;
  forEachStmt(K, [&](const Stmt &S) {
    if (S.isCall(CallOp::TLoad) || S.isCall(CallOp::TStore) || S.isCall(CallOp::TPut) ||
        S.isCall(CallOp::TPutAsync) || (S.GmLoad && !S.GmLoadExempt) || S.GmStore)
      Out.push_back(S.Id);
  });
  return Out;
}

// A race between ranks is reported at one of its two accesses, whichever the schedule puts second.
bool racesSomewhere(Mutant &M) { return anchoredAtOneOf(M, dataAccesses(M.K)); }

// Whether the kernel puts data into peers' windows (TPUT, TPUT_ASYNC): a push kernel.
bool pushes(const Kernel &K) {
  return findStmt(K, [](const Stmt &S) { return S.isCall(CallOp::TPut) || S.isCall(CallOp::TPutAsync); });
}

// A group that is a barrier generation (its statements stay together when one is moved out).
bool isGeneration(const Stmt &S) { return S.Kind == StmtKind::Group && !S.Generation.empty(); }

// The first line in S (nested) holding Needle, null when none.
const Stmt *lineWith(const Stmt &S, const std::string &Needle) {
  if (S.Kind == StmtKind::Line && S.Text.find(Needle) != std::string::npos)
    return &S;
  for (const Stmt &C : S.Body)
    if (const Stmt *F = lineWith(C, Needle))
      return F;
  return nullptr;
}

} // namespace

// A GE wait's threshold one above what its cell's notifies reach by then: no schedule lets any rank
// pass it (pypto#2279). Reported at the wait every rank blocks at.
bool waitThresholdPlusOne(Mutant &M, int Site) {
  const Stmt *Wait = nthStmt(M.K, Site, [](const Stmt &S) {
    return S.isCall(CallOp::Wait) && S.WaitCmp == "GE" && S.Args.size() >= 2;
  });
  if (!Wait)
    return false;
  int Id = Wait->Id;
  Stmt &W = stmtById(M.K, Id);
  W.Args[1] = "(" + W.Args[1] + " + 1)";
  return anchoredAt(M, Id);
}

// An epilogue reset that takes back one credit more than the call added: the counter ends every
// call at -1, so the next call's wait on it hangs or passes late. Reported at the reset.
bool resetOneTooMany(Mutant &M, int Site) {
  const Stmt *Reset = nthWithRole(M.K, Site, role::ResetNotify);
  if (!Reset || Reset->Args.size() < 2)
    return false;
  int Id = Reset->Id;
  Stmt &R = stmtById(M.K, Id);
  R.Args[1] = "(" + R.Args[1] + " - 1)";
  return anchoredAt(M, Id);
}

// "Done reading" told before the reads: the read-complete notifies (the statement holding them, at
// the level where an earlier statement loads; out of a barrier generation's group, not with it)
// move before the closest earlier statement that TLOADs, so a peer may overwrite what is still to
// be read.
bool rcNotifyBeforeLoad(Mutant &M, int Site) {
  // In a pull kernel "done reading" is what keeps the owner's rewrite out. In the push kernels it
  // is a credit that their pipelines make redundant: every rank's later steps wait for data that
  // left a peer only after its reads, so the cross-rank model finds no race (an equivalent mutant).
  if (pushes(M.K))
    return false;
  const Stmt *N = nthWithRole(M.K, Site, role::RcNotify);
  std::vector<StmtRef> Path;
  if (!N || !pathIn(M.K.Body, N->Id, Path))
    return false;
  // Moving: the outermost statement around the notify that is not a barrier generation's group
  // (the generation's wait stays where it was).
  const Stmt *Moving = N;
  for (size_t Level = 0; Level < Path.size(); ++Level) {
    const StmtRef &R = Path[Level];
    if (Level > 0 && !isGeneration(R.get()))
      Moving = &R.get();
    for (size_t I = R.Index; I-- > 0;) {
      if (!containsCall((*R.Seq)[I], CallOp::TLoad))
        continue;
      // Moved above a declaration it may use, it would not compile: no such site.
      for (size_t J = I + 1; J < R.Index; ++J)
        if (declares((*R.Seq)[J]))
          return false;
      int Target = (*R.Seq)[I].Id, MovingId = Moving->Id;
      // A load before the moved notify may be left undrained; the drain left behind may precede
      // another notify that needs none.
      M.AlsoAllowed = {ReadComplete, "comm-pre-notify-barrier"};
      return moveBefore(M.K, MovingId, Target) && racesSomewhere(M);
    }
    // Out of a group, the notify leaves the group's earlier statements behind.
    if (Level + 1 < Path.size() && isGeneration(Path[Level + 1].get()))
      for (size_t J = 0; J < R.Index; ++J)
        if (declares((*R.Seq)[J]))
          return false;
  }
  return false;
}

// A ready notify sent to the wrong peer: in the loop over the peers, the window it addresses is
// peer (p + 1) % P's instead of p's. One rank gets no notify from each sender and waits forever.
// Reported at one of the waits (which one blocks first depends on P).
bool wrongPeerNotify(Mutant &M, int Site) {
  const Stmt *N = nthWithRole(M.K, Site, role::ReadyNotify);
  std::vector<StmtRef> Path;
  if (!N || !pathIn(M.K.Body, N->Id, Path))
    return false;
  std::string Cell = N->Cell;
  for (const StmtRef &R : Path) {
    const Stmt &Loop = R.get();
    if (Loop.Kind != StmtKind::For)
      continue;
    // "int64_t iK = a; iK < B; iK += c": the peer variable and the rank count.
    size_t V0 = Loop.Text.find(' '), V1 = Loop.Text.find(" = "), B0 = Loop.Text.find("< "),
           B1 = Loop.Text.find(';', B0 == std::string::npos ? 0 : B0);
    if (V0 == std::string::npos || V1 == std::string::npos || B0 == std::string::npos ||
        B1 == std::string::npos)
      return false;
    std::string Var = Loop.Text.substr(V0 + 1, V1 - V0 - 1), Bound = Loop.Text.substr(B0 + 2, B1 - B0 - 2);
    std::string Needle = "(uint64_t) " + Var + " +";
    // The read of the peer's window from the context, among the statements that build the
    // notify's view (not a put's, earlier in the loop).
    const Stmt *Read = nullptr;
    for (size_t I = 0; I < Path[0].Index && !Read; ++I)
      Read = lineWith((*Path[0].Seq)[I], Needle);
    if (!Read)
      return false;
    Stmt &W = stmtById(M.K, Read->Id);
    W.Text.replace(W.Text.find(Needle), Needle.size(),
                   "(uint64_t) ((" + Var + " + 1) % " + Bound + ") +");
    std::vector<int> Waits;
    // A rank blocked there blocks the ranks that wait for it in turn (a broadcast root's wait for
    // its peers' done credits): the hang may be reported at any wait.
    for (const Stmt *X : findAll(M.K, [&](const Stmt &S) { return S.isCall(CallOp::Wait); }))
      Waits.push_back(X->Id);
    return anchoredAtOneOf(M, std::move(Waits));
  }
  return false;
}

// A ready barrier's wait dropped in a push kernel: the consumer reads what a peer puts without
// waiting for the put's notify. (In the pull kernel the ready barrier is redundant: each chunk's
// read-complete barrier orders the reads after the owner's previous rewrite.)
bool dropReadyWait(Mutant &M, int Site) {
  if (!pushes(M.K))
    return false;
  std::set<std::string> ReadyCells;
  for (const Stmt *N : findAll(M.K, [](const Stmt &S) { return S.hasRole(role::ReadyNotify); }))
    ReadyCells.insert(N->Cell);
  const Stmt *W = nthStmt(M.K, Site, [&](const Stmt &S) {
    return S.isCall(CallOp::Wait) && ReadyCells.count(S.Cell);
  });
  if (!W || !removeStmt(M.K, W->Id))
    return false;
  return racesSomewhere(M);
}

// A broadcast root's credit for a chunk doubled: the root adds 2 per chunk where the peers'
// epilogue takes back one, so each peer's ready cell ends the call at C, not 0 (the upstream
// broadcast's reset that did not equal the root's credits). Reported at the reset that leaves it
// unbalanced; in the next call the peers' waits pass before the root restaged (a race).
bool rootExtraCredit(Mutant &M, int Site) {
  const Stmt *N = nthWithRole(M.K, Site, role::RootCredit);
  if (!N || N->Args.size() < 2)
    return false;
  int Id = N->Id;
  std::string Cell = N->Cell;
  Stmt &Credit = stmtById(M.K, Id);
  Credit.Args[1] = "(" + Credit.Args[1] + " + " + Credit.Args[1] + ")";
  std::vector<int> Resets;
  for (const Stmt *R : findAll(M.K, [&](const Stmt &S) { return S.hasRole(role::ResetNotify) && S.Cell == Cell; }))
    Resets.push_back(R->Id);
  if (Resets.empty())
    return false;
  int First = Resets.front();
  Resets.erase(Resets.begin());
  return anchoredAt(M, First, std::move(Resets));
}

// The count exchange's wait dropped (all-to-all-v): a rank reads a peer's count word, and pulls
// from the peer's input, without waiting for the credit that says both are there.
bool dropCountWait(Mutant &M, int Site) {
  const Stmt *Word = findFirstWithRole(M.K, role::CountWord);
  if (!Word || pushes(M.K))
    return false;
  // The cells of the notify that follows the count words: the first ready notify after them.
  std::string Cell;
  bool After = false;
  forEachStmt(M.K, [&](const Stmt &S) {
    if (S.Id == Word->Id)
      After = true;
    else if (After && Cell.empty() && S.hasRole(role::ReadyNotify))
      Cell = S.Cell;
  });
  const Stmt *W = nthStmt(M.K, Site, [&](const Stmt &S) { return S.isCall(CallOp::Wait) && S.Cell == Cell; });
  if (Cell.empty() || !W || !removeStmt(M.K, W->Id))
    return false;
  return racesSomewhere(M);
}

} // namespace commgen::crossrank
