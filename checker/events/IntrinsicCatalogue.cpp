#include "events/IntrinsicCatalogue.h"
#include "frontend/DeclName.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <nlohmann/json.hpp>

namespace commcheck {

namespace {
struct KindName {
  IntrinsicKind K;
  const char *Name;
};
constexpr KindName Kinds[] = {
    {IntrinsicKind::Notify, "notify"},        {IntrinsicKind::Wait, "wait"},
    {IntrinsicKind::Test, "test"},            {IntrinsicKind::TileStore, "tile-store"},
    {IntrinsicKind::TileLoad, "tile-load"},   {IntrinsicKind::Put, "put"},
    {IntrinsicKind::Get, "get"},              {IntrinsicKind::PutAsync, "put-async"},
    {IntrinsicKind::GetAsync, "get-async"},   {IntrinsicKind::AsyncWait, "async-wait"},
    {IntrinsicKind::AsyncTest, "async-test"}, {IntrinsicKind::Barrier, "barrier"},
    {IntrinsicKind::SetFlag, "set-flag"},     {IntrinsicKind::WaitFlag, "wait-flag"},
    {IntrinsicKind::SetWaitFlag, "set-wait-flag"},
    {IntrinsicKind::Dcci, "dcci"},            {IntrinsicKind::DcciLine, "dcci-line"},
    {IntrinsicKind::Dsb, "dsb"},              {IntrinsicKind::Drain, "drain"},
    {IntrinsicKind::Compute, "compute"},      {IntrinsicKind::View, "view"},
    {IntrinsicKind::None, "none"},            {IntrinsicKind::UncachedStore, "uncached-store"},
    {IntrinsicKind::UncachedLoad, "uncached-load"}, {IntrinsicKind::Session, "session"},
    {IntrinsicKind::Opaque, "opaque"},        {IntrinsicKind::CoreBarrier, "core-barrier"}};

llvm::Error fail(const std::string &Source, const std::string &Entry, const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "%s: entry '%s': %s", Source.c_str(), Entry.c_str(), Msg.c_str());
}

llvm::Expected<IntrinsicEffect> parseEffect(const std::string &S) {
  if (S == "dsb")
    return IntrinsicEffect{IntrinsicEffect::Dsb, 0};
  if (S == "dcci:whole")
    return IntrinsicEffect{IntrinsicEffect::DcciWhole, 0};
  if (S.rfind("drain:", 0) == 0)
    if (auto P = parsePipe(S.substr(6)))
      return IntrinsicEffect{IntrinsicEffect::Drain, *P};
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "unknown effect '%s' (expected \"drain:<PIPE>\", \"dsb\" or "
                                 "\"dcci:whole\")",
                                 S.c_str());
}

/// The "before" and "after" effects of Obj (an entry or a variant; At prefixes the field names
/// of an error).
std::optional<std::string> readEffects(const nlohmann::json &Obj, std::vector<IntrinsicEffect> &Before,
                                       std::vector<IntrinsicEffect> &After, const std::string &At) {
  for (const char *F : {"before", "after"}) {
    if (!Obj.contains(F))
      continue;
    std::string Field = "field '" + At + F + "'";
    if (!Obj[F].is_array())
      return Field + " must be an array of strings";
    for (const nlohmann::json &X : Obj[F]) {
      if (!X.is_string())
        return Field + " must be an array of strings";
      auto Eff = parseEffect(X.get<std::string>());
      if (!Eff)
        return Field + ": " + llvm::toString(Eff.takeError());
      (std::string(F) == "before" ? Before : After).push_back(*Eff);
    }
  }
  return std::nullopt;
}

/// One string, or a non-empty array of strings.
bool stringList(const nlohmann::json &J, std::vector<std::string> &Out) {
  if (J.is_string()) {
    Out.push_back(J.get<std::string>());
    return true;
  }
  if (!J.is_array() || J.empty())
    return false;
  for (const nlohmann::json &X : J) {
    if (!X.is_string())
      return false;
    Out.push_back(X.get<std::string>());
  }
  return true;
}

