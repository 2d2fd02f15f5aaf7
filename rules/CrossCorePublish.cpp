#include "rules/CrossCorePublish.h"
#include "analyses/PublishObligations.h"
#include "frontend/FixIts.h"
#include "rules/RuleDocs.h"
#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"
#include <set>

namespace commcheck {

namespace {
bool reads(const Event &E) {
  return (E.Kind == EventKind::ScalarLoad && !E.Exempt) || E.Kind == EventKind::TileLoad ||
         (E.Kind == EventKind::Opaque && E.TouchesGm);
}

/// The first read some path from the barrier reaches: where another core may read the store.
const Event *readAfter(const EventGraph &G, const Event &Barrier) {
  auto [Start, Index] = G.position(Barrier.Id);
  const std::vector<unsigned> &Here = G.Blocks[Start].Events;
  for (size_t I = Index + 1; I < Here.size(); ++I)
    if (reads(G.Events[Here[I]]))
      return &G.Events[Here[I]];
  std::vector<unsigned> Work(G.Blocks[Start].Succs.begin(), G.Blocks[Start].Succs.end());
  std::set<unsigned> Seen(Work.begin(), Work.end());
  for (size_t W = 0; W < Work.size(); ++W) { // breadth first: the nearest read
    for (unsigned Id : G.Blocks[Work[W]].Events)
      if (reads(G.Events[Id]))
        return &G.Events[Id];
    for (unsigned S : G.Blocks[Work[W]].Succs)
      if (Seen.insert(S).second)
        Work.push_back(S);
  }
  return nullptr;
}
} // namespace

const RuleInfo &CrossCorePublish::info() const {
  static const RuleInfo I{"comm-cross-core-publish", Severity::Error,
                          "a scalar GM store another core may read after a cross-core barrier "
                          "(SYNCALL) is not written back before it",
                          ruleDoc("comm-cross-core-publish"),
                          {}};
  return I;
}

void CrossCorePublish::check(RuleContext &Ctx) const {
  bool Barrier = false;
  for (const Event &E : Ctx.graph().Events)
    Barrier |= E.Kind == EventKind::CoreBarrier;
  if (Barrier)
    checkObligations<PublishObligations>(Ctx, *this);
}

bool CrossCorePublish::violates(const Event &Origin, int Phase, const Event &E) const {
  // A write nobody after the barrier reads is no publication; the read is found per finding.
  return canViolateAt(E) && Origin.Kind == EventKind::ScalarStore &&
         PublishObligations::step(Phase) == PublishObligations::NeedDcci;
}

bool CrossCorePublish::canViolateAt(const Event &E) const { return E.Kind == EventKind::CoreBarrier; }

std::string CrossCorePublish::message(const Event &, int, const Event &) const {
  return "scalar GM store may still be in this core's data cache when another core reads it after "
         "the cross-core barrier (SYNCALL orders the cores, it makes nothing visible): write the "
         "line back before the barrier (dcci(p, SINGLE_CACHE_LINE, CACHELINE_OUT))";
}

std::string CrossCorePublish::originNote(const Event &) const {
  return "the store writes this core's data cache here";
}

std::string CrossCorePublish::violationNote(const Event &) const {
  return "the cross-core barrier: another core may go on to read the line";
}

void CrossCorePublish::addFixes(RuleContext &Ctx, Finding &F, const Event &Origin,
                                const Event &At) const {
  if (const Event *R = readAfter(Ctx.graph(), At))
    F.Witness.push_back(Ctx.step(*R, "a read after the barrier: on another core it reads memory, "
                                     "not this core's cache"));
  // Write back the stored line right after the store: `dcci((__gm__ void *)&(lhs), ...)`.
  const auto *Assign = llvm::dyn_cast_or_null<clang::BinaryOperator>(Origin.S);
  // In a helper too: writing the line back is right for every caller.
  if (!Assign || !Assign->isAssignmentOp())
    return;
  const clang::SourceManager &SM = Ctx.sourceManager();
  clang::CharSourceRange LhsRange =
      clang::CharSourceRange::getTokenRange(Assign->getLHS()->getSourceRange());
  if (Assign->getBeginLoc().isMacroID() || Assign->getEndLoc().isMacroID())
    return;
  std::string Lhs = clang::Lexer::getSourceText(LhsRange, SM, Ctx.langOptions()).str();
  if (Lhs.empty())
    return;
  FixIts Fix(SM, Ctx.langOptions());
  if (auto Ins = Fix.insertAfter(Assign, "dcci((__gm__ void *)&(" + Lhs +
                                             "), cache_line_t::SINGLE_CACHE_LINE, "
                                             "dcci_dst_t::CACHELINE_OUT);"))
    F.Fixes.push_back(*Ins);
}

} // namespace commcheck
