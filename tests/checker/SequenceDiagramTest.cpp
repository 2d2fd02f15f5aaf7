// The Mermaid sequence diagram of a cross-rank witness: exact text, what Mermaid cannot take in a
// message escaped and long text cut. Where mermaid-cli (mmdc) and chromium are installed the
// diagram is also rendered once (about 2 s), so that Mermaid itself accepts it; elsewhere that test
// is skipped.
#include "EmitterSamples.h"
#include "report/SequenceDiagram.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <cstdlib>

using namespace commcheck;

namespace {

TEST(SequenceDiagram, OnlyForWitnessesWithLanes) {
  Finding F = test::crossRankFinding();
  EXPECT_EQ(sequenceDiagram(F), test::CrossRankDiagram);
  EXPECT_EQ(mermaidBlock(F), std::string("```mermaid\n") + test::CrossRankDiagram + "```\n");
  for (WitnessStep &S : F.Witness)
    S.Lane = -1;
  EXPECT_EQ(sequenceDiagram(F), "");
  EXPECT_EQ(mermaidBlock(F), "");
}

TEST(SequenceDiagram, EdgesToStepsOutsideTheWitnessAreNotes) {
  Finding F = test::crossRankFinding();
  F.Witness[1].EdgeTo = 9;
  F.Witness[2].At.Line = 0;
  std::string D = sequenceDiagram(F);
  EXPECT_NE(D.find("    Note over R0: TNOTIFY with the TSTORE not drained (line 11)\n"),
            std::string::npos) << D;
  EXPECT_NE(D.find("    Note over R1: the TWAIT passes\n"), std::string::npos) << D;
  EXPECT_EQ(D.find("->>"), std::string::npos) << D;
}

TEST(SequenceDiagram, MessagesAreEscapedAndCut) {
  EXPECT_EQ(mermaidText("a; b #1 <x>\nnext\r\tend"), "a#59; b #35;1 #lt;x#gt; next  end");
  std::string Long(100, 'x');
  EXPECT_EQ(mermaidText(Long), std::string(77, 'x') + "...");
  EXPECT_EQ(mermaidText(std::string(80, 'y')), std::string(80, 'y'));
  // A cut never splits a UTF-8 character: 90 two-byte characters keep 77 of them.
  std::string Wide;
  for (int I = 0; I < 90; ++I)
    Wide += "\xC3\xA9";
  std::string Cut = mermaidText(Wide);
  EXPECT_EQ(Cut.size(), 77u * 2 + 3);
  EXPECT_EQ(Cut.substr(Cut.size() - 3), "...");
}

/// The puppeteer configuration for mmdc: $COMMCHECK_MMDC_CONFIG, else one written for the system
/// chromium (without a sandbox: tests may run as root); "" when there is no browser.
std::string mmdcConfig(const std::string &Dir) {
  if (const char *Env = std::getenv("COMMCHECK_MMDC_CONFIG"))
    return Env;
  if (!llvm::sys::fs::can_execute("/usr/bin/chromium"))
    return "";
  std::string Path = Dir + "/puppeteer.json";
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  OS << R"({"executablePath": "/usr/bin/chromium", "args": ["--no-sandbox"]})";
  return Path;
}

/// mmdc: the checkout's (scripts/setup.sh installs it into .tools), else one on the PATH.
llvm::ErrorOr<std::string> findMmdc() {
  std::string Local = std::string(COMMCHECK_SOURCE_DIR) + "/.tools/node_modules/.bin/mmdc";
  if (llvm::sys::fs::can_execute(Local))
    return Local;
  return llvm::sys::findProgramByName("mmdc");
}

TEST(SequenceDiagram, MermaidRendersIt) {
  auto Mmdc = findMmdc();
  llvm::SmallString<128> Dir;
  llvm::sys::path::system_temp_directory(true, Dir);
  llvm::sys::path::append(Dir, "commcheck-tests");
  llvm::sys::fs::create_directories(Dir);
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory(Dir + "/mermaid", Dir));
  std::string Config = mmdcConfig(std::string(Dir));
  if (!Mmdc || Config.empty()) {
    llvm::sys::fs::remove_directories(Dir);
    GTEST_SKIP() << "mermaid-cli (mmdc) or chromium not installed";
  }
  Finding F = test::crossRankFinding();
  F.Witness[0].Message = "flag[0]; #1 <x> y: \"quoted\"\nsecond line " + std::string(90, 'z');
  std::string In = std::string(Dir) + "/d.mmd", Out = std::string(Dir) + "/d.svg";
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(In, EC);
    OS << sequenceDiagram(F);
  }
  std::string Error, Console = std::string(Dir) + "/console.txt";
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Console),
                                                llvm::StringRef(Console)};
  int Status = llvm::sys::ExecuteAndWait(*Mmdc, {*Mmdc, "-p", Config, "-i", In, "-o", Out},
                                         std::nullopt, Redirects, /*SecondsToWait=*/60, 0, &Error);
  uint64_t Size = 0;
  llvm::sys::fs::file_size(Out, Size);
  auto Printed = llvm::MemoryBuffer::getFile(Console);
  EXPECT_EQ(Status, 0) << Error << (Printed ? (*Printed)->getBuffer().str() : "");
  EXPECT_GT(Size, 0u);
  llvm::sys::fs::remove_directories(Dir);
}

} // namespace
