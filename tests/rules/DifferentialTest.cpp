// Differential soundness test of the dataflow rules.
//
// A seeded generator (std::mt19937) builds random small structured event programs: sequences,
// if/else, while loops (zero or more trips), do-while loops (one or more trips), loop-condition
// events in the loop header, inlined helper calls. Leaves are drawn from the event kinds the rules
// care about, either from all of them or from a dense subset around one rule, and a quarter of
// the items are short straight-line idioms (a write and its release, TLOAD/drain/notify,
// wait/dcci/load, async put/wait, set/wait flag, wait/dcci/...) done right or with one typical
// mistake, so that clean notifies and loads are common and single wrong steps decide verdicts.
//
// Each program is lowered into an EventGraph shaped like EventGraphBuilder's: an entry block,
// branch blocks with two successors that join, loop headers with a back edge from the end of the
// body, CallEnter/CallExit around an inlined body (CallStack set), an Exit block holding the Exit
// event, back edges marked by the builder's DFS, the builder's line-dcci address numbering
// (AddrIndex, and CoveredBy from each address's LineAddress: a field in the line of its aligned
// object is covered by that object's dcci, the brute force says which by dcciCovers), a LoopInfo
// per loop, indexPositions(). Every event sits on its own line of an
// in-memory source file (the listing printed on failure), so each finding maps to one event.
//
// The rules run through their real check() with a RuleContext. Independently, a brute-force
// checker enumerates every entry-to-exit path with each loop unrolled 0..K times (1..K for
// do-while; more for loops with flags, see Unroll) and evaluates the contract (docs/rules/) on
// each concrete path:
//
//  * publish-before-notify, read-complete-drain, consume-invalidate, async-drain: a per-path
//    state machine written from the contract's tables (not the rules' gen/step). Expected
//    findings = the events some path reaches with an unreleased obligation. Compared: the set of
//    finding lines. A TLOAD or TSTORE is also drained when the scalar pipe happens after it
//    through flags (chainDone): pipes are in-order queues, a set_flag is raised when its source
//    queue has finished, a wait_flag holds its queue until the token it consumes (the last set
//    of its key, unless a wait came between or some path reaches that set with a token
//    pending: then the token is not known) is raised. For a disagreement, the rule's own gen/step/violates is also replayed on the
//    same single paths and printed: if the replay agrees with the contract, the solver is wrong;
//    if it agrees with the dataflow, the rule's transfer differs from the contract.
//  * flag-balance: exact (unbounded) token counts per key. A wait_flag reached with count 0 on
//    some path is a finding at that wait_flag; a wait with no token is taken to consume nothing
//    (the path goes on with count 0), as the rule does when every path into it hangs. A key whose
//    count is > 0 at exit on some path is a finding "set_flag(key) unconsumed". Compared: the set
//    of wait_flag finding lines, and the set of keys with an exit finding (per key, not per line:
//    the rule reports at the return; the test only checks the location is the return or a
//    set_flag of that key).
//  * redundant-invalidate: for every non-synthetic whole dcci that comm-per-wait-dcci does not
//    claim (WaitLoops::find, a structural property, is used as is): "needed" = on some path,
//    after the dcci, an event that uses the cache (non-exempt scalar load, scalar store, opaque
//    call, notify, tile store, put, get) comes before the next wait / whole dcci / exit; "clean" =
//    on every path to the dcci, a whole dcci ran since the last wait with no scalar store, opaque
//    call or notify after it; "releases a store" = on some path to the dcci, a scalar store (or
//    opaque call) is not yet covered by a dcci (its line, or whole). Finding iff !releases &&
//    (clean || !needed). Compared: the set of finding lines.
//
// Path facts (docs/events.md): a third of the programs also test values. Guards `g0`, `g1` (inputs,
// changed only by a `g = *` statement), counted loops `for (iK = 0; iK < B; ++iK)` whose bound B
// is a constant 0..2 or the input `n`, and `if (iK + 1 < B)` inside them (the next-iteration
// test). The lowering states them as path facts, as PathFactBuilder does; the brute force runs
// every input assignment (g0, g1 in 0..1, n in 0..3) and evaluates the tests concretely, loops
// taking exactly B trips; the counts are int, or for odd seeds unsigned int declared not to wrap
// (--assume-no-unsigned-wrap, exact unsigned path facts). Such programs are compared by safety instead of equality: an error rule
// must report every finding of the concrete runs and nothing the path-insensitive enumeration
// (every test taken both ways) lacks; comm-redundant-invalidate, whose finding is an advice to
// delete, the other way round. Findings between the two are counted as imprecision.
//
// Disagreements are grouped by rule and direction ("missed by the dataflow" / "reported only by
// the dataflow"); the first of each group is minimised (greedy delta debugging over the program
// tree) and printed with its seed, listing and event graph; the test fails on any disagreement.
// The run prints the number of programs tried, paths enumerated and findings per rule.
//
// Environment overrides: COMMCHECK_DIFF_SEED (base seed; program i uses seed base+i),
// COMMCHECK_DIFF_PROGRAMS (number of programs), COMMCHECK_DIFF_K (unroll bound),
// COMMCHECK_DIFF_VERBOSE=1 (print every disagreement; 2: each one minimised),
// COMMCHECK_DIFF_KCHECK=n (also enumerate with n more loop trips and fail where the brute-force
// verdicts change: an empirical check that the unroll bounds are large enough).
#include "analyses/AnalysisManager.h"
#include "analyses/AsyncObligations.h"
#include "analyses/PathLiterals.h"
#include "events/PathFactPruning.h"
#include "analyses/ConsumeObligations.h"
#include "analyses/FlagChains.h"
#include "analyses/FlagTokens.h"
#include "analyses/PublishObligations.h"
#include "analyses/ReadObligations.h"
#include "analyses/WaitLoops.h"
#include "rules/RuleContext.h"
#include "events/EventGraph.h"
#include "rules/AsyncDrain.h"
#include "rules/ConsumeInvalidate.h"
#include "rules/FlagBalance.h"
#include "rules/PerWaitDcci.h"
#include "rules/PublishBeforeNotify.h"
#include "rules/PublishFence.h"
#include "rules/ReadCompleteDrain.h"
#include "rules/RedundantInvalidate.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace commcheck;

namespace {

//===------------------------------------------------------------------------------------------===//
// Programs
//===------------------------------------------------------------------------------------------===//

enum class NodeKind { Leaf, Seq, If, While, DoWhile, Call, For, Havoc };

/// What an If tests: `*` (either way), a guard input, or the innermost counted loop's next trip.
enum GuardKind { AnyWay = -1, G0 = 0, G1 = 1, NextTrip = 2 };

struct Node {
  NodeKind K = NodeKind::Seq;
  Event Leaf{EventKind::Compute};  ///< Leaf: the event (kind and attributes)
  std::vector<Node> Kids;          ///< Seq: items; If: {then, else}; loops: {cond, body}; Call: {body}
  std::string Name;                ///< Call: helper name
  int Guard = AnyWay;              ///< If: its test; Havoc: the guard it changes
  bool GuardNeg = false;           ///< If: the test is negated
  int LoopVar = -1;                ///< For (and a NextTrip If): the counted loop's variable
  int Bound = -1;                  ///< For: the constant bound, or -1 for the input n
  // Filled by render():
  unsigned Line = 0;               ///< Leaf / CallEnter / if / loop branch line
  unsigned Line2 = 0;              ///< CallExit line
  // Filled by lower():
  unsigned Id = 0, Id2 = 0;        ///< Leaf event id; Call: enter / exit event ids
};

Node seq(std::vector<Node> Kids = {}) {
  Node N;
  N.K = NodeKind::Seq;
  N.Kids = std::move(Kids);
  return N;
}

// `a` is 64-byte aligned with a field `a.f` at byte 4 (in a's line) and `a.g` at byte 64 (the
// next line); `b` is only 4-byte aligned. Lowerer::run gives each access its LineAddress.
const char *const Addrs[] = {"a", "b", "a.f", "a.g"};

/// Which line dcci covers which access in that layout, stated independently of LineAddress.
bool dcciCovers(const std::string &Dcci, const std::string &Access) {
  auto FirstLineOfA = [](const std::string &X) { return X == "a" || X == "a.f"; };
  return Dcci == Access || (FirstLineOfA(Dcci) && FirstLineOfA(Access));
}
const char *const Vars[] = {"e0", "e1"};
const char *const Sessions[] = {"s0", "s1"};
// Flag keys carry their pipes ("SRC->DST#id", the builder's spelling) so that chains form
// (FlagChains): the first two are what the flag-balance profile draws from; the other profiles
// draw from all, and the chain idioms build MTE2->V->S and MTE3->V->S chains from them.
const char *const Keys[] = {"MTE2->V#0", "V->S#0", "MTE3->V#0", "V->MTE3#0", "MTE2->S#0", "MTE3->S#0"};
constexpr int NumKeys = 6;

/// Sets a flag event's pipes from its key, as the builder does.
void keyPipes(Event &E) {
  size_t Arrow = E.FlagKey.find("->"), Hash = E.FlagKey.find('#');
  E.FlagPipes = E.FlagKey.substr(0, Hash);
  E.FlagSrc = parsePipe(E.FlagKey.substr(0, Arrow)).value_or(0);
  E.FlagDst = parsePipe(E.FlagKey.substr(Arrow + 2, Hash - Arrow - 2)).value_or(0);
}

class Generator {
public:
  explicit Generator(uint32_t Seed) : R(Seed), Trailing(Seed ^ 0x5eedu) {}

  Node program() {
    Prof = chance(0.4) ? Mixed : static_cast<Profile>(pick(1, NumProfiles - 1));
    FlagKeys = Prof == FlagFocus ? (chance(0.5) ? 1 : 2) : (chance(0.5) ? 2 : NumKeys);
    Guards = chance(0.33);
    int Budget = pick(4, 22);
    Node Root = block(0, Budget, /*AllowEmpty=*/false);
    return Root;
  }

private:
  std::mt19937 R;
  /// Its own stream for whether a notify carries TNOTIFY's trailing effects: the programs drawn
  /// from R stay those of earlier runs of a seed, the notifies gain the events the catalogue adds.
  std::mt19937 Trailing;
  int Calls = 0;
  bool Guards = false;          ///< this program tests values (path facts)
  std::vector<int> CountedLoops; ///< the enclosing counted loops' variables
  int LoopVars = 0;

  int pick(int Lo, int Hi) { return std::uniform_int_distribution<int>(Lo, Hi)(R); }
  bool chance(double P) { return std::bernoulli_distribution(P)(R); }
  template <class T, size_t N> const T &any(const T (&A)[N]) { return A[pick(0, N - 1)]; }

