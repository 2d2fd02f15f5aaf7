#include "driver/Gate.h"
#include "driver/AtomicFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <map>

namespace commcheck {

namespace {
std::string absolute(const std::string &Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}
} // namespace

llvm::Error Gate::checkNames(const std::vector<std::string> &Files) {
  // Copies are named by file name: two kernels with one name would overwrite (or, when the second
  // is rejected, delete) each other's copy.
  std::map<std::string, std::string> Names;
  for (const std::string &F : Files) {
    auto [It, New] = Names.emplace(std::string(llvm::sys::path::filename(F)), F);
    if (!New && absolute(It->second) != absolute(F))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--gate copies '%s' and '%s' to the same name in --out-dir; "
                                     "check them in separate runs",
                                     It->second.c_str(), F.c_str());
  }
  return llvm::Error::success();
}

bool Gate::run(const std::vector<GateInput> &Inputs, llvm::raw_ostream &Err, bool &WriteFailed) const {
  bool AllPassed = true;
  WriteFailed = false;
  if (std::error_code EC = llvm::sys::fs::create_directories(OutDir)) {
    Err << "commcheck: error: cannot create '" << OutDir << "': " << EC.message() << "\n";
    WriteFailed = true;
    return false;
  }
  for (const GateInput &In : Inputs) {
    llvm::SmallString<256> Dst(OutDir);
    llvm::sys::path::append(Dst, llvm::sys::path::filename(In.Path));
    // --out-dir may be the kernel's own folder: never write a file onto itself, nor remove it.
    bool Same = llvm::sys::fs::equivalent(In.Path, Dst);
    if (In.Result && In.Bytes && In.Result->verified()) {
      if (!Same)
        if (llvm::Error E = writeFileAtomically(std::string(Dst), *In.Bytes, Links::Replace)) {
          Err << "commcheck: error: cannot write the verified copy of '" << In.Path
              << "': " << llvm::toString(std::move(E)) << "\n";
          llvm::sys::fs::remove(Dst); // no stale copy stays behind a failed write
          WriteFailed = true;
          AllPassed = false;
          continue;
        }
      Err << "gate: passed " << In.Path << "\n";
      continue;
    }
    if (!Same)
      llvm::sys::fs::remove(Dst); // a stale copy from an earlier run must not stay behind
    Err << "gate: rejected " << In.Path << ": "
        << (In.Result ? In.Result->verdictReason() : std::string("could not be checked")) << "\n";
    AllPassed = false;
  }
  return AllPassed;
}

} // namespace commcheck
