#include "FuzzSupport.h"
#include "rules/RuleRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cstdlib>
#include <unistd.h>

namespace commcheck::fuzz {

std::vector<const Rule *> allRules() {
  std::vector<const Rule *> Out;
  for (const auto &R : RuleRegistry::instance().rules())
    Out.push_back(R.get());
  return Out;
}

namespace {
const std::string *ScratchPath = nullptr; // reachable: not a leak
void removeScratch() { llvm::sys::fs::remove_directories(*ScratchPath); }
} // namespace

const std::string &scratchDir() {
  static const std::string Dir = [] {
    llvm::SmallString<128> P;
    llvm::sys::path::system_temp_directory(true, P);
    llvm::sys::path::append(P, "commcheck-fuzz-" + std::to_string(::getpid()));
    llvm::sys::fs::create_directories(P);
    ScratchPath = new std::string(P);
    std::atexit(removeScratch);
    return std::string(P);
  }();
  return Dir;
}

std::vector<std::string> split(const uint8_t *Data, size_t Size, size_t Max) {
  std::string All(reinterpret_cast<const char *>(Data), Size);
  std::vector<std::string> Out;
  size_t From = 0;
  while (Out.size() + 1 < Max) {
    size_t At = All.find("\n----\n", From);
    if (At == std::string::npos)
      break;
    Out.push_back(All.substr(From, At - From));
    From = At + 6;
  }
  Out.push_back(All.substr(From));
  return Out;
}

} // namespace commcheck::fuzz