  /// Which event kinds a program draws from: every relevant kind, or a dense subset around one
  /// rule so that its obligations meet their discharges and violations often.
  enum Profile { Mixed, PublishFocus, ReadFocus, ConsumeFocus, AsyncFocus, FlagFocus,
                 RedundantFocus, NumProfiles };
  Profile Prof = Mixed;
  int FlagKeys = 2;

  struct W {
    EventKind K;
    int Weight;
  };
  static const std::vector<W> &table(Profile P) {
    using EK = EventKind;
    static const std::vector<W> T[NumProfiles] = {
        /*Mixed*/ {{EK::TileStore, 5}, {EK::Put, 3}, {EK::Get, 2}, {EK::ScalarStore, 5},
                   {EK::ScalarLoad, 6}, {EK::TileLoad, 4}, {EK::PutAsync, 3}, {EK::GetAsync, 1},
                   {EK::AsyncWait, 4}, {EK::Drain, 7}, {EK::Dsb, 6}, {EK::DcciWhole, 6},
                   {EK::DcciLine, 4}, {EK::Notify, 7}, {EK::Wait, 6}, {EK::SetFlag, 5},
                   {EK::WaitFlag, 5}, {EK::Opaque, 1}, {EK::UncachedStore, 1}, {EK::Compute, 1}},
        /*PublishFocus*/ {{EK::TileStore, 5}, {EK::Put, 3}, {EK::Get, 2}, {EK::ScalarStore, 4},
                          {EK::PutAsync, 2}, {EK::GetAsync, 1}, {EK::AsyncWait, 3},
                          {EK::Drain, 8}, {EK::Dsb, 8}, {EK::DcciWhole, 3}, {EK::DcciLine, 4},
                          {EK::Notify, 6}, {EK::Opaque, 1}, {EK::UncachedStore, 1},
                          {EK::SetFlag, 3}, {EK::WaitFlag, 3}},
        /*ReadFocus*/ {{EK::TileLoad, 5}, {EK::Drain, 5}, {EK::Notify, 5}, {EK::Dsb, 1},
                       {EK::SetFlag, 4}, {EK::WaitFlag, 4}, {EK::Compute, 1}},
        /*ConsumeFocus*/ {{EK::Wait, 5}, {EK::DcciWhole, 3}, {EK::DcciLine, 5},
                          {EK::ScalarLoad, 8}, {EK::Opaque, 1}, {EK::Notify, 1}},
        /*AsyncFocus*/ {{EK::PutAsync, 5}, {EK::GetAsync, 2}, {EK::AsyncWait, 7},
                        {EK::Notify, 4}},
        /*FlagFocus*/ {{EK::SetFlag, 6}, {EK::WaitFlag, 6}, {EK::Drain, 1}},
        /*RedundantFocus*/ {{EK::DcciWhole, 7}, {EK::Wait, 5}, {EK::ScalarLoad, 4},
                            {EK::ScalarStore, 3}, {EK::Notify, 3}, {EK::TileLoad, 2},
                            {EK::TileStore, 2}, {EK::DcciLine, 2}, {EK::Opaque, 1},
                            {EK::Dsb, 1}},
    };
    return T[P];
  }

  Event leafEvent() {
    const std::vector<W> &Table = table(Prof);
    int Total = 0;
    for (const W &X : Table)
      Total += X.Weight;
    int P = pick(0, Total - 1);
    EventKind K = EventKind::Compute;
    for (const W &X : Table) {
      if (P < X.Weight) {
        K = X.K;
        break;
      }
      P -= X.Weight;
    }
    Event E{K};
    switch (K) {
    case EventKind::TileStore:
      E.Pipe = chance(0.3) ? pipe::FIX : pipe::MTE3; // an accumulator tile stores through FIX
      break;
    case EventKind::TileLoad:
      E.Pipe = pipe::MTE2;
      E.Exempt = chance(0.15);
      break;
    case EventKind::ScalarStore:
      E.Addr = any(Addrs);
      break;
    case EventKind::ScalarLoad:
      E.Addr = any(Addrs);
      E.Exempt = chance(0.2);
      break;
    case EventKind::DcciLine:
      E.Addr = any(Addrs);
      break;
    case EventKind::DcciWhole:
      E.Synthetic = chance(0.1);
      break;
    case EventKind::PutAsync:
    case EventKind::GetAsync:
    case EventKind::AsyncWait:
      E.AsyncVar = any(Vars);
      E.Session = any(Sessions);
      break;
    case EventKind::Drain: {
      static const PipeSet Pipes[] = {pipe::MTE2, pipe::MTE3, pipe::FIX, pipe::ALL, pipe::V};
      E.Pipe = any(Pipes);
      E.FromBarrierCall = true;
      break;
    }
    case EventKind::Notify:
      E.Signal = "sig";
      E.Op = NotifyOp::AtomicAdd;
      E.Value = 1;
      break;
    case EventKind::Wait:
      E.Signal = "sig";
      E.Cmp = WaitCmp::GE;
      E.Value = 1;
      break;
    case EventKind::SetFlag:
    case EventKind::WaitFlag:
      E.FlagKey = Keys[pick(0, FlagKeys - 1)];
      keyPipes(E);
      break;
    case EventKind::Opaque:
      E.Callee = "extern_fn"; // a library call given GM: may read and write it, never signals
      E.TouchesGm = true;
      break;
    default:
      break;
    }
    return E;
  }

  Node leaf() {
    Node N;
    N.K = NodeKind::Leaf;
    N.Leaf = leafEvent();
    return N;
  }

  Node block(int Depth, int &Budget, bool AllowEmpty) {
    Node S = seq();
    int N = pick(AllowEmpty ? 0 : 1, 4);
    for (int I = 0; I < N && Budget > 0; ++I) {
      if (Guards && chance(0.06)) {
        Node H;
        H.K = NodeKind::Havoc;
        H.Guard = pick(0, 1);
        S.Kids.push_back(std::move(H));
        continue;
      }
      if (chance(0.25)) {
        for (Node &X : idiom()) {
          S.Kids.push_back(std::move(X));
          --Budget;
        }
        continue;
      }
      S.Kids.push_back(item(Depth, Budget));
    }
    return S;
  }

  static Node mk(EventKind K, PipeSet P = 0) {
    Node N;
    N.K = NodeKind::Leaf;
    N.Leaf = Event{K};
    N.Leaf.Pipe = P;
    N.Leaf.FromBarrierCall = K == EventKind::Drain;
    return N;
  }
  /// A notify, half of the time followed by what the bundled catalogue lowers TNOTIFY's end to
  /// (pto-isa's TNOTIFY_IMPL: dsb(DSB_DDR), then pipe_barrier(PIPE_ALL)).
  void pushNotify(std::vector<Node> &Out, Node N = mk(EventKind::Notify)) {
    Out.push_back(std::move(N));
    if (!std::bernoulli_distribution(0.5)(Trailing))
      return;
    Node D = mk(EventKind::Dsb), A = mk(EventKind::Drain, pipe::ALL);
    D.Leaf.Synthetic = A.Leaf.Synthetic = true;
    A.Leaf.FromBarrierCall = false;
    Out.push_back(std::move(D));
    Out.push_back(std::move(A));
  }
  static Node withAddr(EventKind K, const std::string &A) {
    Node N = mk(K);
    N.Leaf.Addr = A;
    return N;
  }
  static Node async(EventKind K, const std::string &V, const std::string &S) {
    Node N = mk(K);
    N.Leaf.AsyncVar = V;
    N.Leaf.Session = S;
    return N;
  }
  static Node flag(EventKind K, const std::string &Key) {
    Node N = mk(K);
    N.Leaf.FlagKey = Key;
    keyPipes(N.Leaf);
    return N;
  }
  /// A flag pair (set, then wait) of one key.
  static void pair(std::vector<Node> &Out, const std::string &Key) {
    Out.push_back(flag(EventKind::SetFlag, Key));
    Out.push_back(flag(EventKind::WaitFlag, Key));
  }
  /// A flag chain after an operation on pipe From (MTE2 or MTE3) to the scalar pipe through V,
  /// done right or with one mistake: it ends on MTE3, its first set is not waited before the
  /// V->S pair (the wait comes at the end), or a token primed before the operation (Primed, put
  /// in front of it by the caller) is the one the first wait consumes. Right also has the direct
  /// From->S pair as a variant.
  void chain(std::vector<Node> &Out, bool FromMte2, bool Right, int Mistake, bool &Primed) {
    std::string First = FromMte2 ? "MTE2->V#0" : "MTE3->V#0";
    Primed = false;
    if (Right && chance(0.3))
      return pair(Out, FromMte2 ? "MTE2->S#0" : "MTE3->S#0");
    if (Right || Mistake != 1)
      (Right || Mistake != 2) ? pair(Out, First) : Out.push_back(flag(EventKind::WaitFlag, First));
    else
      Out.push_back(flag(EventKind::SetFlag, First));
    Primed = !Right && Mistake == 2;
    if (chance(0.5))
      Out.push_back(mk(EventKind::Compute, pipe::V));
    pair(Out, !Right && Mistake == 0 ? "V->MTE3#0" : "V->S#0");
    if (!Right && Mistake == 1)
      Out.push_back(flag(EventKind::WaitFlag, First));
  }
  template <size_t N> std::string other(const char *const (&A)[N], const std::string &X) {
    size_t I = 0; // the next one
    while (I < N && X != A[I])
      ++I;
    return A[(I + 1) % N];
  }

