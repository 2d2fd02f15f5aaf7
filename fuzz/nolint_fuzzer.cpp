// The NOLINT parser: parse a file's text, then waive a finding of every rule on every line, with
// and without the gate's reason requirement.
#include "FuzzSupport.h"
#include "report/Suppressions.h"
#include <algorithm>
#include <cstdint>

using namespace commcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const char *const RuleIds[] = {"comm-publish-before-notify", "comm-flag-balance",
                                        "comm-unanalysable", "clang-diagnostic-error",
                                        "comm-nolint", "comm-per-wait-dcci"};
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  const std::string File = "/fuzz/kernel.cpp";
  Suppressions S = Suppressions::parse(Text, File);
  unsigned Lines = std::count(Text.begin(), Text.end(), '\n') + 2;
  std::vector<Finding> Findings;
  for (unsigned L = 0; L <= std::min(Lines, 400u); ++L)
    for (const char *R : RuleIds) {
      Finding F;
      F.Rule = R;
      F.At = {L % 3 == 2 ? "/fuzz/./kernel.cpp" : File, L, 1, 0};
      F.Message = "m";
      Findings.push_back(F);
    }
  for (bool RequireReason : {false, true}) {
    std::vector<Finding> Copy = Findings;
    size_t Before = Copy.size();
    S.apply(Copy, RequireReason);
    if (Copy.size() < Before)
      __builtin_trap(); // apply only adds
    for (const Finding &F : Copy)
      if (F.Suppressed && !Suppressions::suppressible(F.Rule))
        __builtin_trap(); // compiler errors, NOLINT errors and comm-unanalysable are never waived
  }
  for (const Finding &E : S.errors())
    if (E.Rule != Suppressions::RuleId)
      __builtin_trap();
  return 0;
}
