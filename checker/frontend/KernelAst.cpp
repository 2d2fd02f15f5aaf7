#include "frontend/KernelAst.h"
#include "frontend/HidingFileSystem.h"
#include "frontend/HostMacroScope.h"
#include "frontend/ToolchainAnswers.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclBase.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace commcheck {

namespace {

/// Asked by the parser for every function body it may skip (FrontendOptions::SkipFunctionBodies).
class TrustedBodySkipper : public clang::ASTConsumer {
public:
  TrustedBodySkipper(const clang::SourceManager &SM, const TrustedHeaders *Trusted,
                     const PreprocessorRecord *StopAtArchTest)
      : SM(SM), Trusted(Trusted ? *Trusted : TrustedHeaders()), StopAtArchTest(StopAtArchTest) {}
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    return Trusted.trusted(SM, D->getLocation());
  }
  /// False stops the parse (clang::ParseAST).
  bool HandleTopLevelDecl(clang::DeclGroupRef) override {
    return !StopAtArchTest || StopAtArchTest->ArchMacrosUsed.empty();
  }

private:
  const clang::SourceManager &SM;
  TrustedHeaders Trusted; ///< a copy: its memo is this parse's
  const PreprocessorRecord *StopAtArchTest;
};

class SkipTrustedBodiesAction : public clang::ASTFrontendAction {
public:
  explicit SkipTrustedBodiesAction(const KernelAstOptions &O) : O(O) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    // Parsed for the device: the host's predefined macros only in the toolchain's headers.
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<HostMacroScope>(CI.getPreprocessor(), O.Trusted));
    if (O.Record) {
      CI.getPreprocessor().addPPCallbacks(
          O.Record->callbacks(CI.getSourceManager(), CI.getPreprocessor(), O.Trusted));
      CI.getPreprocessor().addPPCallbacks(
          toolchainAnswers(*O.Record, CI.getSourceManager(), CI.getPreprocessor(), O.Trusted));
    }
    return std::make_unique<TrustedBodySkipper>(CI.getSourceManager(), O.Trusted,
                                                O.StopAtArchTest ? O.Record : nullptr);
  }

private:
  const KernelAstOptions &O;
};

/// Runs the parse once the driver has made the cc1 invocation, keeping the AST in an ASTUnit.
class UnitBuilder : public clang::tooling::ToolAction {
public:
  UnitBuilder(const std::string &Code, const std::string &FileName, const KernelAstOptions &O,
              llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Disk)
      : Code(Code), FileName(FileName), O(O), Disk(std::move(Disk)) {}
  std::unique_ptr<clang::ASTUnit> AST;

  bool runInvocation(std::shared_ptr<clang::CompilerInvocation> CI, clang::FileManager *,
                     std::shared_ptr<clang::PCHContainerOperations> PCH,
                     clang::DiagnosticConsumer *Consumer) override {
    CI->getFrontendOpts().SkipFunctionBodies = true;
    // The text stands in for the file on disk (launches stripped, or fix-its applied); the
    // ASTUnit owns and frees the buffer.
    CI->getPreprocessorOpts().addRemappedFile(
        FileName, llvm::MemoryBuffer::getMemBufferCopy(Code, FileName).release());
    llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
        clang::CompilerInstance::createDiagnostics(&CI->getDiagnosticOpts(), Consumer,
                                                   /*ShouldOwnClient=*/false);
    // On the heap with a cleanup, as clang's own actions: a clang crash abandons this frame
    // (Frontend::parseText recovers from it), and the action must not leak with it.
    auto Act = std::make_unique<SkipTrustedBodiesAction>(O);
    llvm::CrashRecoveryContextCleanupRegistrar<SkipTrustedBodiesAction> ActCleanup(Act.get());
    // Not persistent: nothing re-parses the unit or completes code in it, so the hashes of
    // every top-level declaration and macro that ASTUnit keeps for that are not computed.
    // The unit's own file manager reads through the recording file system: every header clang
    // looks for, found or not, with the bytes it read.
    std::unique_ptr<clang::ASTUnit> Unit =
        clang::ASTUnit::create(CI, Diags, clang::CaptureDiagsKind::None, false);
    Unit->getFileManager().setVirtualFileSystem(Disk);
    if (!clang::ASTUnit::LoadFromCompilerInvocationAction(std::move(CI), std::move(PCH), Diags,
                                                          Act.get(), Unit.get(),
                                                          /*Persistent=*/false))
      return false;
    AST = std::move(Unit);
    return true;
  }

private:
  const std::string &Code;
  const std::string &FileName;
  const KernelAstOptions &O;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Disk;
};

} // namespace

std::unique_ptr<clang::ASTUnit> buildKernelAst(const std::string &Code,
                                               const std::vector<std::string> &Args,
                                               const std::string &FileName,
                                               clang::DiagnosticConsumer *Diags,
                                               const KernelAstOptions &Options) {
  std::vector<std::string> CommandLine = {"commcheck", "-fsyntax-only"};
  std::vector<std::string> Adjusted =
      clang::tooling::getClangStripDependencyFileAdjuster()(Args, FileName);
  CommandLine.insert(CommandLine.end(), Adjusted.begin(), Adjusted.end());
  CommandLine.push_back(FileName);
  // The driver checks that the input exists: the text may stand for a file that is not on disk.
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Text(new llvm::vfs::InMemoryFileSystem);
  Text->addFile(FileName, 0, llvm::MemoryBuffer::getMemBuffer(Code, FileName));
  llvm::IntrusiveRefCntPtr<RecordingFileSystem> Disk(
      new RecordingFileSystem(llvm::vfs::getRealFileSystem()));
  // What is hidden is never looked at: neither recorded nor read.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Seen(new HidingFileSystem(Disk, Options.Hidden));
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> Overlay(
      new llvm::vfs::OverlayFileSystem(Seen));
  Overlay->pushOverlay(Text);
  llvm::IntrusiveRefCntPtr<clang::FileManager> Files(
      new clang::FileManager(clang::FileSystemOptions(), Overlay));
  UnitBuilder Builder(Code, FileName, Options, Seen);
  clang::tooling::ToolInvocation Invocation(std::move(CommandLine), &Builder, Files.get(),
                                            std::make_shared<clang::PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(Diags);
  bool Ran = Invocation.run();
  if (Options.Probes)
    *Options.Probes = Disk->probes();
  if (!Ran)
    return nullptr;
  return std::move(Builder.AST);
}

} // namespace commcheck