  /// A straight-line idiom around one rule: an obligation and its release, done right or with
  /// one typical mistake (wrong pipe, wrong order, wrong line or session, missing step), so that
  /// clean notifies, loads and returns are common and a single wrong step decides the verdict.
  std::vector<Node> idiom() {
    int Which = Prof == Mixed ? pick(0, 5) : Prof == RedundantFocus ? (chance(0.7) ? 5 : 2)
                                                                    : Prof - 1;
    bool Right = chance(0.6);
    int Mistake = pick(0, 2);
    std::vector<Node> Out;
    auto Release = [&](Node First, bool Dsb) {
      if (!Right && Mistake == 0 && Dsb) { // fence before the drain/invalidate/wait
        Out.push_back(mk(EventKind::Dsb));
        Out.push_back(std::move(First));
      } else {
        Out.push_back(std::move(First));
        if (Dsb && (Right || Mistake != 1))
          Out.push_back(mk(EventKind::Dsb));
      }
    };
    switch (Which) {
    case 0: { // publish-before-notify
      int W = pick(0, 4);
      if (W == 0) {
        Node St = mk(EventKind::TileStore);
        bool Accumulator = chance(0.3);
        St.Leaf.Pipe = Accumulator ? pipe::FIX : pipe::MTE3;
        PipeSet Good = chance(0.5) ? St.Leaf.Pipe : pipe::ALL;
        PipeSet Bad = Accumulator ? pipe::MTE3 : (chance(0.5) ? pipe::FIX : pipe::V);
        Out.push_back(St);
        if (!Accumulator && chance(0.4)) { // drained through a flag chain, then fenced
          bool Primed = false;
          chain(Out, false, Right, Mistake, Primed);
          if (Primed)
            Out.insert(Out.begin(), flag(EventKind::SetFlag, "MTE3->V#0"));
          Out.push_back(mk(EventKind::Dsb));
        } else {
          Release(mk(EventKind::Drain, Right || Mistake != 2 ? Good : Bad), true);
        }
      } else if (W <= 2) {
        Out.push_back(mk(W == 1 ? EventKind::Put : EventKind::Get));
        Release(mk(EventKind::Drain, Right || Mistake != 2 ? pipe::ALL : pipe::MTE3), true);
      } else if (W == 3) {
        std::string A = any(Addrs);
        Out.push_back(withAddr(EventKind::ScalarStore, A));
        Node D = chance(0.5) ? mk(EventKind::DcciWhole)
                             : withAddr(EventKind::DcciLine, Right || Mistake != 2 ? A : other(Addrs, A));
        Release(std::move(D), true);
      } else {
        std::string V = any(Vars), S = any(Sessions);
        Out.push_back(async(EventKind::PutAsync, V, S));
        Release(async(EventKind::AsyncWait, V, Right || Mistake != 2 ? S : other(Sessions, S)),
                true);
      }
      if (chance(0.7))
        pushNotify(Out);
      break;
    }
    case 1: { // read-complete-drain
      Out.push_back(mk(EventKind::TileLoad, pipe::MTE2));
      if (chance(0.4)) { // drained through a flag chain
        bool Primed = false;
        chain(Out, true, Right, Mistake, Primed);
        if (Primed)
          Out.insert(Out.begin(), flag(EventKind::SetFlag, "MTE2->V#0"));
      } else if (Right)
        Out.push_back(mk(EventKind::Drain, chance(0.5) ? pipe::MTE2 : pipe::ALL));
      else if (Mistake != 0)
        Out.push_back(mk(EventKind::Drain, chance(0.5) ? pipe::MTE3 : pipe::V));
      pushNotify(Out);
      break;
    }
    case 2: { // consume-invalidate
      std::string A = any(Addrs);
      Out.push_back(mk(EventKind::Wait));
      if (Right)
        Out.push_back(chance(0.5) ? mk(EventKind::DcciWhole) : withAddr(EventKind::DcciLine, A));
      else if (Mistake != 0)
        Out.push_back(withAddr(EventKind::DcciLine, other(Addrs, A)));
      Out.push_back(withAddr(EventKind::ScalarLoad, A));
      break;
    }
    case 3: { // async-drain
      std::string V = any(Vars), S = any(Sessions);
      Out.push_back(async(chance(0.7) ? EventKind::PutAsync : EventKind::GetAsync, V, S));
      if (Right)
        Out.push_back(async(EventKind::AsyncWait, V, S));
      else if (Mistake != 0)
        Out.push_back(async(EventKind::AsyncWait, Mistake == 1 ? other(Vars, V) : V,
                            Mistake == 2 ? other(Sessions, S) : S));
      if (chance(0.6))
        pushNotify(Out);
      break;
    }
    case 4: { // flag-balance
      std::string Key = Keys[pick(0, FlagKeys - 1)];
      Out.push_back(flag(EventKind::SetFlag, Key));
      if (chance(0.3))
        Out.push_back(mk(EventKind::Compute));
      if (Right || Mistake != 0)
        Out.push_back(flag(EventKind::WaitFlag, Right || FlagKeys == 1 ? Key : other(Keys, Key)));
      break;
    }
    default: { // redundant-invalidate
      Out.push_back(mk(EventKind::Wait));
      Out.push_back(mk(EventKind::DcciWhole));
      int After = pick(0, 3);
      if (After == 1)
        Out.push_back(withAddr(EventKind::ScalarLoad, any(Addrs)));
      else if (After == 2)
        Out.push_back(mk(EventKind::TileLoad, pipe::MTE2));
      else if (After == 3)
        Out.push_back(mk(EventKind::DcciWhole));
      break;
    }
    }
    return Out;
  }

  Node item(int Depth, int &Budget) {
    int C = Depth >= 3 ? 0 : pick(0, 9);
    if (C <= 4) {
      --Budget;
      Node L = leaf();
      if (L.Leaf.Kind != EventKind::Notify)
        return L;
      std::vector<Node> Notify;
      pushNotify(Notify, std::move(L));
      return seq(std::move(Notify));
    }
    Node N;
    if (C <= 6) {
      N.K = NodeKind::If;
      if (Guards && chance(0.7)) {
        N.Guard = !CountedLoops.empty() && chance(0.4) ? NextTrip : pick(0, 1);
        N.GuardNeg = chance(0.3);
        if (N.Guard == NextTrip)
          N.LoopVar = CountedLoops.back();
      }
      N.Kids.push_back(block(Depth + 1, Budget, false));
      N.Kids.push_back(block(Depth + 1, Budget, true));
    } else if (C <= 8 && Guards && chance(0.5)) {
      N.K = NodeKind::For;
      N.LoopVar = LoopVars++;
      N.Bound = chance(0.5) ? -1 : pick(0, 2);
      CountedLoops.push_back(N.LoopVar);
      N.Kids.push_back(seq());
      N.Kids.push_back(block(Depth + 1, Budget, true));
      CountedLoops.pop_back();
    } else if (C <= 8) {
      N.K = chance(0.25) ? NodeKind::DoWhile : NodeKind::While;
      Node Cond = seq();
      if (chance(0.3)) {
        --Budget;
        Node L = leaf();
        if (chance(0.6)) { // typically a loop bound read from GM
          L.Leaf = Event{EventKind::ScalarLoad};
          L.Leaf.Addr = any(Addrs);
          L.Leaf.Exempt = chance(0.3);
        }
        Cond.Kids.push_back(std::move(L));
      }
      N.Kids.push_back(std::move(Cond));
      N.Kids.push_back(block(Depth + 1, Budget, true));
    } else {
      N.K = NodeKind::Call;
      N.Name = "helper" + std::to_string(Calls++);
      N.Kids.push_back(block(Depth + 1, Budget, true));
    }
    return N;
  }
};

//===------------------------------------------------------------------------------------------===//
// Rendering (the in-memory source file) and lowering into an EventGraph
//===------------------------------------------------------------------------------------------===//

std::string leafText(const Event &E) {
  std::string S = eventKindName(E.Kind);
  if (E.Kind == EventKind::TileStore || E.Kind == EventKind::Drain)
    S += " pipe=" + pipeName(E.Pipe);
  if (!E.Addr.empty())
    S += " addr=" + E.Addr;
  if (E.Exempt)
    S += " exempt";
  if (E.Synthetic)
    S += " synthetic";
  if (!E.AsyncVar.empty())
    S += " var=" + E.AsyncVar + " session=" + E.Session;
  if (!E.FlagKey.empty())
    S += " flag=" + E.FlagKey;
  return S + ";";
}

struct Renderer {
  std::vector<std::string> Lines; // Lines[0] is line 1
  unsigned add(int Indent, const std::string &Text) {
    Lines.push_back(std::string(2 * Indent, ' ') + Text);
    return Lines.size();
  }
  void node(Node &N, int Indent) {
    switch (N.K) {
    case NodeKind::Leaf:
      N.Line = add(Indent, leafText(N.Leaf));
      break;
    case NodeKind::Seq:
      for (Node &K : N.Kids)
        node(K, Indent);
      break;
    case NodeKind::If:
      N.Line = add(Indent, "if (" + guardText(N) + ") {");
      node(N.Kids[0], Indent + 1);
      add(Indent, "} else {");
      node(N.Kids[1], Indent + 1);
      add(Indent, "}");
      break;
    case NodeKind::While:
      N.Line = add(Indent, "while (*) {  // zero or more trips; condition events:");
      node(N.Kids[0], Indent + 2);
      add(Indent + 1, "// body:");
      node(N.Kids[1], Indent + 1);
      add(Indent, "}");
      break;
    case NodeKind::DoWhile:
      add(Indent, "do {  // one or more trips");
      node(N.Kids[1], Indent + 1);
      N.Line = add(Indent, "} while (*);  // condition events:");
      node(N.Kids[0], Indent + 2);
      break;
    case NodeKind::Call:
      N.Line = add(Indent, "call " + N.Name + " {");
      node(N.Kids[0], Indent + 1);
      N.Line2 = add(Indent, "} // return from " + N.Name);
      break;
    case NodeKind::For: {
      std::string I = "i" + std::to_string(N.LoopVar);
      N.Line = add(Indent, "for (" + I + " = 0; " + I + " < " + boundText(N.Bound) + "; ++" + I + ") {");
      node(N.Kids[1], Indent + 1);
      add(Indent, "}");
      break;
    }
    case NodeKind::Havoc:
      N.Line = add(Indent, "g" + std::to_string(N.Guard) + " = *;");
      break;
    }
  }
  static std::string boundText(int Bound) { return Bound < 0 ? "n" : std::to_string(Bound); }
  std::string guardText(const Node &N) {
    std::string T = N.Guard == AnyWay     ? "*"
                    : N.Guard == NextTrip ? "i" + std::to_string(N.LoopVar) + " + 1 < " + boundText(LoopBound[N.LoopVar])
                                          : "g" + std::to_string(N.Guard);
    return N.GuardNeg ? "!(" + T + ")" : T;
  }
  std::map<int, int> LoopBound; ///< counted loop variable -> its bound
  std::string text() const {
    std::string Out;
    for (const std::string &L : Lines)
      Out += L + "\n";
    return Out;
  }
};

struct Program {
  Node Root;
  unsigned FunctionLine = 0, ExitLine = 0;
  std::string Text;
};

/// The bound of each counted loop, by its variable.
void loopBounds(const Node &N, std::map<int, int> &Out) {
  if (N.K == NodeKind::For)
    Out[N.LoopVar] = N.Bound;
  for (const Node &K : N.Kids)
    loopBounds(K, Out);
}

bool testsValues(const Node &N) {
  if (N.K == NodeKind::For || N.K == NodeKind::Havoc || (N.K == NodeKind::If && N.Guard != AnyWay))
    return true;
  for (const Node &K : N.Kids)
    if (testsValues(K))
      return true;
  return false;
}

Program render(Node Root) {
  Program P;
  Renderer R;
  loopBounds(Root, R.LoopBound);
  P.FunctionLine = R.add(0, "void kernel() {");
  R.node(Root, 1);
  P.ExitLine = R.add(0, "}");
  P.Root = std::move(Root);
  P.Text = R.text();
  return P;
}

std::string listing(const std::string &Text) {
  std::ostringstream OS;
  std::istringstream IS(Text);
  std::string L;
  for (unsigned N = 1; std::getline(IS, L); ++N)
    OS << (N < 10 ? "   " : N < 100 ? "  " : " ") << N << "| " << L << "\n";
  return OS.str();
}

/// The type of a program's counts (n and the loop variables): int, or for odd seeds an unsigned
/// int declared not to wrap (IntType::NoWrap, --assume-no-unsigned-wrap). The concrete runs never
/// wrap (n in 0..3, iK + 1 at most 4), so both are exact and the verdicts must agree either way.
IntType CountType{32, true};
IntType countTypeOf(uint32_t Seed) { return Seed % 2 ? IntType{32, false, true} : IntType{32, true}; }

class Lowerer {
public:
  Lowerer(EventGraph &G, clang::SourceManager &SM, clang::FileID F) : G(G), SM(SM), F(F) {}

