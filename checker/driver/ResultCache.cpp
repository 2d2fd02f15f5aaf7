#include "driver/ResultCache.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <nlohmann/json.hpp>

namespace commcheck {

namespace {
constexpr int EntryVersion = 1;

std::string hex(uint64_t V) {
  char Buf[17];
  snprintf(Buf, sizeof Buf, "%016llx", static_cast<unsigned long long>(V));
  return Buf;
}
std::string hashText(llvm::StringRef S) { return hex(llvm::xxh3_64bits(S)); }

nlohmann::json pointJson(const SourcePoint &P) {
  return {{"file", P.File}, {"line", P.Line}, {"column", P.Column}, {"offset", P.Offset}};
}
SourcePoint pointFrom(const nlohmann::json &J) {
  return {J.at("file").get<std::string>(), J.at("line").get<unsigned>(),
          J.at("column").get<unsigned>(), J.at("offset").get<unsigned>()};
}

nlohmann::json resultJson(const FileResult &R) {
  nlohmann::json Fs = nlohmann::json::array();
  for (const Finding &F : R.Findings) {
    nlohmann::json W = nlohmann::json::array(), X = nlohmann::json::array();
    for (const WitnessStep &S : F.Witness)
      W.push_back({{"at", pointJson(S.At)}, {"message", S.Message}});
    for (const auto &Rep : F.Fixes)
      X.push_back({{"file", Rep.getFilePath().str()},
                   {"offset", Rep.getOffset()},
                   {"length", Rep.getLength()},
                   {"text", Rep.getReplacementText().str()}});
    Fs.push_back({{"rule", F.Rule},
                  {"error", F.Level == Severity::Error},
                  {"at", pointJson(F.At)},
                  {"message", F.Message},
                  {"function", F.Function},
                  {"witness", W},
                  {"fixes", X}});
  }
  return {{"path", R.Path}, {"parsed", R.Parsed}, {"functions", R.Functions}, {"findings", Fs}};
}

FileResult resultFrom(const nlohmann::json &J) {
  FileResult R;
  R.Path = J.at("path").get<std::string>();
  R.Parsed = J.at("parsed").get<bool>();
  R.Functions = J.at("functions").get<std::vector<std::string>>();
  for (const auto &F : J.at("findings")) {
    Finding X;
    X.Rule = F.at("rule").get<std::string>();
    X.Level = F.at("error").get<bool>() ? Severity::Error : Severity::Warning;
    X.At = pointFrom(F.at("at"));
    X.Message = F.at("message").get<std::string>();
    X.Function = F.at("function").get<std::string>();
    for (const auto &S : F.at("witness"))
      X.Witness.push_back({pointFrom(S.at("at")), S.at("message").get<std::string>()});
    for (const auto &Fx : F.at("fixes"))
      X.Fixes.emplace_back(Fx.at("file").get<std::string>(), Fx.at("offset").get<unsigned>(),
                           Fx.at("length").get<unsigned>(), Fx.at("text").get<std::string>());
    R.Findings.push_back(std::move(X));
  }
  return R;
}
} // namespace

std::string ResultCache::entryPath(const std::string &Path, const std::string &Content,
                                   const std::string &Context) const {
  std::string Key = std::to_string(EntryVersion) + '\0' + Path + '\0' + Context + '\0' + Content;
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, hashText(Key) + ".json");
  return std::string(P);
}

std::string ResultCache::fileHash(const std::string &Path) {
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = HashOf.find(Path);
    if (It != HashOf.end())
      return It->second;
  }
  auto B = llvm::MemoryBuffer::getFile(Path);
  std::string H = B ? hashText((*B)->getBuffer()) : "missing";
  std::lock_guard<std::mutex> G(Lock);
  HashOf[Path] = H;
  return H;
}

std::optional<FileResult> ResultCache::lookup(const std::string &Path, const std::string &Content,
                                              const std::string &Context) {
  auto Miss = [&]() -> std::optional<FileResult> {
    std::lock_guard<std::mutex> G(Lock);
    ++Misses;
    return std::nullopt;
  };
  auto B = llvm::MemoryBuffer::getFile(entryPath(Path, Content, Context));
  if (!B)
    return Miss();
  nlohmann::json J = nlohmann::json::parse((*B)->getBuffer(), nullptr, false);
  try {
    if (J.is_discarded() || J.at("version").get<int>() != EntryVersion)
      return Miss();
    // A torn or tampered entry fails its checksum and is ignored.
    if (J.at("checksum").get<std::string>() !=
        hashText(J.at("payload").dump() + J.at("deps").dump()))
      return Miss();
    for (const auto &D : J.at("deps"))
      if (fileHash(D.at("path").get<std::string>()) != D.at("hash").get<std::string>())
        return Miss();
    FileResult R = resultFrom(J.at("payload"));
    std::lock_guard<std::mutex> G(Lock);
    ++Hits;
    return R;
  } catch (const nlohmann::json::exception &) {
    return Miss();
  }
}

void ResultCache::store(const std::string &Path, const std::string &Content,
                        const std::string &Context, const FileResult &R,
                        const std::vector<std::string> &Dependencies) {
  if (llvm::sys::fs::create_directories(Dir))
    return;
  nlohmann::json Deps = nlohmann::json::array();
  for (const std::string &D : Dependencies)
    Deps.push_back({{"path", D}, {"hash", fileHash(D)}});
  nlohmann::json Payload = resultJson(R);
  std::string Checksum;
  try {
    Checksum = hashText(Payload.dump() + Deps.dump());
  } catch (const nlohmann::json::exception &) {
    return; // a path or message that is not UTF-8: not cached
  }
  nlohmann::json J = {{"version", EntryVersion},
                      {"payload", Payload},
                      {"deps", Deps},
                      {"checksum", Checksum}};
  std::string Target = entryPath(Path, Content, Context);
  llvm::SmallString<256> Temp;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Target + ".tmp-%%%%%%%%", FD, Temp))
    return;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << J.dump(); // cannot throw: the same strings dumped for the checksum
  }
  if (llvm::sys::fs::rename(Temp, Target))
    llvm::sys::fs::remove(Temp);
}

std::vector<std::string> ResultCache::dependencies(const clang::SourceManager &SM) {
  std::vector<std::string> Out;
  clang::FileID Main = SM.getMainFileID();
  for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const clang::SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile())
      continue;
    auto Entry = E.getFile().getContentCache().OrigEntry;
    if (!Entry)
      continue;
    llvm::StringRef Name = Entry->getName();
    if (SM.getFileEntryRefForID(Main) && Name == SM.getFileEntryRefForID(Main)->getName())
      continue;
    if (std::find(Out.begin(), Out.end(), Name.str()) == Out.end())
      Out.push_back(Name.str());
  }
  return Out;
}

} // namespace commcheck
