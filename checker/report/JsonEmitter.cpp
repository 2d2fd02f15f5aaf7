#include "report/JsonEmitter.h"

namespace commcheck {

namespace {

using Json = nlohmann::ordered_json;

Json point(const SourcePoint &P, const std::string &Fallback) {
  Json J;
  J["file"] = P.File.empty() ? Fallback : P.File;
  J["line"] = P.Line;
  J["column"] = P.Column;
  return J;
}

Json finding(const Finding &F, const std::string &Path) {
  Json J;
  J["rule"] = F.Rule;
  J["severity"] = severityName(F.Level);
  J["message"] = F.Message;
  J.update(point(F.At, Path));
  J["function"] = F.Function;
  J["witness"] = Json::array();
  for (const WitnessStep &W : F.Witness) {
    Json S = point(W.At, Path);
    S["message"] = W.Message;
    // Only cross-rank witnesses carry these: one-rank reports stay as they were.
    if (W.Lane >= 0)
      S["rank"] = W.Lane;
    if (W.EdgeTo >= 0)
      S["edge_to"] = W.EdgeTo;
    if (W.Conflict)
      S["conflict"] = true;
    J["witness"].push_back(std::move(S));
  }
  J["fixes"] = Json::array();
  for (const clang::tooling::Replacement &R : F.Fixes)
    J["fixes"].push_back({{"file", R.getFilePath().str()},
                          {"offset", R.getOffset()},
                          {"length", R.getLength()},
                          {"replacement", R.getReplacementText().str()}});
  if (!F.Configuration.empty())
    J["configuration"] = F.Configuration;
  J["suppressed"] = F.Suppressed;
  if (F.Suppressed)
    J["suppression"] = F.Suppression;
  return J;
}

} // namespace

nlohmann::ordered_json jsonReport(const std::vector<FileResult> &Results,
                                  const std::string &ToolVersion,
                                  const std::vector<double> &SecondsPerFile) {
  Json Report;
  Report["schema"] = "commcheck-report";
  Report["version"] = JsonReportVersion;
  Report["tool"] = {{"name", "commcheck"}, {"version", ToolVersion}};
  Report["files"] = Json::array();
  unsigned Parsed = 0, Verified = 0, Errors = 0, Warnings = 0, Suppressed = 0;
  double Seconds = 0;
  for (size_t I = 0; I < Results.size(); ++I) {
    const FileResult &R = Results[I];
    Json F;
    F["path"] = R.Path;
    F["parsed"] = R.Parsed;
    F["verified"] = R.verified();
    F["verdict"] = R.verdictReason();
    F["functions"] = R.Functions;
    if (R.Configurations.size() > 1)
      F["configurations"] = R.Configurations;
    if (!R.Waivers.empty()) {
      F["waivers"] = Json::array();
      for (const FileResult::Waiver &W : R.Waivers)
        F["waivers"].push_back(
            {{"kind", W.Kind}, {"id", W.Id}, {"source", W.Source}, {"reason", W.Reason}});
    }
    // Per kernel entry: what the cross-rank model made of it (modelled, for which rank
    // counts, complete or why not).
    for (const FileResult::Entry &E : R.Entries) {
      if (!E.Model.Ran)
        continue;
      Json M{{"entry", E.Name}, {"line", E.At.Line}, {"modelled", E.Model.Modelled},
             {"complete", E.Model.Complete}};
      if (E.Model.Modelled) {
        // Run at FromP..ToP; where "everyP" the symbolic check proved what the runs found
        // nothing of for every P >= 2.
        M["ranks"] = {{"from", E.Model.FromP}, {"to", E.Model.ToP}};
        M["everyP"] = E.Model.EveryP;
      }
      if (!E.Model.Symbolic.empty())
        M["symbolic"] = E.Model.Symbolic;
      if (!E.Model.Why.empty())
        M["why"] = E.Model.Why;
      if (!E.Model.Unchecked.empty())
        M["unchecked"] = E.Model.Unchecked;
      F["crossRank"].push_back(std::move(M));
    }
    F["assumptions"] = Json::array();
    for (const FileResult::Assumption &A : R.Assumptions)
      F["assumptions"].push_back({{"id", A.Id}, {"statement", A.Statement}, {"source", A.Source}});
    F["findings"] = Json::array();
    for (const Finding &Fi : R.Findings) {
      F["findings"].push_back(finding(Fi, R.Path));
      if (Fi.Suppressed)
        ++Suppressed;
      else
        ++(Fi.Level == Severity::Error ? Errors : Warnings);
    }
    if (I < SecondsPerFile.size()) {
      F["timing"] = {{"seconds", SecondsPerFile[I]}};
      Seconds += SecondsPerFile[I];
    }
    Parsed += R.Parsed;
    Verified += R.verified();
    Report["files"].push_back(std::move(F));
  }
  Json &S = Report["summary"];
  S["files"] = Results.size();
  S["parsed"] = Parsed;
  S["verified"] = Verified;
  S["errors"] = Errors;
  S["warnings"] = Warnings;
  S["suppressed"] = Suppressed;
  if (!SecondsPerFile.empty())
    S["seconds"] = Seconds;
  return Report;
}

} // namespace commcheck
