// Everything that depends on a file's effective configuration (catalogue, frontend, checker,
// filters), built once per distinct configuration and shared by the files that have it.
#pragma once
#include "driver/CheckFilter.h"
#include "driver/Checker.h"
#include "driver/ConfigFile.h"
#include "events/IntrinsicCatalogue.h"
#include "frontend/Frontend.h"
#include <memory>
#include <string>

namespace commcheck {

struct DriverOptions;

class Environment {
public:
  std::string Key;       ///< the configuration's dump: equal keys share one environment
  ConfigFile Config;
  IntrinsicCatalogue Catalogue;
  std::unique_ptr<Frontend> FE;
  std::unique_ptr<Checker> C;
  CheckFilter WarningsAsErrors{CheckFilter::parse("-*").get()};
  std::string FailOn = "error";
  /// The rules this configuration disables and the intrinsics it describes itself.
  std::vector<FileResult::Waiver> Waivers;
  /// The assumptions in force under this configuration, stated in every report.
  std::vector<FileResult::Assumption> Assumptions;
  /// Why no file can be verified under this configuration ("" when files can be).
  std::string NotVerifiable;

  /// The environment of Config under the run's options; an error says what is wrong with it.
  static llvm::Expected<std::unique_ptr<Environment>> create(const ConfigFile &Config,
                                                             const DriverOptions &Options);
};

} // namespace commcheck
