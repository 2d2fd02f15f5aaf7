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

TEST(IntrinsicCatalogue, SyncallEffectsFollowItsModeCoreTypeAndCore) {
  IntrinsicCatalogue C;
  ASSERT_FALSE(static_cast<bool>(C.loadFile(bundledCataloguePath())));
  const Intrinsic *S = C.lookup("pto::SYNCALL");
  ASSERT_NE(S, nullptr);
  // The entry's own effects are what every form does (hard mode, unknown mode): a drain only.
  ASSERT_EQ(S->Before.size(), 1u);
  EXPECT_EQ(S->Before[0].K, IntrinsicEffect::Drain);
  EXPECT_TRUE(S->After.empty());
  EXPECT_EQ(S->TemplateArgs.at("mode"), 0u);
  bool SoftFencesOnVector = false;
  for (const IntrinsicVariant &V : S->Variants)
    if (V.Roles.count("mode") && V.Roles.at("mode") == std::vector<std::string>{"Soft"} &&
        V.Defined == std::vector<std::string>{"__DAV_VEC__"} && V.Roles.count("coreType") &&
        V.Roles.at("coreType") == std::vector<std::string>{"AIVOnly"})
      SoftFencesOnVector = V.Before.size() == 2 && V.Before[1].K == IntrinsicEffect::Dsb &&
                           V.After.size() == 2 && V.After[1].K == IntrinsicEffect::Drain;
  EXPECT_TRUE(SoftFencesOnVector);
  for (const char *Name : {"pto::comm::TNOTIFY", "pto::comm::TWAIT", "pto::comm::TTEST", "pto::comm::TPUT",
                           "pto::comm::TGET", "pto::SYNCALL"})
    EXPECT_NE(C.lookup(Name)->Doc.find("include/pto/"), std::string::npos) << Name;
}

TEST(IntrinsicCatalogue, VariantsAreReadAndCheckedAgainstTheRoles) {
  IntrinsicCatalogue C;
  ASSERT_FALSE(static_cast<bool>(C.loadText(
      R"({"intrinsics":[{"name":"X::Sync","event":"none","args":{"mode":"template:0"},
          "before":["drain:ALL"],
          "variants":[{"when":{"mode":["Soft","Softer"],"defined":"__DAV_VEC__","undefined":["X"]},
                       "before":["drain:ALL","dsb"],"after":["dsb"],"doc":"soft"}]}]})",
      "user.json")));
  const Intrinsic *S = C.lookup("X::Sync");
  ASSERT_EQ(S->Variants.size(), 1u);
  const IntrinsicVariant &V = S->Variants[0];
  EXPECT_EQ(V.Roles.at("mode"), (std::vector<std::string>{"Soft", "Softer"}));
  EXPECT_EQ(V.Defined, std::vector<std::string>{"__DAV_VEC__"});
  EXPECT_EQ(V.Undefined, std::vector<std::string>{"X"});
  EXPECT_EQ(V.Before.size(), 2u);
  EXPECT_EQ(V.After.size(), 1u);
  EXPECT_EQ(V.Doc, "soft");
  std::string E = loadError(R"({"intrinsics":[{"name":"q","event":"none","variants":[{"when":{"mode":"Soft"}}]}]})");
  EXPECT_NE(E.find("variants[0].when.mode"), std::string::npos) << E;
  E = loadError(R"({"intrinsics":[{"name":"q","event":"none","variants":[{"after":["drain:NOPE"]}]}]})");
  EXPECT_NE(E.find("variants[0].after"), std::string::npos) << E;
  E = loadError(R"({"intrinsics":[{"name":"q","event":"none","variants":[{"colour":1}]}]})");
  EXPECT_NE(E.find("colour"), std::string::npos) << E;
  E = loadError(R"({"intrinsics":[{"name":"q","event":"none","variants":{}}]})");
  EXPECT_NE(E.find("variants"), std::string::npos) << E;
  E = loadError(R"({"intrinsics":[{"name":"q","event":"none","variants":[{"when":{"defined":[]}}]}]})");
  EXPECT_NE(E.find("when.defined"), std::string::npos) << E;
}
