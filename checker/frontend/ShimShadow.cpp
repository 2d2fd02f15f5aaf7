#include "frontend/ShimShadow.h"
#include "base/Paths.h"
#include "base/CompilerFlags.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace commcheck {

namespace {
std::string readText(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  return B ? (*B)->getBuffer().str() : "";
}

/// The include folders of Args in the order clang searches them for a quoted include: -iquote,
/// -I, -isystem, -idirafter, each in command-line order; repeats dropped.
std::vector<std::string> includeFolders(const std::vector<std::string> &Args) {
  static const char *const Options[] = {"-iquote", "-I", "-isystem", "-idirafter"};
  std::vector<std::string> Out;
  for (const char *O : Options)
    for (size_t I = 0; I < Args.size(); ++I) {
      llvm::StringRef A(Args[I]);
      std::string Folder;
      if (A == O && I + 1 < Args.size())
        Folder = Args[++I];
      else if (A.starts_with(O) && A.size() > llvm::StringRef(O).size() && !A.starts_with("-include"))
        Folder = A.substr(llvm::StringRef(O).size()).str();
      else if (A == "-iquote" || A == "-I" || A == "-isystem" || A == "-idirafter")
        ++I; // another option's value
      if (!Folder.empty() && std::find(Out.begin(), Out.end(), Folder) == Out.end())
        Out.push_back(Folder);
    }
  return Out;
}
} // namespace

ShimShadow::ShimShadow(std::string Dir) : ShimDir(std::move(Dir)) {
  if (ShimDir.empty())
    return;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(ShimDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    if (It->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    llvm::StringRef Rel(It->path());
    Rel.consume_front(ShimDir);
    Rel.consume_front("/");
    if (Rel == flags::predefsHeader())
      continue;
    if (auto S = ShimStandIn::parse(Rel.str(), readText(It->path())))
      StandIns.push_back(std::move(*S));
    else
      Headers.push_back(Rel.str());
  }
  std::sort(Headers.begin(), Headers.end());
  std::sort(StandIns.begin(), StandIns.end(),
            [](const ShimStandIn &A, const ShimStandIn &B) { return A.name() < B.name(); });
}

std::vector<std::string> ShimShadow::shadowedIn(const std::string &Folder) const {
  std::vector<std::string> Out;
  for (const std::string &H : Headers) {
    llvm::SmallString<256> P(Folder);
    llvm::sys::path::append(P, H);
    if (llvm::sys::fs::is_regular_file(P))
      Out.push_back(H);
  }
  return Out;
}

void ShimShadow::chooseStandIn(const ShimStandIn &S, const std::vector<std::string> &Folders,
                               ShadowChoice &Out) const {
  for (const std::string &Folder : Folders) {
    llvm::SmallString<256> P(Folder);
    llvm::sys::path::append(P, S.name());
    std::string Path(P);
    if (!llvm::sys::fs::is_regular_file(Path)) {
      Out.Probes.push_back({Path, RecordingFileSystem::currentHash(Path, false)});
      continue;
    }
    std::string Text = readText(Path);
    Out.Probes.push_back({Path, RecordingFileSystem::hashOf(Text)});
    std::string Why = S.recognise(realPath(Path), Text);
    if (!Why.empty()) {
      Out.Notes.push_back("the shim's " + S.name() + " (" + ShimDir + ") is read instead of " +
                          Path + ", the header it stands in for (" + Why + ")");
    } else {
      Out.Hidden.push_back(shimPath(S.name()));
      Out.Notes.push_back(Path + " is the build's own " + S.name() + " (the shim stands in for " +
                          "the one " + S.describe() + "): it is read, not the shim's");
    }
    return;
  }
}

std::string ShimShadow::shimPath(const std::string &Name) const {
  llvm::SmallString<256> P(ShimDir);
  llvm::sys::path::append(P, Name);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::vector<std::string> ShimShadow::giveWayToNeighbours(const std::string &MainFile,
                                                         ShadowChoice &Out) const {
  std::string Name = llvm::sys::path::filename(MainFile).str();
  auto Self = std::find_if(StandIns.begin(), StandIns.end(),
                           [&](const ShimStandIn &S) { return S.name() == Name; });
  if (Self == StandIns.end())
    return {};
  std::string Why = Self->recognise(realPath(MainFile), readText(MainFile));
  if (Why.empty())
    return {};
  std::string Folder = llvm::sys::path::parent_path(MainFile).str();
  std::vector<std::string> Given;
  for (const ShimStandIn &S : StandIns) {
    std::string Path = Folder + "/" + S.name();
    bool Here = llvm::sys::fs::is_regular_file(Path);
    Out.Probes.push_back({Path, RecordingFileSystem::currentHash(Path, Here)});
    if (!Here)
      continue;
    Given.push_back(S.name());
    Out.Hidden.push_back(shimPath(S.name()));
    if (S.name() != Name)
      Out.Notes.push_back(MainFile + " is itself the header the shim's " + Name +
                          " stands in for (" + Why + "): the shim's " + S.name() +
                          " gives way to " + Path + " next to it");
  }
  // The shim's own headers include them too (intrinsic.h the completion entries): from the
  // checked header's folder, searched last.
  if (Given.size() > 1)
    Out.IncludeArgs = {"-idirafter", Folder};
  return Given;
}

ShadowChoice ShimShadow::choose(const std::vector<std::string> &Args,
                                const std::string &MainFile) const {
  ShadowChoice Out;
  if (ShimDir.empty())
    return Out;
  std::vector<std::string> Folders = includeFolders(Args);
  Folders.erase(std::remove(Folders.begin(), Folders.end(), ShimDir), Folders.end());
  for (const std::string &Folder : Folders) {
    std::vector<std::string> Shadowed = shadowedIn(Folder);
    if (Shadowed.empty())
      continue;
    std::string Names;
    for (size_t K = 0; K < Shadowed.size() && K < 3; ++K)
      Names += (K ? ", " : "") + Shadowed[K];
    if (Shadowed.size() > 3)
      Names += " and " + std::to_string(Shadowed.size() - 3) + " more";
    Out.Notes.push_back("the shim (" + ShimDir + ") is searched ahead of " + Folder +
                        ", which holds " + Names + ": the parse reads the shim's version of " +
                        "these headers, the API commcheck models (--no-shim parses with the " +
                        "build's headers only)");
  }
  std::vector<std::string> Given = giveWayToNeighbours(MainFile, Out);
  for (const ShimStandIn &S : StandIns)
    if (std::find(Given.begin(), Given.end(), S.name()) == Given.end())
      chooseStandIn(S, Folders, Out);
  return Out;
}

} // namespace commcheck
