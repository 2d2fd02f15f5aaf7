// The Markdown report (--format=md): a heading and a table per file with findings, and below the
// table the Mermaid sequence diagram of each cross-rank witness (exact text).
#include "EmitterSamples.h"
#include "report/MarkdownEmitter.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {

TEST(MarkdownEmitter, CrossRankFindingGetsItsDiagram) {
  EXPECT_EQ(markdownReport({test::crossRankResult()}, "/repo"),
            std::string("# commcheck\n\n"
                        "0 of 1 file verified.\n\n"
                        "## kernels/ring.cpp\n\n"
                        "Not verified: 1 error finding.\n\n"
                        "| Severity | Rule | Line | Message |\n"
                        "|---|---|---|---|\n"
                        "| error | `comm-cross-rank-race` | 21 | rank 1 may read the buffer while "
                        "rank 0's TSTORE into it is in flight |\n\n"
                        "### `comm-cross-rank-race`, line 21\n\n"
                        "rank 1 may read the buffer while rank 0's TSTORE into it is in flight\n\n"
                        "```mermaid\n") +
                test::CrossRankDiagram + "```\n\n");
}

TEST(MarkdownEmitter, OneRankFindingsAreTableRowsOnly) {
  FileResult Clean;
  Clean.Path = "/repo/clean.cpp";
  Clean.Parsed = true;
  Clean.Functions = {"k"};
  FileResult R;
  R.Path = "/repo/k.cpp";
  R.Parsed = true;
  R.Functions = {"k"};
  Finding F;
  F.Rule = "comm-pre-notify-barrier";
  F.Level = Severity::Warning;
  F.At = {"/repo/inc/h.h", 4, 3, 0};
  F.Message = "a | b <b>";
  F.Configuration = "cube core";
  F.Witness = {{{"/repo/k.cpp", 2, 1, 0}, "the barrier"}};
  Finding Waived = test::crossRankFinding();
  Waived.Rule = "comm-flag-balance";
  Waived.Witness.clear();
  Waived.Suppressed = true;
  Waived.Suppression = "reviewed";
  R.Findings = {F, Waived};
  EXPECT_EQ(markdownReport({Clean, R}, "/repo"),
            "# commcheck\n\n"
            "2 of 2 files verified.\n\n"
            "## k.cpp\n\n"
            "Verified.\n\n"
            "| Severity | Rule | Line | Message |\n"
            "|---|---|---|---|\n"
            "| warning | `comm-pre-notify-barrier` | inc/h.h:4 | a \\| b \\<b\\> (cube core only) |\n"
            "| error (suppressed: reviewed) | `comm-flag-balance` | kernels/ring.cpp:21 | "
            "rank 1 may read the buffer while rank 0's TSTORE into it is in flight |\n\n");
  EXPECT_EQ(markdownReport({Clean}), "# commcheck\n\n1 of 1 file verified; no findings.\n");
}

} // namespace
