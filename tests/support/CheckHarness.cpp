#include "CheckHarness.h"
#include <algorithm>
#include "driver/ConfiguredCheck.h"
#include "frontend/BundledData.h"
#include "events/EventGraphBuilder.h"
#include "events/KernelFinder.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cstdlib>
#include <stdexcept>

namespace commcheck::test {

namespace {
FrontendOptions defaultFrontend() {
  FrontendOptions O;
  O.ShimDir = bundledShimDir();
  O.ResourceDir = clangResourceDir();
  O.AutoDetectCompileCommands = false;
  return O;
}
CheckOptions withShim(CheckOptions O) { return O; } // the shim comes with each parsed file
} // namespace

CheckHarness &CheckHarness::instance() {
  static CheckHarness H;
  return H;
}

CheckHarness::CheckHarness(CheckOptions O)
    : FE(defaultFrontend()), Options(withShim(std::move(O))), C(Catalogue, Options) {
  if (llvm::Error E = Catalogue.loadFile(bundledCataloguePath()))
    throw std::runtime_error(llvm::toString(std::move(E)));
}

ParsedFile CheckHarness::parseFile(const std::string &Path) {
  auto P = FE.parse(Path);
  if (!P)
    throw std::runtime_error(llvm::toString(P.takeError()));
  return std::move(*P);
}

ParsedFile CheckHarness::parseText(const std::string &Code, const std::string &Name) {
  llvm::SmallString<128> Dir;
  llvm::sys::path::system_temp_directory(true, Dir);
  llvm::sys::path::append(Dir, "commcheck-tests", Name);
  return FE.parseText(std::string(Dir), Code);
}

FileResult CheckHarness::checkFile(const std::string &Path) {
  auto Source = Frontend::readSource(Path);
  if (!Source)
    throw std::runtime_error(llvm::toString(Source.takeError()));
  return checkConfigurations(C, FE, Source->first, Source->second, /*VerifyFixes=*/true).Result;
}

FileResult CheckHarness::checkText(const std::string &Code, const std::string &Name, bool VerifyFixes) {
  llvm::SmallString<128> Dir;
  llvm::sys::path::system_temp_directory(true, Dir);
  llvm::sys::path::append(Dir, "commcheck-tests", Name);
  return checkConfigurations(C, FE, std::string(Dir), Code, VerifyFixes).Result;
}

FileResult CheckHarness::check(ParsedFile &File, bool VerifyFixes) {
  return C.check(File, VerifyFixes ? &FE : nullptr);
}

std::vector<EventGraph> CheckHarness::graphs(ParsedFile &File) {
  std::vector<EventGraph> Out;
  if (!File.AST)
    return Out;
  clang::ASTContext &Ctx = File.AST->getASTContext();
  BuildOptions BO = Options.Build;
  BO.Trusted = *File.Trusted;
  EventGraphBuilder B(Ctx, Catalogue, BO);
  auto Found = findRootFunctions(Ctx, {File.Source, File.PP, *File.Trusted}, B);
  for (const clang::FunctionDecl *FD : Found.Roots) {
    Out.push_back(B.build(FD));
    // As the checker marks them (Checker.cpp): a test that looks for the entry finds it.
    Out.back().IsEntry = std::find(Found.Entries.begin(), Found.Entries.end(), FD) != Found.Entries.end();
  }
  return Out;
}

std::string kernel(const std::string &Body, const std::string &Params) {
  return "#include <pto/pto-inst.hpp>\n"
         "using namespace pto;\n"
         "using TileT = Tile<TileType::Vec, float, 16, 64>;\n"
         "using GT = GlobalTensor<float, Shape<1,1,1,16,64>, Stride<1,1,1,64,1>>;\n"
         "__global__ AICORE void kern(" + Params + ") {\n" + Body + "\n}\n";
}

} // namespace commcheck::test
