// The analyses of one function, computed on demand and kept: a rule asks for an analysis by its
// type, the first ask computes it (and whatever it builds on), later asks share the result. Rules
// never compute each other's lattices.
//
// An analysis is a class with
//   static char ID;                                          // its identity in the memo
//   using Result = ...;
//   static llvm::Expected<Result> compute(AnalysisManager &);
#pragma once
#include "analyses/BudgetExceeded.h"
#include "analyses/DataflowSolver.h"
#include "base/AnalysisLimits.h"
#include "base/Assumptions.h"
#include "events/EventGraph.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace commcheck {

class IntrinsicCatalogue;

class AnalysisManager {
public:
  AnalysisManager(const EventGraph &G, const clang::SourceManager &SM, const AnalysisLimits &Limits,
                  clang::ASTContext *AST = nullptr, const IntrinsicCatalogue *Catalogue = nullptr,
                  Assumptions Assume = {})
      : G(G), SM(SM), Limits(Limits), AST(AST), Catalogue(Catalogue), Assume(Assume) {}

  const EventGraph &graph() const { return G; }
  const clang::SourceManager &sourceManager() const { return SM; }
  const AnalysisLimits &limits() const { return Limits; }
  /// The function's AST, for analyses that read its loops and expressions (null in unit tests of
  /// graphs built by hand).
  clang::ASTContext *ast() const { return AST; }
  /// The intrinsic catalogue, for analyses that run the function (null in unit tests).
  const IntrinsicCatalogue *catalogue() const { return Catalogue; }
  /// What the user declared about how the kernel is launched.
  const Assumptions &assumptions() const { return Assume; }
  /// A fresh budget for one solve: the step limit and a deadline FunctionSeconds from now.
  SolveBudget budget() const {
    SolveBudget B;
    B.Steps = Limits.Steps;
    B.Deadline = std::chrono::steady_clock::now() +
                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(Limits.FunctionSeconds));
    return B;
  }

  /// The result of analysis A if something asked for it and it was had; null otherwise.
  template <class A> const typename A::Result *computed() const {
    auto It = Memo.find(&A::ID);
    return It == Memo.end() || !It->second
               ? nullptr
               : static_cast<const typename A::Result *>(It->second.get());
  }

  /// The result of analysis A for this function; BudgetExceeded when it (or what it builds on)
  /// ran out of budget, now or at an earlier ask.
  template <class A> llvm::Expected<const typename A::Result &> get() {
    auto [It, New] = Memo.try_emplace(&A::ID);
    if (New) {
      llvm::Expected<typename A::Result> R = A::compute(*this);
      if (!R) {
        llvm::consumeError(R.takeError());
        Memo[&A::ID] = nullptr; // remembered: asking again does not spend the budget again
        return llvm::make_error<BudgetExceeded>();
      }
      auto Kept = std::make_shared<typename A::Result>(std::move(*R));
      Memo[&A::ID] = Kept;
      return *Kept;
    }
    if (!It->second)
      return llvm::make_error<BudgetExceeded>();
    return *std::static_pointer_cast<const typename A::Result>(It->second);
  }

private:
  const EventGraph &G;
  const clang::SourceManager &SM;
  AnalysisLimits Limits;
  clang::ASTContext *AST;
  const IntrinsicCatalogue *Catalogue;
  Assumptions Assume;
  llvm::DenseMap<const void *, std::shared_ptr<const void>> Memo;
};

} // namespace commcheck
