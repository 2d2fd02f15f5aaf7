// .commcheck.json: parsing and type errors, discovery in parent folders with InheritParentConfig,
// --config-file, command-line overrides, --dump-config round trips, and verify's did-you-mean.
#include "driver/CheckFilter.h"
#include "driver/ConfigFile.h"
#include "rules/RuleRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {

/// A rule with options, so that CheckOptions can be verified (the registry's rules have none yet).
class OptionRule : public Rule {
public:
  explicit OptionRule(std::string Id) {
    I.Id = std::move(Id);
    I.Level = Severity::Warning;
    I.Summary = "test rule";
    I.Options = {{"MaxDepth", "4", "how deep", RuleOption::Type::Integer},
                 {"StrictMode", "false", "stricter"}};
  }
  const RuleInfo &info() const override { return I; }
  void check(RuleContext &) const override {}

private:
  RuleInfo I;
};

/// A fresh temporary folder tree, removed at the end of the test.
class ConfigFileTest : public testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("commcheck-config", Root));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  std::string path(const std::string &Rel) const {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Rel);
    return std::string(P);
  }
  std::string write(const std::string &Rel, const std::string &Text) {
    std::string P = path(Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << P;
    OS << Text;
    return P;
  }
  static std::vector<const Rule *> rules() {
    static OptionRule Extra("comm-test-options");
    std::vector<const Rule *> Out;
    for (const auto &R : RuleRegistry::instance().rules())
      Out.push_back(R.get());
    Out.push_back(&Extra);
    return Out;
  }

  llvm::SmallString<128> Root;
};

ConfigFile parseOk(const std::string &Text, const std::string &Path = "/p/.commcheck.json") {
  auto C = ConfigFile::parse(Text, Path);
  if (!C) {
    ADD_FAILURE() << llvm::toString(C.takeError());
    return ConfigFile();
  }
  return std::move(*C);
}

std::string parseError(const std::string &Text) {
  auto C = ConfigFile::parse(Text, "/p/.commcheck.json");
  if (C) {
    ADD_FAILURE() << "parsed: " << Text;
    return "";
  }
  return llvm::toString(C.takeError());
}

TEST_F(ConfigFileTest, ParsesEveryKey) {
  ConfigFile C = parseOk(R"({
    // comments are allowed
    "Checks": ["comm-*", "-comm-pre-notify-barrier"],
    "WarningsAsErrors": "comm-redundant-invalidate",
    "FailOn": "warning",
    "CheckOptions": {"comm-test-options.MaxDepth": 6, "comm-test-options.StrictMode": true,
                     "comm-test-options.Name": "x"},
    "ExtraArgs": ["-DA=1"],
    "ReadOnlyParams": ["weights"],
    "Intrinsics": "../tools/intrinsics.json",
    "InheritParentConfig": true
  })",
                         "/repo/sub/.commcheck.json");
  EXPECT_EQ(C.Checks, "comm-*,-comm-pre-notify-barrier");
  EXPECT_EQ(C.WarningsAsErrors, "comm-redundant-invalidate");
  EXPECT_EQ(C.FailOn, "warning");
  EXPECT_EQ(C.CheckOptions["comm-test-options.MaxDepth"], "6");
  EXPECT_EQ(C.CheckOptions["comm-test-options.StrictMode"], "true");
  EXPECT_EQ(C.CheckOptions["comm-test-options.Name"], "x");
  EXPECT_EQ(C.ExtraArgs, std::vector<std::string>{"-DA=1"});
  EXPECT_EQ(C.ReadOnlyParams, std::vector<std::string>{"weights"});
  EXPECT_EQ(C.Intrinsics, "/repo/tools/intrinsics.json"); // relative to the configuration file
  EXPECT_TRUE(C.InheritParentConfig);
  EXPECT_TRUE(C.UnknownKeys.empty());
}

