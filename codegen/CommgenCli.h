// The commgen command line, as a function so tests can drive it without a process.
//
//   commgen --list
//   commgen COLLECTIVE [--ranks N|runtime] [--count N] [--dtype T] [--chunk N] [--blocks N]
//                      [--variant V] [--name ID] [-o FILE]
//   commgen --cost COLLECTIVE [same options]
//   commgen mutants --out DIR
//
// Exit codes: 0 success, 1 an output could not be written (or a self-check failed), 2 bad usage.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace commgen {

int runCommgen(const std::vector<std::string> &Args, std::ostream &Out, std::ostream &Err);
std::string commgenUsage();

} // namespace commgen
