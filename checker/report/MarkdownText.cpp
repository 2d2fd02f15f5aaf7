#include "report/MarkdownText.h"
#include <string_view>

namespace commcheck {

std::string markdownCell(const std::string &S) {
  std::string Out;
  for (char C : S) {
    if (C == '\n')
      Out += "<br>";
    else if (C == '\r')
      continue;
    else if (std::string_view("\\`*_[]<>|~&#!").find(C) != std::string_view::npos)
      (Out += '\\') += C;
    else
      Out += C;
  }
  return Out;
}

} // namespace commcheck
