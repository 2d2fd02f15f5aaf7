// Runs a kernel entry for one rank: the rank id r and rank count P given, every loop and branch
// evaluated, helpers with bodies entered, and the signal operations and GM accesses recorded with
// concrete cells and byte ranges (RankTrace). What it cannot evaluate where it matters (a branch
// on data read from GM, an address it cannot attribute to a rank, an unseen call given GM) stops
// the run: the kernel is then not modelled across ranks, never passed by it.
//
// Launch facts it reads (docs/cross-rank.md): a communication context's `rankId`, `rankNum`,
// `windowsIn[q]` (any GM struct with these fields), PTOAS's int64 context table (`ctx[2]`: rank id
// in the low half and rank count in the high half, `ctx[4 + q]`: rank q's window); each block
// index is 0 (blocks of one index talk to each other); a launch integer a peer loop is bounded by
// is P. Memory: every GM pointer of a rank points into its own window at an offset that is the
// same on every rank (a symmetric allocation), so `windowsIn[q] + (p - windowsIn[r])` is p's
// buffer on rank q; pointers with different launch symbols are different buffers.
#pragma once
#include "crossrank/AsyncTransfers.h"
#include "crossrank/IterationPrivate.h"
#include "crossrank/LaunchPath.h"
#include "crossrank/RankTrace.h"
#include "crossrank/RankValue.h"
#include "events/LoopMembership.h"
#include "clang/AST/OperationKinds.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include <map>
#include <set>
#include <memory>
#include <optional>
#include <variant>
#include <string>

namespace clang {
class ASTContext;
class BinaryOperator;
class CallExpr;
class CastExpr;
class CXXConstructExpr;
class InitListExpr;
class Expr;
class FunctionDecl;
class QualType;
class Stmt;
class SwitchStmt;
class TemplateArgumentList;
class VarDecl;
} // namespace clang

namespace commcheck {

class IntrinsicCatalogue;
class SymbolicPath;
struct Intrinsic;

/// Whether D is the communication context's rank-id field (`ctx->rankId`), which the interpreter
/// reads as the rank's id.
bool isRankIdField(const clang::NamedDecl *D);

/// What the rank interpreter needs of a compute loop's source (RankIdleLoops.cpp), once per loop.
struct ComputeLoopShape {
  bool Ok = false;
  std::vector<const clang::VarDecl *> Inputs;  ///< variables from outside it that it uses
  std::vector<const clang::VarDecl *> Outputs; ///< ... and assigns
  /// What it reads memory through (`t` of `t->ndims`, `t->shapes` of `t->shapes[d]`).
  std::vector<const clang::Expr *> Bases;
};

struct Unmodelled {
  std::string Why;
  clang::SourceLocation Loc;
  /// The run ended with a launch value taken for the rank count that no peer loop confirmed: it
  /// may be run again with such values as launch values (unbindUnconfirmed).
  bool Unconfirmed = false;
  /// Only this scenario of the launch values is not run: a loop over launch values that earlier
  /// choices keep going (`if (rows - base > tile)` taken each time) past the unrolling bound.
  /// The other scenarios are; the model is then not complete.
  bool ScenarioCut = false;
  /// A rank addressed the window of a rank beyond the count run: the code fixes more ranks than
  /// this (an index into the window table is a rank of the launch), so this count is no run of it.
  bool BeyondRanks = false;
  /// The run stopped at its step budget, not at a construct the model does not handle: the
  /// model could run it, and chose to stop (CrossRankModel fails closed on it).
  bool Budget = false;
  /// A launch value compared with a peer loop's variable (`if (peer != myRank)`): the rank the
  /// host passes as a scalar; the model may run again taking it for the rank id (takeAsRank).
  std::optional<Symbol> RankCandidate;
  /// The symbolic run stopped at a construct while a launch value was taken for the count: it may
  /// have stopped because of that (`me * elems` with `elems` P is no row), so it may be run again
  /// so too; where that stops as well, this stop is the reason given.
  bool CountDoubted = false;
  /// A run stopped by a budget (steps, scenarios, states), not at a construct: at the entry.
  static Unmodelled spent(std::string Why) {
    Unmodelled U{std::move(Why), clang::SourceLocation()};
    U.Budget = true;
    return U;
  }
};

class RankInterpreter {
public:
  RankInterpreter(clang::ASTContext &Ctx, const IntrinsicCatalogue &Catalogue,
                  unsigned long MaxSteps)
      : Ctx(Ctx), Catalogue(Catalogue), RankCountSym(intern("#P")), MaxSteps(MaxSteps) {}