  unsigned ExitId = 0;

  void run(Program &P) {
    G.Function = "kernel";
    G.FunctionLoc = loc(P.FunctionLine);
    G.Entry = Cur = G.addBlock();
    if (testsValues(P.Root)) {
      loopBounds(P.Root, Bounds);
      G.PathVars = {{"g0", {1, false}, 0}, {"g1", {1, false}, 1}, {"n", CountType, 2}};
      for (const auto &[V, B] : Bounds)
        G.PathVars.push_back({"i" + std::to_string(V), CountType, unsigned(G.PathVars.size())});
    }
    node(P.Root);
    G.Exit = G.addBlock();
    G.addEdge(Cur, G.Exit);
    Event X{EventKind::Exit};
    X.Loc = loc(P.ExitLine);
    ExitId = G.addEvent(G.Exit, std::move(X));
    finishPathFacts(G); // as the builder does: pruning and liveness are part of what is tested
    for (Event &E : G.Events)
      if (!E.Addr.empty()) {
        int64_t Size = E.Kind == EventKind::DcciLine ? 1 : 4;
        E.Line = LineAddress{E.Addr.substr(0, 1), E.Addr == "a.f" ? 4 : E.Addr == "a.g" ? 64 : 0,
                             E.Addr[0] == 'a' ? 64 : 4, Size};
      }
    G.markBackEdges();
    G.numberAddresses();
    G.indexPositions();
  }

private:
  EventGraph &G;
  clang::SourceManager &SM;
  clang::FileID F;
  unsigned Cur = 0;
  std::vector<unsigned> CallStack;
  std::vector<int> LoopStack;
  std::map<int, int> Bounds; ///< counted loop variable -> bound
  unsigned Sites = 0;

  clang::SourceLocation loc(unsigned Line) { return SM.translateLineCol(F, Line, 1); }

  // Path facts, stated as PathFactBuilder states them for the C++ the listing shows.
  static constexpr unsigned NVar = 2;
  unsigned loopVar(int V) const { return 3 + std::distance(Bounds.begin(), Bounds.find(V)); }
  LinearForm bound(int V) const {
    int B = Bounds.at(V);
    return B < 0 ? LinearForm::variable(NVar) : LinearForm::constant(B);
  }
  Comparison test(const Node &N) const {
    Comparison C;
    if (N.Guard == NextTrip) {
      LinearForm I = LinearForm::variable(loopVar(N.LoopVar));
      I.Const = 1;
      C = Comparison::make('<', I, bound(N.LoopVar), CountType);
    } else {
      C = truthOf(unsigned(N.Guard), G.PathVars);
    }
    return N.GuardNeg ? C.negated() : C;
  }
  void fact(unsigned Block, PathFact F, unsigned Site) {
    F.Site = Site;
    G.addFact(Block, std::move(F));
  }
  void assume(unsigned Block, const Comparison &C, unsigned Site) {
    PathFact F;
    F.Cond = C;
    fact(Block, std::move(F), Site);
  }

  unsigned emit(Event E, unsigned Line) {
    E.Loc = loc(Line);
    E.CallStack = CallStack;
    unsigned Id = G.addEvent(Cur, std::move(E));
    for (int L : LoopStack)
      G.Loops[L].Events.push_back(Id);
    return Id;
  }

  int openLoop(unsigned Line) {
    LoopInfo L;
    L.Range = clang::SourceRange(loc(Line), loc(Line));
    L.Parent = LoopStack.empty() ? -1 : LoopStack.back();
    L.CallStack = CallStack;
    G.Loops.push_back(std::move(L));
    LoopStack.push_back(G.Loops.size() - 1);
    return G.Loops.size() - 1;
  }

  void condition(Node &Cond, int L) {
    for (const Node &C : Cond.Kids)
      if (C.Leaf.Kind == EventKind::ScalarLoad)
        G.Loops[L].ControlReadsGM = true;
    node(Cond);
  }