TEST_F(ConfigFileTest, RejectsInvalidJsonAndWrongTypes) {
  EXPECT_NE(parseError("{\"Checks\": ").find("invalid JSON"), std::string::npos);
  EXPECT_NE(parseError("[]").find("must be a JSON object"), std::string::npos);
  EXPECT_NE(parseError(R"({"Checks": 3})").find("'Checks' must be"), std::string::npos);
  EXPECT_NE(parseError(R"({"ExtraArgs": "-DA"})").find("'ExtraArgs' must be"), std::string::npos);
  EXPECT_NE(parseError(R"({"InheritParentConfig": "yes"})").find("InheritParentConfig"),
            std::string::npos);
  EXPECT_NE(parseError(R"({"CheckOptions": {"a.b": [1]}})").find("'a.b'"), std::string::npos);
  // The error names the file.
  EXPECT_NE(parseError("{").find("/p/.commcheck.json"), std::string::npos);
}

TEST_F(ConfigFileTest, DiscoversTheNearestFileAndInheritsOnRequest) {
  write(".commcheck.json", R"({"Checks": "-comm-flag-balance", "FailOn": "warning",
                               "ExtraArgs": ["-DROOT"], "CheckOptions": {"a.x": "1", "a.y": "1"}})");
  write("a/.commcheck.json", R"({"Checks": "-comm-async-drain", "ExtraArgs": ["-DA"]})");
  write("a/b/.commcheck.json", R"({"InheritParentConfig": true, "Checks": "comm-async-drain",
                                   "ExtraArgs": ["-DB"], "CheckOptions": {"a.y": "2"}})");
  std::string Kernel = write("a/b/c/k.cpp", "");

  auto Found = ConfigFile::discover(Kernel);
  ASSERT_TRUE(bool(Found)) << llvm::toString(Found.takeError());
  ASSERT_EQ(Found->size(), 2u); // a/b inherits a; a does not inherit the root
  EXPECT_EQ((*Found)[0].Source, path("a/b/.commcheck.json"));
  EXPECT_EQ((*Found)[1].Source, path("a/.commcheck.json"));

  auto C = ConfigFile::forFile(Kernel);
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  // Globs are appended to the defaults and the parents', so the nearest file decides.
  EXPECT_EQ(C->Checks, "comm-*,-comm-async-drain,comm-async-drain");
  EXPECT_EQ(C->FailOn, "error");
  EXPECT_EQ(C->ExtraArgs, (std::vector<std::string>{"-DA", "-DB"}));
  EXPECT_EQ(C->CheckOptions["a.y"], "2");
  EXPECT_EQ(C->sources(), (std::vector<std::string>{"defaults", path("a/.commcheck.json"),
                                                    path("a/b/.commcheck.json")}));
  auto Filter = CheckFilter::parse(*C->Checks);
  ASSERT_TRUE(bool(Filter));
  EXPECT_TRUE(Filter->enabled("comm-async-drain"));

  // A file outside a/ sees only the root configuration.
  auto Other = ConfigFile::forFile(write("z/k.cpp", ""));
  ASSERT_TRUE(bool(Other));
  EXPECT_EQ(Other->Checks, "comm-*,-comm-flag-balance");
  EXPECT_EQ(Other->FailOn, "warning");
}

TEST_F(ConfigFileTest, NoFileMeansDefaults) {
  // The temporary folder's parents are not ours: check from a folder with its own empty config.
  write("iso/.commcheck.json", "{}");
  auto C = ConfigFile::forFile(path("iso/k.cpp"));
  ASSERT_TRUE(bool(C));
  EXPECT_EQ(C->Checks, "comm-*");
  EXPECT_EQ(C->FailOn, "error");
  EXPECT_FALSE(C->Intrinsics);
}

TEST_F(ConfigFileTest, ExplicitConfigFileReplacesDiscoveryUnlessItInherits) {
  write("proj/.commcheck.json", R"({"Checks": "-comm-flag-balance"})");
  std::string Kernel = write("proj/k.cpp", "");
  std::string Plain = write("cfg/plain.json", R"({"FailOn": "warning"})");
  std::string Inheriting = write("cfg/inherit.json", R"({"InheritParentConfig": true,
                                                         "FailOn": "warning"})");
  auto A = ConfigFile::forFile(Kernel, Plain);
  ASSERT_TRUE(bool(A));
  EXPECT_EQ(A->Checks, "comm-*");
  EXPECT_EQ(A->FailOn, "warning");
  auto B = ConfigFile::forFile(Kernel, Inheriting);
  ASSERT_TRUE(bool(B));
  EXPECT_EQ(B->Checks, "comm-*,-comm-flag-balance");
  EXPECT_EQ(B->FailOn, "warning");
  auto Missing = ConfigFile::forFile(Kernel, path("cfg/none.json"));
  ASSERT_FALSE(bool(Missing));
  EXPECT_NE(llvm::toString(Missing.takeError()).find("none.json"), std::string::npos);
  // A broken discovered file is an error, not silently skipped.
  write("bad/.commcheck.json", "{nope");
  auto Bad = ConfigFile::forFile(path("bad/k.cpp"));
  ASSERT_FALSE(bool(Bad));
  llvm::consumeError(Bad.takeError());
}

