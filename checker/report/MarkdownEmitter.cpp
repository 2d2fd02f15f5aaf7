#include "report/MarkdownEmitter.h"
#include "report/MarkdownText.h"
#include "report/RelativePath.h"
#include "report/SequenceDiagram.h"
#include "report/WitnessLanes.h"

#include <set>

namespace commcheck {

namespace {

std::string shown(const std::string &Path, const std::string &BaseDir) {
  auto R = relativePath(Path, BaseDir);
  return R ? *R : Path;
}

/// The line of a finding; with its file when that is not the checked one (a header).
std::string where(const Finding &F, const FileResult &R, const std::string &BaseDir) {
  std::string Line = F.At.Line ? std::to_string(F.At.Line) : "";
  if (F.At.File.empty() || F.At.File == R.Path)
    return Line;
  return markdownCell(shown(F.At.File, BaseDir)) + (Line.empty() ? "" : ":" + Line);
}

std::string severity(const Finding &F) {
  std::string S = severityName(F.Level);
  if (F.Suppressed)
    S += " (suppressed" + (F.Suppression.empty() ? "" : ": " + markdownCell(F.Suppression)) + ")";
  return S;
}

std::string message(const Finding &F) {
  std::string M = F.Message;
  if (!F.Configuration.empty())
    M += " (" + F.Configuration + " only)";
  return markdownCell(M);
}

/// One file's section: heading, verdict, the table, then the diagrams of its cross-rank findings.
std::string section(const FileResult &R, const std::string &BaseDir) {
  std::string Out = "## " + markdownCell(shown(R.Path, BaseDir)) + "\n\n";
  Out += (R.verified() ? std::string("Verified")
                       : "Not verified: " + markdownCell(R.verdictReason())) +
         ".\n\n";
  Out += "| Severity | Rule | Line | Message |\n|---|---|---|---|\n";
  std::string Diagrams;
  for (const Finding &F : R.Findings) {
    Out += "| " + severity(F) + " | `" + F.Rule + "` | " + where(F, R, BaseDir) + " | " +
           message(F) + " |\n";
    if (hasLanes(F)) {
      std::string At = where(F, R, BaseDir);
      Diagrams += "### `" + F.Rule + "`" + (At.empty() ? "" : ", line " + At) + "\n\n" +
                  message(F) + "\n\n" + mermaidBlock(F) + "\n";
    }
  }
  return Out + "\n" + Diagrams;
}

} // namespace

std::string markdownReport(const std::vector<FileResult> &Results, const std::string &BaseDir) {
  unsigned Verified = 0, WithFindings = 0;
  std::string Sections;
  for (const FileResult &R : Results) {
    Verified += R.verified();
    if (R.Findings.empty())
      continue;
    ++WithFindings;
    Sections += section(R, BaseDir);
  }
  std::string Out = "# commcheck\n\n" + std::to_string(Verified) + " of " +
                    std::to_string(Results.size()) + (Results.size() == 1 ? " file" : " files") +
                    " verified";
  Out += WithFindings ? ".\n\n" : "; no findings.\n";
  Out += Sections;
  // The assumptions the verdicts rest on, once per distinct statement, after the findings.
  std::set<std::string> Stated;
  std::string Assumed;
  for (const FileResult &R : Results)
    for (const FileResult::Assumption &A : R.Assumptions)
      if (Stated.insert(A.Id + "\n" + A.Statement + "\n" + A.Source).second)
        Assumed += "- `" + A.Id + "` (" + markdownCell(A.Source) + "): " + markdownCell(A.Statement) + "\n";
  if (!Assumed.empty())
    Out += std::string(WithFindings ? "" : "\n") + "## Assumptions in force\n\n" + Assumed + "\n";
  return Out;
}

} // namespace commcheck
