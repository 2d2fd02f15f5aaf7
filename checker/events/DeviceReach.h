// Which functions of a translation unit a kernel call can run: the device functions and all they
// reach (calls, constructors and destructors, functions whose address is taken, the overriders of
// a virtual call, every candidate of a call a template leaves unresolved). The rest is host code
// (launchers, test set-up that fills a context with memset and copies it to the device): it runs
// before or after a launch, never during one, so it cannot change launch data while a kernel reads
// it (LaunchStructs).
#pragma once
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"

namespace clang {
class FunctionDecl;
} // namespace clang

namespace commcheck {

/// The canonical declarations of Roots and of every function they reach through the bodies of
/// reached functions (the user's Functions and the implicit members the compiler defines).
llvm::DenseSet<const clang::FunctionDecl *>
deviceReach(llvm::ArrayRef<const clang::FunctionDecl *> Roots,
            llvm::ArrayRef<const clang::FunctionDecl *> Functions);

} // namespace commcheck
