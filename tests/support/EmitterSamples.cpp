#include "EmitterSamples.h"
#include "CheckHarness.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

namespace commcheck::test {

FileResult fixableResult() {
  llvm::SmallString<128> Path;
  llvm::sys::path::system_temp_directory(true, Path);
  llvm::sys::path::append(Path, "commcheck-tests");
  llvm::sys::fs::create_directories(Path);
  // One file per test process: ctest -j runs several tests that build this sample at once, and
  // one truncating the file while another parses it left the other with no finding.
  llvm::sys::path::append(Path, "emitter_fixit-" + std::to_string(llvm::sys::Process::getProcessId()) + ".cpp");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    OS << kernel("  pto::comm::Signal sig(sigp);\n"
                 "  pipe_barrier(PIPE_ALL);\n"
                 "  pto::comm::TNOTIFY(sig, 1, pto::comm::NotifyOp::Set);\n");
  }
  FileResult R = CheckHarness::instance().checkFile(std::string(Path));
  EXPECT_TRUE(!R.Findings.empty() && !R.Findings[0].Fixes.empty())
      << "the snippet no longer has a fix-it";
  return R;
}

std::vector<FileResult> sampleResults() {
  CheckHarness &H = CheckHarness::instance();
  std::vector<FileResult> Rs;
  Rs.push_back(H.checkFile(COMMCHECK_FIXTURES_DIR "/publish-before-notify/acc_tile_fix_drained.cpp"));
  Rs.push_back(H.checkFile(COMMCHECK_FIXTURES_DIR "/publish-before-notify/acc_tile_needs_fix.cpp"));
  FileResult Waived = H.checkFile(COMMCHECK_FIXTURES_DIR
                                  "/publish-before-notify/helper_store_unreleased.cpp");
  for (Finding &F : Waived.Findings) {
    F.Suppressed = true;
    F.Suppression = "reviewed: the host publishes the header";
  }
  Rs.push_back(std::move(Waived));
  ParsedFile Broken = H.parseText("__global__ void k() { undeclared(); }\n", "broken.cpp");
  Rs.push_back(H.check(Broken));
  Rs.push_back(fixableResult());
  return Rs;
}

Finding crossRankFinding() {
  auto At = [](unsigned Line) { return SourcePoint{CrossRankPath, Line, 3, 0}; };
  Finding F;
  F.Rule = "comm-cross-rank-race";
  F.At = At(21);
  F.Message = "rank 1 may read the buffer while rank 0's TSTORE into it is in flight";
  F.Function = "RingStep";
  F.Witness = {{At(10), "the TSTORE into rank 1's buffer starts", 0, -1, true},
               {At(11), "TNOTIFY with the TSTORE not drained", 0, 2, false},
               {At(20), "the TWAIT passes", 1, -1, false},
               {At(21), "the TLOAD reads the buffer", 1, -1, true}};
  return F;
}

const char *const CrossRankDiagram =
    "sequenceDiagram\n"
    "    participant R0 as rank 0\n"
    "    participant R1 as rank 1\n"
    "    Note over R0: \xE2\x9A\xA0 the TSTORE into rank 1's buffer starts (line 10)\n"
    "    R0->>R1: TNOTIFY with the TSTORE not drained (line 11)\n"
    "    Note over R1: \xE2\x9A\xA0 the TLOAD reads the buffer (line 21)\n";

FileResult crossRankResult() {
  FileResult R;
  R.Path = CrossRankPath;
  R.Parsed = true;
  R.Functions = {"RingStep"};
  R.Findings = {crossRankFinding()};
  return R;
}

} // namespace commcheck::test
