#include "frontend/BundledData.h"
#include "events/IntrinsicCatalogue.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {
std::string loadError(const std::string &Text) {
  IntrinsicCatalogue C;
  llvm::Error E = C.loadText(Text, "user.json");
  return E ? llvm::toString(std::move(E)) : "";
}
} // namespace

TEST(IntrinsicCatalogue, BundledCatalogueLoadsAndDescribesTheCoreIntrinsics) {
  IntrinsicCatalogue C;
  ASSERT_FALSE(static_cast<bool>(C.loadFile(bundledCataloguePath())));
  const Intrinsic *N = C.lookup("pto::comm::TNOTIFY");
  ASSERT_NE(N, nullptr);
  EXPECT_EQ(N->Kind, IntrinsicKind::Notify);
  EXPECT_EQ(*N->arg("signal"), 0u);
  EXPECT_TRUE(N->Before.empty()); // pto-isa's TNOTIFY drains nothing before its store
  ASSERT_FALSE(N->After.empty());
  EXPECT_EQ(C.lookup("pto::TSTORE")->Pipe, pipe::MTE3);
  EXPECT_EQ(C.lookup("pto::TSTORE")->AccPipe, pipe::FIX);
  EXPECT_EQ(C.lookup("pto::TLOAD")->Kind, IntrinsicKind::TileLoad);
  EXPECT_EQ(C.lookup("dcci")->Kind, IntrinsicKind::Dcci);
  EXPECT_EQ(C.lookup("pto::comm::AsyncEvent::Wait")->Kind, IntrinsicKind::AsyncWait);
  EXPECT_EQ(C.lookup("ptoas_auto_sync_tail")->Pipe, pipe::ALL);
}

TEST(IntrinsicCatalogue, UnresolvedShortNamesPreferTheEntryWithAnEffect) {
  IntrinsicCatalogue C;
  ASSERT_FALSE(static_cast<bool>(C.loadFile(bundledCataloguePath())));
  EXPECT_EQ(C.lookupUnqualified("Wait")->Kind, IntrinsicKind::AsyncWait);
  EXPECT_EQ(C.lookupUnqualified("TNOTIFY")->Kind, IntrinsicKind::Notify);
}

TEST(IntrinsicCatalogue, UserFileOverridesAnEntry) {
  IntrinsicCatalogue C;
  ASSERT_FALSE(static_cast<bool>(C.loadFile(bundledCataloguePath())));
  ASSERT_FALSE(static_cast<bool>(C.loadText(
      R"({"intrinsics":[{"name":"pto::comm::TNOTIFY","event":"notify",
          "args":{"signal":0,"value":1,"op":2},"before":["drain:ALL"]}]})",
      "user.json")));
  const Intrinsic *N = C.lookup("pto::comm::TNOTIFY");
  ASSERT_EQ(N->Before.size(), 1u);
  EXPECT_EQ(N->Before[0].Pipes, pipe::ALL);
  EXPECT_NE(C.lookup("pto::TSTORE"), nullptr); // the rest of the bundled catalogue stays
}

TEST(IntrinsicCatalogue, MalformedFilesNameTheEntryAndField) {
  EXPECT_NE(loadError("{"), "");
  EXPECT_NE(loadError(R"({"x":1})").find("intrinsics"), std::string::npos);
  std::string E = loadError(R"({"intrinsics":[{"name":"foo","event":"teleport"}]})");
  EXPECT_NE(E.find("'foo'"), std::string::npos) << E;
  EXPECT_NE(E.find("event"), std::string::npos) << E;
  E = loadError(R"({"intrinsics":[{"name":"bar","event":"barrier","pipe":"PIPE_Q"}]})");
  EXPECT_NE(E.find("'bar'"), std::string::npos) << E;
  EXPECT_NE(E.find("pipe"), std::string::npos) << E;
  E = loadError(R"({"intrinsics":[{"name":"baz","event":"notify","after":["drain:NOPE"]}]})");
  EXPECT_NE(E.find("after"), std::string::npos) << E;
  E = loadError(R"({"intrinsics":[{"name":"q","event":"notify","args":{"signal":-1}}]})");
  EXPECT_NE(E.find("args.signal"), std::string::npos) << E;
  E = loadError(R"({"intrinsics":[{"name":"q","event":"notify","colour":"red"}]})");
  EXPECT_NE(E.find("colour"), std::string::npos) << E;
  E = loadError(R"({"intrinsics":[{"event":"notify"}]})");
  EXPECT_NE(E.find("#0"), std::string::npos) << E;
}

TEST(IntrinsicCatalogue, RolesMayBeTemplateArguments) {
  IntrinsicCatalogue C;
  ASSERT_FALSE(static_cast<bool>(C.loadText(
      R"({"intrinsics":[{"name":"X::Barrier","event":"barrier","args":{"pipe":"template:0"}},
                        {"name":"X::Flag","event":"set-wait-flag",
                         "args":{"src":"template:0","dst":"template:1","id":0,"waitId":1}}]})",
      "user.json")));
  const Intrinsic *B = C.lookup("X::Barrier");
  ASSERT_NE(B, nullptr);
  EXPECT_EQ(B->TemplateArgs.at("pipe"), 0u);
  EXPECT_FALSE(B->arg("pipe")); // not a call argument
  const Intrinsic *F = C.lookup("X::Flag");
  ASSERT_NE(F, nullptr);
  EXPECT_EQ(F->Kind, IntrinsicKind::SetWaitFlag);
  EXPECT_EQ(F->TemplateArgs.at("dst"), 1u);
  EXPECT_EQ(*F->arg("waitId"), 1u);
  for (const char *Bad : {R"("template:")", R"("template:x")", R"("templates:1")", R"("0")",
                          R"("template:-1")"}) {
    std::string E = loadError(std::string(R"({"intrinsics":[{"name":"q","event":"barrier","args":{"pipe":)") +
                              Bad + "}}]}");
    EXPECT_NE(E.find("args.pipe"), std::string::npos) << Bad << ": " << E;
  }
}
