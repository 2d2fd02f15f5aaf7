// `D Op 0` as a Z3 formula: how the launch values' scenarios (LaunchPath) and the symbolic run's
// paths (SymbolicPath) put a comparison the kernel branches on to the solver.
#pragma once
#include "clang/AST/OperationKinds.h"
#include <z3++.h>

namespace commcheck {

/// D compared with 0 by Op (one of <, >, <=, >=, ==; anything else is !=).
inline z3::expr relationToZero(const z3::expr &D, clang::BinaryOperatorKind Op) {
  switch (Op) {
  case clang::BO_LT: return D < 0;
  case clang::BO_GT: return D > 0;
  case clang::BO_LE: return D <= 0;
  case clang::BO_GE: return D >= 0;
  case clang::BO_EQ: return D == 0;
  default: return D != 0;
  }
}

} // namespace commcheck