  /// The launch values' scenario the next runs take (null: a branch on one is not modelled).
  void follow(LaunchPath *Path) {
    Launch = Path;
    DataChoices.clear();
    SharedChoice = false;
    if (Path)
      Path->define(&ProductOf, &QuotientOf);
  }
  /// After runs that took a launch value for the rank count and found no loop over the peers
  /// bounded by it in any scenario: from now on the last such value taken is a launch value to
  /// branch on: its name. None when there is none (the run's reason stands).
  std::optional<std::string> unbindUnconfirmed();
  /// From now on the launch value Sym is the rank id on each rank (the host passes the rank as a
  /// scalar). False when it already was.
  bool takeAsRank(Symbol Sym) { return RankSymbols.insert(Sym).second; }
  /// The launch values taken for the rank id, as the kernel names them.
  std::vector<std::string> rankNames() const;
  /// Whether one of Syms is taken for the rank id or the rank count (a value the run reads
  /// without asking the scenario's path).
  bool takenForRanks(const std::set<Symbol> &Syms) const {
    for (Symbol Sym : Syms)
      if (RankSymbols.count(Sym) || BoundCounts.count(Sym))
        return true;
    return false;
  }
  /// Whether a value some run took for the rank count is confirmed by no run's peer loop yet.
  bool anyUnconfirmed() const;

  /// The symbolic run (SymbolicRun): r and P symbols, branches on them Path's choices, a peer
  /// loop's body once (RankSymbolic.cpp); null: the explicit run. Runs then take Path's place of r
  /// for the rank.
  void symbolic(SymbolicPath *Path);

  /// Declared: every pointer argument addresses the rank's own memory (a notify through one
  /// signals the rank's own cell; otherwise its owner is the host's choice, RankOp::HostOwner).
  void assumeLocalArguments(bool On) { LocalArguments = On; }

  /// Code the configuration does not compile (a slice of another's parse): left out.
  void leaveOut(const std::vector<Span> &R) { Removed = &R; }

  /// Rank Rank's trace of Calls consecutive calls of Kernel among P ranks; Unmodelled if none.
  std::variant<RankTrace, Unmodelled> run(const clang::FunctionDecl *Kernel, int Rank, int P, unsigned Calls);

  /// Whether the last run read the rank count, or any run took a launch integer for it.
  bool readsRankCount() const { return ReadsRankCount; }
  bool bindsRankCount() const { return !BoundCounts.empty(); }
  /// Whether the last run's peer loop was bounded by a value a probe had unbound (the rank count
  /// after all, where a round it left out would have confirmed it: RankCountProbe::Short).
  bool peerLoopOnUnbound() const { return PeerLoopOnUnbound; }
  /// The launch values a peer loop of a run bounded (taken as the rank count), by name.
  std::vector<std::string> confirmedCounts() const;
  /// Take the launch values of these names as confirmed counts (another interpreter's runs').
  void confirmCounts(const std::vector<std::string> &Names);
  unsigned long steps() const { return Steps; }
  /// The symbolic run's row symbols (rowProduct): X * N, as (X, N).
  const std::map<Symbol, std::pair<Symbol, Symbol>> &rowProducts() const { return RowProducts; }
  /// The symbolic run's chunk loop variables (symbolicChunkLoop), and its phased loops' iteration
  /// symbols (symbolicPhasedLoop).
  const std::set<Symbol> &chunkSymbols() const { return ChunkSymbols; }
  const std::set<Symbol> &phaseSymbols() const { return PhaseSymbols; }
  /// Whether any run so far read its block index or count (it splits work between blocks, of
  /// which the model runs one).
  bool readsBlock() const { return ReadsBlock; }
  /// Whether a rank's run of this scenario took a branch on untracked data (or a TTEST's outcome)
  /// that another rank's run took before it: the scenarios then take it alike on both, and do not
  /// show the runs where the two ranks go different ways.
  bool choicesShared() const { return SharedChoice; }
  /// The highest rank index whose window the last run addressed (-1: none).
  int highestWindow() const { return HighestWindow; }
  /// An op of the last run's trace (its index) on a buffer (bufferText).
  struct BufferUse {
    std::string Root;
    size_t Op;
  };
  /// Where the last run reached a buffer through the window table, and where it notified into a
  /// buffer it was handed a pointer to: whether such a notify's owner is the host's choice is a
  /// question of the whole run, which the symbolic run asks over the paths that make one.
  const std::vector<BufferUse> &windowReaches() const { return WindowReaches; }
  const std::vector<BufferUse> &handedNotifies() const { return HomeNotifies; }

  // The run's state and steps (RankInterpreter*.cpp); public for the files that implement them.
  using Slot = std::shared_ptr<RankValue>;
  struct Frame {
    llvm::DenseMap<const clang::VarDecl *, Slot> Vars;
    std::optional<RankValue> Returned;
  };
  enum class Flow { Next, Break, Continue, Return };

