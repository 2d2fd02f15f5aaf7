#include "frontend/TranslatedCommand.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cstring>

namespace commcheck {

namespace {
/// Kept options whose value is a folder (made absolute against the command's directory).
const char *const FolderOptions[] = {"-I", "-isystem", "-iquote", "-idirafter"};
/// Kept options whose value is a file (absolute when it exists in the command's directory).
const char *const FileOptions[] = {"-include", "-imacros"};
/// Dropped options that take the next argument as their value.
const char *const DroppedWithValue[] = {"-o",      "-MF",     "-MT",      "-MQ",       "-x",
                                        "-mllvm",  "-Xclang", "-Xlinker", "-target",   "-arch",
                                        "-L",      "-l",      "-isysroot", "--sysroot", "-Xassembler"};

bool isOneOf(llvm::StringRef A, llvm::ArrayRef<const char *> Set) {
  return std::find_if(Set.begin(), Set.end(), [&](const char *S) { return A == S; }) != Set.end();
}

std::string absoluteIn(const std::string &Directory, const std::string &Path, bool OnlyIfExists) {
  if (Path.empty() || llvm::sys::path::is_absolute(Path) || Directory.empty())
    return Path;
  llvm::SmallString<256> P(Directory);
  llvm::sys::path::append(P, Path);
  llvm::sys::path::remove_dots(P, true);
  if (OnlyIfExists && !llvm::sys::fs::exists(P))
    return Path;
  return std::string(P);
}

bool isDeviceCompilerName(llvm::StringRef Argv0) {
  llvm::StringRef Name = llvm::sys::path::filename(Argv0);
  return Name.starts_with("ccec");
}

class Translator {
public:
  Translator(const std::vector<std::string> &In, const std::string &Directory,
             const std::string &File)
      : In(In), Directory(Directory), File(File) {}

  TranslatedCommand run() {
    for (I = 1; I < In.size(); ++I)
      step(In[I]);
    // ccec compiles CCE unless told otherwise; bisheng and clang only when told so.
    Out.Device = CceLanguage || Target ||
                 (!In.empty() && isDeviceCompilerName(In[0]) && !OtherLanguage);
    if (Out.Device && Out.Arch.Name.empty())
      Out.Arch = DeviceArch::unspecified();
    return std::move(Out);
  }

private:
  bool hasValue() const { return I + 1 < In.size(); }

  void step(const std::string &A) {
    llvm::StringRef S(A);
    if (A == "-Xhost-start") { // host-only options, up to -Xhost-end
      std::string Host = A;
      while (I + 1 < In.size() && In[I] != "-Xhost-end")
        Host += " " + In[++I];
      Out.Dropped.push_back(Host);
      return;
    }
    if ((A == "-D" || A == "-U") && hasValue()) {
      Out.Macros.push_back(A + In[++I]);
      return;
    }
    if (S.starts_with("-D") || S.starts_with("-U")) {
      Out.Macros.push_back(A);
      return;
    }
    if (keepWithPath(S))
      return;
    if (S.starts_with("-std=")) {
      Out.Kept.push_back(A);
      return;
    }
    if (device(S))
      return;
    if (isOneOf(S, DroppedWithValue) && hasValue()) {
      Out.Dropped.push_back(A + " " + In[++I]);
      return;
    }
    if (A != File && absoluteIn(Directory, A, false) != File) // the file compiled is no option
      Out.Dropped.push_back(A);
  }

  /// -I and the other path options, separate or joined.
  bool keepWithPath(llvm::StringRef S) {
    for (bool Folder : {true, false})
      for (const char *O : Folder ? llvm::ArrayRef<const char *>(FolderOptions)
                                  : llvm::ArrayRef<const char *>(FileOptions)) {
        if (S == O && hasValue()) {
          Out.Kept.push_back(O);
          Out.Kept.push_back(absoluteIn(Directory, In[++I], !Folder));
          return true;
        }
        if (S.starts_with(O) && S.size() > llvm::StringRef(O).size()) {
          Out.Kept.push_back(O + absoluteIn(Directory, S.substr(strlen(O)).str(), !Folder));
          return true;
        }
      }
    return false;
  }

  /// The options that make this a device compile and name its target (dropped themselves).
  bool device(llvm::StringRef S) {
    if (S == "-xcce" || (S == "-x" && hasValue() && In[I + 1] == "cce")) {
      CceLanguage = true;
      Out.Dropped.push_back(S == "-x" ? "-x " + In[++I] : S.str());
      return true;
    }
    if (S.starts_with("-x")) // another language (-xc++, -x c++): a host compile
      OtherLanguage = true;
    if (S == "--cce-aicore-only")
      Target = true;
    for (bool Aicore : {true, false}) {
      llvm::StringRef Flag = Aicore ? "--cce-aicore-arch" : "--npu-arch";
      std::string Value;
      if (S == Flag && hasValue())
        Value = In[++I];
      else if (S.starts_with(Flag) && S.substr(Flag.size()).starts_with("="))
        Value = S.substr(Flag.size() + 1).str();
      else
        continue;
      Target = true;
      Out.Arch = Aicore ? DeviceArch::fromAicoreArch(Value) : DeviceArch::fromNpuArch(Value);
      Out.Dropped.push_back(Flag.str() + "=" + Value);
      return true;
    }
    if (S == "-mllvm" && hasValue()) {
      llvm::StringRef V(In[I + 1]);
      if (V.consume_front("-cce-aicore-dcci-insert-for-scalar"))
        Out.DcciInsertForScalar = V.consume_front("=") ? V.str() : std::string("true");
    }
    return false;
  }

  bool CceLanguage = false, OtherLanguage = false, Target = false;
  const std::vector<std::string> &In;
  std::string Directory, File;
  size_t I = 1;
  TranslatedCommand Out;
};
} // namespace

TranslatedCommand TranslatedCommand::translate(const std::vector<std::string> &CommandLine,
                                               const std::string &Directory,
                                               const std::string &File) {
  return Translator(CommandLine, Directory, absoluteIn(Directory, File, false)).run();
}

} // namespace commcheck