  void node(Node &N) {
    switch (N.K) {
    case NodeKind::Leaf:
      N.Id = emit(N.Leaf, N.Line);
      break;
    case NodeKind::Seq:
      for (Node &K : N.Kids)
        node(K);
      break;
    case NodeKind::If: {
      unsigned B = Cur;
      G.Blocks[B].BranchLoc = loc(N.Line);
      unsigned T = G.addBlock();
      G.addEdge(B, T, "true");
      if (N.Guard != AnyWay) {
        unsigned Site = Sites++;
        assume(T, test(N), Site);
        unsigned E = G.addBlock();
        G.addEdge(B, E, "false");
        assume(E, test(N).negated(), Site);
        Cur = T;
        node(N.Kids[0]);
        unsigned TEnd = Cur;
        Cur = E;
        node(N.Kids[1]);
        unsigned J = G.addBlock();
        G.addEdge(TEnd, J);
        G.addEdge(Cur, J);
        Cur = J;
        break;
      }
      Cur = T;
      node(N.Kids[0]);
      unsigned TEnd = Cur;
      unsigned J;
      if (N.Kids[1].Kids.empty()) {
        J = G.addBlock();
        G.addEdge(B, J, "false");
        G.addEdge(TEnd, J);
      } else {
        unsigned E = G.addBlock();
        G.addEdge(B, E, "false");
        Cur = E;
        node(N.Kids[1]);
        J = G.addBlock();
        G.addEdge(TEnd, J);
        G.addEdge(Cur, J);
      }
      Cur = J;
      break;
    }
    case NodeKind::While: {
      int L = openLoop(N.Line);
      unsigned H = G.addBlock();
      G.addEdge(Cur, H);
      G.Blocks[H].BranchLoc = loc(N.Line);
      Cur = H;
      condition(N.Kids[0], L);
      unsigned HEnd = Cur;
      G.Blocks[HEnd].BranchLoc = loc(N.Line);
      unsigned Body = G.addBlock();
      G.addEdge(HEnd, Body, "true");
      Cur = Body;
      node(N.Kids[1]);
      G.addEdge(Cur, H);
      LoopStack.pop_back();
      unsigned X = G.addBlock();
      G.addEdge(HEnd, X, "false");
      Cur = X;
      break;
    }
    case NodeKind::DoWhile: {
      int L = openLoop(N.Line);
      unsigned Body = G.addBlock();
      G.addEdge(Cur, Body);
      Cur = Body;
      node(N.Kids[1]);
      unsigned C = G.addBlock();
      G.addEdge(Cur, C);
      Cur = C;
      condition(N.Kids[0], L);
      G.Blocks[Cur].BranchLoc = loc(N.Line);
      G.addEdge(Cur, Body, "true");
      LoopStack.pop_back();
      unsigned X = G.addBlock();
      G.addEdge(Cur, X, "false");
      Cur = X;
      break;
    }
    case NodeKind::Havoc: {
      PathFact F;
      F.K = PathFact::Havoc;
      F.Var = unsigned(N.Guard);
      fact(Cur, std::move(F), Sites++);
      break;
    }
    case NodeKind::For: {
      // i = 0; header: i < B; body; ++i (the latch) back to the header.
      unsigned I = loopVar(N.LoopVar);
      PathFact Init;
      Init.K = PathFact::Set;
      Init.Var = I;
      Init.Value = LinearForm::constant(0);
      fact(Cur, std::move(Init), Sites++);
      int L = openLoop(N.Line);
      unsigned H = G.addBlock();
      G.addEdge(Cur, H);
      G.Blocks[H].BranchLoc = loc(N.Line);
      Comparison C = Comparison::make('<', LinearForm::variable(I), bound(N.LoopVar), CountType);
      unsigned Site = Sites++;
      unsigned Body = G.addBlock();
      G.addEdge(H, Body, "true");
      assume(Body, C, Site);
      Cur = Body;
      node(N.Kids[1]);
      unsigned Latch = G.addBlock();
      G.addEdge(Cur, Latch);
      PathFact Step;
      Step.K = PathFact::Add;
      Step.Var = I;
      Step.Value = LinearForm::constant(1);
      fact(Latch, std::move(Step), Sites++);
      G.addEdge(Latch, H);
      (void)L;
      LoopStack.pop_back();
      unsigned X = G.addBlock();
      G.addEdge(H, X, "false");
      assume(X, C.negated(), Site);
      Cur = X;
      break;
    }
    case NodeKind::Call: {
      Event Enter{EventKind::CallEnter};
      Enter.Callee = N.Name;
      N.Id = emit(Enter, N.Line);
      CallStack.push_back(N.Id);
      unsigned In = G.addBlock();
      G.addEdge(Cur, In);
      Cur = In;
      node(N.Kids[0]);
      unsigned Out = Cur;
      CallStack.pop_back();
      Cur = G.addBlock();
      G.addEdge(Out, Cur);
      Event Exit{EventKind::CallExit};
      Exit.Callee = N.Name;
      N.Id2 = emit(Exit, N.Line2);
      break;
    }
    }
  }
};

//===------------------------------------------------------------------------------------------===//
// Path enumeration with bounded unrolling
//===------------------------------------------------------------------------------------------===//

using Path = std::vector<unsigned>;

size_t countLeaves(const Node &N, EventKind K) {
  size_t C = N.K == NodeKind::Leaf && N.Leaf.Kind == K;
  for (const Node &X : N.Kids)
    C += countLeaves(X, K);
  return C;
}

/// How often each loop is unrolled. K for every loop, except for token counting (flag-balance):
/// a loop containing a wait_flag gets at least (number of set_flags in the program + 1) trips,
/// because draining the tokens raised before it may take that many iterations (set; set; set;
/// while (*) wait_flag first hangs in iteration 4); a loop containing a set_flag gets at least
/// (number of wait_flags + 1) trips, because outnumbering the later waits may take that many
/// (while (*) set_flag; wait; wait; wait leaks a token only with 4 trips). COMMCHECK_DIFF_KCHECK
/// checks empirically that these bounds are large enough.
struct Unroll {
  int K = 3, KWaitLoop = 3, KSetLoop = 3;
  static Unroll forProgram(const Node &Root, int K) {
    return {K, std::max<int>(K, countLeaves(Root, EventKind::SetFlag) + 1),
            std::max<int>(K, countLeaves(Root, EventKind::WaitFlag) + 1)};
  }
  int trips(const Node &Loop) const {
    int T = K;
    if (countLeaves(Loop, EventKind::WaitFlag))
      T = std::max(T, KWaitLoop);
    if (countLeaves(Loop, EventKind::SetFlag))
      T = std::max(T, KSetLoop);
    return T;
  }
};

double countPaths(const Node &N, const Unroll &K) {
  switch (N.K) {
  case NodeKind::Leaf:
    return 1;
  case NodeKind::Seq: {
    double C = 1;
    for (const Node &X : N.Kids)
      C *= countPaths(X, K);
    return C;
  }
  case NodeKind::If:
    return countPaths(N.Kids[0], K) + countPaths(N.Kids[1], K);
  case NodeKind::Havoc:
    return 1;
  case NodeKind::For:
  case NodeKind::While:
  case NodeKind::DoWhile: {
    double Body = countPaths(N.Kids[1], K), C = 0, Pow = 1;
    for (int I = 0, T = K.trips(N); I <= T; ++I, Pow *= Body)
      if (I > 0 || N.K != NodeKind::DoWhile)
        C += Pow;
    return C;
  }
  case NodeKind::Call:
    return countPaths(N.Kids[0], K);
  }
  return 1;
}

std::vector<Path> concat(const std::vector<Path> &A, const std::vector<Path> &B) {
  std::vector<Path> Out;
  Out.reserve(A.size() * B.size());
  for (const Path &X : A)
    for (const Path &Y : B) {
      Path P = X;
      P.insert(P.end(), Y.begin(), Y.end());
      Out.push_back(std::move(P));
    }
  return Out;
}

std::vector<Path> paths(const Node &N, const Unroll &K) {
  switch (N.K) {
  case NodeKind::Leaf:
    return {{N.Id}};
  case NodeKind::Seq: {
    std::vector<Path> Acc{{}};
    for (const Node &X : N.Kids)
      Acc = concat(Acc, paths(X, K));
    return Acc;
  }
  case NodeKind::If: {
    std::vector<Path> A = paths(N.Kids[0], K), B = paths(N.Kids[1], K);
    A.insert(A.end(), B.begin(), B.end());
    return A;
  }
  case NodeKind::Havoc:
    return {{}};
  case NodeKind::For:
  case NodeKind::While: {
    // cond (body cond)^n, n = 0..K (a counted loop taken as any number of trips)
    std::vector<Path> Cond = paths(N.Kids[0], K), Body = paths(N.Kids[1], K);
    std::vector<Path> BodyCond = concat(Body, Cond), Out, Cur = Cond;
    for (int I = 0, T = K.trips(N); I <= T; ++I) {
      Out.insert(Out.end(), Cur.begin(), Cur.end());
      if (I < T)
        Cur = concat(Cur, BodyCond);
    }
    return Out;
  }
  case NodeKind::DoWhile: {
    // (body cond)^n, n = 1..K
    std::vector<Path> Cond = paths(N.Kids[0], K), Body = paths(N.Kids[1], K);
    std::vector<Path> BodyCond = concat(Body, Cond), Out, Cur = BodyCond;
    for (int I = 1, T = K.trips(N); I <= T; ++I) {
      Out.insert(Out.end(), Cur.begin(), Cur.end());
      if (I < T)
        Cur = concat(Cur, BodyCond);
    }
    return Out;
  }
  case NodeKind::Call: {
    std::vector<Path> Out = concat({{N.Id}}, paths(N.Kids[0], K));
    return concat(Out, {{N.Id2}});
  }
  }
  return {{}};
}

/// The values a concrete run has: the guards, the input n, the counted loops' variables.
struct Env {
  int Guard[2] = {0, 0};
  int N = 0;
  std::map<int, int> I;
  bool operator<(const Env &O) const {
    return std::tie(Guard[0], Guard[1], N, I) < std::tie(O.Guard[0], O.Guard[1], O.N, O.I);
  }
  bool operator==(const Env &O) const { return !(*this < O) && !(O < *this); }
};
using Run = std::pair<Path, Env>;

/// Runs that took the same path to the same values go on as one.
std::vector<Run> unique(std::vector<Run> Rs) {
  std::sort(Rs.begin(), Rs.end());
  Rs.erase(std::unique(Rs.begin(), Rs.end()), Rs.end());
  return Rs;
}

/// Every run of N from each of In, with the tests evaluated on the run's values: a guarded if
/// takes one branch, a counted loop exactly its bound's trips, `g = *` either value.
std::vector<Run> runs(const Node &N, std::vector<Run> In, const Unroll &K,
                      const std::map<int, int> &Bounds) {
  auto BoundOf = [&](int V, const Env &E) { return Bounds.at(V) < 0 ? E.N : Bounds.at(V); };
  switch (N.K) {
  case NodeKind::Leaf:
    for (Run &R : In)
      R.first.push_back(N.Id);
    return In;
  case NodeKind::Seq:
    for (const Node &X : N.Kids)
      In = unique(runs(X, std::move(In), K, Bounds));
    return In;
  case NodeKind::Havoc: {
    std::vector<Run> Out;
    for (Run &R : In)
      for (int V : {0, 1}) {
        Out.push_back(R);
        Out.back().second.Guard[N.Guard] = V;
      }
    return Out;
  }
  case NodeKind::If: {
    std::vector<Run> Then, Else;
    for (Run &R : In) {
      bool Any = N.Guard == AnyWay, V = false;
      if (N.Guard == NextTrip)
        V = R.second.I[N.LoopVar] + 1 < BoundOf(N.LoopVar, R.second);
      else if (!Any)
        V = R.second.Guard[N.Guard] != 0;
      V = V != N.GuardNeg;
      if (Any || V)
        Then.push_back(R);
      if (Any || !V)
        Else.push_back(R);
    }
    Then = runs(N.Kids[0], std::move(Then), K, Bounds);
    Else = runs(N.Kids[1], std::move(Else), K, Bounds);
    Then.insert(Then.end(), Else.begin(), Else.end());
    return Then;
  }
  case NodeKind::For: {
    std::vector<Run> Out, Cur;
    for (Run &R : In) {
      R.second.I[N.LoopVar] = 0;
      Cur.push_back(std::move(R));
    }
    while (!Cur.empty()) {
      std::vector<Run> Go;
      for (Run &R : Cur)
        (R.second.I[N.LoopVar] < BoundOf(N.LoopVar, R.second) ? Go : Out).push_back(std::move(R));
      Cur = runs(N.Kids[1], std::move(Go), K, Bounds);
      for (Run &R : Cur)
        ++R.second.I[N.LoopVar];
      Cur = unique(std::move(Cur));
    }
    return unique(std::move(Out));
  }
  case NodeKind::While:
  case NodeKind::DoWhile: {
    std::vector<Run> Out, Cur = std::move(In);
    if (N.K == NodeKind::While)
      Cur = runs(N.Kids[0], std::move(Cur), K, Bounds);
    for (int T = 0, Trips = K.trips(N);; ++T) {
      if (T > 0 || N.K == NodeKind::While)
        Out.insert(Out.end(), Cur.begin(), Cur.end());
      if (T == Trips)
        break;
      Cur = unique(runs(N.Kids[0], runs(N.Kids[1], std::move(Cur), K, Bounds), K, Bounds));
    }
    return unique(std::move(Out));
  }
  case NodeKind::Call: {
    for (Run &R : In)
      R.first.push_back(N.Id);
    In = runs(N.Kids[0], std::move(In), K, Bounds);
    for (Run &R : In)
      R.first.push_back(N.Id2);
    return In;
  }
  }
  return In;
}

/// Every concrete run of a program that tests values, from every input (g0, g1, n).
std::vector<Path> concreteRuns(const Node &Root, const Unroll &K) {
  std::map<int, int> Bounds;
  loopBounds(Root, Bounds);
  std::set<Path> Out;
  for (int G0 : {0, 1})
    for (int G1 : {0, 1})
      for (int N = 0; N <= 3; ++N) {
        Env E;
        E.Guard[0] = G0;
        E.Guard[1] = G1;
        E.N = N;
        for (Run &R : runs(Root, {{Path(), E}}, K, Bounds))
          Out.insert(std::move(R.first));
      }
  return std::vector<Path>(Out.begin(), Out.end());
}

//===------------------------------------------------------------------------------------------===//
// Verdicts
//===------------------------------------------------------------------------------------------===//

const char *const RuleIds[] = {"comm-publish-before-notify", "comm-read-complete-drain",
                               "comm-consume-invalidate",   "comm-async-drain",
                               "comm-flag-balance",         "comm-redundant-invalidate"};
constexpr unsigned NumRules = 6;

/// Per rule, the set of findings as comparable strings ("line 12", "set_flag(k0) unconsumed at
/// exit").
using Verdicts = std::map<std::string, std::set<std::string>>;

std::string at(unsigned Line) { return "line " + std::to_string(Line); }

struct Analysed {
  std::unique_ptr<clang::SourceManagerForFile> SMF;
  EventGraph G;
  unsigned ExitId = 0;
  std::vector<unsigned> Line; ///< per event id
};

std::unique_ptr<Analysed> lowerProgram(Program &P) {
  auto A = std::make_unique<Analysed>();
  A->SMF = std::make_unique<clang::SourceManagerForFile>("kernel.cpp", P.Text);
  clang::SourceManager &SM = A->SMF->get();
  Lowerer L(A->G, SM, SM.getMainFileID());
  L.run(P);
  A->ExitId = L.ExitId;
  for (const Event &E : A->G.Events)
    A->Line.push_back(SM.getPresumedLoc(E.Loc).getLine());
  return A;
}

Verdicts runRules(Analysed &A, std::vector<std::string> &Problems) {
  static const clang::LangOptions LO;
  static const RuleOptionValues Opts;
  PublishBeforeNotify R0;
  ReadCompleteDrain R1;
  ConsumeInvalidate R2;
  AsyncDrain R3;
  FlagBalance R4;
  RedundantInvalidate R5;
  PublishFence R6; // the fence half of the release, split off: compared together with R0
  const Rule *Rules[] = {&R0, &R1, &R2, &R3, &R4, &R5, &R6};
  Verdicts V;
  for (const Rule *R : Rules) {
    std::vector<Finding> Out;
    AnalysisManager AM(A.G, A.SMF->get(), AnalysisLimits{});
    RuleContext Ctx(*R, AM, LO, Opts, Out);
    R->check(Ctx);
    std::string Id = R == &R6 ? R0.info().Id : R->info().Id;
    std::set<std::string> &S = V[Id];
    for (const Finding &F : Out) {
      if (F.Rule != R->info().Id) {
        Problems.push_back(R->info().Id + " produced a '" + F.Rule + "' finding: " + F.Message);
        continue;
      }
      if (R == &R4 && F.Message.rfind("set_flag(", 0) == 0) {
        // Compared per key; the location must be the return or a set_flag of that key.
        std::string Key = F.Message.substr(9, F.Message.find(')') - 9);
        S.insert("set_flag(" + Key + ") unconsumed at exit");
        bool Placed = F.At.Line == A.Line[A.ExitId];
        for (const Event &E : A.G.Events)
          Placed |= E.Kind == EventKind::SetFlag && E.FlagKey == Key && A.Line[E.Id] == F.At.Line;
        if (!Placed)
          Problems.push_back("an unconsumed set_flag(" + Key + ") is reported at " +
                             at(F.At.Line) + ", neither the return nor a set_flag(" + Key + ")");
      } else {
        S.insert(at(F.At.Line));
      }
    }
  }
  return V;
}

bool usesCache(const Event &E) {
  switch (E.Kind) {
  case EventKind::ScalarLoad:
    return !E.Exempt;
  case EventKind::ScalarStore:
  case EventKind::Opaque:
  case EventKind::Notify:
  case EventKind::TileStore:
  case EventKind::Put:
  case EventKind::Get:
    return true;
  default:
    return false;
  }
}

/// The contract evaluated on concrete paths.
class BruteForce {
public:
  explicit BruteForce(const Analysed &A) : A(A), G(A.G) {
    for (const WaitLoops::PerWaitInvalidate &H : WaitLoops::find(G).PerWait)
      PerWait.insert(H.Dcci);
    for (const Event &E : G.Events)
      if (E.Kind == EventKind::DcciWhole) {
        CleanAll[E.Id] = true;
        NeededAny[E.Id] = false;
        ReleasesAny[E.Id] = false;
      }
  }

