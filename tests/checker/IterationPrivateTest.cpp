// iterationPrivate: which variables declared outside a `for` loop's body every path of one
// iteration assigns before any read that may touch them (on the loop's CFG). What it leaves out
// stops the symbolic run at its first write (fixtures symbolic_iteration_*.cpp show the runs).
#include "crossrank/IterationPrivate.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "CheckHarness.h"
#include <gtest/gtest.h>
#include <set>
#include <string>

using namespace commcheck;
using namespace commcheck::test;

namespace {

struct FirstFor : clang::RecursiveASTVisitor<FirstFor> {
  const clang::ForStmt *Found = nullptr;
  bool VisitForStmt(clang::ForStmt *S) {
    if (!Found)
      Found = S;
    return true;
  }
};

/// The private locations of f's first `for` loop, spelt `v` or `v.f.g`.
std::set<std::string> privateOf(const std::string &Code) {
  ParsedFile File = CheckHarness::instance().parseText(
      "struct Tile { int cols; int rows; };\nint use(int);\nvoid touch(Tile &);\n" + Code);
  EXPECT_TRUE(File.Errors.empty()) << (File.Errors.empty() ? "" : File.Errors[0].Message);
  clang::ASTContext &Ctx = File.AST->getASTContext();
  FirstFor V;
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  EXPECT_TRUE(V.Found);
  std::set<std::string> Out;
  if (!V.Found)
    return Out;
  for (const VarLocation &L : iterationPrivate(Ctx, V.Found, V.Found->getBody())) {
    std::string S = L.Var->getName().str();
    for (const clang::FieldDecl *F : L.Fields)
      S += "." + F->getName().str();
    Out.insert(S);
  }
  return Out;
}

using Names = std::set<std::string>;

} // namespace

TEST(IterationPrivate, AssignedBeforeReadOnEveryPath) {
  EXPECT_EQ(privateOf("void f(int n) { int x = 0; for (int j = 0; j < n; ++j) { x = j; use(x); } }"),
            Names{"x"});
  // Both ways of a branch assign it.
  EXPECT_EQ(privateOf("void f(int n) { int x; for (int j = 0; j < n; ++j) {"
                      " if (j > 2) x = 1; else x = 2; use(x); } }"),
            Names{"x"});
  // A continue before the assignment ends the iteration: nothing after it reads.
  EXPECT_EQ(privateOf("void f(int n, int me) { int x; for (int j = 0; j < n; ++j) {"
                      " if (j == me) continue; x = j; use(x); } }"),
            Names{"x"});
}

TEST(IterationPrivate, ReadBeforeAssignedIsCarried) {
  EXPECT_EQ(privateOf("void f(int n) { int x = 0; for (int j = 0; j < n; ++j) { use(x); x = j; } }"),
            Names{});
  // x += 1 and ++x read what the previous iteration left.
  EXPECT_EQ(privateOf("void f(int n) { int x = 0; for (int j = 0; j < n; ++j) { use(j); x += 1; } }"),
            Names{});
  EXPECT_EQ(privateOf("void f(int n) { int x = 0; for (int j = 0; j < n; ++j) { ++x; } }"), Names{});
  // Assigned on one way of a branch only.
  EXPECT_EQ(privateOf("void f(int n) { int x = 0; for (int j = 0; j < n; ++j) {"
                      " if (j > 2) x = 1; use(x); } }"),
            Names{});
  // Assigned in a loop that may run no time.
  EXPECT_EQ(privateOf("void f(int n, int m) { int x = 0; for (int j = 0; j < n; ++j) {"
                      " for (int k = 0; k < m; ++k) x = k; use(x); } }"),
            Names{});
  // The right-hand side is evaluated before the assignment.
  EXPECT_EQ(privateOf("void f(int n) { int x = 0; for (int j = 0; j < n; ++j) { x = x + j; } }"),
            Names{});
}

TEST(IterationPrivate, TheLoopsConditionReadsWhatTheIterationLeft) {
  // n bounds the next iteration: assigned first in the body, it still flows to the condition.
  EXPECT_EQ(privateOf("void f(int n) { for (int j = 0; j < n; ++j) { n = j + 2; use(n); } }"),
            Names{});
  EXPECT_EQ(privateOf("void f(int n) { for (int j = 0; j < n; ++j) { j = 5; use(j); } }"),
            Names{});
}

TEST(IterationPrivate, FieldsAreLocationsOfTheirOwn) {
  // The field assigned, then the whole object read: the other field is never assigned here.
  EXPECT_EQ(privateOf("void f(int n) { Tile t{1, 2}; for (int j = 0; j < n; ++j) {"
                      " t.cols = j; Tile c = t; use(c.rows); } }"),
            Names{"t.cols"});
  // The whole object read before the field is assigned: carried.
  EXPECT_EQ(privateOf("void f(int n) { Tile t{1, 2}; for (int j = 0; j < n; ++j) {"
                      " Tile c = t; t.cols = j; use(c.cols); } }"),
            Names{});
  // Another field read first is no read of this one.
  EXPECT_EQ(privateOf("void f(int n) { Tile t{1, 2}; for (int j = 0; j < n; ++j) {"
                      " use(t.rows); t.cols = j; use(t.cols); } }"),
            Names{"t.cols"});
  // Given to a call by reference before the assignment: it may read it.
  EXPECT_EQ(privateOf("void f(int n) { Tile t{1, 2}; for (int j = 0; j < n; ++j) {"
                      " touch(t); t.cols = j; } }"),
            Names{});
}

TEST(IterationPrivate, VariablesOfTheBodyAndReferencesAreNotCandidates) {
  // y lives in the body; r names another variable's storage.
  EXPECT_EQ(privateOf("void f(int n) { int x = 0; int &r = x; for (int j = 0; j < n; ++j) {"
                      " int y = j; r = y; use(r); } }"),
            Names{});
}
