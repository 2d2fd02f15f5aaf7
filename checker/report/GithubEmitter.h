// GitHub Actions output (--format=github): workflow commands that annotate the pull request
// (`::error file=F,line=L,col=C,title=T::message`), and a Markdown job summary for
// $GITHUB_STEP_SUMMARY. GitHub shows at most 10 annotations of each level per step and silently
// drops the rest, so only the first 10 per level become annotations; the summary lists everything,
// and draws each cross-rank witness as a Mermaid sequence diagram below its table.
#pragma once
#include "report/FileResult.h"
#include <string>
#include <vector>

namespace commcheck {

struct GithubReport {
  std::string Commands; ///< workflow commands for stdout, one per line
  std::string Summary;  ///< Markdown to append to $GITHUB_STEP_SUMMARY
  unsigned Annotated = 0, NotAnnotated = 0; ///< unsuppressed findings with and without annotation
};

/// Annotation limit per level and step, as GitHub enforces it.
constexpr unsigned GithubAnnotationsPerLevel = 10;

/// Annotations and summary for the results. Paths under BaseDir (normally $GITHUB_WORKSPACE, the
/// repository root) are made relative to it so that GitHub can place the annotations.
GithubReport githubReport(const std::vector<FileResult> &Results, const std::string &BaseDir = "");

/// Escaping of workflow commands: the message (data) and the key=value properties.
std::string escapeGithubData(const std::string &S);
std::string escapeGithubProperty(const std::string &S);

} // namespace commcheck