  /// The set_flags some path reaches while a token of their key is pending: the token a later
  /// wait consumes is then not known (FIFO or not), so they start no chain. Over all the paths.
  /// A function with a call the checker cannot see may find any token pending (the call may set
  /// any flag): there every set is stale.
  void staleSets(const std::vector<Path> &Ps) {
    for (const Event &E : G.Events)
      if (E.Kind == EventKind::Opaque) {
        for (const Event &X : G.Events)
          if (X.Kind == EventKind::SetFlag)
            Stale.insert(X.Id);
        return;
      }
    for (const Path &P : Ps) {
      std::map<std::string, long> Count;
      for (unsigned Id : P) {
        const Event &E = ev(Id);
        if (E.Kind == EventKind::SetFlag && Count[E.FlagKey]++ > 0)
          Stale.insert(Id);
        else if (E.Kind == EventKind::WaitFlag && Count[E.FlagKey] > 0)
          --Count[E.FlagKey];
      }
    }
  }

  void path(const Path &P) {
    matchWaits(P);
    publish(P);
    readComplete(P);
    consume(P);
    async(P);
    flags(P);
    redundant(P);
  }

  Verdicts finish() {
    for (auto &[Id, Clean] : CleanAll) {
      const Event &D = G.Events[Id];
      // An invalidate no run reaches is not advised about (the dataflow never visits it).
      if (D.Synthetic || PerWait.count(Id) || ReleasesAny[Id] || !Reached.count(Id))
        continue;
      if (Clean || !NeededAny[Id])
        V["comm-redundant-invalidate"].insert(at(A.Line[Id]));
    }
    for (const std::string &Key : UnconsumedKeys)
      V["comm-flag-balance"].insert("set_flag(" + Key + ") unconsumed at exit");
    for (const char *R : RuleIds)
      V[R];
    return V;
  }

  std::vector<Path> Paths;
  std::set<unsigned> PerWait; ///< whole dccis left to comm-per-wait-dcci

private:
  const Analysed &A;
  const EventGraph &G;
  Verdicts V;
  std::map<unsigned, bool> CleanAll, NeededAny, ReleasesAny;
  std::set<unsigned> Reached;
  std::set<std::string> UnconsumedKeys;
  std::set<unsigned> Stale;   ///< set_flags that may find a token of their key pending
  std::vector<int> MatchedSet; ///< per path position of a wait_flag: the set it consumes, or -1

  const Event &ev(unsigned Id) const { return G.Events[Id]; }

  // Pipes as in-order queues. The scalar program issues every event in order; a tile operation
  // or compute runs on its pipe, a set_flag on its source pipe, a wait_flag on its destination
  // pipe, the rest on the scalar pipe (S); puts and gets on none of these.
  static PipeSet queueOf(const Event &E) {
    switch (E.Kind) {
    case EventKind::SetFlag: return E.FlagSrc;
    case EventKind::WaitFlag: return E.FlagDst;
    case EventKind::TileLoad:
    case EventKind::TileStore:
    case EventKind::Compute: return E.Pipe ? E.Pipe : pipe::V;
    case EventKind::Put:
    case EventKind::Get:
    case EventKind::PutAsync:
    case EventKind::GetAsync: return 0;
    default: return pipe::S;
    }
  }

  /// A wait_flag consumes the token of the last set_flag of its key before it when no wait of
  /// the key came between; that set must not be Stale, and no unseen call may have touched flags.
  void matchWaits(const Path &P) {
    MatchedSet.assign(P.size(), -1);
    std::map<std::string, int> Last;
    for (size_t J = 0; J < P.size(); ++J) {
      const Event &E = ev(P[J]);
      if (E.Kind == EventKind::Opaque && E.MayNotify)
        Last.clear();
      if (E.Kind == EventKind::SetFlag)
        Last[E.FlagKey] = Stale.count(P[J]) ? -1 : int(J);
      if (E.Kind == EventKind::WaitFlag) {
        auto It = Last.find(E.FlagKey);
        MatchedSet[J] = It == Last.end() ? -1 : It->second;
        Last.erase(E.FlagKey);
      }
    }
  }

  /// Happens-after the completion of the operation at position I: Done[J] when the scalar pipe
  /// has passed position J after it. Edges: an event on queue A, then a set_flag of source A (it
  /// is raised when A has finished); the set, then the wait consuming it; a wait on queue B, then
  /// any later event on B; a scalar event, then every later event (the scalar pipe blocks).
  std::vector<bool> chainDone(const Path &P, size_t I) {
    std::vector<bool> In(P.size(), false), Done(P.size(), false);
    In[I] = true;
    PipeSet Queues = queueOf(ev(P[I])), WaitDsts = 0;
    bool Scalar = false;
    for (size_t J = I + 1; J < P.size(); ++J) {
      const Event &E = ev(P[J]);
      PipeSet Q = queueOf(E);
      bool R = Scalar || (Q && (WaitDsts & Q)) ||
               (E.Kind == EventKind::SetFlag && (Queues & E.FlagSrc)) ||
               (E.Kind == EventKind::WaitFlag && MatchedSet[J] >= 0 && In[MatchedSet[J]]);
      if (R) {
        In[J] = true;
        Queues |= Q;
        if (E.Kind == EventKind::WaitFlag)
          WaitDsts |= E.FlagDst;
        Scalar |= Q == pipe::S;
      }
      Done[J] = Scalar;
    }
    return Done;
  }
  void hit(const char *Rule, unsigned Id) { V[Rule].insert(at(A.Line[Id])); }

  struct AsyncIssue {
    size_t Pos;
    std::string Var, Session;
  };

  // comm-publish-before-notify, from the release table of docs/rules/comm-publish-before-notify.md.
  void publish(const Path &P) {
    enum Need { Drain, Dsb, Dcci, AsyncWait };
    struct Pending {
      unsigned Origin;
      Need N;
      size_t Pos = 0; ///< where on the path the write is (a loop repeats its id)
    };
    std::vector<Pending> Ps;
    std::map<std::string, AsyncIssue> LastAsync; // per async variable: the event it holds
    std::map<size_t, std::vector<bool>> Chains; // per tile store position
    for (size_t J = 0; J < P.size(); ++J) {
      unsigned Id = P[J];
      const Event &E = ev(Id);
      if (E.Kind == EventKind::Notify && !Ps.empty())
        hit("comm-publish-before-notify", Id);
      std::vector<Pending> Next;
      for (Pending X : Ps) {
        const Event &O = ev(X.Origin);
        switch (X.N) {
        case Drain: {
          // A tile store drains through the pipe it went out on (FIX for an accumulator tile).
          PipeSet Need = O.Kind == EventKind::TileStore ? O.Pipe : pipe::ALL;
          if (E.Kind == EventKind::Drain && (E.Pipe & Need) == Need)
            X.N = Dsb;
          // ... or a flag chain puts the scalar pipe after the store (never after a put or get,
          // whose release is PIPE_ALL)
          if (O.Kind == EventKind::TileStore && Chains.at(X.Pos)[J])
            X.N = Dsb;
          break;
        }
        case Dsb:
          if (E.Kind == EventKind::Dsb)
            continue; // released
          break;
        case Dcci:
          if (E.Kind == EventKind::DcciWhole ||
              (O.Kind == EventKind::ScalarStore && E.Kind == EventKind::DcciLine &&
               dcciCovers(E.Addr, O.Addr)))
            X.N = Dsb;
          break;
        case AsyncWait:
          // The engine's writes are complete when the Wait returns: no dsb (CONTRACT §1).
          if (E.Kind == EventKind::AsyncWait &&
              completes(AsyncIssue{X.Pos, O.AsyncVar, O.Session}, E, LastAsync))
            continue;
          break;
        }
        Next.push_back(X);
      }
      switch (E.Kind) {
      case EventKind::TileStore:
        Chains[J] = chainDone(P, J);
        Next.push_back({Id, Drain, J});
        break;
      case EventKind::Put:
      case EventKind::Get:
        Next.push_back({Id, Drain});
        break;
      case EventKind::ScalarStore:
      case EventKind::Opaque: // may write any GM through the cache
        Next.push_back({Id, Dcci});
        break;
      case EventKind::PutAsync:
      case EventKind::GetAsync:
        Next.push_back({Id, AsyncWait, J});
        LastAsync[E.AsyncVar] = {J, E.AsyncVar, E.Session};
        break;
      case EventKind::UncachedStore: // bypasses the cache: only the fence is needed
        Next.push_back({Id, Dsb});
        break;
      default:
        break;
      }
      Ps = std::move(Next);
    }
  }

