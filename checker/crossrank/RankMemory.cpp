// Memory of the rank interpreter: GM addresses, loads (launch data, the communication context),
// the byte ranges accesses are recorded with.
#include "crossrank/RankInterpreter.h"
#include "crossrank/SymbolicPath.h"
#include "frontend/WrittenText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"

namespace commcheck {

using namespace clang;

namespace {

/// The rank whose memory an address is in, when it is exactly one rank's: its places (window
/// bases and homes) add up to one of rank q's and none of any other's.
std::optional<int> ownerOf(const Linear &L) {
  // (Asked on every access: a form names a few places, so a flat list, not a tree.)
  llvm::SmallVector<std::pair<int, int64_t>, 4> PerRank;
  for (const auto &[Sym, K] : L.Terms)
    if (Linear::isPlace(Sym)) {
      int Q = Linear::placeRank(Sym);
      auto It = llvm::find_if(PerRank, [Q](const auto &E) { return E.first == Q; });
      if (It == PerRank.end())
        PerRank.push_back({Q, K});
      else
        It->second += K;
    }
  std::optional<int> Owner;
  for (const auto &[Q, K] : PerRank) {
    if (K == 0)
      continue;
    if (K != L.Den || Owner)
      return std::nullopt;
    Owner = Q;
  }
  return Owner;
}

/// Whether the address was computed from a window base (not only from a pointer handed over).
bool fromWindow(const Linear &L) {
  for (const auto &[Sym, K] : L.Terms)
    if (Linear::isWindow(Sym))
      return true;
  return false;
}

const FieldDecl *fieldOf(const Expr *E) {
  if (const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<FieldDecl>(ME->getMemberDecl());
  return nullptr;
}

/// Key followed by L's terms but its places: what names the memory L addresses, whichever rank's
/// window it is in (rootText and loadedSymbol memoise by it).
using MemoKey = llvm::SmallVector<int64_t, 12>;
MemoKey withoutPlaces(std::initializer_list<int64_t> Head, const Linear &L) {
  MemoKey Key(Head);
  for (const auto &[Sym, K] : L.Terms)
    if (!Linear::isPlace(Sym))
      Key.append({int64_t(Sym), K});
  return Key;
}
} // namespace

std::string RankInterpreter::rootText(const Linear &L) const {
  MemoKey Key = withoutPlaces({L.Den}, L);
  if (auto It = RootTexts.find(Key); It != RootTexts.end())
    return It->second;
  // Named in the order of the names, so that the text does not depend on when each was met.
  std::vector<std::pair<std::string, int64_t>> Named;
  for (const auto &[Sym, K] : L.Terms)
    if (!Linear::isPlace(Sym))
      Named.push_back({name(Sym), K});
  std::sort(Named.begin(), Named.end());
  std::string S;
  for (const auto &[N, K] : Named) {
    if (!S.empty())
      S += "+";
    if (K != 1)
      S += std::to_string(K) + "*";
    S += N;
  }
  if (L.Den != 1)
    S = "(" + S + ")/" + std::to_string(L.Den);
  RootTexts.try_emplace(keptKey(Key), S);
  return S;
}

Symbol RankInterpreter::loadedSymbol(const Linear &Addr) {
  MemoKey Key = withoutPlaces({Addr.Const, Addr.Den}, Addr);
  if (auto It = LoadedSymbols.find(Key); It != LoadedSymbols.end())
    return It->second;
  Symbol Sym = intern("*(" + rootText(Addr) + "+" + std::to_string(Addr.Const) + ")");
  LoadedSymbols.try_emplace(keptKey(Key), Sym);
  return Sym;
}

std::string RankInterpreter::bufferText(const Linear &L) const {
  Linear Base = L;
  Base.eraseTerms([this](const Linear::Term &T) { return !PointerSymbols.count(T.first); });
  Base.Const = 0;
  Base.normalise();
  return rootText(Base);
}

int64_t RankInterpreter::typeBytes(QualType T) const {
  if (T->isVoidType())
    return 1;
  if (T->isIncompleteType() || T->isDependentType())
    fail("the size of an incomplete type", nullptr);
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

RankValue RankInterpreter::anyWindow() {
  ++PeerUses;
  RankValue V = RankValue::number(Linear::window(Linear::AnyRank));
  V.FromTable = true;
  return V;
}

RankValue RankInterpreter::windowOf(int Q) {
  if (Q != Rank)
    ++PeerUses;
  HighestWindow = std::max(HighestWindow, Q);
  RankValue V = RankValue::number(Linear::window(Q));
  V.FromTable = true;
  return V;
}

RankValue RankInterpreter::pointerArith(const RankValue &Ptr, const RankValue &N, QualType PtrT,
                                        int Sign) {
  if (Ptr.K != RankValue::Number || N.K != RankValue::Number)
    return RankValue::unknown("pointer arithmetic on unknown values");
  int64_t Size = typeBytes(PtrT->getPointeeType());
  RankValue R = RankValue::number(Ptr.L.plus(N.L.scaled(Size * Sign)));
  R.FromTable = Ptr.FromTable || N.FromTable;
  return R;
}

Linear RankInterpreter::resolve(const Linear &L, bool Bind) {
  // Most forms name neither the rank count nor a value taken for it: they stay as they are
  // (in their normal form, which the sum of their terms below would give).
  bool Plain = true;
  for (size_t I = 0; I < L.Terms.size() && Plain; ++I)
    Plain = L.Terms[I].first != RankCountSym && !BoundCounts.count(L.Terms[I].first);
  if (Plain && !Bind) {
    Linear R = L;
    R.canonicalise();
    return R;
  }
  Linear R = Linear::constant(L.Const).scaled(1, L.Den);
  for (const auto &[Sym, K] : L.Terms) {
    Linear T = Linear::symbol(Sym);
    auto It = BoundCounts.find(Sym);
    if (Sym == RankCountSym) {
      T = SymRun ? Linear::symbol(RankCountSym) : Linear::constant(P);
      ReadsRankCount = true;
    } else if (It != BoundCounts.end()) {
      T = SymRun ? Linear::symbol(RankCountSym) : Linear::constant(P);
      if (InLoopCond)
        LoopCondSymbols.insert(Sym);
    }
    R = R.plus(T.scaled(K, L.Den));
  }
  if (InLoopCond && Bind && R.Terms.size() == 1 && NotRankCount.count(R.Terms.begin()->first))
    CondOnUnbound = true; // (a loop's bound: the count after all, if the loop is over the peers)
  // Only a value of the launch may be the rank count: data read from a buffer is not.
  // Nor is a value computed from others (`shapes[0] / nranks`): its dividend would be.
  if (!Bind || R.Terms.size() != 1 || !LaunchSymbols.count(R.Terms.begin()->first) ||
      NotRankCount.count(R.Terms.begin()->first) || QuotientOf.count(R.Terms.begin()->first) ||
      ComputedSymbols.count(R.Terms.begin()->first) || // (nor what a compute loop leaves,
      ProductOf.count(R.Terms.begin()->first))           //  nor a product of two)
    return R;
  // One launch value compared: take it as the rank count, to be confirmed by a peer loop.
  if (BoundCounts.try_emplace(R.Terms.begin()->first, 0).second)
    BindOrder.push_back(R.Terms.begin()->first);
  return resolve(L, false);
}

std::optional<Linear> RankInterpreter::gmAddress(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Deref)
      return std::nullopt;
    RankValue V = eval(UO->getSubExpr());
    return V.K == RankValue::Number && V.L.isSymbolic() ? std::optional<Linear>(V.L) : std::nullopt;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = AS->getBase();
    std::optional<Linear> B;
    if (Base->getType()->isPointerType()) {
      RankValue V = eval(Base);
      if (V.K == RankValue::Number && V.L.isSymbolic())
        B = V.L;
    }
    if (!B)
      return std::nullopt;
    RankValue I = eval(AS->getIdx());
    if (I.K != RankValue::Number)
      fail("an index the model cannot compute (" + I.Why + ")", AS);
    return B->plus(I.L.scaled(typeBytes(AS->getType())));
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return std::nullopt;
    std::optional<Linear> B;
    if (ME->isArrow()) {
      RankValue V = eval(ME->getBase());
      if (V.K == RankValue::Number && V.L.isSymbolic())
        B = V.L;
    } else {
      B = gmAddress(ME->getBase());
    }
    if (!B)
      return std::nullopt;
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(FD->getParent());
    return B->plus(Linear::constant(RL.getFieldOffset(FD->getFieldIndex()) / 8));
  }
  return std::nullopt;
}

std::optional<RankValue> RankInterpreter::tableWindow(const Linear &Rel, const Expr *At) {
  // ctx[4 + e], e made of launch values (`ctx[(me / 2) * 2 + i + 4]`, a rank's pair): rank e's
  // window, each rank e may be a scenario; e read from data (`dst = eid / 32`, eid loaded): the
  // window of any rank. The kernel checks no range: e is taken to be a rank of the launch (the
  // window-index assumption); a word of the table that is no window would be a garbage address.
  Linear E = resolve(Rel.plus(Linear::constant(32), -1).scaled(1, 8), false);
  if (E.Den != 1 || (!launchOnly(E) && !dataValue(E)))
    return std::nullopt;
  if (SymRun)
    fail("PTOAS's context table in the symbolic run", At);
  if (!launchOnly(E))
    return anyWindow();
  blockAsRank(E, At);
  std::optional<int64_t> Q = Launch->enumerate(E, 0, P, Shown, /*InRange=*/true);
  if (!Q)
    fail("a window-table index made of launch values that the solver cannot enumerate", At);
  return windowOf(int(*Q));
}

RankValue RankInterpreter::load(const Linear &Addr, QualType T, const Expr *At) {
  // PTOAS's context table: ctx[2] = rank id | rank count << 32, ctx[4 + q] = rank q's window.
  for (Symbol Table : ContextBases) {
    Linear Base = Linear::symbol(Table).plus(Linear::home(Rank));
    Linear Rel = Addr.plus(Base, -1);
    std::optional<int64_t> Off = Rel.value();
    if (!Off) {
      if (std::optional<RankValue> W = tableWindow(Rel, At))
        return *W;
      continue;
    }
    if (SymRun)
      fail("PTOAS's context table in the symbolic run", At);
    if (*Off == 16) // the rank count is read only if the high half is (resolve)
      return RankValue::number(Linear::constant(Rank).plus(Linear::symbol(RankCountSym).scaled(int64_t(1) << 32)));
    if (*Off >= 32 && *Off % 8 == 0)
      return windowOf(int((*Off - 32) / 8));
    return RankValue::unknown("a context table entry the model does not know");
  }
  RankValue V;
  V.K = RankValue::View;
  V.L = Addr;
  V.Bytes = typeBytes(T);
  // Every load is an access, whatever it loads (a float read of a peer's buffer races as an
  // integer read does); only integers and pointers also become values the run computes with.
  record(RankOpKind::Read, V, At, "scalar load", At);
  if (!T->isPointerType() && !T->isIntegerType())
    return RankValue::unknown("a load of a non-integer value");
  Symbol Loaded = loadedSymbol(Addr);
  Linear Sym = Linear::symbol(Loaded);
  if (T->isPointerType()) {
    Sym = Sym.plus(Linear::home(Rank));
    PointerSymbols.insert(Loaded);
  }
  // A word of the launch's argument table or of a descriptor it points to: launch data.
  if (std::optional<Symbol> Word = launchDataWord(Addr)) {
    auto Table = ArgumentTables.find(*Word);
    if (T->isIntegerType()) {
      if (RankSymbols.count(Loaded))
        return RankValue::integer(Rank);
      LaunchSymbols.insert(Loaded);
      if (Table->second == 0)
        ArgumentWords.insert(Loaded);
      else
        BufferWords.insert(Loaded);
    } else if (Table->second == 0) {
      ArgumentTables.try_emplace(Loaded, 1);
    }
  }
  return RankValue::number(Sym);
}

bool RankInterpreter::wholeRecord(RankOpKind K, const Expr *E, const Expr *At) {
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (!Bare->getType()->isRecordType())
    return false;
  std::optional<Linear> A = gmAddress(Bare);
  if (!A)
    return false;
  RankValue V;
  V.K = RankValue::View;
  V.L = *A;
  V.Bytes = typeBytes(Bare->getType());
  record(K, V, At, K == RankOpKind::Write ? "struct store" : "struct load", Bare);
  return true;
}

RankValue RankInterpreter::evalMember(const Expr *E) {
  const auto *ME = cast<MemberExpr>(E);
  if (const FieldDecl *FD = fieldOf(ME); FD && ME->isArrow()) {
    StringRef Name = FD->getName();
    if (isRankIdField(FD))
      return SymRun ? RankValue::number(Linear::symbol(SymRun->rank())) : RankValue::integer(Rank);
    if (Name == "rankNum") {
      ReadsRankCount = true;
      return SymRun ? RankValue::number(Linear::symbol(RankCountSym)) : RankValue::integer(P);
    }
  }
  if (!isa<FieldDecl>(ME->getMemberDecl()))
    return RankValue::object(); // a method named for a call
  // `p->f`: p evaluated once, a GM address (gmAddress's) or a pointer to a local object.
  std::optional<Linear> A;
  RankValue Base;
  if (ME->isArrow()) {
    Base = eval(ME->getBase());
    const auto *FD = cast<FieldDecl>(ME->getMemberDecl());
    if (Base.K == RankValue::Number && Base.L.isSymbolic())
      A = Base.L.plus(Linear::constant(
          Ctx.getASTRecordLayout(FD->getParent()).getFieldOffset(FD->getFieldIndex()) / 8));
    else if (Base.Pointee)
      Base = *Base.Pointee;
  } else {
    A = gmAddress(ME);
  }
  if (!A) {
    // A field of a local struct (`s.f`, or `p->f` through a pointer to it): what the kernel
    // initialised or assigned it.
    if (!ME->isArrow())
      Base = eval(ME->getBase());
    {
      const auto *FD = cast<FieldDecl>(ME->getMemberDecl());
      if (Base.K == RankValue::Object) {
        if (Slot F = Base.field(FD))
          return *F;
        // A union read through another member than the one written (PTOAS unpacks a scalar
        // argument as `union { uint64_t u64; int32_t val; }`): the same bytes, the low part of an
        // integer (the target is little-endian), converted as a cast would.
        if (FD->getParent()->isUnion() && Base.Fields.size() == 1 &&
            FD->getType()->isIntegerType() && Base.Fields[0].first->getType()->isIntegerType() &&
            Ctx.getTypeSize(FD->getType()) <= Ctx.getTypeSize(Base.Fields[0].first->getType())) {
          RankValue V = *Base.Fields[0].second;
          if (V.K == RankValue::Number)
            if (std::optional<int64_t> C = V.L.value()) {
              unsigned W = Ctx.getTypeSize(FD->getType());
              uint64_t U = W >= 64 ? uint64_t(*C) : uint64_t(*C) & ((uint64_t(1) << W) - 1);
              if (W < 64 && FD->getType()->isSignedIntegerType() && (U >> (W - 1)))
                U |= ~((uint64_t(1) << W) - 1);
              return RankValue::integer(int64_t(U));
            }
          return V; // symbolic: taken not to overflow, as a cast is
        }
        if (!Base.Launch.empty())
          return launchValue(Base.Launch + "." + FD->getName().str(), FD->getType());
      }
    }
    return RankValue::unknown("a field of a local object");
  }
  if (ME->getType()->isArrayType() || ME->getType()->isRecordType())
    return RankValue::number(*A); // decays to its address / read field by field
  return load(*A, ME->getType(), ME);
}

RankValue RankInterpreter::evalSubscript(const Expr *E) {
  const auto *AS = cast<ArraySubscriptExpr>(E);
  if (const FieldDecl *FD = fieldOf(AS->getBase())) {
    if (FD->getName() == "windowsIn") {
      if (SymRun)
        return windowOf(symbolicIndex(AS->getIdx()));
      int64_t Q = rankIndex(AS->getIdx(), "a window index");
      if (Q == Linear::AnyRank)
        return anyWindow();
      if (Q < 0 || Q >= P)
        fail("rank " + std::to_string(Q) + "'s window is addressed among " + std::to_string(P) +
                 " ranks",
             AS);
      return windowOf(int(Q));
    }
    if (FD->getName() == "windowsOut")
      fail("an output window (windowsOut)", AS);
  }
  std::optional<Linear> A = gmAddress(AS);
  if (!A)
    return RankValue::unknown("an element of a local array");
  if (AS->getType()->isRecordType() || AS->getType()->isArrayType())
    return RankValue::number(*A);
  return load(*A, AS->getType(), AS);
}

void RankInterpreter::fixLaunchValues(Linear &Off) {
  // A launch value the scenario's constraints fix (`laneStride <= 1` and `> 0` taken: 1) is that
  // value in every run the scenario stands for: an offset it moves is a number, so that one
  // buffer keeps one name (`data + 1024`, not `data + 1024*laneStride`) and the accesses of it
  // are compared by their bytes (PeerOrder judges accesses of one name only). Fixed or not, the
  // constraints on it decide where the access lands: a value picked at a few values (`epoch`
  // of a gate's threshold) that places a store leaves the model not complete.
  if (!Launch)
    return;
  bool Any = false;
  for (auto &[Sym, K] : Off.Terms) {
    if (!LaunchSymbols.count(Sym) || BoundCounts.count(Sym) || PointerSymbols.count(Sym))
      continue;
    Launch->placed(Sym);
    // The block index keeps its name: a wait only block 0 makes (`if (blk == 0)`, which fixes it)
    // must meet the cell its notify named before the branch (`flags + 64 * blk`).
    if (BlockSymbols.count(Sym))
      continue;
    int64_t Moved = 0, Sum = 0;
    std::optional<int64_t> V = Launch->fixedAt(Sym);
    if (!V || __builtin_mul_overflow(K, *V, &Moved) || __builtin_add_overflow(Off.Const, Moved, &Sum))
      continue;
    Off.Const = Sum;
    K = 0;
    Any = true;
  }
  if (Any)
    Off.canonicalise();
}

MemRange RankInterpreter::range(const Linear &Addr, std::optional<int64_t> Bytes, const Expr *At) {
  std::optional<int> Owner = ownerOf(Addr);
  if (!Owner)
    fail("an access to an address the model cannot place in one rank's window", At);
  Linear Off = Addr;
  Off.eraseTerms([](const Linear::Term &T) { return Linear::isPlace(T.first); });
  if (SymRun)
    PendingOffset = symbolicOffset(Off, At);
  else
    fixLaunchValues(Off);
  MemRange M;
  M.Root = rootText(Off);
  M.Owner = *Owner;
  M.Lo = Off.Const / Off.Den;
  if (Bytes)
    M.Hi = M.Lo + *Bytes;
  // The buffer by its pointers, and the offset into it with the rank count as this run's: two
  // names of one buffer are compared by their offsets (SymbolicOverlap).
  M.Buffer = "@" + bufferText(Off);
  // The sum of the terms that are not pointers (the rank count as P), over Off's denominator,
  // in its normal form.
  M.Offset = Linear::constant(Off.Const);
  M.Offset.Den = Off.Den;
  for (const auto &[Sym, K] : Off.Terms) {
    if (PointerSymbols.count(Sym))
      continue;
    bool Count = Sym == RankCountSym || BoundCounts.count(Sym);
    M.Data |= !Count && !LaunchSymbols.count(Sym); // a value read from memory
    if (Count)
      M.Offset.Const += K * P;
    else
      M.Offset.Terms.push_back({Sym, K});
  }
  M.Offset.canonicalise();
  return M;
}

namespace {
/// The source text the kernel names memory with: a view's pointer (`G v(ptr, ...)`: `ptr`), a
/// local pointer's initialiser, or the expression itself; "" in a macro or when too long.
std::string spelling(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "";
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && V->hasLocalStorage() && V->getInit()) {
      const Expr *Init = V->getInit()->IgnoreParenImpCasts();
      if (const auto *CE = dyn_cast<CXXConstructExpr>(Init); CE && CE->getNumArgs() > 0)
        Init = CE->getArg(0)->IgnoreParenImpCasts();
      if (!isa<CXXConstructExpr>(Init))
        E = Init;
    }
  if (E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    return "";
  std::string Text = writtenText(E, Ctx.getSourceManager(), Ctx.getLangOpts());
  std::string Flat;
  for (char C : Text)
    if (C != '\n' && C != '\r' && !(C == ' ' && !Flat.empty() && Flat.back() == ' '))
      Flat += C;
  return Flat.size() > 60 ? "" : Flat;
}
} // namespace

void RankInterpreter::rankFromRemoteSlot(RankOpKind K, const Linear &Addr, const MemRange &M,
                                          const Expr *At) {
  // A write or notify into another rank's window at an offset a launch scalar moves
  // (`RemotePtr(ctx, counts + me, pe)`): were the scalar the same on every rank, every rank would
  // write one slot of each peer, a race by construction; it is the rank the host passes. Run
  // again taking it for the rank id, as a peer-loop comparison does (launch-values assumption).
  if ((K != RankOpKind::Write && K != RankOpKind::Notify) || M.Owner == Rank)
    return;
  std::optional<Symbol> Only;
  for (const auto &[Sym, Coef] : Addr.Terms)
    if (!Linear::isPlace(Sym) && LaunchSymbols.count(Sym) && !BoundCounts.count(Sym) &&
        !Compared.count(Sym) && // a size the kernel compares (`base < rowElems`) is no rank
        !PointerSymbols.count(Sym) && !BufferWords.count(Sym) && // nor is a buffer's place
        !QuotientOf.count(Sym) && !ProductOf.count(Sym) && // nor a value computed from others
        !ComputedSymbols.count(Sym) &&                     // (`len / 2`, `posts * rounds`)
        !BlockSymbols.count(Sym)) { // nor the block index, alike on every rank by declaration
      if (Only)
        return;
      Only = Sym;
    }
  if (!Only)
    return;
  Unmodelled U{"a launch value moves the address of a write into another rank's window: it may be "
               "the rank id, which differs between ranks",
               At->getBeginLoc()};
  U.RankCandidate = Only;
  stop(std::move(U));
}

static void viewRows(const RankValue &View, MemRange &M) {
  // Rows: the innermost extent contiguous (stride 1), one outer extent above 1, its stride past
  // the row's end, every other extent 1: the view's bytes are those rows, not their hull.
  if (!View.Bytes || View.D.size() != View.Strides.size() || View.D.empty() ||
      View.Strides.back() != 1 || !View.D.back())
    return;
  int64_t Width = *View.D.back(), Rows = 1, Stride = 0;
  for (size_t I = 0; I + 1 < View.D.size(); ++I) {
    if (!View.D[I])
      return;
    if (*View.D[I] == 1)
      continue;
    if (Rows != 1 || View.Strides[I] < Width)
      return;
    Rows = *View.D[I], Stride = View.Strides[I];
  }
  if (Rows > 1 && M.Hi - M.Lo == ((Rows - 1) * Stride + Width) * View.Elem)
    M.Rows = Rows, M.RowStride = Stride * View.Elem;
}

void RankInterpreter::record(RankOpKind K, const RankValue &View, const Expr *At,
                             const std::string &What, const Expr *Named) {
  if (View.K != RankValue::View && View.K != RankValue::Number)
    fail("an access through a view the model cannot compute (" + View.Why + ")", At);
  RankOp O;
  O.Kind = K;
  O.Mem = range(View.L, View.K == RankValue::View ? View.Bytes : std::nullopt, At);
  if (View.K == RankValue::View && View.SymBytes && View.SymBytes->isSymbolic())
    O.Mem.Length = View.SymBytes;
  else if (View.K == RankValue::View)
    viewRows(View, O.Mem);
  rankFromRemoteSlot(K, View.L, O.Mem, At);
  // Whether a notify's buffer is one the kernel reaches through the window table is a question
  // of the buffer, not of the offset into it (`signals + peer * stride` is in `signals`).
  if (fromWindow(View.L) || View.FromTable) {
    WindowRoots.insert(bufferText(View.L));
    WindowReaches.push_back({bufferText(View.L), Trace.Ops.size()});
  } else if (K == RankOpKind::Notify) {
    HomeNotifies.push_back({bufferText(View.L), Trace.Ops.size()});
  }
  O.Call = Call;
  O.Loc = Ctx.getSourceManager().getExpansionLoc(At->getBeginLoc());
  O.What = What;
  auto [Spelt, New] = Spellings.try_emplace(Named);
  if (New)
    Spelt->second = spelling(Named, Ctx);
  O.Spelling = Spelt->second;
  if (O.Mem.Owner == Linear::AnyRank) {
    // At a rank read from data: once for each rank it may reach (the window-index assumption).
    O.DataOwner = true;
    for (int Q = 0; Q + 1 < P; ++Q) {
      Trace.Ops.push_back(O);
      Trace.Ops.back().Mem.Owner = Q;
    }
    O.Mem.Owner = P - 1;
  }
  Trace.Ops.push_back(std::move(O));
  if (SymRun)
    SymRun->recorded(PendingOffset);
}

} // namespace commcheck
