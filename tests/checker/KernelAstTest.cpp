// buildKernelAst: which function bodies are parsed, and the text that stands for the file.
#include "frontend/KernelAst.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

using namespace commcheck;

namespace {

class ErrorCount : public clang::DiagnosticConsumer {
public:
  std::string First;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= clang::DiagnosticsEngine::Error && First.empty()) {
      llvm::SmallString<128> Msg;
      Info.FormatDiagnostic(Msg);
      First = std::string(Msg);
    }
  }
};

/// A scratch folder with a system header folder and a user header folder.
class KernelAstTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("commcheck-kernel-ast", Dir));
    write("sys/sys.h", "inline int sysHelper() { return undeclaredInASkippedBody; }\n"
                       "constexpr int sysConst() { return 3; }\n"
                       "auto sysDeduced() { return 4L; }\n"
                       "template <typename T> T sysTemplate(T x) { return x + 1; }\n");
    write("user/user.h", "inline int userHelper() { return 2; }\n");
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string path(const std::string &Rel) const {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Rel);
    return std::string(P);
  }
  void write(const std::string &Rel, const std::string &Text) {
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path(Rel)));
    std::error_code EC;
    llvm::raw_fd_ostream Out(path(Rel), EC);
    ASSERT_FALSE(EC);
    Out << Text;
  }
  /// Parses with sys/ trusted (as the shim and the toolchain's headers are) unless told not to.
  std::unique_ptr<clang::ASTUnit> parse(const std::string &Text, const std::string &File,
                                        bool TrustSys = true) {
    std::vector<std::string> Args = {"-xc++", "-std=c++17", "-isystem", path("sys"), "-I",
                                     path("user"),
                                     "-resource-dir=" COMMCHECK_CLANG_RESOURCE_DIR};
    Trusted = TrustedHeaders(TrustSys ? std::vector<std::string>{path("sys")}
                                      : std::vector<std::string>{});
    KernelAstOptions O;
    O.Trusted = &Trusted;
    return buildKernelAst(Text, Args, File, &Errors, O);
  }
  TrustedHeaders Trusted;
  static const clang::FunctionDecl *function(clang::ASTUnit &AST, llvm::StringRef Name) {
    for (const clang::Decl *D : AST.getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
        if (FD->getName() == Name)
          return FD;
    return nullptr;
  }

  llvm::SmallString<256> Dir;
  ErrorCount Errors;
};

} // namespace

TEST_F(KernelAstTest, SystemHeaderBodiesAreSkippedAndTheRestIsParsed) {
  auto AST = parse("#include <sys.h>\n#include \"user.h\"\n"
                   "static_assert(sysConst() == 3, \"constexpr bodies are parsed\");\n"
                   "long f() { return userHelper() + sysHelper() + sysDeduced() +\n"
                   "                  sysTemplate(1); }\n",
                   path("kernel.cpp"));
  ASSERT_TRUE(AST);
  // The undeclared name in sysHelper's body was never looked up: no error.
  EXPECT_EQ(Errors.getNumErrors(), 0u) << Errors.First;
  const clang::FunctionDecl *Sys = function(*AST, "sysHelper");
  ASSERT_TRUE(Sys);
  EXPECT_TRUE(Sys->hasSkippedBody());
  EXPECT_FALSE(Sys->hasBody());
  for (const char *Parsed : {"sysConst", "sysDeduced", "userHelper", "f"}) {
    const clang::FunctionDecl *FD = function(*AST, Parsed);
    ASSERT_TRUE(FD) << Parsed;
    EXPECT_TRUE(FD->hasBody()) << Parsed;
  }
  // The template's instantiation for the kernel's call has no body either.
  for (const clang::Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *T = llvm::dyn_cast<clang::FunctionTemplateDecl>(D)) {
      ASSERT_EQ(T->getName(), "sysTemplate");
      ASSERT_FALSE(T->specializations().empty());
      for (const clang::FunctionDecl *S : T->specializations())
        EXPECT_FALSE(S->hasBody());
    }
}

TEST_F(KernelAstTest, ASystemHeaderThatIsNotTrustedIsParsed) {
  // -isystem or `#pragma GCC system_header` does not make a user's header trusted: its bodies are
  // parsed, so the checker can inline them.
  write("user/claims.h", "#pragma GCC system_header\ninline int claimed() { return 2; }\n");
  auto AST = parse("#include \"claims.h\"\nint f() { return claimed(); }\n", path("kernel.cpp"),
                   /*TrustSys=*/false);
  ASSERT_TRUE(AST);
  for (const char *Parsed : {"claimed", "f"}) {
    const clang::FunctionDecl *FD = function(*AST, Parsed);
    ASSERT_TRUE(FD) << Parsed;
    EXPECT_TRUE(FD->hasBody()) << Parsed;
  }
}

TEST_F(KernelAstTest, ErrorsInTheCheckedFileAndUserHeadersAreReported) {
  write("user/broken.h", "inline int broken() { return undeclaredInAUserHeader; }\n");
  auto AST = parse("#include \"broken.h\"\nint f() { return 0; }\n", path("kernel.cpp"));
  ASSERT_TRUE(AST);
  EXPECT_EQ(Errors.getNumErrors(), 1u);
  EXPECT_NE(Errors.First.find("undeclaredInAUserHeader"), std::string::npos) << Errors.First;
}

TEST_F(KernelAstTest, TheTextStandsForTheFileOnDiskOrOneThatDoesNotExist) {
  write("kernel.cpp", "int onDisk() { return 0; }\n");
  auto AST = parse("#include \"user.h\"\nint inText() { return userHelper(); }\n",
                   path("kernel.cpp"));
  ASSERT_TRUE(AST);
  EXPECT_EQ(Errors.getNumErrors(), 0u) << Errors.First;
  EXPECT_TRUE(function(*AST, "inText"));
  EXPECT_FALSE(function(*AST, "onDisk"));

  // A file that is not on disk: its folder still finds the headers next to it.
  write("elsewhere/near.h", "inline int near() { return 5; }\n");
  auto Virtual = parse("#include \"near.h\"\nint g() { return near(); }\n",
                       path("elsewhere/not-on-disk.cpp"));
  ASSERT_TRUE(Virtual);
  EXPECT_EQ(Errors.getNumErrors(), 0u) << Errors.First;
  EXPECT_TRUE(function(*Virtual, "g"));
}
