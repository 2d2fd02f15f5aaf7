#include "report/TextEmitter.h"
#include "report/WitnessLanes.h"

namespace commcheck {

namespace {
void location(const SourcePoint &P, const std::string &Fallback, llvm::raw_ostream &OS) {
  OS << (P.File.empty() ? Fallback : P.File);
  if (P.Line)
    OS << ":" << P.Line << ":" << P.Column;
  OS << ": ";
}
} // namespace

void emitText(const FileResult &R, llvm::raw_ostream &OS, bool Waivers) {
  for (const Finding &F : R.Findings) {
    if (F.Suppressed)
      continue;
    location(F.At, R.Path, OS);
    OS << severityName(F.Level) << ": " << F.Message;
    if (!F.Configuration.empty())
      OS << " (" << F.Configuration << " only)";
    OS << " [" << F.Rule << "]\n";
    for (const WitnessStep &W : F.Witness) {
      location(W.At, R.Path, OS);
      OS << "note: " << lanePrefix(W) << W.Message << "\n";
    }
    if (!F.Fixes.empty())
      OS << (F.At.File.empty() ? R.Path : F.At.File) << ":" << F.At.Line << ":" << F.At.Column
         << ": note: fix-it available (apply with --fix or --export-fixes)\n";
  }
  for (const FileResult::Waiver &W : Waivers ? R.Waivers : std::vector<FileResult::Waiver>())
    OS << R.Path << ": waiver: " << (W.Kind == "rule" ? "rule '" : "intrinsic '") << W.Id << "' "
       << (W.Kind == "rule" ? "disabled" : "described") << " by " << W.Source << ": "
       << (W.Reason.empty() ? std::string("no reason given") : W.Reason) << "\n";
}

} // namespace commcheck
