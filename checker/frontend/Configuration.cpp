#include "frontend/Configuration.h"
#include "base/CompilerFlags.h"
#include "frontend/DeviceArch.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <map>

namespace commcheck {

namespace {
/// The macro a -D or -U argument names.
std::string macroOf(const std::string &Arg) {
  std::string M = Arg.substr(2);
  return M.substr(0, M.find('='));
}

bool isMacroArg(const std::string &A) {
  return A.size() > 2 && (A.rfind("-D", 0) == 0 || A.rfind("-U", 0) == 0);
}
} // namespace

std::set<std::string> Configuration::differingMacros(const std::vector<Configuration> &Cs) {
  // A macro differs when some configuration sets it differently, or does not set it at all.
  std::map<std::string, std::set<std::string>> Settings;
  for (const Configuration &C : Cs)
    for (const std::string &A : C.Args)
      if (isMacroArg(A))
        Settings[macroOf(A)].insert(A);
  std::set<std::string> Out;
  for (const auto &[M, S] : Settings) {
    size_t Having = std::count_if(Cs.begin(), Cs.end(), [&, Name = M](const Configuration &C) {
      return std::any_of(C.Args.begin(), C.Args.end(), [&](const std::string &A) {
        return isMacroArg(A) && macroOf(A) == Name;
      });
    });
    if (S.size() > 1 || Having != Cs.size())
      Out.insert(M);
  }
  return Out;
}

std::set<std::string> Configuration::defined() const {
  std::set<std::string> Out;
  for (const std::string &A : Args) {
    if (!isMacroArg(A))
      continue;
    if (A[1] == 'D')
      Out.insert(macroOf(A));
    else
      Out.erase(macroOf(A));
  }
  return Out;
}

std::optional<std::string> Configuration::valueOf(const std::string &Macro) const {
  std::optional<std::string> V;
  for (const std::string &A : Args) {
    if (!isMacroArg(A) || macroOf(A) != Macro)
      continue;
    if (A[1] == 'U')
      V.reset();
    else
      V = A.find('=') == std::string::npos ? std::string() : A.substr(A.find('=') + 1);
  }
  return V;
}

bool Configuration::pinsArch(const std::vector<std::string> &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    std::string A = Args[I];
    if ((A == "-D" || A == "-U") && I + 1 < Args.size())
      A += Args[++I];
    // The family pto-isa's builds pass themselves (-DPTO_NPU_ARCH_A2A3) pins it as well.
    if (isMacroArg(A) && (macroOf(A) == "__CCE_AICORE__" || macroOf(A) == "__NPU_ARCH__" ||
                          llvm::StringRef(macroOf(A)).starts_with("PTO_NPU_ARCH_")))
      return true;
  }
  return false;
}

std::vector<Configuration> Configuration::defaults(bool WithArchVariants) {
  std::vector<Configuration> Out = {{"vector core", flags::defaultDevice(), {}, false},
                                    {"cube core", flags::cubeDevice(), {}, true}};
  if (!WithArchVariants)
    return Out;
  for (const DeviceArch &A : DeviceArch::supported())
    for (bool Cube : {false, true}) {
      Configuration C{std::string(Cube ? "cube core" : "vector core") + " (" + A.Name + ")",
                      A.predefines(Cube), {}, Cube};
      C.ArchVariant = true;
      C.Why = "no compile command pins the architecture and the kernel's own code tests it: "
              "checked for every supported one";
      Out.push_back(std::move(C));
    }
  return Out;
}

} // namespace commcheck
