#include "frontend/FileBuild.h"
#include "frontend/TranslatedCommand.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

namespace commcheck {

namespace {
std::vector<std::string> concat(std::vector<std::string> A, const std::vector<std::string> &B) {
  A.insert(A.end(), B.begin(), B.end());
  return A;
}

/// What the build's -cce-aicore-dcci-insert-for-scalar setting does to the check (one sentence).
std::string dcciNote(const std::optional<std::string> &Value) {
  if (Value && *Value == "false")
    return "the build passes -mllvm -cce-aicore-dcci-insert-for-scalar=false: the compiler adds no "
           "dcci of its own around scalar accesses, as commcheck assumes (the rules count the "
           "dcci the source writes)";
  std::string Given = Value ? "passes -mllvm -cce-aicore-dcci-insert-for-scalar=" + *Value
                            : "does not pass -mllvm -cce-aicore-dcci-insert-for-scalar (ccec's "
                              "default is true)";
  return "the build " + Given +
         ": ignored: the compiler then adds dcci of its own around scalar accesses, but where and "
         "for which cache lines is not documented, so the rules count only the dcci the source "
         "writes; a kernel verified relies on none of the compiler's, and a finding about a missing "
         "dcci may be one the compiler covers (pass =false to the build to make them agree)";
}
} // namespace

FileBuild FileBuild::of(const std::string &AbsPath, clang::tooling::CompilationDatabase *Db,
                        const std::string &DbPath, bool AutoDetect,
                        const std::vector<Configuration> &Defaults) {
  FileBuild B;
  std::unique_ptr<clang::tooling::CompilationDatabase> Auto;
  if (!Db && DbPath.empty() && AutoDetect) {
    std::string Err;
    Auto = clang::tooling::CompilationDatabase::autoDetectFromSource(AbsPath, Err);
    Db = Auto.get();
  }
  std::vector<TranslatedCommand> Commands;
  std::string Guessed;
  if (Db)
    for (const clang::tooling::CompileCommand &C : Db->getCompileCommands(AbsPath)) {
      // A command the database guessed from another file (clang's interpolation) is not the
      // file's own: it may be another core's, another target's.
      if (!C.Heuristic.empty())
        Guessed = C.Heuristic;
      else
        Commands.push_back(TranslatedCommand::translate(C.CommandLine, C.Directory, C.Filename));
    }
  if (Commands.empty()) {
    B.Configurations = Defaults;
    B.macros();
    std::string Why = Guessed.empty() ? "" : " (clang would guess its command: " + Guessed + ")";
    if (Db && !DbPath.empty())
      B.NotInDatabase = AbsPath + " is not in the compilation database in " + DbPath + Why;
    else if (Db)
      B.Notes.push_back(AbsPath + ": not in the compilation database found for it" + Why +
                        ": checked with the default configurations");
    return B;
  }
  // The device compiles decide the configurations; a host compile of the file only when no
  // entry compiles it for the device.
  bool AnyDevice = std::any_of(Commands.begin(), Commands.end(),
                               [](const TranslatedCommand &T) { return T.Device; });
  for (const TranslatedCommand &T : Commands) {
    if (T.Device != AnyDevice)
      continue;
    if (!T.Device)
      for (const Configuration &D : Defaults)
        if (!D.ArchVariant || !Configuration::pinsArch(T.Macros)) {
          Configuration C = D;
          C.Args = concat(D.Args, T.Macros);
          C.Command = T.Kept;
          B.Configurations.push_back(std::move(C));
        }
    for (bool Cube : {false, true})
      if (T.Device && (Cube ? T.Arch.Cube : T.Arch.Vector))
        B.Configurations.push_back({std::string(Cube ? "cube core" : "vector core") + " (" +
                                        T.Arch.describe() + ")",
                                    concat(T.Arch.predefines(Cube), T.Macros), T.Kept, Cube,
                                    /*CoreFromBuild=*/true});
    B.Notes.push_back(AbsPath + ": " + (T.Device ? "device compile for " + T.Arch.describe() : "host compile") +
                      "; commcheck dropped: " + (T.Dropped.empty() ? "nothing" : llvm::join(T.Dropped, " ")));
    if (T.Device && !T.Arch.Known)
      B.Notes.push_back("the device target '" + T.Arch.describe() +
                        "' is not one commcheck knows: checked for the core its name says (both "
                        "when it says none), without __NPU_ARCH__");
    if (T.Device)
      B.Notes.push_back(dcciNote(T.DcciInsertForScalar));
  }
  // The same compile listed twice is one configuration.
  std::vector<Configuration> Unique;
  for (Configuration &C : B.Configurations)
    if (std::none_of(Unique.begin(), Unique.end(), [&](const Configuration &U) {
          return U.Args == C.Args && U.Command == C.Command;
        }))
      Unique.push_back(std::move(C));
  for (size_t I = 0; I < Unique.size(); ++I)
    for (size_t J = 0; J < I; ++J)
      if (Unique[J].Name == Unique[I].Name)
        Unique[I].Name += " #" + std::to_string(I + 1);
  B.Configurations = std::move(Unique);
  for (const Configuration &C : B.Configurations)
    B.SameCommand = B.SameCommand && C.Command == B.Configurations.front().Command;
  B.macros();
  return B;
}

void FileBuild::macros() {
  std::vector<Configuration> Neutral;
  for (const Configuration &C : Configurations)
    if (!C.ArchVariant)
      Neutral.push_back(C);
  ConfigMacros = Configuration::differingMacros(Neutral);
  ArchMacros.clear();
  for (const std::string &M : Configuration::differingMacros(Configurations))
    if (!ConfigMacros.count(M))
      ArchMacros.insert(M);
}

} // namespace commcheck