  // comm-read-complete-drain: a non-exempt TLOAD not yet followed by an MTE2 drain, or by a
  // flag chain that puts the scalar pipe after it.
  void readComplete(const Path &P) {
    std::vector<std::vector<bool>> InFlight; // per pending load: its chainDone
    for (size_t J = 0; J < P.size(); ++J) {
      const Event &E = ev(P[J]);
      if (E.Kind == EventKind::Notify && !InFlight.empty())
        hit("comm-read-complete-drain", P[J]);
      if (E.Kind == EventKind::Drain && (E.Pipe & pipe::MTE2))
        InFlight.clear();
      InFlight.erase(std::remove_if(InFlight.begin(), InFlight.end(),
                                    [&](const std::vector<bool> &D) { return D[J]; }),
                     InFlight.end());
      if (E.Kind == EventKind::TileLoad && !E.Exempt)
        InFlight.push_back(chainDone(P, J));
    }
  }

  // comm-consume-invalidate: after the last wait, which lines were invalidated.
  void consume(const Path &P) {
    bool AfterWait = false, Whole = false;
    std::set<std::string> Lines;
    for (unsigned Id : P) {
      const Event &E = ev(Id);
      bool Covered = std::any_of(Lines.begin(), Lines.end(),
                                 [&](const std::string &L) { return dcciCovers(L, E.Addr); });
      if (AfterWait && !Whole &&
          ((E.Kind == EventKind::ScalarLoad && !E.Exempt && !Covered) || E.Kind == EventKind::Opaque))
        hit("comm-consume-invalidate", Id);
      if (E.Kind == EventKind::Wait) {
        AfterWait = true;
        Whole = false;
        Lines.clear();
      } else if (E.Kind == EventKind::DcciWhole) {
        Whole = true;
      } else if (E.Kind == EventKind::DcciLine) {
        Lines.insert(E.Addr);
      }
    }
  }

  // comm-async-drain: issued async events not yet waited with their session.
  void async(const Path &P) {
    using Issue = AsyncIssue;
    std::vector<Issue> Pending;
    std::map<std::string, Issue> Last; // per variable: the event it holds
    for (size_t J = 0; J < P.size(); ++J) {
      const Event &E = ev(P[J]);
      if ((E.Kind == EventKind::Notify || E.Kind == EventKind::Exit) && !Pending.empty())
        hit("comm-async-drain", P[J]);
      if (E.Kind == EventKind::AsyncWait)
        llvm::erase_if(Pending, [&](const Issue &O) { return completes(O, E, Last); });
      if (E.Kind == EventKind::PutAsync || E.Kind == EventKind::GetAsync) {
        Pending.push_back({J, E.AsyncVar, E.Session});
        Last[E.AsyncVar] = Pending.back();
      }
    }
  }

  /// A Wait completes an event of its session: its own variable's, or any issued before the event
  /// the waited variable holds (a session completes its events in order).
  template <class Issue>
  static bool completes(const Issue &O, const Event &W, const std::map<std::string, Issue> &Last) {
    if (W.Session != O.Session)
      return false;
    if (W.AsyncVar == O.Var)
      return true;
    auto It = Last.find(W.AsyncVar);
    return It != Last.end() && It->second.Session == O.Session && It->second.Pos > O.Pos;
  }

  // comm-flag-balance: exact token counts; a hung wait consumes nothing.
  void flags(const Path &P) {
    std::map<std::string, long> Count;
    for (unsigned Id : P) {
      const Event &E = ev(Id);
      if (E.Kind == EventKind::SetFlag)
        ++Count[E.FlagKey];
      else if (E.Kind == EventKind::WaitFlag) {
        long &C = Count[E.FlagKey];
        if (C == 0)
          hit("comm-flag-balance", Id);
        else
          --C;
      } else if (E.Kind == EventKind::Exit) {
        for (const auto &[K, C] : Count)
          if (C > 0)
            UnconsumedKeys.insert(K);
      }
    }
  }

  // comm-redundant-invalidate's three path properties at each whole dcci.
  void redundant(const Path &P) {
    bool Clean = false, OpaquePending = false;
    std::set<std::string> StoresPending; // scalar stores not yet covered by a dcci
    for (size_t I = 0; I < P.size(); ++I) {
      const Event &E = ev(P[I]);
      if (E.Kind == EventKind::DcciWhole) {
        Reached.insert(E.Id);
        CleanAll[E.Id] = CleanAll[E.Id] && Clean;
        if (OpaquePending || !StoresPending.empty())
          ReleasesAny[E.Id] = true;
        bool Needed = false;
        for (size_t J = I + 1; J < P.size(); ++J) {
          const Event &Y = ev(P[J]);
          if (Y.Kind == EventKind::Wait)
            break;
          if (usesCache(Y)) {
            Needed = true;
            break;
          }
        }
        if (Needed)
          NeededAny[E.Id] = true;
      }
      switch (E.Kind) {
      case EventKind::DcciWhole:
        Clean = true;
        OpaquePending = false;
        StoresPending.clear();
        break;
      case EventKind::DcciLine:
        for (auto It = StoresPending.begin(); It != StoresPending.end();)
          It = dcciCovers(E.Addr, *It) ? StoresPending.erase(It) : std::next(It);
        break;
      case EventKind::Wait:
        Clean = false;
        break;
      case EventKind::ScalarStore:
        StoresPending.insert(E.Addr);
        break;
      case EventKind::Opaque:
        OpaquePending = true;
        break;
      default:
        break;
      }
    }
  }
};

/// The rule's own gen/step/violates replayed on single paths (diagnostic: solver vs transfer).
std::set<std::string> replayObligation(const ObligationSpec &Spec, const ObligationDiagnosis &R,
                                       const Analysed &A, const std::vector<Path> &Ps) {
  std::set<std::string> Out;
  for (const Path &P : Ps) {
    std::set<std::pair<unsigned, int>> T;
    for (unsigned Id : P) {
      const Event &E = A.G.Events[Id];
      for (const auto &[O, Ph] : T)
        if (R.violates(A.G.Events[O], Ph, E))
          Out.insert(at(A.Line[Id]));
      std::set<std::pair<unsigned, int>> Next;
      for (const auto &[O, Ph] : T)
        if (auto N = Spec.step(A.G.Events[O], Ph, E))
          Next.insert({O, *N});
      if (auto N = Spec.gen(E))
        Next.insert({Id, *N});
      T = std::move(Next);
    }
  }
  return Out;
}

//===------------------------------------------------------------------------------------------===//
// One program: lower, run both sides, compare
//===------------------------------------------------------------------------------------------===//

int envInt(const char *Name, int Default) {
  const char *V = std::getenv(Name);
  return V && *V ? std::atoi(V) : Default;
}

struct Outcome {
  Verdicts Dataflow, Brute;
  std::vector<std::string> Problems;
  size_t Paths = 0, Events = 0, PerWait = 0;
  std::set<std::string> Disagreeing; ///< "rule-id [direction]"
  bool TestsValues = false;
  /// Programs that test values: findings between the concrete runs and the path-insensitive
  /// enumeration that the dataflow reports (error rules) or misses (redundant-invalidate).
  size_t Imprecise = 0;
};

Verdicts bruteForce(const Analysed &A, const Program &P, const Unroll &U, size_t &NumPaths,
                    size_t *PerWait = nullptr, bool Concrete = false) {
  BruteForce B(A);
  B.Paths = Concrete ? concreteRuns(P.Root, U) : paths(P.Root, U);
  for (Path &Pt : B.Paths)
    Pt.push_back(A.ExitId);
  B.staleSets(B.Paths);
  for (const Path &Pt : B.Paths)
    B.path(Pt);
  NumPaths = B.Paths.size();
  if (PerWait)
    *PerWait = B.PerWait.size();
  return B.finish();
}

Outcome evaluate(const Node &Root, int K) {
  Outcome O;
  Program P = render(Root);
  std::unique_ptr<Analysed> A = lowerProgram(P);
  O.Events = A->G.Events.size();
  O.Dataflow = runRules(*A, O.Problems);
  O.TestsValues = testsValues(Root);
  O.Brute = bruteForce(*A, P, Unroll::forProgram(Root, K), O.Paths, &O.PerWait, O.TestsValues);
  if (O.TestsValues) {
    // Safe, and for the error rules never worse than without the tests: Brute <= Dataflow <=
    // Insensitive; the advice to delete an invalidate only where the concrete runs agree
    // (Dataflow <= Brute; an invalidate no run reaches gets no advice, with or without).
    size_t N;
    Verdicts Insensitive = bruteForce(*A, P, Unroll::forProgram(Root, K), N);
    for (const char *R : RuleIds) {
      bool Advice = std::string(R) == "comm-redundant-invalidate";
      const std::set<std::string> &D = O.Dataflow[R], &Hi = Advice ? O.Brute[R] : Insensitive[R];
      if (!Advice && !std::includes(D.begin(), D.end(), O.Brute[R].begin(), O.Brute[R].end()))
        O.Disagreeing.insert(std::string(R) + " [missed by the dataflow]");
      if (!std::includes(Hi.begin(), Hi.end(), D.begin(), D.end()))
        O.Disagreeing.insert(std::string(R) + (Advice ? " [advice no concrete run supports]"
                                                      : " [reported although no path has it]"));
      for (const std::string &F : Advice ? O.Brute[R] : D)
        O.Imprecise += !(Advice ? D : O.Brute[R]).count(F);
    }
    return O;
  }
  // A disagreement is classified by rule and direction: findings the dataflow misses (unsound
  // or a different path semantics) and findings only the dataflow reports (imprecise, or the
  // unroll bound K too small for the brute force).
  for (const char *R : RuleIds) {
    const std::set<std::string> &D = O.Dataflow[R], &B = O.Brute[R];
    if (!std::includes(D.begin(), D.end(), B.begin(), B.end()))
      O.Disagreeing.insert(std::string(R) + " [missed by the dataflow]");
    if (!std::includes(B.begin(), B.end(), D.begin(), D.end()))
      O.Disagreeing.insert(std::string(R) + " [reported only by the dataflow]");
  }
  return O;
}

// Delta debugging over the program tree: every program one step smaller.
void shrinkCandidates(const Node &N, const std::function<void(Node)> &Rebuild) {
  switch (N.K) {
  case NodeKind::Leaf:
    return;
  case NodeKind::Seq:
    for (size_t I = 0; I < N.Kids.size(); ++I) {
      Node Copy = N;
      Copy.Kids.erase(Copy.Kids.begin() + I);
      Rebuild(std::move(Copy));
    }
    for (size_t I = 0; I < N.Kids.size(); ++I) {
      const Node &Kid = N.Kids[I];
      // Replace a compound item by one of its sub-blocks, spliced in place.
      if (Kid.K != NodeKind::Leaf)
        for (size_t J = 0; J < Kid.Kids.size(); ++J) {
          Node Copy = N;
          Copy.Kids.erase(Copy.Kids.begin() + I);
          Copy.Kids.insert(Copy.Kids.begin() + I, Kid.Kids[J].Kids.begin(),
                           Kid.Kids[J].Kids.end());
          Rebuild(std::move(Copy));
        }
      if (Kid.K == NodeKind::DoWhile) {
        Node Copy = N;
        Copy.Kids[I].K = NodeKind::While;
        Rebuild(std::move(Copy));
      }
      shrinkCandidates(Kid, [&](Node Sub) {
        Node Copy = N;
        Copy.Kids[I] = std::move(Sub);
        Rebuild(std::move(Copy));
      });
    }
    return;
  default:
    for (size_t J = 0; J < N.Kids.size(); ++J)
      shrinkCandidates(N.Kids[J], [&](Node Sub) {
        Node Copy = N;
        Copy.Kids[J] = std::move(Sub);
        Rebuild(std::move(Copy));
      });
    return;
  }
}

Node minimise(Node Root, const std::string &Rule, int K) {
  for (bool Progress = true; Progress;) {
    Progress = false;
    std::vector<Node> Cands;
    shrinkCandidates(Root, [&](Node C) { Cands.push_back(std::move(C)); });
    for (Node &C : Cands) {
      if (countPaths(C, Unroll::forProgram(C, K)) > 20000)
        continue;
      if (evaluate(C, K).Disagreeing.count(Rule)) {
        Root = std::move(C);
        Progress = true;
        break;
      }
    }
  }
  return Root;
}

std::string describe(const std::set<std::string> &S) {
  if (S.empty())
    return "{}";
  std::string Out = "{";
  for (const std::string &X : S)
    Out += (Out.size() > 1 ? ", " : "") + X;
  return Out + "}";
}

std::string report(const Node &Root, const std::string &Signature, int K) {
  std::string Rule = Signature.substr(0, Signature.find(' '));
  Program P = render(Root);
  Outcome O = evaluate(Root, K);
  std::ostringstream OS;
  OS << listing(P.Text);
  OS << "  dataflow (" << Rule << "): " << describe(O.Dataflow[Rule]) << "\n";
  Unroll U = Unroll::forProgram(Root, K);
  OS << "  brute force, " << O.Paths << " paths, loops unrolled up to " << U.K << " times ("
     << U.KWaitLoop << " with a wait_flag inside, " << U.KSetLoop
     << " with a set_flag inside): " << describe(O.Brute[Rule]) << "\n";
  std::unique_ptr<Analysed> A = lowerProgram(P);
  std::vector<Path> Ps = paths(P.Root, U);
  for (Path &Pt : Ps)
    Pt.push_back(A->ExitId);
  std::unique_ptr<ObligationDiagnosis> R;
  std::unique_ptr<ObligationSpec> Spec;
  PipeDrains::Result Drains = PipeDrains::find(A->G);
  auto Tokens = FlagTokens::solve(A->G);
  FlagChains::Result Chains = Tokens ? FlagChains::find(A->G, *Tokens) : FlagChains::Result{};
  if (!Tokens)
    llvm::consumeError(Tokens.takeError());
  if (Rule == "comm-publish-before-notify") {
    R = std::make_unique<PublishBeforeNotify>();
    Spec = std::make_unique<PublishObligations>(Drains, Chains,
                                                AsyncSessions(A->G, PublishObligations::LaterBits));
  } else if (Rule == "comm-read-complete-drain") {
    R = std::make_unique<ReadCompleteDrain>();
    Spec = std::make_unique<ReadObligations>(Drains, Chains);
  } else if (Rule == "comm-consume-invalidate") {
    R = std::make_unique<ConsumeInvalidate>();
    Spec = std::make_unique<ConsumeObligations>();
  } else if (Rule == "comm-async-drain") {
    R = std::make_unique<AsyncDrain>();
    Spec = std::make_unique<AsyncObligations>(AsyncSessions(A->G, AsyncObligations::LaterBits));
  }
  if (R)
    OS << "  the analysis' gen/step and the rule's violates replayed on the same paths: "
       << describe(replayObligation(*Spec, *R, *A, Ps)) << "\n";
  OS << "  event graph:\n" << A->G.dump(A->SMF->get());
  return OS.str();
}

} // namespace

