#include "KernelIR.h"

#include <gtest/gtest.h>

using namespace commgen;

namespace {

Stmt line(Kernel &K, const std::string &Text) {
  Stmt S;
  S.Id = K.newId();
  S.Text = Text;
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

TEST(KernelIRTest, CallText) {
  Stmt S;
  S.Kind = StmtKind::Call;
  S.Callee = "pto::comm::TNOTIFY";
  S.Args = {"v1", "v2", "v3"};
  EXPECT_EQ(S.callText(), "pto::comm::TNOTIFY(v1, v2, v3);");
  S.Result = "auto v4 = ";
  EXPECT_EQ(S.callText(), "auto v4 = pto::comm::TNOTIFY(v1, v2, v3);");
}
