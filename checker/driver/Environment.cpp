#include "driver/Environment.h"
#include "driver/Driver.h"
#include "frontend/BundledData.h"
#include "rules/RuleRegistry.h"

namespace commcheck {

namespace {
llvm::Error fail(const std::string &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s", Message.c_str());
}

llvm::Error loadCatalogue(Environment &Env) {
  if (llvm::Error E = Env.Catalogue.loadFile(bundledCataloguePath()))
    return E;
  if (Env.Config.Intrinsics && !Env.Config.Intrinsics->empty())
    return Env.Catalogue.loadFile(*Env.Config.Intrinsics);
  return llvm::Error::success();
}

llvm::Error loadFilters(Environment &Env, CheckOptions &CO) {
  auto Filter = CheckFilter::parse(Env.Config.Checks.value_or("comm-*"));
  if (!Filter)
    return Filter.takeError();
  CO.Checks = std::move(*Filter);
  if (Env.Config.WarningsAsErrors) {
    auto W = CheckFilter::parse("-*," + *Env.Config.WarningsAsErrors);
    if (!W)
      return fail("WarningsAsErrors: " + llvm::toString(W.takeError()));
    Env.WarningsAsErrors = std::move(*W);
  }
  Env.FailOn = Env.Config.FailOn.value_or("error");
  if (Env.FailOn != "error" && Env.FailOn != "warning")
    return fail("FailOn must be 'error' or 'warning', not '" + Env.FailOn + "'");
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
  FO.ExtraArgs.insert(FO.ExtraArgs.end(), Options.CompilerArgs.begin(), Options.CompilerArgs.end());
  FO.BuildPath = Options.BuildPath;
  FO.ShimDir = bundledShimDir();
  FO.ResourceDir = clangResourceDir();
  FO.ParseSeconds = Options.Limits.ParseSeconds;
  Env->FE = std::make_unique<Frontend>(FO);
  CO.Build.ReadOnlyParams = Config.ReadOnlyParams;
  CO.Build.ShimDir = FO.ShimDir;
  CO.Limits = Options.Limits;
  Env->C = std::make_unique<Checker>(Env->Catalogue, CO);
  return std::move(Env);
}

} // namespace commcheck