TEST_F(ConfigFileTest, CommandLineWins) {
  ConfigFile File = parseOk(R"({"Checks": "-comm-flag-balance", "FailOn": "warning",
                                "Intrinsics": "/abs/i.json", "ExtraArgs": ["-DF"],
                                "ReadOnlyParams": ["w"], "CheckOptions": {"a.x": "1", "a.y": "1"}})")
                        .inherit(ConfigFile::defaults());
  ConfigOverrides O;
  EXPECT_EQ(File.merge(O).dump(), File.dump()); // nothing set, nothing changes
  O.Checks = "comm-flag-balance";
  O.FailOn = "error";
  O.Intrinsics = "/cli/i.json";
  O.ExtraArgs = std::vector<std::string>{"-DC"};
  O.ReadOnlyParams = std::vector<std::string>{"w", "v"};
  O.CheckOptions = std::map<std::string, std::string>{{"a.y", "2"}};
  ConfigFile M = File.merge(O);
  EXPECT_EQ(M.Checks, "comm-*,-comm-flag-balance,comm-flag-balance");
  EXPECT_TRUE(cantFail(CheckFilter::parse(*M.Checks)).enabled("comm-flag-balance"));
  EXPECT_EQ(M.FailOn, "error");
  EXPECT_EQ(M.Intrinsics, "/cli/i.json");
  EXPECT_EQ(M.ExtraArgs, (std::vector<std::string>{"-DF", "-DC"}));
  EXPECT_EQ(M.ReadOnlyParams, (std::vector<std::string>{"w", "v"}));
  EXPECT_EQ(M.CheckOptions["a.x"], "1");
  EXPECT_EQ(M.CheckOptions["a.y"], "2");
  EXPECT_EQ(M.sources().back(), "command line");
}

TEST_F(ConfigFileTest, DumpRoundTrips) {
  std::string Intrinsics = write("i.json", "{}");
  ConfigFile C = parseOk(R"({"Checks": "-comm-pre-notify-barrier,comm-test-*",
                             "WarningsAsErrors": "comm-redundant-invalidate",
                             "CheckOptions": {"comm-test-options.MaxDepth": "6"},
                             "ExtraArgs": ["-DA"], "Intrinsics": ")" +
                             Intrinsics + "\"}")
                     .inherit(ConfigFile::defaults());
  std::string Dump = C.dump(rules());
  auto Again = ConfigFile::parse(Dump, "/dump.json");
  ASSERT_TRUE(bool(Again)) << llvm::toString(Again.takeError()) << "\n" << Dump;
  EXPECT_EQ(Again->Checks, C.Checks);
  EXPECT_EQ(Again->WarningsAsErrors, C.WarningsAsErrors);
  EXPECT_EQ(Again->FailOn, "error");
  EXPECT_EQ(Again->ExtraArgs, C.ExtraArgs);
  EXPECT_EQ(Again->Intrinsics, Intrinsics);
  // The enabled rules' options are listed with their defaults unless set.
  EXPECT_EQ(Again->CheckOptions["comm-test-options.MaxDepth"], "6");
  EXPECT_EQ(Again->CheckOptions["comm-test-options.StrictMode"], "false");
  EXPECT_TRUE(Again->UnknownKeys.empty());
  EXPECT_TRUE(Again->verify(rules()).empty());
}

