#include "SarifValidator.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <optional>

namespace commcheck::test {

std::string sarifMultitool() {
  if (const char *Env = std::getenv("COMMCHECK_SARIF_MULTITOOL"))
    return llvm::sys::fs::can_execute(Env) ? Env : "";
  std::string P = std::string(COMMCHECK_SOURCE_DIR) +
                  "/.tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool";
  return llvm::sys::fs::can_execute(P) ? P : "";
}

namespace {

std::string readFile(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "";
}

/// A validator result's text: its own text, or the rule's message template with the arguments.
std::string messageOf(const nlohmann::json &Result, const nlohmann::json &Rules) {
  const nlohmann::json &M = Result.value("message", nlohmann::json::object());
  std::string Text = M.value("text", "");
  if (Text.empty() && M.contains("id")) {
    size_t Index = Result.value("ruleIndex", size_t(0));
    if (Index < Rules.size())
      Text = Rules[Index]["messageStrings"][M["id"].get<std::string>()].value("text", "");
    const nlohmann::json Args = M.value("arguments", nlohmann::json::array());
    for (size_t I = 0; I < Args.size(); ++I) {
      std::string Key = "{" + std::to_string(I) + "}";
      for (size_t P = Text.find(Key); P != std::string::npos; P = Text.find(Key, P))
        Text.replace(P, Key.size(), Args[I].get<std::string>());
    }
  }
  return Result.value("ruleId", "?") + ": " + Text;
}

} // namespace

SarifValidation validateSarif(const nlohmann::ordered_json &Log) {
  SarifValidation V;
  std::string Tool = sarifMultitool();
  if (Tool.empty()) {
    V.Console = "the SARIF validator is not installed under " + std::string(COMMCHECK_SOURCE_DIR) +
                "/.tools (run scripts/setup.sh, or set COMMCHECK_SARIF_MULTITOOL)";
    return V;
  }
  V.Installed = true;

  llvm::SmallString<128> Dir;
  llvm::sys::path::system_temp_directory(true, Dir);
  llvm::sys::path::append(Dir, "commcheck-tests", "sarif");
  llvm::sys::fs::create_directories(Dir);
  llvm::SmallString<128> Input, Output, Console;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Dir + "/log-%%%%%%.sarif", FD, Input)) {
    V.Errors.push_back("cannot create a temporary file in " + std::string(Dir));
    return V;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Log.dump(2);
  }
  Output = Input;
  llvm::sys::path::replace_extension(Output, "validation.sarif");
  Console = Input;
  llvm::sys::path::replace_extension(Console, "console.txt");
  llvm::sys::fs::remove(Output);

  // Every multi-valued option needs at least two values, or the validator rejects it.
  llvm::SmallVector<llvm::StringRef> Args = {Tool,
                                             "validate",
                                             "--rule-kind",
                                             "Sarif;Gh",
                                             "--level",
                                             "Error;Warning;Note",
                                             "--log",
                                             "ForceOverwrite;PrettyPrint",
                                             "--output",
                                             Output,
                                             Input};
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Console),
                                                llvm::StringRef(Console)};
  std::string ExecError;
  int Status = llvm::sys::ExecuteAndWait(Tool, Args, std::nullopt, Redirects,
                                         /*SecondsToWait=*/300, 0, &ExecError);
  V.Console = "validated " + std::string(Input) + " into " + std::string(Output) + "\n" +
              readFile(Console);
  std::string Report = readFile(Output);
  if (Report.empty()) {
    V.Errors.push_back("the validator wrote no report (status " + std::to_string(Status) + ExecError +
                       "); input kept at " + std::string(Input) + "\n" + V.Console);
    return V;
  }
  nlohmann::json R = nlohmann::json::parse(Report, nullptr, false);
  if (R.is_discarded() || !R.contains("runs") || R["runs"].empty()) {
    V.Errors.push_back("unreadable validator report " + std::string(Output));
    return V;
  }
  const nlohmann::json &Run = R["runs"][0];
  const nlohmann::json Rules = Run["tool"]["driver"].value("rules", nlohmann::json::array());
  for (const nlohmann::json &Res : Run.value("results", nlohmann::json::array())) {
    std::string Level = Res.value("level", "warning");
    std::string Text = messageOf(Res, Rules);
    (Level == "error" ? V.Errors : Level == "warning" ? V.Warnings : V.Notes).push_back(Text);
  }
  if (V.Errors.empty() && V.Warnings.empty() && V.Notes.empty())
    V.Errors.push_back("the validator reported nothing at all, not even a note: it skips a log it "
                       "cannot deserialize (an unknown enum value, a wrong type)");
  // COMMCHECK_KEEP_SARIF=1 keeps the logs and reports for a look (their paths are in Console).
  if (V.Errors.empty() && !std::getenv("COMMCHECK_KEEP_SARIF")) {
    llvm::sys::fs::remove(Input);
    llvm::sys::fs::remove(Output);
    llvm::sys::fs::remove(Console);
  } else {
    V.Errors.push_back("(input kept at " + std::string(Input) + ")");
  }
  return V;
}

} // namespace commcheck::test
