#include "driver/Gate.h"
#include "base/Paths.h"
#include "driver/AtomicFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <map>
#include <nlohmann/json.hpp>

namespace commcheck {

namespace {
/// The record of what a copied kernel's verdict assumed (out-dir/.commcheck/<name>.json): the device build that
/// takes the kernel can see (and a reviewer can check) the launch convention it was verified under.
std::string record(const FileResult &R) {
  nlohmann::ordered_json J;
  J["kernel"] = R.Path;
  J["verdict"] = "verified";
  J["configurations"] = R.Configurations;
  J["assumptions"] = nlohmann::ordered_json::array();
  for (const FileResult::Assumption &A : R.Assumptions)
    J["assumptions"].push_back({{"id", A.Id}, {"statement", A.Statement}, {"source", A.Source}});
  return J.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

/// Records live in a hidden folder of the out-dir, so that a build globbing the kernels sees none.
std::string recordPath(const std::string &OutDir, llvm::StringRef Kernel) {
  llvm::SmallString<256> P(OutDir);
  llvm::sys::path::append(P, ".commcheck", llvm::sys::path::filename(Kernel) + ".json");
  return std::string(P);
}

} // namespace

llvm::Error Gate::checkNames(const std::vector<std::string> &Files) {
  // Copies are named by file name: two kernels with one name would overwrite (or, when the second
  // is rejected, delete) each other's copy.
  std::map<std::string, std::string> Names;
  for (const std::string &F : Files) {
    auto [It, New] = Names.emplace(std::string(llvm::sys::path::filename(F)), F);
    if (!New && cleanAbsolutePath(It->second) != cleanAbsolutePath(F))
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
      std::string Record = recordPath(OutDir, In.Path);
      llvm::Error E = llvm::errorCodeToError(
          llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Record)));
      if (!E)
        E = writeFileAtomically(Record, record(*In.Result), Links::Replace);
      if (E) {
        Err << "commcheck: error: cannot write the gate record of '" << In.Path
            << "': " << llvm::toString(std::move(E)) << "\n";
        if (!Same)
          llvm::sys::fs::remove(Dst); // a copy without its record is not passed on
        WriteFailed = true;
        AllPassed = false;
        continue;
      }
      Err << "gate: passed " << In.Path << "\n";
      continue;
    }
    if (!Same)
      llvm::sys::fs::remove(Dst); // a stale copy from an earlier run must not stay behind
    llvm::sys::fs::remove(recordPath(OutDir, In.Path));
    Err << "gate: rejected " << In.Path << ": "
        << (In.Result ? In.Result->verdictReason() : std::string("could not be checked")) << "\n";
    AllPassed = false;
  }
  return AllPassed;
}

} // namespace commcheck
