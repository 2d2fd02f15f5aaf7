// commgen: the reference generator of PTOAS-style communication kernels, their variants and mutants.
#include "CommgenCli.h"

#include <iostream>

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  return commgen::runCommgen(Args, std::cout, std::cerr);
}
