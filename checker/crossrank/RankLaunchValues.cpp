// The launch values a rank's run meets (RankInterpreter): a value the launch passes, taken as a
// symbol alike on every rank (or for the rank id), and the numbers the run needs of it (a window
// index, a signal value, a view's extent), chosen or enumerated by the scenario (LaunchPath).
#include "crossrank/RankInterpreter.h"
#include "frontend/WrittenText.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace commcheck {

RankValue RankInterpreter::launchValue(llvm::StringRef Name, clang::QualType T) {
  if (T->isRecordType()) {
    RankValue O = RankValue::object();
    O.Launch = Name.str();
    return O;
  }
  Symbol Sym = intern(Name);
  if (RankSymbols.count(Sym) && T->isIntegralOrEnumerationType())
    return RankValue::integer(Rank);
  Linear V = Linear::symbol(Sym);
  if (T->isPointerType()) {
    V = V.plus(Linear::home(Rank));
    PointerSymbols.insert(Sym);
  }
  else if (T->isIntegralOrEnumerationType())
    LaunchSymbols.insert(Sym);
  return RankValue::number(V);
}

namespace {
/// A BlockValue's symbol, spelled as the call: no parameter has this name, and the path's
/// conditions read as the kernel.
const char *const BlockSpelling[] = {"get_block_idx()", "get_block_num()", "get_subblockid()",
                                     "get_subblockdim()"};
} // namespace

RankInterpreter::BlockNaming RankInterpreter::blockNaming(Symbol S) const {
  for (int Index : {BlockIndex, SubBlockIndex})
    if (name(S).find(BlockSpelling[Index]) != std::string::npos)
      return name(S) == BlockSpelling[Index] ? BlockNaming::Index : BlockNaming::Derived;
  return BlockNaming::None;
}

RankValue RankInterpreter::blockValue(int Which) {
  ReadsBlock = true;
  if (BlocksConcrete)
    return RankValue::integer(Which & 1); // block 0 of one
  int Index = Which & ~1;
  Symbol Idx = intern(BlockSpelling[Index]), Num = intern(BlockSpelling[Index + 1]);
  LaunchSymbols.insert(Idx);
  LaunchSymbols.insert(Num);
  BlockSymbols.insert({Idx, Num});
  // 1 <= count, 0 <= index <= count - 1: every block the launch runs.
  for (const auto &[D, Op] : {std::pair{Linear::symbol(Num).plus(Linear::constant(1), -1), clang::BO_GE},
                              std::pair{Linear::symbol(Idx), clang::BO_GE},
                              std::pair{Linear::symbol(Num).plus(Linear::symbol(Idx), -1).plus(Linear::constant(1), -1),
                                        clang::BO_GE}}) {
    if (Launch)
      Launch->axiom(D, Op);
    if (SymRun)
      SymRun->axiom(D, Op);
  }
  return RankValue::number(Linear::symbol(Which == Index ? Idx : Num));
}

void RankInterpreter::blockAsRank(const Linear &L, const clang::Expr *At) {
  // Blocks of one index talk to each other: a block index that names a rank (`dst = blk`, blocks
  // dealing the peers out) would make every rank a scenario of every block's, P times the
  // scenarios for what block 0 of one already runs. The probe runs again so (blocksAsBlockZero).
  for (const auto &[Sym, K] : L.Terms)
    if (BlockSymbols.count(Sym))
      fail("the block index names a rank (a window index): run as block 0 of one", At);
}

std::string RankInterpreter::spelled(Symbol Sym) const {
  auto It = RankSpelling.find(Sym);
  return It != RankSpelling.end() && !It->second.empty() ? It->second : name(Sym);
}

void RankInterpreter::spellCount(size_t Bound, const clang::BinaryOperator *BO, const Linear &Left) {
  if (BindOrder.size() <= Bound)
    return;
  // The side that holds it, where that is a variable or a field (`nranks`, `t->ndims`): a value
  // read from an argument table is named by its word otherwise (`*(args+16)`).
  Symbol Sym = BindOrder.back();
  bool OnLeft = llvm::any_of(Left.Terms, [&](const Linear::Term &T) { return T.first == Sym; });
  const clang::Expr *Side = (OnLeft ? BO->getLHS() : BO->getRHS())->IgnoreParenImpCasts();
  if (llvm::isa<clang::DeclRefExpr, clang::MemberExpr>(Side))
    RankSpelling.try_emplace(Sym, writtenText(Side, Ctx.getSourceManager(), Ctx.getLangOpts()));
}

std::vector<std::string> RankInterpreter::rankNames() const {
  std::vector<std::string> Out;
  for (Symbol Sym : RankSymbols)
    Out.push_back(spelled(Sym));
  return Out;
}

std::optional<Symbol> RankInterpreter::launchDataWord(const Linear &Addr) const {
  // The table's (or descriptor's) symbol and the rank's home once each; any other term a launch
  // value (`t->shapes[t->ndims - 1]`: a word at an index the launch gives is the launch's too).
  std::optional<Symbol> Table;
  bool Home = false;
  if (Addr.Den != 1)
    return std::nullopt;
  for (const auto &[S, K] : Addr.Terms) {
    if (S == (Linear::HomeBit | Symbol(Rank)) && K == 1 && !Home)
      Home = true;
    else if (K == 1 && !Table && ArgumentTables.count(S))
      Table = S;
    else if (Linear::isPlace(S) || !LaunchSymbols.count(S) || BlockSymbols.count(S) ||
             PointerSymbols.count(S))
      return std::nullopt;
  }
  return Home ? Table : std::nullopt;
}

