// A header that does not parse alone (it uses what its includer declares first) is checked in the
// translation unit of a source file that includes it, as clangd and clang-tidy users expect:
// found beside it or in a folder above it, or listed in the compilation database; -v names it;
// only the header's own findings are reported. With no includer that parses, the header's parse
// errors stay (exit code 2). Fixture: fixtures/header-context/dispatch_window/ (the header's
// expected findings are written inline in it).
#include "CliSupport.h"
#include "Expectations.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;
using Json = nlohmann::json;

namespace {

const std::string Fixture = COMMCHECK_FIXTURES_DIR "/header-context/dispatch_window";
const std::string HeaderRel = "op_kernel/utils/remote_window.hpp";
const std::string TilingRel = "op_kernel/moe_tiling.h";
const std::string LaunchRel = "kernel_launch.cpp";

/// The findings of the one file of a JSON report, as the expectation matcher takes them.
std::vector<commcheck::Finding> findingsOf(const Json &J) {
  std::vector<commcheck::Finding> Out;
  for (const Json &F : J["files"][0]["findings"]) {
    commcheck::Finding X;
    X.Rule = F["rule"];
    X.Level = F["severity"] == "error" ? commcheck::Severity::Error : commcheck::Severity::Warning;
    X.Message = F["message"];
    X.At.File = F.value("file", "");
    X.At.Line = F.value("line", 0u);
    X.Suppressed = F.value("suppressed", false);
    Out.push_back(X);
  }
  return Out;
}

/// The fixture's header, tiling header and (when WithLaunch) its launch file, copied into D.
void copyFixture(const TempDir &D, bool WithLaunch) {
  for (const std::string &Rel : {HeaderRel, TilingRel})
    D.write(Rel, readFile(Fixture + "/" + Rel));
  if (WithLaunch)
    D.write(LaunchRel, readFile(Fixture + "/" + LaunchRel));
}

/// The header's findings in JSON must be exactly the ones written in it.
void expectHeaderFindings(const Proc &P, const std::string &Header) {
  Json J = Json::parse(P.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << P.all();
  EXPECT_EQ(J["files"][0]["path"], Header);
  EXPECT_TRUE(J["files"][0]["parsed"].get<bool>()) << P.all();
  std::vector<std::string> Problems = commcheck::test::compareFindings(
      commcheck::test::parseExpectations(readFile(Header)), findingsOf(J), Header);
  EXPECT_EQ(Problems, std::vector<std::string>{}) << P.all();
}

} // namespace

TEST(HeaderContext, AHeaderThatDoesNotParseAloneIsCheckedInItsIncluder) {
  const std::string Header = Fixture + "/" + HeaderRel;
  Proc P = runCommcheck({"-v", "--format=json", Header});
  EXPECT_EQ(P.Exit, 1) << P.all();
  expectHeaderFindings(P, Header);
  // The launch's own finding (kernel_launch.cpp:22) is not the header's.
  EXPECT_EQ(P.Out.find(LaunchRel), std::string::npos) << P.all();
  EXPECT_EQ(count(P.Err, "does not parse alone"), 1u) << P.all();
  EXPECT_EQ(count(P.Err, "checked in the translation unit of " + Fixture + "/" + LaunchRel), 1u)
      << P.all();
}

TEST(HeaderContext, TheHeaderAloneDoesNotParse) {
  // The test above is not vacuous: without a file that includes it, the header's errors stay.
  TempDir D;
  copyFixture(D, /*WithLaunch=*/false);
  Proc P = runCommcheck({"-v", D / HeaderRel});
  EXPECT_EQ(P.Exit, 2) << P.all();
  EXPECT_NE(P.Out.find("use of undeclared identifier 'kMoeFixedAivNum'"), std::string::npos)
      << P.all();
  EXPECT_NE(P.Err.find("no source file that includes it was found"), std::string::npos) << P.all();
}

TEST(HeaderContext, AnIncluderThatDoesNotParseIsNotUsed) {
  TempDir D;
  copyFixture(D, /*WithLaunch=*/false);
  std::string Launch = readFile(Fixture + "/" + LaunchRel);
  Launch += "\nint broken(\n"; // an error of the launch's own
  D.write(LaunchRel, Launch);
  Proc P = runCommcheck({"-v", D / HeaderRel});
  EXPECT_EQ(P.Exit, 2) << P.all();
  EXPECT_NE(P.Out.find("kMoeFixedAivNum"), std::string::npos) << P.all();
  EXPECT_NE(P.Err.find(D / LaunchRel + " (a source file in " + D.path() +
                       ") includes it but does not parse either"),
            std::string::npos)
      << P.all();
}

TEST(HeaderContext, AnIncluderThatLeavesTheIncludeOutIsNotUsed) {
  // The #include is in a section the configuration does not compile: the parse does not read the
  // header, so the file is not its context.
  TempDir D;
  copyFixture(D, /*WithLaunch=*/false);
  D.write("launch.cpp", "#include \"op_kernel/moe_tiling.h\"\n#if 0\n#include \"" + HeaderRel +
                            "\"\n#endif\n");
  Proc P = runCommcheck({"-v", D / HeaderRel});
  EXPECT_EQ(P.Exit, 2) << P.all();
  EXPECT_NE(P.Err.find("its parse does not read it"), std::string::npos) << P.all();
}

TEST(HeaderContext, TheIncluderComesFromTheCompilationDatabase) {
  // The launch is in a sibling folder, found through the build's -I only: the folder search
  // cannot find it, the database can. Its command's macro reaches the parse.
  TempDir D;
  D.write("include/moe/utils/remote_window.hpp", readFile(Fixture + "/" + HeaderRel));
  D.write("include/moe/moe_tiling.h", readFile(Fixture + "/" + TilingRel));
  std::string Launch = readFile(Fixture + "/" + LaunchRel);
  for (const std::string &From : {std::string("op_kernel/moe_tiling.h"), HeaderRel}) {
    size_t At = Launch.find("#include \"" + From) + 10;
    Launch.replace(At, From.size(), From.substr(From.find('/') + 1));
  }
  Launch = "#ifndef MOE_BUILD\n#error the build's command was not used\n#endif\n" + Launch;
  D.write("src/launch.cpp", Launch);
  Json Db = Json::array({{{"directory", D.path()},
                          {"file", "src/launch.cpp"},
                          {"command", "clang++ -DMOE_BUILD -Iinclude/moe -c src/launch.cpp"}}});
  D.write("build/compile_commands.json", Db.dump());
  const std::string Header = D / "include/moe/utils/remote_window.hpp";
  Proc P = runCommcheck({"-v", "--format=json", "-p", D / "build", Header});
  EXPECT_EQ(P.Exit, 1) << P.all();
  expectHeaderFindings(P, Header);
  EXPECT_NE(P.Err.find(D / "src/launch.cpp" + " (listed in the compilation database)"),
            std::string::npos)
      << P.all();
  // Checked as the build compiles its includer: no warning that the header lacks a command.
  EXPECT_EQ(P.Err.find("is not in the compilation database"), std::string::npos) << P.all();
}