/// The condition of a variant: roles of the entry and the configuration's macros.
std::optional<std::string> readCondition(const nlohmann::json &When, const Intrinsic &I,
                                         IntrinsicVariant &V, const std::string &At) {
  if (!When.is_object())
    return "field '" + At + "when' must be an object of role: enumerator(s)";
  for (auto It = When.begin(); It != When.end(); ++It) {
    std::vector<std::string> Values;
    std::string Field = "field '" + At + "when." + It.key() + "'";
    if (!stringList(It.value(), Values))
      return Field + " must be a string or a non-empty array of strings";
    if (It.key() == "defined")
      V.Defined = Values;
    else if (It.key() == "undefined")
      V.Undefined = Values;
    else if (I.Args.count(It.key()) || I.TemplateArgs.count(It.key()))
      V.Roles[It.key()] = Values;
    else
      return Field + ": the entry has no role '" + It.key() + "' in 'args' (nor is it "
             "\"defined\" or \"undefined\")";
  }
  return std::nullopt;
}

/// "variants": effects that replace the entry's own for the calls and configurations they match.
std::optional<std::string> readVariants(const nlohmann::json &E, Intrinsic &I) {
  if (!E.contains("variants"))
    return std::nullopt;
  if (!E["variants"].is_array())
    return std::string("field 'variants' must be an array of objects");
  for (const nlohmann::json &V : E["variants"]) {
    std::string At = "variants[" + std::to_string(I.Variants.size()) + "].";
    if (!V.is_object())
      return "field '" + At.substr(0, At.size() - 1) + "' must be an object";
    for (auto It = V.begin(); It != V.end(); ++It)
      if (It.key() != "when" && It.key() != "before" && It.key() != "after" && It.key() != "doc")
        return "field '" + At.substr(0, At.size() - 1) + "': unknown field '" + It.key() + "'";
    IntrinsicVariant Var;
    if (V.contains("when"))
      if (auto Err = readCondition(V["when"], I, Var, At))
        return Err;
    if (auto Err = readEffects(V, Var.Before, Var.After, At))
      return Err;
    if (V.contains("doc") && V["doc"].is_string())
      Var.Doc = V["doc"].get<std::string>();
    I.Variants.push_back(std::move(Var));
  }
  return std::nullopt;
}
} // namespace

std::optional<IntrinsicKind> parseIntrinsicKind(const std::string &Name) {
  for (const KindName &K : Kinds)
    if (Name == K.Name)
      return K.K;
  return std::nullopt;
}

const char *intrinsicKindName(IntrinsicKind K) {
  for (const KindName &E : Kinds)
    if (E.K == K)
      return E.Name;
  return "?";
}

llvm::Error IntrinsicCatalogue::loadFile(const std::string &Path, std::vector<std::string> *Names) {
  // A FIFO or a device would hang the read or never end: only regular files.
  if (llvm::sys::fs::exists(Path) && !llvm::sys::fs::is_regular_file(Path))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read intrinsic catalogue '%s': not a regular file",
                                   Path.c_str());
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "cannot read intrinsic catalogue '%s': %s",
                                   Path.c_str(), Buf.getError().message().c_str());
  return loadText((*Buf)->getBuffer().str(), Path, Names);
}