bool RankInterpreter::anyUnconfirmed() const {
  for (Symbol Sym : Doubted)
    if (!ConfirmedCounts.count(Sym))
      return true;
  return false;
}

std::optional<std::string> RankInterpreter::unbindUnconfirmed() {
  // Only the last value taken: an earlier one may be the real count, which a peer loop the run
  // never reached (it ended on the later value's branch: `root >= nranks`, both taken as P)
  // would have confirmed. Each rerun unbinds one more, so this ends.
  std::optional<std::string> Unbound;
  for (auto It = Doubted.rbegin(); It != Doubted.rend() && !Unbound; ++It)
    if (!ConfirmedCounts.count(*It) && LaunchSymbols.count(*It) && NotRankCount.insert(*It).second)
      Unbound = spelled(*It);
  Doubted.clear();
  return Unbound;
}

std::optional<Symbol> RankInterpreter::onlyLaunchValue(const Linear &D) const {
  std::optional<Symbol> Only;
  for (const auto &[Sym, K] : D.Terms) {
    std::optional<Symbol> Of = Sym;
    if (auto Q = QuotientOf.find(Sym); Q != QuotientOf.end())
      Of = Q->second.Per ? std::nullopt : onlyLaunchValue(Q->second.Of);
    if (!Of || !mayBeRankId(*Of) || QuotientOf.count(*Of) || (Only && *Only != *Of))
      return std::nullopt;
    Only = Of;
  }
  return Only;
}

bool RankInterpreter::launchOnly(const Linear &D) const {
  if (!Launch || D.Terms.empty())
    return false;
  for (const auto &[Sym, K] : D.Terms)
    if (Linear::isPlace(Sym) || !LaunchSymbols.count(Sym) || BoundCounts.count(Sym))
      return false;
  return true;
}

std::optional<bool> RankInterpreter::launchDecides(const Linear &D, clang::BinaryOperatorKind Op) {
  if (!launchOnly(D))
    return std::nullopt;
  for (const auto &[Sym, K] : D.Terms)
    Compared.insert(Sym);
  return Launch->decide(D, Op, InLoopCond, Shown);
}

int64_t RankInterpreter::concrete(const clang::Expr *E, const std::string &What) {
  RankValue V = eval(E);
  if (V.K == RankValue::Number)
    if (std::optional<int64_t> C = V.L.value())
      return *C;
  fail(What + " is not a value the model can compute" +
           (V.Why.empty() ? std::string() : " (" + V.Why + ")"),
       E);
}

int64_t RankInterpreter::rankIndex(const clang::Expr *E, const std::string &What) {
  RankValue V = eval(E);
  if (V.ModuloOf) // a ring neighbour among n ranks: n is the rank count
    ++BoundCounts[*V.ModuloOf], ConfirmedCounts.insert(*V.ModuloOf);
  if (V.K == RankValue::Number) {
    Linear L = resolve(V.L, false);
    if (std::optional<int64_t> C = L.value())
      return *C;
    blockAsRank(L, E);
    // A launch value among the ranks (a root, checked against the count or not: an index of
    // the window table is a rank of the launch, the window-index assumption): each rank it may
    // be is a scenario.
    if (launchOnly(L))
      if (std::optional<int64_t> Q = Launch->enumerate(L, 0, P, Shown, /*InRange=*/true))
        return *Q;
    if (dataValue(L))
      return Linear::AnyRank; // a rank read from data: any of them (record copies the access)
  }
  fail(What + " is not a value the model can compute" +
           (V.Why.empty() ? std::string() : " (" + V.Why + ")"),
       E);
}

std::optional<int64_t> RankInterpreter::extentBound(const Linear &L) {
  Linear R = resolve(L, false);
  if (std::optional<int64_t> C = R.value())
    return C;
  if (!launchOnly(R))
    return std::nullopt;
  return Launch->upperBound(R);
}

int64_t RankInterpreter::signalValue(const clang::Expr *E, bool &Picked) {
  Picked = false;
  if (SymRun)
    return symbolicValue(E);
  RankValue V = eval(E);
  if (V.K == RankValue::Number) {
    Linear L = resolve(V.L, false);
    if (std::optional<int64_t> C = L.value()) {
      if (*C > 0)
        SignalConstants.insert(*C);
      return *C;
    }
    if (launchOnly(L) || dataValue(L)) {
      // The values tried: small counts, and those that meet the kernel's own constant signal
      // values (a wait for 100 met by a notify of a launch value), c for GE/EQ, c + 1 for GT.
      std::set<int64_t> Tried{1, 2};
      for (int64_t C : SignalConstants)
        if (Tried.size() < MaxPicks)
          Tried.insert({C, C + 1});
      int64_t Value = Launch->pick(L, std::vector<int64_t>(Tried.begin(), Tried.end()), Shown);
      // Also where this rank found it fixed: by another rank's pick of the same value.
      for (const auto &[Sym, K] : L.Terms)
        Picked |= Launch->pickedSymbols().count(Sym) > 0;
      return Value;
    }
  }
  fail("the value of a signal operation is not a value the model can compute" +
           (V.Why.empty() ? std::string() : " (" + V.Why + ")"),
       E);
}

std::vector<std::string> RankInterpreter::confirmedCounts() const {
  std::vector<std::string> Out;
  for (Symbol S : ConfirmedCounts)
    Out.push_back(Names[S]);
  return Out;
}

void RankInterpreter::confirmCounts(const std::vector<std::string> &Of) {
  for (const std::string &N : Of)
    ConfirmedCounts.insert(intern(N));
}

} // namespace commcheck