  Flow exec(const clang::Stmt *S);
  RankValue eval(const clang::Expr *E);
  Slot lvalue(const clang::Expr *E);
  /// Whether E names a variable or a field of one (`p`, `ctx.layout`): evaluating it reads no
  /// memory (a pointer to a local object may be its value).
  static bool localPath(const clang::Expr *E);
  [[noreturn]] void fail(const std::string &Why, const clang::Stmt *At) const;
  [[noreturn]] void stop(Unmodelled U) const;
  /// Stops the run with a rank-id candidate where a launch scalar places a remote write.
  void rankFromRemoteSlot(RankOpKind K, const Linear &Addr, const MemRange &M, const clang::Expr *At);
  int64_t concrete(const clang::Expr *E, const std::string &What);
  bool truth(const clang::Expr *E);
  /// Notes the launch values taken for the count that no peer loop confirmed so far (Doubted,
  /// for unbindUnconfirmed); whether there is one.
  bool doubtUnconfirmed();
  /// A rank's index (a window's): a number, or a launch value the scenarios run at each rank the
  /// path allows; Linear::AnyRank where it is read from data (any rank).
  int64_t rankIndex(const clang::Expr *E, const std::string &What);
  /// A runtime extent or stride of a view: its value, or where it is made of launch values the
  /// largest the scenario's constraints allow (the view then covers at least its bytes).
  std::optional<int64_t> extentBound(const Linear &L);
  /// A signal's value or threshold: a number, or read from launch data (the scenario picks it).
  /// Picked: whether it is made of a value the scenario took at some values only.
  int64_t signalValue(const clang::Expr *E, bool &Picked);

private:
  /// The symbolic run (RankSymbolic.cpp): the path, a peer loop's body run once, the slots its
  /// body may not assign, the offset of the access being recorded in r, P and j.
  SymbolicPath *SymRun = nullptr;
  /// A loop `for (j = e; j < n; ++j)` over a range of rank forms: its body once, j a symbol (a
  /// range of numbers: run as such). None: not of that form (nothing run).
  std::optional<Flow> symbolicLoop(const clang::Stmt *Init, const clang::Expr *Cond,
                                   const clang::Expr *Inc, const clang::Stmt *Body,
                                   const clang::Stmt *Loop);
  /// A chunk loop `for (b = e; b < n; b += step)` over forms of r, P and launch values whose body
  /// only moves data: its body once, b a symbol of its own (SymbolicPath::enterChunk).
  std::optional<Flow> symbolicChunkLoop(const clang::Stmt *Init, const clang::BinaryOperator *Cond,
                                        const clang::Expr *Inc, const clang::Expr *StepBy,
                                        const clang::Stmt *Body, const clang::Stmt *Loop);
  /// A chunk loop whose body signals (a phased loop, docs/cross-rank.md): its body once for the
  /// iteration k, a symbol (b = lo + step * k, step a number); an outer variable the body raises
  /// by a number once every iteration (`++expected`) is v0 + c * k in it and v0 + c * T after it,
  /// T the loop's trips (a symbol alike on every rank).
  Flow symbolicPhasedLoop(const Slot &B, const Linear &Lo, const Linear &End, const Linear &Step,
                          const clang::Stmt *Body, const clang::Stmt *Loop);
  std::set<Symbol> PhaseSymbols; ///< phaseSymbols()
  bool InPhase = false;          ///< a phased loop's body runs
  std::set<const clang::Stmt *> PhasedRan; ///< the phased loops this run ran (once each)
  /// A loop over a range of numbers, from its condition on (its init run).
  Flow runNumbers(const clang::Expr *Cond, const clang::Expr *Inc, const clang::Stmt *Body,
                  const clang::Stmt *Loop);
  /// Body once with Var the symbol Symbol, between Enter and Leave: what it assigns from outside
  /// it must be iteration-private (unknown after it). What: the loop, for messages.
  /// Carried: outer slots the body may assign all the same (a phased loop's induction variables).
  Flow bodyOnce(const clang::Stmt *Body, const clang::Stmt *Loop, const Slot &Var, const Linear &Symbol,
                llvm::function_ref<void()> Enter, llvm::function_ref<void()> Leave, const char *What,
                const std::vector<Slot> &Carried = {});
  std::set<Symbol> ChunkSymbols; ///< chunkSymbols()
  std::map<Symbol, std::pair<Symbol, Symbol>> RowProducts; ///< rowProducts()
  void guardWrite(const Slot &S, const clang::Stmt *At) const;
  /// Whether L is a form the symbolic run decides and states: of r, P, a peer loop's j and launch
  /// values alike on every rank (not a block index, nor a pointer), with at least one term.
  bool symbolicForm(const Linear &L) const;
  /// Whether a symbolic form has no launch value (only r, P, j).
  bool launchFree(const Linear &L) const;
  /// Why the symbolic run stops at a loop condition on a form of symbols (SymRun's).
  std::string symbolicLoopCondition(const Linear &D) const;
  int symbolicIndex(const clang::Expr *E);
  /// Off's terms in r, P and j, taken out of it (its other terms must be pointers).
  Linear symbolicOffset(Linear &Off, const clang::Expr *At);
  int64_t symbolicValue(const clang::Expr *E);
  std::set<const RankValue *> OuterSlots;
  /// Of OuterSlots, those of the locations the peer loop's iterations each assign before reading
  /// (IterationPrivate): the body may assign them; after the loop they are unknown.
  std::set<const RankValue *> PrivateSlots;
  llvm::DenseMap<const clang::Stmt *, std::vector<VarLocation>> PrivateLocations; ///< per loop
  /// The slot of an iteration-private location at the loop's entry (made where a field was never
  /// set), when no other variable or reference holds it or a slot within it; null otherwise.
  Slot privateSlot(const VarLocation &L);
  /// The slot of L as the frame holds it now, or null (no field made, no sharing checked).
  Slot located(const VarLocation &L);
  Linear PendingOffset;
  Flow execSwitch(const clang::SwitchStmt *SS);
  Flow execLoop(const clang::Stmt *Init, const clang::Expr *Cond, const clang::Expr *Inc,
                const clang::Stmt *Body, bool CondFirst, const clang::Stmt *Loop);
  void declare(const clang::VarDecl *VD);
  /// Whether what a reference of this type refers to cannot be written through it (const, no
  /// mutable member): bound to memory with no slot, it may stand for the value it reads.
  static bool readOnlyReferent(clang::QualType Reference);
  /// Whether E names (a member or element of) a local variable's own storage, or of a local
  /// object a pointer to it reaches (`log->peers[i]`), not other memory a pointer reaches.
  bool namesLocalStorage(const clang::Expr *E);
  /// The slot a reference (a variable or a helper's parameter) bound to Init names: Init's own,
  /// else one holding Value() where that loses no write the race check needs; else the run stops.
  Slot bindReference(clang::QualType Reference, const clang::Expr *Init,
                     llvm::function_ref<RankValue()> Value);
  /// A value the launch passes (a parameter, a field of a struct parameter): a pointer into the
  /// rank's own window, a struct whose fields are launch values, else a launch symbol.
  RankValue launchValue(llvm::StringRef Name, clang::QualType T);
  /// The block index and count, the sub-block's (AIV) index and count (BlockIndex + 1: its count).
  enum BlockValue { BlockIndex = 0, BlockCount = 1, SubBlockIndex = 2, SubBlockCount = 3 };
  /// One of them: a launch symbol alike on every rank (blocks of one index talk to each other),
  /// with `0 <= index < count` on the scenario's path (docs/cross-rank.md, "Blocks").
  RankValue blockValue(int Which);
public:
  /// After a run stopped at a construct where the block index was a symbol (a window index, a
  /// peer loop's bound made of it): from now on every block is block 0 of one, as before session
  /// 39 (docs/cross-rank.md, "The block index as a launch value"). False when it already was or no
  /// run read the block index.
  bool blocksAsBlockZero() {
    return !BlocksConcrete && ReadsBlock ? BlocksConcrete = true : false;
  }
  /// S a block index (or the sub-block's), a value named from one (a trips range, a load), neither.
  enum class BlockNaming { None, Index, Derived };
  BlockNaming blockNaming(Symbol S) const;
private:
  bool BlocksConcrete = false;
  /// A loop over the peers: its condition's variable indexes a window (directly or through a
  /// helper's parameter). Only such a loop's bound is taken as the rank count.
  bool isPeerLoop(const clang::Stmt *Loop, const clang::Expr *Cond);
  RankValue evalBinary(const clang::Expr *E);
  RankValue evalUnary(const clang::Expr *E);
  /// L op R for an arithmetic operator (not a comparison), with the operands' types.
  /// `x += y` and `x -= y` on a local number, y's value R: x's slot, summed in place (null:
  /// not such an assignment, nothing done).
  Slot summedInPlace(const clang::BinaryOperator *BO, const RankValue &R);
  /// The expression a statement (or a loop's increment) evaluates for its effects only: its
  /// value is not used (summedInPlace then returns none).
  const clang::Expr *Unused = nullptr;
  RankValue arith(clang::BinaryOperatorKind Op, const RankValue &L, const RankValue &R,
                  clang::QualType LT, clang::QualType RT);
  RankValue arithValue(clang::BinaryOperatorKind Op, const RankValue &L, const RankValue &R,
                       clang::QualType LT, clang::QualType RT);
  RankValue evalCast(const clang::Expr *E);
  RankValue castValue(const clang::CastExpr *CE, bool &FromTable);
  RankValue evalMember(const clang::Expr *E);
  RankValue evalSubscript(const clang::Expr *E);
  RankValue evalDeclRef(const clang::Expr *E);
  RankValue evalCall(const clang::CallExpr *E);
  RankValue evalConstruct(const clang::CXXConstructExpr *E);
  /// A struct's braced initialiser: the object with its fields.
  RankValue evalAggregate(const clang::InitListExpr *IL);
  RankValue callUser(const clang::FunctionDecl *FD, const clang::CallExpr *E);
  RankValue intrinsic(const Intrinsic &I, const clang::CallExpr *E);
  /// Async engines (RankAsyncCalls.cpp): a transfer just recorded as the trace's ops from First
  /// on is in flight; its event is returned.
  RankValue issueAsync(const clang::CallExpr *E, const clang::Expr *Session, unsigned First);
  /// An event's Wait or Test, `valid()`, a session built (BuildAsyncSession).
  RankValue asyncEvent(const Intrinsic &I, const clang::CallExpr *E, const clang::Expr *Session);
  /// A compiler-made copy or move assignment (`ev = TPUT_ASYNC(...)`): the value assigned.
  RankValue assignDefaulted(const clang::CallExpr *E);
  /// An expression statement whose value is dropped: a call there is `(void)call(...)`.
  void noteDiscarded(const clang::Expr *E);
  const clang::Expr *Discarded = nullptr;
  AsyncTransfers Async;
  /// TTEST (RankPolling.cpp): in a polling loop its outcome is the loop's choice (the signal
  /// arrives while it polls, or never); alone, a choice. Where it holds it is a wait that passed.
  RankValue probe(const Intrinsic &I, const clang::CallExpr *E);
  std::optional<RankValue> libraryCopy(const clang::CallExpr *E);
  /// A loop that polls a signal: `for (...; poll < limit; ...) { if (TTEST(...)) { ...; break; } }`.
  struct PollingLoop {
    const clang::CallExpr *Test = nullptr; ///< null: not a polling loop
    bool Timeout = false;                  ///< it has a condition that may end it without the signal
    bool Quiet = false; ///< its iterations without the signal record nothing (quietIteration)
    std::vector<const clang::VarDecl *> Havoc; ///< what its iterations without the signal assign
  };
  const PollingLoop &pollingLoop(const clang::Stmt *Loop, const clang::Expr *Cond,
                                 const clang::Stmt *Body, const clang::Expr *Inc);
  llvm::DenseMap<const clang::Stmt *, PollingLoop> PollingLoops;
  /// The polling loops being run: the loop, whether the signal arrives, whether it was probed.
  struct Poll {
    const PollingLoop *Of;
    bool Arrives;
    bool Probed = false;
  };
  std::vector<Poll> Polls;
  /// Whether the innermost poll gives up after an iteration that recorded nothing (it would
  /// repeat it to its limit): what the iterations assign is then unknown and the loop is left.
  bool pollGivesUp(size_t OpsBefore);
  /// The address a GM lvalue (`*p`, `p[i]`, `p->f`, `x.f` of such) names, when it is one.
  std::optional<Linear> gmAddress(const clang::Expr *E);
  RankValue load(const Linear &Addr, clang::QualType T, const clang::Expr *At);
  /// A word of PTOAS's context table at Rel bytes from its start that is a window at an index
  /// made of launch values (each rank it may be a scenario); none: not such a word.
  std::optional<RankValue> tableWindow(const Linear &Rel, const clang::Expr *At);
  /// Where E is a struct in GM (`inbox[0]`, `*p`), its bytes accessed whole (a copy out of it, K
  /// Read; the compiler's operator= into it, K Write) at At; whether it was one.
  bool wholeRecord(RankOpKind K, const clang::Expr *E, const clang::Expr *At);
  /// Named: the expression the kernel names the memory with (a view, a pointer, an lvalue).
  void record(RankOpKind K, const RankValue &View, const clang::Expr *At, const std::string &What,
              const clang::Expr *Named = nullptr);
  MemRange range(const Linear &Addr, std::optional<int64_t> Bytes, const clang::Expr *At);
  /// Off with each launch value the scenario fixes at one value replaced by that value; each
  /// launch value Off names noted as one the scenario's constraints place an access by.
  void fixLaunchValues(Linear &Off);
  /// L with the launch integers taken as P replaced; a comparison may take one (bind).
  Linear resolve(const Linear &L, bool Bind);
  /// Whether `D Op 0` on launch values: decided by the scenario (Launch), when D is made of launch
  /// values only; nullopt otherwise.
  std::optional<bool> launchDecides(const Linear &D, clang::BinaryOperatorKind Op);
  /// Whether D is made of launch values only (a scenario may branch on it).
  bool launchOnly(const Linear &D) const;
  /// Rank Q's window base, as the context gives it (counting the peers addressed).
  RankValue windowOf(int Q);
  /// The window of a rank read from data: any rank's (Linear::AnyRank).
  RankValue anyWindow();
  RankValue pointerArith(const RankValue &Ptr, const RankValue &N, clang::QualType PtrT, int Sign);
  std::optional<int64_t> viewBytes(clang::QualType T, const std::vector<RankValue> &Args,
                                   RankValue &View);
  /// View, its unknown extents bounded by what the tile moving it holds.
  RankValue boundByTile(RankValue View, const clang::Expr *Tile);
  /// A view's byte count as the launch values make it (none: a number, or not such values).
  std::optional<Linear> symbolicBytes(const clang::TemplateArgumentList &TA,
                                      const std::vector<RankValue> &Args, int64_t Elem);
  /// A grid of signal cells (Signal2D): the GlobalTensor view it derives from (RankGrids.cpp).
  RankValue derivedView(const clang::CXXConstructExpr *E, const std::vector<RankValue> &Args);
  /// A TWAIT on a view of several cells (a grid): one wait per cell, in the order the wait reads
  /// them; false when the view is one cell (or its shape is unknown), recorded as one wait.
  bool recordGridWait(const RankValue &Cells, const clang::Expr *At);
  int64_t typeBytes(clang::QualType T) const;
  /// What the interpreter needs of a record type, once per type (names are costly).
  struct TypeFacts {
    enum { Other, DimsType, ViewType, Grid } Kind = Other;
    std::optional<std::vector<int64_t>> Dims; ///< template arguments, when all integers
  };
  const TypeFacts &typeOf(clang::QualType T);
  std::string enumeratorName(const clang::Expr *E);
  void step(const clang::Stmt *S);
  /// The symbol of a launch value's name, and back.
  Symbol intern(llvm::StringRef Name, bool *New = nullptr);
  const std::string &name(Symbol S) const { return Names[S]; }
  /// The part of an address that names its buffer, rank-independently: the launch symbols.
  std::string rootText(const Linear &L) const;
  /// A form as part of a symbol's name (quotient, byCount): rootText with its constant, in
  /// parentheses unless it is one symbol (`(numel+1)`, `rows`).
  std::string formText(const Linear &V) const;
  /// rootText's answers by (symbol, coefficient)* and denominator: names never change once
  /// interned, and every access of every run asks again (a text is costly to build).
  mutable llvm::DenseMap<llvm::ArrayRef<int64_t>, std::string> RootTexts;
  /// The symbol of the value a load from Addr reads: named by the address's text, the same on
  /// every rank (its window bases dropped); by the address's form, once per interpreter.
  Symbol loadedSymbol(const Linear &Addr);
  llvm::DenseMap<llvm::ArrayRef<int64_t>, Symbol> LoadedSymbols;
  /// The keys of RootTexts and LoadedSymbols (asked on every access and load of every run: a
  /// hashed key built on the stack is found without allocating; a new one is kept here).
  mutable llvm::BumpPtrAllocator MemoKeys;
  llvm::ArrayRef<int64_t> keptKey(llvm::ArrayRef<int64_t> Key) const {
    return llvm::ArrayRef<int64_t>(Key).copy(MemoKeys);
  }
  /// How the kernel spells the memory of an access (RankMemory.cpp's spelling), by the
  /// expression: the source text is read once, not on every access of every run.
  mutable llvm::DenseMap<const clang::Expr *, std::string> Spellings;
  clang::ASTContext &Ctx;
  const IntrinsicCatalogue &Catalogue;
  std::vector<std::string> Names; ///< of the launch symbols, by Symbol
  /// Symbols as a finding shows them: a launch word by the name of the variable the kernel first
  /// keeps it in (`root`, not `*(args+32)`).
  std::vector<std::string> Shown;
  llvm::StringMap<Symbol> Ids;
  const Symbol RankCountSym;      ///< the rank count, as PTOAS's context word holds it
  unsigned long MaxSteps;
  unsigned long Steps = 0;
  int Rank = 0, P = 0;
  unsigned Call = 0;
  std::vector<Frame> Frames;
  RankTrace Trace;
  llvm::DenseSet<const clang::VarDecl *> ContextTables; ///< PTOAS int64 context tables
  /// Where context tables lie: an entry's table parameter, or a word of the argument table
  /// converted to an int64 pointer (`reinterpret_cast<__gm__ int64_t *>(args[9])`).
  std::set<Symbol> ContextBases;
  /// The launch's argument table (`kernel_entry(__gm__ int64_t *args)`, level 0) and the
  /// descriptors its words point to (a ChipTensor, level 1): what the host wrote for the launch.
  /// An integer read from them is a launch value; a pointer read from a descriptor is data.
  std::map<Symbol, int> ArgumentTables;
  std::set<Symbol> ArgumentWords; ///< integers read from the argument table itself
  /// Symbols naming a product of two launch values (`rows * cols`): linear forms stay linear.
  LaunchPath::Products ProductOf;
  /// The one launch value D is a function of, through quotients by constants of it (`me - 2 *
  /// (me / 2)`); none where D names another symbol or two.
  std::optional<Symbol> onlyLaunchValue(const Linear &D) const;
  /// Whether S is a launch value that may be the rank id: not the block index (alike on every
  /// rank by declaration).
  bool mayBeRankId(Symbol S) const {
    return LaunchSymbols.count(S) && !BlockSymbols.count(S) && !ComputedSymbols.count(S);
  }
  /// Stops the run where L, a rank (a window index), names the block index: the probe then runs
  /// every block as block 0 of one (docs/cross-rank.md, "The block index as a launch value").
  void blockAsRank(const Linear &L, const clang::Expr *At);
  /// A * B when both are made of launch values (each product of two symbols a symbol of its own).
  std::optional<Linear> product(const Linear &A, const Linear &B);
  /// The symbolic run: A * B, a sum of the instance's symbols, P or launch values times `k * N` (N
  /// a launch value): a row of N per term (SymOp::Row). None for launch values alone (product()).
  std::optional<Linear> rowProduct(const Linear &A, const Linear &B);
  /// The row symbol X * N, its definition given to the run's solver (SymbolicPath::product).
  Symbol rowSymbol(Symbol X, Symbol N);
  std::set<Symbol> TripsSymbols; ///< phased loops' trips (launch values rowProduct takes as rows)
  /// The symbolic run's `x % P` of a ring neighbour (x in [kP, (k + 2)P) on the path): x - kP, a
  /// turn less, or an instance's symbol one of them by a clause of the path. None elsewhere.
  std::optional<Linear> ringRemainder(const Linear &X, const Linear &N, bool Unsigned);
  unsigned RingSymbolsThisRun = 0; ///< ringRemainder's symbols named in this run, in order
  /// The symbolic run's `n / P` or `n % P` of n alike on every rank: a bounded launch value.
  std::optional<Linear> byCount(bool Remainder, const Linear &N, const Linear &By, bool Unsigned);
  /// Symbols naming a quotient of a form by a constant (`len / 2`): integers, not Of / By.
  LaunchPath::Quotients QuotientOf;
  /// V / By (By != 0) as C computes it on a value of Floor's kind: a symbol of its own, defined
  /// by its constraints (LaunchBox.h's Quotient), where V is not a constant or an address.
  Linear quotient(const Linear &V, int64_t By, bool Floor, const Linear *Per = nullptr);
  /// V & Mask for a constant mask that clears or keeps the low bits (`~7`, `7`) of a value of
  /// Width bits: V less V % 2^k, or V % 2^k (rounded toward minus infinity, as bits are).
  std::optional<Linear> lowBits(const Linear &V, int64_t Mask, unsigned Width);
  /// Whether L Op R computes on unsigned values (C's usual arithmetic conversions).
  bool unsignedArith(clang::QualType LT, clang::QualType RT) const;
  std::map<Symbol, int> BoundCounts; ///< launch integers taken as P
  std::vector<Symbol> BindOrder;     ///< BoundCounts' keys in the order the run took them
  /// Values a peer loop of some run so far was bounded by: a scenario that returns before the
  /// loop (`if (root >= nranks) return;`) does not make them launch values again.
  std::set<Symbol> ConfirmedCounts;
  std::vector<Symbol> Doubted;       ///< taken for P by a run, no peer loop bounded by them there
  std::set<Symbol> LaunchSymbols;    ///< values the launch passes (parameters, their fields)
  /// Launch words of a tensor descriptor (its start offset): they move an access as the rank id
  /// does, but are never the rank (rankFromRemoteSlot), as a word the kernel converts to a
  /// pointer (PointerSymbols) is not.
  std::set<Symbol> BufferWords;
  /// A branch on untracked data, by condition and its occurrence in the rank's run: the way the
  /// scenario took it, the same on every rank (data alike on every rank, like launch values), and
  /// the rank that took it first. A probe's outcome is timing, not data: it is chosen for each
  /// rank (the key's rank; -1 for data).
  std::map<std::tuple<const clang::Expr *, unsigned, int>, std::pair<bool, int>> DataChoices;
  bool SharedChoice = false; ///< a rank met a choice another rank took (choicesShared)
  llvm::DenseMap<const clang::Expr *, unsigned> DataOccurrences; ///< per run
  /// PerRank: the outcome is timing or the hardware's (an async event's completion), chosen for
  /// each rank apart; a probe's (Poll) always is.
  bool dataChoice(const clang::Expr *E, bool Poll = false, bool PerRank = false);
  /// Whether L is made of untracked memory's values (and launch values): a value a scenario picks.
  bool dataValue(const Linear &L) const;
  std::string spelled(Symbol Sym) const; ///< a launch value as the kernel spells it (RankSpelling)
  /// Notes how BO spells a value its comparison took for the count (BindOrder grew past Bound).
  void spellCount(size_t Bound, const clang::BinaryOperator *BO, const Linear &Left);
  std::set<Symbol> Compared;         ///< launch values a branch compared (sizes, modes)
  std::set<Symbol> RankSymbols;      ///< launch values taken for the rank id (takeAsRank)
  std::map<Symbol, std::string> RankSpelling; ///< how the comparison that took each spells it
  std::set<Symbol> NotRankCount;     ///< launch values a run showed are not the rank count
  LaunchPath *Launch = nullptr;
  /// The constant signal values runs so far met: the values a signal value read from launch
  /// data is tried at, besides 1 and 2 (at most MaxPicks in all).
  std::set<int64_t> SignalConstants;
  static constexpr size_t MaxPicks = 6;
  /// The variables of the loops over the peers being run: a launch value compared with one may
  /// be the rank id, which differs between ranks (a launch value is branched on as the same on
  /// every rank).
  std::vector<const clang::VarDecl *> PeerLoopVars;
  /// Whether E names the variable of a loop over the peers being run.
  bool peerLoopVariable(const clang::Expr *E) const;
  bool ReadsRankCount = false, ReadsBlock = false;
  bool CondOnUnbound = false, PeerLoopOnUnbound = false; ///< peerLoopOnUnbound
  int HighestWindow = -1;
  unsigned PeerUses = 0;             ///< times another rank's window was addressed
  bool InLoopCond = false;           ///< evaluating a loop's condition
  bool DataLoopOk = false;           ///< ... of a loop that counts to a value read once
  bool countedOnData(const clang::Expr *Cond, const clang::Stmt *Body);
  llvm::DenseMap<const clang::Stmt *, bool> CountedLoops; ///< countedOnData, per loop
  /// Whether Loop changes nothing the run sees after it (RankIdleLoops.cpp: a delay loop).
  bool idleLoop(const clang::Stmt *Init, const clang::Expr *Cond, const clang::Expr *Inc,
                const clang::Stmt *Body, const clang::Stmt *Loop);
  llvm::DenseMap<const clang::Stmt *, bool> IdleLoops; ///< idleLoop, per loop
  /// Whether Loop only computes from launch data and values alike on every rank (RankIdleLoops.cpp:
  /// pypto's `for (d = 0; d < t->ndims; ++d) numel *= t->shapes[d];`): it is not entered, and each
  /// variable from outside it that it assigns becomes a launch value of its own.
  bool computeLoop(const clang::Stmt *Init, const clang::Expr *Cond, const clang::Expr *Inc,
                   const clang::Stmt *Body, const clang::Stmt *Loop);
  llvm::DenseMap<const clang::Stmt *, ComputeLoopShape> ComputeLoops;
  std::map<std::string, unsigned> ComputedNames; ///< of computeLoop's values, how many so named
  std::set<Symbol> ComputedSymbols; ///< the values compute loops left: computed, never the rank id
  /// Whether Addr is a word of the launch's argument table or of a descriptor a word of it
  /// points to (what the host wrote for the launch: a launch value when read as an integer): the
  /// table's symbol, if so.
  std::optional<Symbol> launchDataWord(const Linear &Addr) const;
  std::set<Symbol> LoopCondSymbols; ///< launch values taken as P a loop condition used
  unsigned Depth = 0;
  const std::vector<Span> *Removed = nullptr;
  std::set<std::string> WindowRoots; ///< buffers reached through the window table (bufferText)
  std::vector<BufferUse> WindowReaches; ///< windowReaches()
  std::vector<BufferUse> HomeNotifies;  ///< notifies into handed pointers
  bool LocalArguments = false;          ///< pointer arguments address the rank's own memory
  /// Symbols that entered as pointers (a pointer parameter, a pointer loaded, an integer converted
  /// to one): what names a buffer, where the other symbols of an address are offsets into it.
  std::set<Symbol> PointerSymbols;
  /// The block index and count (blockValue): launch symbols, never the rank id.
  std::set<Symbol> BlockSymbols;
  /// The buffer an address is in, by its pointer symbols only (`signals`, not `signals + stride`).
  std::string bufferText(const Linear &L) const;
  llvm::DenseMap<const clang::Stmt *, int> Placed; ///< where each statement lies (Removed)
  llvm::DenseMap<const clang::Stmt *, bool> PeerLoops; ///< memo of isPeerLoop
  /// The symbolic run: the entry's statements (its body's and its blocks'), in source order.
  llvm::DenseMap<const clang::Stmt *, unsigned> StatementIndex;
  void numberStatements(const clang::Stmt *Body);
  /// What each callee is: its catalogue entry, or what else (memo: names are costly).
  struct CalleeKind {
    const Intrinsic *I = nullptr;
    int Block = -1; ///< a BlockValue, or -1
  };
  llvm::DenseMap<const clang::FunctionDecl *, CalleeKind> Callees;
  llvm::DenseMap<const clang::Type *, TypeFacts> Types;
};

} // namespace commcheck
