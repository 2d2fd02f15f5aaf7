#include "KernelIR.h"

#include <gtest/gtest.h>

using namespace commgen;

namespace {

Stmt line(Kernel &K, const std::string &Text) {
  Stmt S = makeLine(Text);
  S.Id = K.newId();
  return S;
}

} // namespace

TEST(KernelIRTest, LocateInsertRemoveMove) {
  Kernel K;
  Stmt Loop;
  Loop.Kind = StmtKind::For;
  Loop.Id = K.newId();
  Stmt A = line(K, "a;"), B = line(K, "b;"), C = line(K, "c;");
  int IdA = A.Id, IdB = B.Id, IdC = C.Id;
  Loop.Body = {A, B};
  K.Body = {Loop, C};

  ASSERT_TRUE(locate(K, IdB));
  EXPECT_EQ(locate(K, IdB).Index, 1u);
  EXPECT_TRUE(moveBefore(K, IdC, IdA));
  ASSERT_EQ(K.Body.size(), 1u);
  ASSERT_EQ(K.Body[0].Body.size(), 3u);
  EXPECT_EQ(K.Body[0].Body[0].Text, "c;");
  EXPECT_TRUE(removeStmt(K, IdA));
  EXPECT_EQ(findById(K, IdA), nullptr);
  EXPECT_TRUE(insertAfter(K, IdB, line(K, "d;")));
  EXPECT_EQ(K.Body[0].Body.back().Text, "d;");
  EXPECT_FALSE(removeStmt(K, 12345));
}

TEST(KernelIRTest, InsertNewAndMoveAfter) {
  Kernel K;
  Stmt A = line(K, "a;"), B = line(K, "b;");
  int IdA = A.Id, IdB = B.Id;
  K.Body = {A, B};
  int IdN = insertNewAfter(K, IdA, makeLine("n;"));
  ASSERT_NE(IdN, 0);
  EXPECT_NE(IdN, IdA);
  EXPECT_EQ(K.Body[1].Text, "n;");
  EXPECT_EQ(insertNewBefore(K, 12345, makeLine("x;")), 0);
  EXPECT_TRUE(moveAfter(K, IdA, IdB));
  ASSERT_EQ(K.Body.size(), 3u);
  EXPECT_EQ(K.Body[0].Text, "n;");
  EXPECT_EQ(K.Body[2].Text, "a;");
  EXPECT_FALSE(moveAfter(K, IdB, IdB));
}

TEST(KernelIRTest, CallText) {
  Stmt S;
  S.Kind = StmtKind::Call;
  S.Callee = "pto::comm::TNOTIFY";
  S.Args = {"v1", "v2", "v3"};
  EXPECT_EQ(S.callText(), "pto::comm::TNOTIFY(v1, v2, v3);");
  S.Result = "auto v4 = ";
  EXPECT_EQ(S.callText(), "auto v4 = pto::comm::TNOTIFY(v1, v2, v3);");
}
