#include "driver/ConfigFile.h"
#include "base/DidYouMean.h"
#include "driver/CheckFilter.h"
#include "events/AliasAssumption.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <nlohmann/json.hpp>

namespace commcheck {

namespace {

const char *const KnownKeys[] = {"Checks",         "WarningsAsErrors", "FailOn",
                                 "CheckOptions",   "ExtraArgs",        "ReadOnlyParams",
                                 "Intrinsics",     "InheritParentConfig", "Waivers",
                                 "MayAlias",       "AssumeFreshWindow",
                                 "AssumeLocalArguments", "AssumeNoUnsignedWrap"};

llvm::Error fail(const std::string &Path, const std::string &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s", Path.c_str(),
                                 Message.c_str());
}

std::string absolute(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

/// "a,b" + "c" -> "a,b,c": the later globs decide, as clang-tidy's mergeCommaSeparatedLists.
std::optional<std::string> appendGlobs(const std::optional<std::string> &Base,
                                       const std::optional<std::string> &Later) {
  if (!Base || Base->empty())
    return Later ? Later : Base;
  if (!Later || Later->empty())
    return Base;
  return *Base + "," + *Later;
}

/// A glob list as a string: "a,b" or ["a", "b"].
llvm::Expected<std::string> globList(const nlohmann::json &V, const std::string &Key,
                                     const std::string &Path) {
  if (V.is_string())
    return V.get<std::string>();
  if (V.is_array()) {
    std::vector<std::string> Parts;
    for (const auto &E : V) {
      if (!E.is_string())
        return fail(Path, "'" + Key + "' must be a string or an array of strings");
      Parts.push_back(E.get<std::string>());
    }
    return llvm::join(Parts, ",");
  }
  return fail(Path, "'" + Key + "' must be a string or an array of strings");
}

llvm::Expected<std::vector<std::string>> stringList(const nlohmann::json &V,
                                                    const std::string &Key,
                                                    const std::string &Path) {
  std::vector<std::string> Out;
  if (!V.is_array())
    return fail(Path, "'" + Key + "' must be an array of strings");
  for (const auto &E : V) {
    if (!E.is_string())
      return fail(Path, "'" + Key + "' must be an array of strings");
    Out.push_back(E.get<std::string>());
  }
  return Out;
}

void appendUnique(std::vector<std::string> &To, const std::vector<std::string> &From) {
  for (const std::string &S : From)
    if (std::find(To.begin(), To.end(), S) == To.end())
      To.push_back(S);
}

} // namespace

ConfigFile ConfigFile::defaults() {
  ConfigFile C;
  C.Checks = "comm-*";
  C.FailOn = "error";
  C.Source = "defaults";
  return C;
}

llvm::Expected<ConfigFile> ConfigFile::parse(const std::string &Text, const std::string &Path) {
  nlohmann::json J;
  try {
    J = nlohmann::json::parse(Text, nullptr, /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const nlohmann::json::exception &E) { // parse_error, out_of_range (1e400), ...
    return fail(Path, std::string("invalid JSON: ") + E.what());
  }
  if (!J.is_object())
    return fail(Path, "the configuration must be a JSON object");

  ConfigFile C;
  C.Source = Path;
  for (const auto &[Key, V] : J.items()) {
    if (Key == "Checks" || Key == "WarningsAsErrors") {
      auto G = globList(V, Key, Path);
      if (!G)
        return G.takeError();
      (Key == "Checks" ? C.Checks : C.WarningsAsErrors) = *G;
    } else if (Key == "FailOn") {
      if (!V.is_string())
        return fail(Path, "'FailOn' must be a string: \"error\" or \"warning\"");
      C.FailOn = V.get<std::string>();
    } else if (Key == "Intrinsics") {
      if (!V.is_string())
        return fail(Path, "'Intrinsics' must be a string (a path relative to this file)");
      // Relative to the configuration file, so that the file means the same from any folder.
      llvm::SmallString<256> P(V.get<std::string>());
      if (!llvm::sys::path::is_absolute(P)) {
        llvm::SmallString<256> Dir(llvm::sys::path::parent_path(absolute(Path)));
        llvm::sys::path::append(Dir, P);
        P = Dir;
      }
      C.Intrinsics = absolute(P);
    } else if (Key == "CheckOptions") {
      if (!V.is_object())
        return fail(Path, "'CheckOptions' must be an object of \"rule.option\": value");
      for (const auto &[Name, Value] : V.items()) {
        if (Value.is_string())
          C.CheckOptions[Name] = Value.get<std::string>();
        else if (Value.is_number() || Value.is_boolean())
          C.CheckOptions[Name] = Value.dump();
        else
          return fail(Path, "check option '" + Name + "' must be a string, number or boolean");
      }
    } else if (Key == "Waivers") {
      if (!V.is_object())
        return fail(Path, "'Waivers' must be an object of \"rule-id\": \"reason\"");
      for (const auto &[Name, Value] : V.items()) {
        if (!Value.is_string())
          return fail(Path, "the waiver of '" + Name + "' must be a string: its reason");
        C.Waivers[Name] = Value.get<std::string>();
      }
    } else if (Key == "ExtraArgs" || Key == "ReadOnlyParams" || Key == "MayAlias") {
      auto L = stringList(V, Key, Path);
      if (!L)
        return L.takeError();
      (Key == "ExtraArgs" ? C.ExtraArgs : Key == "MayAlias" ? C.MayAlias : C.ReadOnlyParams) =
          std::move(*L);
    } else if (Key == "AssumeFreshWindow" || Key == "AssumeLocalArguments" ||
               Key == "AssumeNoUnsignedWrap") {
      if (!V.is_boolean())
        return fail(Path, "'" + Key + "' must be true or false");
      (Key == "AssumeFreshWindow"      ? C.AssumeFreshWindow
       : Key == "AssumeLocalArguments" ? C.AssumeLocalArguments
                                       : C.AssumeNoUnsignedWrap) = V.get<bool>();
    } else if (Key == "InheritParentConfig") {
      if (!V.is_boolean())
        return fail(Path, "'InheritParentConfig' must be true or false");
      C.InheritParentConfig = V.get<bool>();
    } else {
      C.UnknownKeys.push_back(Key);
    }
  }
  return C;
}

llvm::Expected<ConfigFile> ConfigFile::load(const std::string &Path) {
  if (llvm::sys::fs::exists(Path) && !llvm::sys::fs::is_regular_file(Path))
    return fail(Path, "not a regular file");
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return fail(Path, Buf.getError().message());
  return parse((*Buf)->getBuffer().str(), absolute(Path));
}

llvm::Expected<std::vector<ConfigFile>> ConfigFile::discover(const std::string &CheckedFile) {
  std::vector<ConfigFile> Found;
  std::string Dir = std::string(llvm::sys::path::parent_path(absolute(CheckedFile)));
  while (!Dir.empty()) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, FileName);
    if (llvm::sys::fs::is_regular_file(Candidate)) {
      auto C = load(std::string(Candidate));
      if (!C)
        return C.takeError();
      Found.push_back(std::move(*C));
      if (!Found.back().InheritParentConfig)
        break;
    }
    std::string Parent = std::string(llvm::sys::path::parent_path(Dir));
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return Found;
}

llvm::Expected<ConfigFile> ConfigFile::forFile(const std::string &CheckedFile,
                                               const std::string &ExplicitFile) {
  ConfigFile Result = defaults();
  std::optional<ConfigFile> Explicit;
  if (!ExplicitFile.empty()) {
    auto E = load(ExplicitFile);
    if (!E)
      return E.takeError();
    Explicit = std::move(*E);
  }
  if (!Explicit || Explicit->InheritParentConfig) {
    auto Found = discover(CheckedFile);
    if (!Found)
      return Found.takeError();
    for (auto It = Found->rbegin(); It != Found->rend(); ++It)
      Result = It->inherit(Result);
  }
  if (Explicit)
    Result = Explicit->inherit(Result);
  return Result;
}

std::vector<std::string> ConfigFile::checksSources() const {
  std::vector<std::string> Out;
  if (Layers.empty()) {
    if (Checks)
      Out.push_back(Source);
    return Out;
  }
  for (const auto &L : Layers)
    if (L->Checks)
      Out.push_back(L->Source);
  return Out;
}

namespace {
/// The layer whose value of Field is in force ("defaults" when none sets it).
template <class F>
std::string sourceOf(const ConfigFile &C, const std::vector<std::shared_ptr<const ConfigFile>> &Layers,
                     F Field) {
  if (Layers.empty())
    return Field(C) ? C.Source : "defaults";
  std::string Out = "defaults";
  for (const auto &L : Layers)
    if (Field(*L))
      Out = L->Source;
  return Out;
}
} // namespace

std::string ConfigFile::freshWindowSource() const {
  return sourceOf(*this, Layers, [](const ConfigFile &C) { return C.AssumeFreshWindow.has_value(); });
}

std::string ConfigFile::localArgumentsSource() const {
  return sourceOf(*this, Layers,
                  [](const ConfigFile &C) { return C.AssumeLocalArguments.has_value(); });
}

std::string ConfigFile::noUnsignedWrapSource() const {
  return sourceOf(*this, Layers,
                  [](const ConfigFile &C) { return C.AssumeNoUnsignedWrap.has_value(); });
}

std::vector<std::string> ConfigFile::sources() const {
  if (Layers.empty())
    return {Source};
  std::vector<std::string> Out;
  for (const auto &L : Layers)
    Out.push_back(L->Source);
  return Out;
}

ConfigFile ConfigFile::inherit(const ConfigFile &Parent) const {
  ConfigFile R = Parent;
  R.Checks = appendGlobs(Parent.Checks, Checks);
  R.WarningsAsErrors = appendGlobs(Parent.WarningsAsErrors, WarningsAsErrors);
  if (FailOn)
    R.FailOn = FailOn;
  if (Intrinsics)
    R.Intrinsics = Intrinsics;
  for (const auto &[K, V] : CheckOptions)
    R.CheckOptions[K] = V;
  for (const auto &[K, V] : Waivers)
    R.Waivers[K] = V;
  R.ExtraArgs.insert(R.ExtraArgs.end(), ExtraArgs.begin(), ExtraArgs.end());
  appendUnique(R.ReadOnlyParams, ReadOnlyParams);
  appendUnique(R.MayAlias, MayAlias); // a child may only add aliasing
  if (AssumeFreshWindow)
    R.AssumeFreshWindow = AssumeFreshWindow;
  if (AssumeLocalArguments)
    R.AssumeLocalArguments = AssumeLocalArguments;
  if (AssumeNoUnsignedWrap)
    R.AssumeNoUnsignedWrap = AssumeNoUnsignedWrap;
  R.InheritParentConfig = InheritParentConfig;
  R.Source = Source;
  R.UnknownKeys.clear(); // reported per layer by verify
  auto layersOf = [](const ConfigFile &C) {
    if (!C.Layers.empty())
      return C.Layers;
    ConfigFile Leaf = C;
    Leaf.Layers.clear();
    return std::vector<std::shared_ptr<const ConfigFile>>{
        std::make_shared<const ConfigFile>(std::move(Leaf))};
  };
  R.Layers = layersOf(Parent);
  for (auto &L : layersOf(*this))
    R.Layers.push_back(std::move(L));
  return R;
}

ConfigFile ConfigFile::merge(const ConfigOverrides &O) const {
  ConfigFile Cmd;
  Cmd.Source = "command line";
  Cmd.Checks = O.Checks;
  Cmd.WarningsAsErrors = O.WarningsAsErrors;
  Cmd.FailOn = O.FailOn;
  if (O.Intrinsics)
    Cmd.Intrinsics = O.Intrinsics->empty() ? *O.Intrinsics : absolute(*O.Intrinsics);
  if (O.CheckOptions)
    Cmd.CheckOptions = *O.CheckOptions;
  if (O.Waivers)
    Cmd.Waivers = *O.Waivers;
  if (O.ExtraArgs)
    Cmd.ExtraArgs = *O.ExtraArgs;
  if (O.ReadOnlyParams)
    Cmd.ReadOnlyParams = *O.ReadOnlyParams;
  if (O.MayAlias)
    Cmd.MayAlias = *O.MayAlias;
  Cmd.AssumeFreshWindow = O.AssumeFreshWindow;
  Cmd.AssumeLocalArguments = O.AssumeLocalArguments;
  Cmd.AssumeNoUnsignedWrap = O.AssumeNoUnsignedWrap;
  return Cmd.inherit(*this);
}

std::string ConfigFile::dump(const std::vector<const Rule *> &Rules) const {
  nlohmann::ordered_json J;
  J["Checks"] = Checks.value_or("");
  J["WarningsAsErrors"] = WarningsAsErrors.value_or("");
  J["FailOn"] = FailOn.value_or("error");
  std::map<std::string, std::string> Options = CheckOptions;
  if (auto Filter = CheckFilter::parse(Checks.value_or(""))) {
    for (const Rule *R : Rules)
      if (Filter->enabled(R->info().Id))
        for (const RuleOption &O : R->info().Options)
          Options.emplace(R->info().Id + "." + O.Name, O.Default);
  } else {
    llvm::consumeError(Filter.takeError());
  }
  J["CheckOptions"] = nlohmann::ordered_json::object();
  for (const auto &[K, V] : Options)
    J["CheckOptions"][K] = V;
  if (!Waivers.empty()) {
    J["Waivers"] = nlohmann::ordered_json::object();
    for (const auto &[K, V] : Waivers)
      J["Waivers"][K] = V;
  }
  J["ExtraArgs"] = ExtraArgs;
  J["ReadOnlyParams"] = ReadOnlyParams;
  if (!MayAlias.empty())
    J["MayAlias"] = MayAlias;
  J["AssumeFreshWindow"] = AssumeFreshWindow.value_or(false);
  J["AssumeLocalArguments"] = AssumeLocalArguments.value_or(false);
  J["AssumeNoUnsignedWrap"] = AssumeNoUnsignedWrap.value_or(false);
  if (Intrinsics)
    J["Intrinsics"] = *Intrinsics;
  // Paths and arguments from the command line need not be UTF-8: replace what is not (U+FFFD).
  return J.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::vector<std::string> ConfigFile::verify(const std::vector<const Rule *> &Rules) const {
  std::vector<std::string> Out;
  if (Layers.empty()) {
    verifyLayer(Rules, Out);
    return Out;
  }
  for (const auto &L : Layers)
    L->verifyLayer(Rules, Out);
  return Out;
}

void ConfigFile::verifyLayer(const std::vector<const Rule *> &Rules,
                             std::vector<std::string> &Out) const {
  if (Source == "defaults")
    return;
  const std::string Where = Source + ": ";
  std::vector<std::string> Keys(std::begin(KnownKeys), std::end(KnownKeys));
  for (const std::string &K : UnknownKeys)
    Out.push_back(Where + "unknown key '" + K + "'" + didYouMean(closestMatch(K, Keys)));

  std::vector<std::string> Ids, OptionKeys;
  for (const Rule *R : Rules) {
    Ids.push_back(R->info().Id);
    for (const RuleOption &O : R->info().Options)
      OptionKeys.push_back(R->info().Id + "." + O.Name);
  }
  auto verifyGlobs = [&](const std::optional<std::string> &List, const char *Key) {
    if (!List)
      return;
    llvm::SmallVector<llvm::StringRef> Parts;
    llvm::StringRef(*List).split(Parts, ',', -1, false);
    for (llvm::StringRef P : Parts) {
      P = P.trim();
      P.consume_front("-");
      P = P.trim();
      if (P.empty())
        continue;
      std::string Text = P.str(); // GlobPattern refers to it while it matches
      auto G = llvm::GlobPattern::create(Text);
      if (!G) {
        Out.push_back(Where + "invalid glob '" + Text + "' in '" + Key +
                      "': " + llvm::toString(G.takeError()));
        continue;
      }
      if (std::any_of(Ids.begin(), Ids.end(), [&](const std::string &Id) { return G->match(Id); }))
        continue;
      if (P.find_first_of("*?[") == llvm::StringRef::npos)
        Out.push_back(Where + "unknown check '" + Text + "' in '" + Key + "'" +
                      didYouMean(closestMatch(Text, Ids)));
      else
        Out.push_back(Where + "check glob '" + Text + "' in '" + Key +
                      "' doesn't match any known check");
    }
  };
  verifyGlobs(Checks, "Checks");
  verifyGlobs(WarningsAsErrors, "WarningsAsErrors");

  for (const auto &[K, V] : CheckOptions)
    if (std::find(OptionKeys.begin(), OptionKeys.end(), K) == OptionKeys.end())
      Out.push_back(Where + "unknown check option '" + K + "'" + didYouMean(closestMatch(K, OptionKeys)));

  for (const auto &[K, V] : Waivers) {
    bool Known = K == "intrinsics" || K.rfind("intrinsic:", 0) == 0 ||
                 std::find(Ids.begin(), Ids.end(), K) != Ids.end();
    if (!Known)
      Out.push_back(Where + "waiver for unknown check '" + K + "'" + didYouMean(closestMatch(K, Ids)));
    else if (llvm::StringRef(V).trim().empty())
      Out.push_back(Where + "the waiver of '" + K + "' gives no reason");
  }
  if (FailOn && *FailOn != "error" && *FailOn != "warning")
    Out.push_back(Where + "'FailOn' must be \"error\" or \"warning\", not \"" + *FailOn + "\"" +
                  didYouMean(closestMatch(*FailOn, {"error", "warning"})));
  for (const std::string &G : MayAlias)
    if (std::string P = AliasAssumption::problem(G); !P.empty())
      Out.push_back(Where + "'MayAlias': " + P);
  if (Intrinsics && !Intrinsics->empty() && !llvm::sys::fs::exists(*Intrinsics))
    Out.push_back(Where + "'Intrinsics' file '" + *Intrinsics + "' does not exist");
}

} // namespace commcheck
