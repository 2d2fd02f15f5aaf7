#include "frontend/HeaderIncluders.h"
#include "base/Paths.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <deque>
#include <set>

namespace commcheck {

namespace {
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

bool hasExtension(llvm::StringRef Path, std::initializer_list<llvm::StringRef> Exts) {
  llvm::StringRef E = path::extension(Path);
  return std::any_of(Exts.begin(), Exts.end(), [&](llvm::StringRef X) { return E == X; });
}

bool isSource(llvm::StringRef Path) {
  return hasExtension(Path, {".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".cu", ".cce"});
}

/// The include directives of a file's text: (name, quoted), in order. Conditional sections are
/// not evaluated: the parse of the includer confirms what it really includes.
std::vector<std::pair<std::string, bool>> includesOf(llvm::StringRef Text) {
  std::vector<std::pair<std::string, bool>> Out;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    L = L.ltrim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("include") || L.starts_with("_next"))
      continue;
    L = L.ltrim();
    if (L.empty() || (L.front() != '"' && L.front() != '<'))
      continue;
    char Close = L.front() == '"' ? '"' : '>';
    size_t End = L.find(Close, 1);
    if (End != llvm::StringRef::npos)
      Out.push_back({L.substr(1, End - 1).str(), Close == '"'});
  }
  return Out;
}

/// Path components of A not shared with B: how far a candidate is from the header's folder.
size_t distance(llvm::StringRef A, llvm::StringRef B) {
  llvm::SmallVector<llvm::StringRef, 16> X, Y;
  A.split(X, '/', -1, false);
  B.split(Y, '/', -1, false);
  size_t Common = 0;
  while (Common < X.size() && Common < Y.size() && X[Common] == Y[Common])
    ++Common;
  return X.size() + Y.size() - 2 * Common;
}

bool isFile(const std::string &P) { return fs::is_regular_file(P); }
} // namespace

bool HeaderIncluders::isHeader(const std::string &Path) {
  return hasExtension(Path, {".h", ".hh", ".hpp", ".hxx", ".h++", ".inc", ".inl", ".ipp", ".tcc",
                             ".tpp", ".cuh"});
}

std::vector<std::string> HeaderIncluders::includeFolders(const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  static const char *Flags[] = {"-I", "-iquote", "-isystem", "-idirafter"};
  for (size_t I = 0; I < Args.size(); ++I)
    for (llvm::StringRef F : Flags) {
      llvm::StringRef A = Args[I];
      if (!A.starts_with(F))
        continue;
      if (A.size() > F.size())
        Out.push_back(A.drop_front(F.size()).str());
      else if (I + 1 < Args.size())
        Out.push_back(Args[I + 1]);
      break;
    }
  return Out;
}

const std::string *HeaderIncluders::text(const std::string &Path) {
  auto It = Texts.find(Path);
  if (It != Texts.end())
    return &It->second;
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return nullptr;
  It = Texts.emplace(Path, (*Buf)->getBuffer().str()).first;
  Read.push_back({Path, RecordingFileSystem::hashOf(It->second)});
  return &It->second;
}

bool HeaderIncluders::reaches(const std::string &Source, const std::string &Header,
                              const std::vector<std::string> &Search) {
  const std::string Target = realPath(Header);
  std::set<std::string> Seen{realPath(Source)};
  std::deque<std::string> Work{Source};
  // A bound on the headers followed: a project's own include graph is far smaller.
  for (size_t Visited = 0; !Work.empty() && Visited < 2000; ++Visited) {
    std::string File = Work.front();
    Work.pop_front();
    const std::string *T = text(File);
    if (!T)
      continue;
    for (const auto &[Name, Quoted] : includesOf(*T)) {
      std::vector<std::string> Dirs;
      if (Quoted)
        Dirs.push_back(path::parent_path(File).str());
      Dirs.insert(Dirs.end(), Search.begin(), Search.end());
      for (const std::string &D : Dirs) {
        llvm::SmallString<256> P(D);
        path::append(P, Name);
        path::remove_dots(P, true);
        if (!isFile(std::string(P)))
          continue;
        std::string Real = realPath(P);
        if (Real == Target)
          return true;
        if (Seen.insert(Real).second)
          Work.push_back(std::string(P));
        break; // the first folder that has it is the one the preprocessor reads
      }
    }
  }
  return false;
}

std::vector<Includer> HeaderIncluders::of(const std::string &Header, size_t Limit) {
  std::vector<Includer> Out;
  const std::string Dir = path::parent_path(Header).str();
  auto Consider = [&](const std::string &Src, const std::vector<std::string> &Search,
                      const std::string &How) {
    if (Out.size() < Limit && Src != Header &&
        std::none_of(Out.begin(), Out.end(), [&](const Includer &I) { return I.Path == Src; }) &&
        reaches(Src, Header, Search))
      Out.push_back({Src, How});
  };
  if (Db) {
    std::vector<std::string> Listed = Db->getAllFiles();
    std::stable_sort(Listed.begin(), Listed.end(), [&](const std::string &A, const std::string &B) {
      return distance(path::parent_path(A), Dir) < distance(path::parent_path(B), Dir);
    });
    for (const std::string &F : Listed) {
      std::vector<std::string> Search;
      for (const clang::tooling::CompileCommand &C : Db->getCompileCommands(F)) {
        // Relative include folders are the command's working directory's.
        for (std::string I : includeFolders(C.CommandLine)) {
          if (!path::is_absolute(I))
            I = (llvm::Twine(C.Directory) + "/" + I).str();
          Search.push_back(I);
        }
      }
      Consider(F, Search, FromDatabase);
    }
  }
  // The header's folder and the folders above it, up to its project's root.
  std::string D = Dir;
  for (int Up = 0; Up < 8 && !D.empty(); ++Up) {
    std::vector<std::string> Sources;
    std::error_code EC;
    for (fs::directory_iterator It(D, EC), End; !EC && It != End; It.increment(EC))
      if (isSource(It->path()) && isFile(It->path()))
        Sources.push_back(It->path());
    std::sort(Sources.begin(), Sources.end());
    for (const std::string &S : Sources)
      Consider(S, Folders, Up == 0 ? "a source file beside it" : "a source file in " + D);
    if (fs::exists(D + "/.git"))
      break;
    std::string Parent = path::parent_path(D).str();
    if (Parent == D)
      break;
    D = Parent;
  }
  return Out;
}

} // namespace commcheck
