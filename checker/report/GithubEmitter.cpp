#include "report/GithubEmitter.h"
#include "report/MarkdownText.h"
#include "report/RelativePath.h"
#include "report/SequenceDiagram.h"
#include "report/WitnessLanes.h"

namespace commcheck {

std::string escapeGithubData(const std::string &S) {
  std::string Out;
  for (char C : S) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else
      Out += C;
  }
  return Out;
}

std::string escapeGithubProperty(const std::string &S) {
  std::string Out;
  for (char C : escapeGithubData(S)) {
    if (C == ':')
      Out += "%3A";
    else if (C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

namespace {

class Writer {
public:
  explicit Writer(const std::string &BaseDir) : BaseDir(BaseDir) {}

  std::string path(const std::string &P) const {
    auto R = relativePath(P, BaseDir);
    return R ? *R : P;
  }
  std::string location(const SourcePoint &P, const std::string &Fallback) const {
    std::string S = path(P.File.empty() ? Fallback : P.File);
    if (P.Line)
      S += ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
    return S;
  }

  /// One workflow command; the witness follows the message as note lines, as in the text output.
  std::string command(const Finding &F, const std::string &FilePath) const {
    std::string Cmd = std::string("::") + severityName(F.Level) + " file=" +
                      escapeGithubProperty(path(F.At.File.empty() ? FilePath : F.At.File));
    if (F.At.Line) {
      Cmd += ",line=" + std::to_string(F.At.Line);
      if (F.At.Column)
        Cmd += ",col=" + std::to_string(F.At.Column);
    }
    Cmd += ",title=" + escapeGithubProperty(F.Rule);
    std::string Message = F.Message + " [" + F.Rule + "]";
    for (const WitnessStep &W : F.Witness)
      Message += "\n" + location(W.At, FilePath) + ": note: " + lanePrefix(W) + W.Message;
    if (!F.Fixes.empty())
      Message += "\nfix-it available (apply with --fix or --export-fixes)";
    return Cmd + "::" + escapeGithubData(Message) + "\n";
  }

private:
  const std::string &BaseDir;
};

std::string plural(unsigned N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

} // namespace

GithubReport githubReport(const std::vector<FileResult> &Results, const std::string &BaseDir) {
  GithubReport Out;
  Writer W(BaseDir);
  unsigned Shown[2] = {0, 0}, Errors = 0, Warnings = 0, Suppressed = 0, Verified = 0;
  std::string Rows, Diagrams;
  for (const FileResult &R : Results) {
    Verified += R.verified();
    for (const Finding &F : R.Findings) {
      std::string Annotated;
      if (F.Suppressed) {
        ++Suppressed;
      } else {
        ++(F.Level == Severity::Error ? Errors : Warnings);
        unsigned &N = Shown[F.Level == Severity::Error];
        if (N < GithubAnnotationsPerLevel) {
          ++N;
          ++Out.Annotated;
          Out.Commands += W.command(F, R.Path);
          Annotated = "yes";
        } else {
          ++Out.NotAnnotated;
          Annotated = "**no**";
        }
      }
      std::string Severity = severityName(F.Level);
      if (F.Suppressed)
        Severity += " (suppressed" +
                    (F.Suppression.empty() ? "" : ": " + markdownCell(F.Suppression)) + ")";
      std::string Message = markdownCell(F.Message);
      if (!F.Witness.empty()) {
        Message += "<details><summary>witness (" + plural(F.Witness.size(), "step") +
                   ")</summary>";
        for (const WitnessStep &S : F.Witness)
          Message += markdownCell(W.location(S.At, R.Path)) + ": " +
                     markdownCell(lanePrefix(S) + S.Message) + "<br>";
        Message += "</details>";
      }
      Rows += "| " + Severity + " | `" + F.Rule + "` | " + markdownCell(W.location(F.At, R.Path)) +
              " | " + Message + " | " + Annotated + " |\n";
      // A schedule of ranks does not fit a table cell: it is drawn below the table.
      if (hasLanes(F))
        Diagrams += "`" + F.Rule + "` at " + markdownCell(W.location(F.At, R.Path)) + ": " +
                    markdownCell(F.Message) + "\n\n" + mermaidBlock(F) + "\n";
    }
  }

  std::string &S = Out.Summary;
  S += "## commcheck\n\n";
  S += std::to_string(Verified) + " of " + plural(Results.size(), "file") + " verified; " +
       plural(Errors, "error") + ", " + plural(Warnings, "warning") + ", " +
       std::to_string(Suppressed) + " suppressed.\n\n";
  if (Out.NotAnnotated)
    S += "> GitHub shows at most " + std::to_string(GithubAnnotationsPerLevel) +
         " annotations of each level per step: " + plural(Out.NotAnnotated, "finding") +
         " below " + (Out.NotAnnotated == 1 ? "has" : "have") + " no annotation.\n\n";
  if (!Results.empty()) {
    S += "| File | Verdict |\n|---|---|\n";
    for (const FileResult &R : Results)
      S += "| " + markdownCell(W.path(R.Path)) + " | " +
           (R.verified() ? std::string("verified")
                         : "**not verified**: " + markdownCell(R.verdictReason())) +
           " |\n";
    S += "\n";
  }
  if (!Rows.empty())
    S += "### Findings\n\n| Severity | Rule | Location | Message | Annotated |\n"
         "|---|---|---|---|---|\n" + Rows + "\n";
  if (!Diagrams.empty())
    S += "### Cross-rank witnesses\n\n" + Diagrams;
  return Out;
}

} // namespace commcheck
