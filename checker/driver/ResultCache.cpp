#include "driver/ResultCache.h"
#include "llvm/ADT/StringExtras.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <nlohmann/json.hpp>
#include <set>

namespace commcheck {

namespace {
constexpr int EntryVersion = 2;

std::string hashText(llvm::StringRef S) { return llvm::utohexstr(llvm::xxh3_64bits(S), /*LowerCase=*/true, /*Width=*/16); }

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

bool ResultCache::current(const std::string &Path, const std::string &Hash) {
  std::string Key = Path + '\0' + Hash;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = HashOf.find(Key);
    if (It != HashOf.end())
      return It->second == "1";
  }
  bool Read = Hash != "missing" && Hash != "dir" && Hash != "stat";
  bool Same = RecordingFileSystem::currentHash(Path, Read) == Hash;
  std::lock_guard<std::mutex> G(Lock);
  HashOf[Key] = Same ? "1" : "0";
  return Same;
}

namespace {
constexpr uint64_t MaxEntryBytes = 64 << 20;

/// The entry's text, read only if it is a regular file of a sane size (a FIFO or a link to a
/// device would hang or never end): the handle is checked, not just the name.
std::optional<std::string> readEntry(const std::string &Path) {
  auto FD = llvm::sys::fs::openNativeFileForRead(Path);
  if (!FD) {
    llvm::consumeError(FD.takeError());
    return std::nullopt;
  }
  llvm::sys::fs::file_status S;
  std::optional<std::string> Out;
  if (!llvm::sys::fs::status(*FD, S) && S.type() == llvm::sys::fs::file_type::regular_file &&
      S.getSize() <= MaxEntryBytes) {
    auto B = llvm::MemoryBuffer::getOpenFile(*FD, Path, S.getSize(), /*RequiresNullTerminator=*/false);
    if (B)
      Out = (*B)->getBuffer().str();
  }
  llvm::sys::fs::closeFile(*FD);
  return Out;
}
} // namespace

std::optional<FileResult> ResultCache::lookup(const std::string &Path, const std::string &Content,
                                              const std::string &Context) {
  auto Miss = [&]() -> std::optional<FileResult> {
    std::lock_guard<std::mutex> G(Lock);
    ++Misses;
    return std::nullopt;
  };
  std::string Where = entryPath(Path, Content, Context);
  // Opened without blocking first: a FIFO planted as an entry must not hang the run.
  llvm::sys::fs::file_status S;
  if (llvm::sys::fs::status(Where, S) || S.type() != llvm::sys::fs::file_type::regular_file)
    return Miss();
  std::optional<std::string> Text = readEntry(Where);
  if (!Text)
    return Miss();
  nlohmann::json J = nlohmann::json::parse(*Text, nullptr, false);
  try {
    if (J.is_discarded() || J.at("version").get<int>() != EntryVersion)
      return Miss();
    // A torn or tampered entry fails its checksum and is ignored.
    if (J.at("checksum").get<std::string>() !=
        hashText(J.at("payload").dump() + J.at("deps").dump()))
      return Miss();
    for (const auto &D : J.at("deps"))
      if (!current(D.at("path").get<std::string>(), D.at("hash").get<std::string>()))
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
                        const std::vector<FileProbe> &Probes) {
  if (llvm::sys::fs::create_directories(Dir))
    return;
  nlohmann::json Deps = nlohmann::json::array();
  std::set<std::pair<std::string, std::string>> Seen;
  for (const FileProbe &P : Probes)
    if (P.Path != Path && Seen.insert({P.Path, P.Hash}).second)
      Deps.push_back({{"path", P.Path}, {"hash", P.Hash}});
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

} // namespace commcheck
