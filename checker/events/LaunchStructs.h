// Which GM structs are launch data. The host fills the communication context (window bases,
// rank, rank count) and the runtime's tensor descriptors before the launch; during it nothing
// writes them. Under SPMD every writer of GM during a launch is the kernel itself, so a struct type
// that no code a kernel call can run writes (DeviceReach: host code that filled it with memset and
// copied it to the device ran before the launch), or gives away to code that could, is constant
// for the launch: reading it needs no invalidate (CONTRACT §2, exempt loads). A struct written by a
// kernel of another translation unit is outside this assumption; `--read-only-param` and NOLINT
// are the user's words for what the checker cannot see.
#pragma once
#include "llvm/ADT/DenseSet.h"

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class QualType;
class RecordDecl;
class Stmt;
} // namespace clang

namespace commcheck {

class TrustedHeaders;

class LaunchStructs {
public:
  /// Device: the functions a kernel call can run (deviceReach); null when not known, then every
  /// function of the translation unit counts.
  LaunchStructs(clang::ASTContext &Ctx, const TrustedHeaders &Trusted,
                const llvm::DenseSet<const clang::FunctionDecl *> *Device = nullptr);

  /// No code a kernel call can run writes an object of record R, or lets one be written.
  bool unwritten(const clang::RecordDecl *R) const;
  /// Ptr points into an unwritten struct: `ctx`, `ctx->windowsIn` (a member array), `&ctx->f`.
  bool pointsIntoUnwritten(const clang::Expr *Ptr) const;

private:
  void walk(const clang::Stmt *S, bool SubscriptBase);
  void written(const clang::Expr *LValue);
  void escapes(const clang::Expr *Ptr);
  void taint(const clang::RecordDecl *R);
  void taintPointee(clang::QualType T);
  clang::ASTContext &Ctx;
  llvm::DenseSet<const clang::RecordDecl *> Written;
  bool AnyWritten = false; ///< a write whose target type is not known (a dependent `*p = v`)
};

} // namespace commcheck
