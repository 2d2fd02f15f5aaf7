// Prints a Kernel as a PTOAS-style C++ translation unit and records the line of every statement.
#pragma once

#include "KernelIR.h"

#include <map>
#include <string>

namespace commgen {

struct PrintedKernel {
  std::string Text;
  std::map<int, int> LineOf; // statement id -> 1-based line of the statement (header line for for/if)
  int FunctionLine = 0;      // line of the kernel's signature
  int ReturnLine = 0;        // line of the final "return;"
  int CloseBraceLine = 0;    // line of the kernel function's closing brace
  int lineOf(int Id) const;
};

class PtoasPrinter {
public:
  explicit PtoasPrinter(int IndentWidth = 4) : IndentWidth(IndentWidth) {}
  PrintedKernel print(const Kernel &K) const;

private:
  int IndentWidth;
};

} // namespace commgen
