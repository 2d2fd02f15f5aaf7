// The configuration parser (.commcheck.json): parse, then everything the driver does with a parsed
// configuration (layering, command-line merge, --dump-config, --verify-config, the check filter).
// Input: the configuration text; optionally "\n----\n" and a second (parent) configuration.
#include "driver/CheckFilter.h"
#include "driver/ConfigFile.h"
#include "FuzzSupport.h"
#include <cstdint>

using namespace commcheck;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const std::vector<const Rule *> Rules = fuzz::allRules();
  std::vector<std::string> Parts = fuzz::split(Data, Size, 2);
  const std::string Dir = fuzz::scratchDir();
  auto Child = ConfigFile::parse(Parts[0], Dir + "/sub/.commcheck.json");
  if (!Child) {
    llvm::consumeError(Child.takeError());
    return 0;
  }
  ConfigFile Effective = Child->inherit(ConfigFile::defaults());
  if (Parts.size() > 1) {
    auto Parent = ConfigFile::parse(Parts[1], Dir + "/.commcheck.json");
    if (Parent)
      Effective = Child->inherit(Parent->inherit(ConfigFile::defaults()));
    else
      llvm::consumeError(Parent.takeError());
  }
  ConfigOverrides O;
  O.Checks = "-comm-pre-*";
  O.ExtraArgs = std::vector<std::string>{"-DFUZZ"};
  ConfigFile Merged = Effective.merge(O);
  (void)Merged.verify(Rules);
  (void)Merged.sources();
  std::string Dumped = Merged.dump(Rules);
  // What --dump-config prints must parse again.
  auto Again = ConfigFile::parse(Dumped, Dir + "/again.json");
  if (!Again) {
    fprintf(stderr, "dump does not parse: %s\n%s\n", llvm::toString(Again.takeError()).c_str(),
            Dumped.c_str());
    __builtin_trap();
  }
  for (const auto &G : {Merged.Checks, Merged.WarningsAsErrors})
    if (G) {
      auto F = CheckFilter::parse(*G);
      if (F)
        (void)F->enabled("comm-flag-balance");
      else
        llvm::consumeError(F.takeError());
    }
  return 0;
}
