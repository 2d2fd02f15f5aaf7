#include "driver/Environment.h"
#include "driver/AssumptionList.h"
#include "driver/Driver.h"
#include "frontend/BundledData.h"
#include "frontend/TranslatedCommand.h"
#include "rules/RuleRegistry.h"
#include "llvm/ADT/StringExtras.h"

namespace commcheck {

namespace {

llvm::Error loadCatalogue(Environment &Env) {
  if (llvm::Error E = Env.Catalogue.loadFile(bundledCataloguePath()))
    return E;
  if (!Env.Config.Intrinsics || Env.Config.Intrinsics->empty())
    return llvm::Error::success();
  // Every entry of the user's catalogue changes what the checker believes: a waiver.
  std::vector<std::string> Names;
  if (llvm::Error E = Env.Catalogue.loadFile(*Env.Config.Intrinsics, &Names))
    return E;
  for (const std::string &N : Names) {
    auto Own = Env.Config.Waivers.find("intrinsic:" + N);
    auto All = Env.Config.Waivers.find("intrinsics");
    std::string Reason = Own != Env.Config.Waivers.end()   ? Own->second
                         : All != Env.Config.Waivers.end() ? All->second
                                                           : "";
    Env.Waivers.push_back({"intrinsic", N, *Env.Config.Intrinsics, Reason});
  }
  return llvm::Error::success();
}

/// The rules the configuration switches off are waivers; with no error rule left on, nothing
/// can be verified.
void ruleWaivers(Environment &Env, const CheckFilter &Checks) {
  std::vector<std::string> From = Env.Config.checksSources();
  std::string Source = From.empty() ? "defaults" : llvm::join(From, ", ");
  unsigned ErrorRules = 0;
  for (const Rule *R : RuleRegistry::instance().all()) {
    if (R->info().AlwaysOn)
      continue;
    if (Checks.enabled(R->info().Id)) {
      ErrorRules += R->info().Level == Severity::Error;
      continue;
    }
    auto It = Env.Config.Waivers.find(R->info().Id);
    Env.Waivers.push_back({"rule", R->info().Id, Source,
                           It == Env.Config.Waivers.end() ? "" : It->second});
  }
  // A rule option that lowers an error to a warning weakens the gate like disabling it.
  for (const Rule *R : RuleRegistry::instance().all())
    for (const RuleOption &O : R->info().Options)
      if (O.Name == "AsWarning" && Env.Config.CheckOptions.count(R->info().Id + ".AsWarning") &&
          Env.Config.CheckOptions.at(R->info().Id + ".AsWarning") == "true") {
        auto It = Env.Config.Waivers.find(R->info().Id);
        Env.Waivers.push_back({"rule", R->info().Id + " (as a warning)", Source,
                               It == Env.Config.Waivers.end() ? "" : It->second});
      }
  if (ErrorRules == 0)
    Env.NotVerifiable = "no error rule is enabled (Checks: '" + Env.Config.Checks.value_or("") +
                        "'): nothing can be verified";
}

llvm::Error loadFilters(Environment &Env, CheckOptions &CO) {
  // A typo must not switch the checker off: unknown rules, options and keys are errors.
  std::vector<std::string> Problems = Env.Config.verify(RuleRegistry::instance().all());
  if (!Problems.empty())
    return llvm::createStringError(llvm::join(Problems, "\ncommcheck: error: "));
  auto Filter = CheckFilter::parse(Env.Config.Checks.value_or("comm-*"));
  if (!Filter)
    return Filter.takeError();
  ruleWaivers(Env, *Filter);
  CO.Checks = std::move(*Filter);
  if (Env.Config.WarningsAsErrors) {
    auto W = CheckFilter::parse("-*," + *Env.Config.WarningsAsErrors);
    if (!W)
      return llvm::createStringError("WarningsAsErrors: " + llvm::toString(W.takeError()));
    Env.WarningsAsErrors = std::move(*W);
  }
  Env.FailOn = Env.Config.FailOn.value_or("error");
  if (Env.FailOn != "error" && Env.FailOn != "warning")
    return llvm::createStringError("FailOn must be 'error' or 'warning', not '" + Env.FailOn + "'");
  auto RuleOptions = RuleOptionValues::parse(RuleRegistry::instance().all(), Env.Config.CheckOptions);
  if (!RuleOptions)
    return RuleOptions.takeError();
  CO.Options = std::move(*RuleOptions);
  return llvm::Error::success();
}
} // namespace

llvm::Expected<std::unique_ptr<Environment>> Environment::create(const ConfigFile &Config,
                                                                 const DriverOptions &Options) {
  auto Env = std::make_unique<Environment>();
  Env->Key = Config.dump();
  Env->Config = Config;
  if (llvm::Error E = loadCatalogue(*Env))
    return std::move(E);
  CheckOptions CO;
  if (llvm::Error E = loadFilters(*Env, CO))
    return std::move(E);
  FrontendOptions FO;
  FO.ExtraArgs = Config.ExtraArgs;
  // The arguments after `--` are appended to every compile, unless they make a device compile
  // (a build's ccec flags, which clang does not take): then they are the files' command.
  std::vector<std::string> Command{"cc"};
  Command.insert(Command.end(), Options.CompilerArgs.begin(), Options.CompilerArgs.end());
  if (TranslatedCommand::translate(Command, ".", "").Device)
    FO.DeviceCommand = Options.CompilerArgs;
  else
    FO.ExtraArgs.insert(FO.ExtraArgs.end(), Options.CompilerArgs.begin(), Options.CompilerArgs.end());
  FO.BuildPath = Options.BuildPath;
  FO.ShimDir = Options.NoShim ? "" : bundledShimDir();
  FO.ResourceDir = clangResourceDir();
  FO.ParseSeconds = Options.Limits.ParseSeconds;
  Env->FE = std::make_unique<Frontend>(FO);
  CO.Build.ReadOnlyParams = Config.ReadOnlyParams;
  auto Alias = AliasAssumption::parse(Config.MayAlias);
  if (!Alias)
    return Alias.takeError();
  CO.Build.MayAlias = std::move(*Alias);
  CO.Limits = Options.Limits;
  CO.Assume.FreshWindow = Config.AssumeFreshWindow.value_or(false);
  CO.Assume.LocalArguments = Config.AssumeLocalArguments.value_or(false);
  CO.Build.LocalArguments = Config.AssumeLocalArguments.value_or(false);
  CO.Build.NoUnsignedWrap = Config.AssumeNoUnsignedWrap.value_or(false);
  Env->Assumptions = assumptionsOf(Config, !Options.BuildPath.empty());
  CO.FailClosedOnFreeMacros = Options.Gate;
  Env->C = std::make_unique<Checker>(Env->Catalogue, CO);
  return std::move(Env);
}

} // namespace commcheck
