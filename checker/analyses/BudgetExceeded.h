// The error an analysis returns when it runs out of its budget (steps or time): never a verdict,
// always a reason the function is not verified.
#pragma once
#include "llvm/Support/Error.h"

namespace commcheck {

class BudgetExceeded : public llvm::ErrorInfo<BudgetExceeded> {
public:
  static char ID;
  void log(llvm::raw_ostream &OS) const override { OS << "the analysis exceeded its budget"; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
};

} // namespace commcheck