llvm::Error IntrinsicCatalogue::loadText(const std::string &Content, const std::string &Source,
                                         std::vector<std::string> *Names) {
  nlohmann::json J = nlohmann::json::parse(Content, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: not valid JSON", Source.c_str());
  if (!J.is_object() || !J.contains("intrinsics") || !J["intrinsics"].is_array())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: expected an object with an \"intrinsics\" array",
                                   Source.c_str());
  std::map<std::string, Intrinsic> Loaded;
  size_t Index = 0;
  for (const nlohmann::json &E : J["intrinsics"]) {
    std::string Id = "#" + std::to_string(Index++);
    if (!E.is_object())
      return fail(Source, Id, "not an object");
    if (!E.contains("name") || !E["name"].is_string() || E["name"].get<std::string>().empty())
      return fail(Source, Id, "field 'name' must be a non-empty string");
    Intrinsic I;
    I.Name = E["name"].get<std::string>();
    Id = I.Name;
    for (auto It = E.begin(); It != E.end(); ++It) {
      static const char *Known[] = {"name", "event", "pipe", "accPipe", "args",
                                    "before", "after", "variants", "doc"};
      if (std::find(std::begin(Known), std::end(Known), It.key()) == std::end(Known))
        return fail(Source, Id, "unknown field '" + It.key() + "'");
    }
    if (!E.contains("event") || !E["event"].is_string())
      return fail(Source, Id, "field 'event' must be a string");
    auto K = parseIntrinsicKind(E["event"].get<std::string>());
    if (!K)
      return fail(Source, Id, "field 'event': unknown event kind '" +
                                  E["event"].get<std::string>() + "'");
    I.Kind = *K;
    for (const char *F : {"pipe", "accPipe"}) {
      if (!E.contains(F))
        continue;
      std::optional<PipeSet> P;
      if (E[F].is_string())
        P = parsePipe(E[F].get<std::string>());
      if (!P)
        return fail(Source, Id, std::string("field '") + F + "': unknown pipe");
      (std::string(F) == "pipe" ? I.Pipe : I.AccPipe) = *P;
    }
    if (E.contains("args")) {
      if (!E["args"].is_object())
        return fail(Source, Id, "field 'args' must be an object of role: index");
      for (auto It = E["args"].begin(); It != E["args"].end(); ++It) {
        if (It.value().is_number_unsigned()) {
          I.Args[It.key()] = It.value().get<unsigned>();
          continue;
        }
        // "template:N": the role is the callee's N-th template argument.
        std::string V = It.value().is_string() ? It.value().get<std::string>() : "";
        unsigned N = 0;
        if (V.rfind("template:", 0) != 0 || llvm::StringRef(V).substr(9).getAsInteger(10, N))
          return fail(Source, Id, "field 'args." + It.key() +
                                      "' must be a non-negative integer (a call argument) or "
                                      "\"template:N\" (a template argument)");
        I.TemplateArgs[It.key()] = N;
      }
    }
    if (auto Err = readEffects(E, I.Before, I.After, ""))
      return fail(Source, Id, *Err);
    if (auto Err = readVariants(E, I))
      return fail(Source, Id, *Err);
    if (E.contains("doc") && E["doc"].is_string())
      I.Doc = E["doc"].get<std::string>();
    Loaded[I.Name] = std::move(I);
  }
  for (auto &[Name, I] : Loaded) {
    if (!Entries.count(Name))
      ByShortName.emplace(shortName(Name), Name);
    if (Names)
      Names->push_back(Name);
    Entries[Name] = std::move(I);
  }
  Text += Content;
  return llvm::Error::success();
}

const Intrinsic *IntrinsicCatalogue::lookup(const std::string &Q) const {
  auto It = Entries.find(Q);
  return It == Entries.end() ? nullptr : &It->second;
}

const Intrinsic *IntrinsicCatalogue::lookupUnqualified(const std::string &Name) const {
  // Several entries may share a short name (pto::Event::Wait, pto::comm::AsyncEvent::Wait): an
  // unresolved call could be either, so prefer the one with an effect over a no-op (fail closed).
  auto Range = ByShortName.equal_range(shortName(Name));
  const Intrinsic *Best = nullptr;
  for (auto It = Range.first; It != Range.second; ++It) {
    const Intrinsic *I = lookup(It->second);
    if (!Best || (Best->Kind == IntrinsicKind::None || Best->Kind == IntrinsicKind::View))
      Best = I;
  }
  return Best;
}

} // namespace commcheck
