#include "report/FileResult.h"
#include "base/RuleIds.h"
#include <algorithm>

namespace commcheck {

void FileResult::freezeVerdict() {
  FrozenVerified.reset();
  bool V = verified();
  std::string Reason = verdictReason();
  FrozenVerified = V;
  FrozenReason = Reason;
}

bool FileResult::verified() const {
  if (FrozenVerified)
    return *FrozenVerified;
  if (!Parsed || Functions.empty() || !NotVerifiable.empty())
    return false; // nothing analysed (an empty file): nothing verified
  return std::none_of(Findings.begin(), Findings.end(), [](const Finding &F) {
    return F.Level == Severity::Error && !F.Suppressed;
  });
}

std::string FileResult::verdictReason() const {
  if (FrozenVerified)
    return FrozenReason;
  if (!Parsed)
    return "did not parse";
  if (!NotVerifiable.empty())
    return NotVerifiable;
  unsigned Errors = 0, Unanalysable = 0;
  for (const Finding &F : Findings)
    if (F.Level == Severity::Error && !F.Suppressed) {
      ++Errors;
      if (F.Rule == ruleid::Unanalysable)
        ++Unanalysable;
    }
  if (Unanalysable)
    return "not fully analysed (" + std::to_string(Unanalysable) + " comm-unanalysable)";
  if (Errors)
    return std::to_string(Errors) + " error finding" + (Errors == 1 ? "" : "s");
  if (Functions.empty())
    return "no function to verify";
  return "verified";
}

} // namespace commcheck