TEST(DifferentialTest, DataflowVerdictsMatchBruteForcePaths) {
  const uint32_t BaseSeed = static_cast<uint32_t>(envInt("COMMCHECK_DIFF_SEED", 20240611));
  const int Programs = envInt("COMMCHECK_DIFF_PROGRAMS", 20000);
  const int K = envInt("COMMCHECK_DIFF_K", 3);
  const int Verbose = envInt("COMMCHECK_DIFF_VERBOSE", 0);
  const int KCheck = envInt("COMMCHECK_DIFF_KCHECK", 0);
  const double MaxPaths = 3000;

  auto Start = std::chrono::steady_clock::now();
  size_t TotalPaths = 0, TotalEvents = 0, Regenerated = 0, PerWait = 0, WithValues = 0,
         Imprecise = 0, ImpreciseFindings = 0;
  std::map<std::string, size_t> Findings, Disagreements;
  struct Example {
    uint32_t Seed;
    size_t Events;
    Node Root;
  };
  std::map<std::string, Example> Smallest; ///< per disagreement group, the smallest program
  int Failures = 0;
  for (int I = 0; I < Programs; ++I) {
    uint32_t Seed = BaseSeed + static_cast<uint32_t>(I);
    CountType = countTypeOf(Seed);
    Generator Gen(Seed);
    Node Root = Gen.program();
    while (countPaths(Root, Unroll::forProgram(Root, K)) > MaxPaths) { // keep paths manageable
      Root = Gen.program();
      ++Regenerated;
    }
    Outcome O = evaluate(Root, K);
    if (KCheck > 0) {
      // Is the unroll bound large enough? Verdicts must not change with more trips.
      Unroll U = Unroll::forProgram(Root, K);
      U.K += KCheck;
      U.KWaitLoop += KCheck;
      U.KSetLoop += KCheck;
      if (countPaths(Root, U) <= 200000) {
        Program P = render(Root);
        std::unique_ptr<Analysed> A = lowerProgram(P);
        size_t N;
        Verdicts More = bruteForce(*A, P, U, N, nullptr, O.TestsValues);
        for (const char *R : RuleIds)
          if (More[R] != O.Brute[R])
            ADD_FAILURE() << "seed " << Seed << ": " << R << " changes with " << KCheck
                          << " more loop trips: " << describe(O.Brute[R]) << " vs "
                          << describe(More[R]) << "\n"
                          << listing(P.Text);
      }
    }
    TotalPaths += O.Paths;
    TotalEvents += O.Events;
    WithValues += O.TestsValues;
    Imprecise += O.Imprecise > 0;
    ImpreciseFindings += O.Imprecise;
    PerWait += O.PerWait;
    for (const char *R : RuleIds)
      Findings[R] += O.Brute[R].size();
    for (const std::string &P : O.Problems)
      ADD_FAILURE() << "seed " << Seed << ": " << P;
    for (const std::string &R : O.Disagreeing) {
      ++Disagreements[R];
      ++Failures;
      auto It = Smallest.find(R);
      if (It == Smallest.end() || O.Events < It->second.Events)
        Smallest.insert_or_assign(R, Example{Seed, O.Events, Root});
      if (Verbose)
        std::cout << "seed " << Seed << " " << R << ":\n"
                  << report(Verbose > 1 ? minimise(Root, R, K) : Root, R, K);
    }
  }
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();

  std::cout << "[differential] " << Programs << " random programs tried (base seed " << BaseSeed
            << ", K=" << K << "), " << TotalPaths << " paths enumerated, " << TotalEvents
            << " events, " << Regenerated << " oversized programs regenerated, " << Seconds
            << " s\n";
  std::cout << "[differential] brute-force findings per rule:";
  for (const char *R : RuleIds)
    std::cout << " " << R << "=" << Findings[R];
  std::cout << " (and " << PerWait << " whole dccis left to comm-per-wait-dcci)";
  std::cout << "\n[differential] programs that test values (guards, counted loops): " << WithValues
            << "; imprecise (a finding no concrete run has, or an advice missed): " << Imprecise
            << " programs, " << ImpreciseFindings << " findings";
  std::cout << "\n[differential] programs with disagreements: " << Disagreements.size()
            << " groups";
  for (const auto &[R, N] : Disagreements)
    std::cout << "; " << R << ": " << N;
  std::cout << "\n";
  RecordProperty("programs", Programs);
  RecordProperty("paths", static_cast<int>(TotalPaths));

  for (const auto &[R, Ex] : Smallest) {
    CountType = countTypeOf(Ex.Seed);
    Node Min = minimise(Ex.Root, R, K);
    ADD_FAILURE() << R << ": dataflow and brute force disagree on " << Disagreements[R]
                  << " of " << Programs << " programs. Smallest: seed " << Ex.Seed
                  << " (rerun with COMMCHECK_DIFF_SEED=" << Ex.Seed
                  << " COMMCHECK_DIFF_PROGRAMS=1)\n"
                  << "program:\n"
                  << report(Ex.Root, R, K) << "minimised program:\n"
                  << report(Min, R, K);
  }
  EXPECT_EQ(Failures, 0);
}