TEST_F(ConfigFileTest, VerifyReportsMistakesWithSuggestions) {
  ConfigFile C = parseOk(R"({"Chekcs": "comm-*", "Foo": 1,
                             "Checks": "comm-pre-notfy-barrier,-comm-nothing-*,comm-async-drain",
                             "WarningsAsErrors": "comm-[",
                             "FailOn": "warnings",
                             "CheckOptions": {"comm-test-options.MaxDepht": "3",
                                              "comm-test-options.MaxDepth": "3"},
                             "Intrinsics": "/does/not/exist.json"})",
                         "/p/.commcheck.json")
                     .inherit(ConfigFile::defaults());
  std::vector<std::string> M = C.verify(rules());
  std::vector<std::string> Expected = {
      "/p/.commcheck.json: unknown key 'Chekcs'; did you mean 'Checks'?",
      "/p/.commcheck.json: unknown key 'Foo'",
      "/p/.commcheck.json: unknown check 'comm-pre-notfy-barrier' in 'Checks'; did you mean "
      "'comm-pre-notify-barrier'?",
      "/p/.commcheck.json: check glob 'comm-nothing-*' in 'Checks' doesn't match any known check",
      "/p/.commcheck.json: 'FailOn' must be \"error\" or \"warning\", not \"warnings\"; did you "
      "mean 'warning'?",
      "/p/.commcheck.json: 'Intrinsics' file '/does/not/exist.json' does not exist",
  };
  for (const std::string &E : Expected)
    EXPECT_NE(std::find(M.begin(), M.end(), E), M.end()) << "missing: " << E;
  auto Has = [&](const std::string &Part) {
    return std::any_of(M.begin(), M.end(),
                       [&](const std::string &S) { return S.find(Part) != std::string::npos; });
  };
  EXPECT_TRUE(Has("invalid glob 'comm-[' in 'WarningsAsErrors'"));
  EXPECT_TRUE(Has("unknown check option 'comm-test-options.MaxDepht'; did you mean "
                  "'comm-test-options.MaxDepth'?"));
  EXPECT_EQ(M.size(), Expected.size() + 2) << testing::PrintToString(M);

  // Problems from the command line are attributed to it.
  ConfigOverrides O;
  O.Checks = "comm-flag-balanse";
  std::vector<std::string> Cli = ConfigFile::defaults().merge(O).verify(rules());
  ASSERT_EQ(Cli.size(), 1u);
  EXPECT_EQ(Cli[0], "command line: unknown check 'comm-flag-balanse' in 'Checks'; did you mean "
                    "'comm-flag-balance'?");
}

TEST_F(ConfigFileTest, MayAliasGroupsAreReadLayeredAndVerified) {
  ConfigFile C = parseOk(R"({"MayAlias": ["signal, counts", "args[2],args[4]"]})", "/p/.commcheck.json");
  EXPECT_EQ(C.MayAlias, (std::vector<std::string>{"signal, counts", "args[2],args[4]"}));
  EXPECT_NE(parseError(R"({"MayAlias": "a,b"})").find("'MayAlias' must be"), std::string::npos);
  // A child adds groups, the command line too; --dump-config keeps them.
  ConfigOverrides O;
  O.MayAlias = std::vector<std::string>{"*"};
  ConfigFile M = C.inherit(ConfigFile::defaults()).merge(O);
  EXPECT_EQ(M.MayAlias, (std::vector<std::string>{"signal, counts", "args[2],args[4]", "*"}));
  EXPECT_NE(M.dump().find("\"MayAlias\""), std::string::npos);
  EXPECT_TRUE(M.verify(rules()).empty());
  // A typo is an error, never a silently ignored group.
  for (const char *Bad : {"signal", "signal,", "sig nal,counts", "args[x],b", "args[2,b", "**"}) {
    ConfigOverrides B;
    B.MayAlias = std::vector<std::string>{Bad};
    std::vector<std::string> P = ConfigFile::defaults().merge(B).verify(rules());
    ASSERT_EQ(P.size(), 1u) << Bad;
    EXPECT_NE(P[0].find("command line: 'MayAlias': "), std::string::npos) << P[0];
  }
  ConfigFile Typo = parseOk(R"({"MayAlais": ["a,b"]})", "/p/.commcheck.json");
  std::vector<std::string> T = Typo.inherit(ConfigFile::defaults()).verify(rules());
  ASSERT_EQ(T.size(), 1u);
  EXPECT_EQ(T[0], "/p/.commcheck.json: unknown key 'MayAlais'; did you mean 'MayAlias'?");
}

} // namespace
