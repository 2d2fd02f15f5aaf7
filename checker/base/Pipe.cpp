#include "base/Pipe.h"

namespace commcheck {

namespace {
struct PipeEntry {
  std::string_view Name;
  PipeSet Bits;
};
constexpr PipeEntry Pipes[] = {{"S", pipe::S},       {"V", pipe::V},       {"MTE2", pipe::MTE2},
                               {"MTE3", pipe::MTE3}, {"FIX", pipe::FIX},   {"M", pipe::M},
                               {"MTE1", pipe::MTE1}, {"ALL", pipe::ALL}};
} // namespace

std::optional<PipeSet> parsePipe(std::string_view Name) {
  if (Name.substr(0, 5) == "PIPE_")
    Name.remove_prefix(5);
  for (const PipeEntry &E : Pipes)
    if (E.Name == Name)
      return E.Bits;
  return std::nullopt;
}

std::string pipeName(PipeSet P) {
  if (P == pipe::ALL)
    return "ALL";
  std::string Out;
  for (const PipeEntry &E : Pipes) {
    if (E.Bits == pipe::ALL || (P & E.Bits) == 0)
      continue;
    if (!Out.empty())
      Out += '|';
    Out += E.Name;
  }
  return Out.empty() ? "none" : Out;
}

} // namespace commcheck
