// surelyReadsNonConstant: "true" only where clang's EvaluateAsInt surely fails (an always-evaluated
// operand reads a variable not usable in constant expressions), within a bounded look, so that a
// caller folding each level of a long chain skips walks that cannot succeed.
#include "events/ConstantReads.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Frontend/ASTUnit.h"
#include "CheckHarness.h"
#include <gtest/gtest.h>
#include <map>
#include <string>

using namespace commcheck;
using namespace commcheck::test;

namespace {

/// The initialisers of f's local variables, by name, and whether clang folds each.
struct Inits {
  ParsedFile File;
  std::map<std::string, const clang::Expr *> Of;
};

Inits inits(const std::string &Body) {
  Inits I{CheckHarness::instance().parseText("int f(int n) {\n" + Body + "\n  return 0;\n}\n"), {}};
  EXPECT_TRUE(I.File.Errors.empty()) << (I.File.Errors.empty() ? "" : I.File.Errors[0].Message);
  clang::ASTContext &Ctx = I.File.AST->getASTContext();
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D); FD && FD->getName() == "f" && FD->hasBody())
      for (const clang::Stmt *S : llvm::cast<clang::CompoundStmt>(FD->getBody())->body())
        if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S))
          for (const clang::Decl *V : DS->decls())
            if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(V); VD && VD->getInit())
              I.Of[VD->getName().str()] = VD->getInit();
  return I;
}

} // namespace

TEST(ConstantReads, AReadOfANonConstantVariableIsSurelyNotConstant) {
  std::string Chain = "1";
  for (int K = 0; K < 400; ++K)
    Chain += " + 1";
  Inits I = inits("  constexpr int k = 3;\n  int a = n + 1;\n  int b = 1 + k;\n  int c = (k > 0) && n;\n"
                  "  int d = " + Chain + " + n;\n  int e = " + Chain + ";\n  int g = -(k * 2) << 1;\n"
                  "  int h = n * 0;\n");
  clang::ASTContext &Ctx = I.File.AST->getASTContext();
  auto Surely = [&](const char *Name) { return surelyReadsNonConstant(I.Of.at(Name), Ctx); };
  auto Folds = [&](const char *Name) {
    clang::Expr::EvalResult R;
    return I.Of.at(Name)->EvaluateAsInt(R, Ctx);
  };
  EXPECT_TRUE(Surely("a"));
  EXPECT_FALSE(Surely("b"));
  EXPECT_FALSE(Surely("c")); // && may not evaluate n: "maybe constant"
  EXPECT_TRUE(Surely("d"));  // the read is the right operand at the top of a left-deep chain
  EXPECT_FALSE(Surely("e"));
  EXPECT_FALSE(Surely("g"));
  EXPECT_TRUE(Surely("h"));
  // Wherever it says "surely", clang's evaluation fails indeed.
  for (const auto &[Name, E] : I.Of)
    if (surelyReadsNonConstant(E, Ctx))
      EXPECT_FALSE(Folds(Name.c_str())) << Name;
  EXPECT_TRUE(Folds("b"));
  EXPECT_TRUE(Folds("e"));
}
