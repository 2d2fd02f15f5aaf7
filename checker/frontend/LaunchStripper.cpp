#include "frontend/LaunchStripper.h"

namespace commcheck {

namespace {
/// Whether the newline at I ends a line that a backslash (maybe before a '\r') continues.
bool continued(const std::string &T, size_t I) {
  size_t J = I;
  if (J > 0 && T[J - 1] == '\r')
    --J;
  return J > 0 && T[J - 1] == '\\';
}
} // namespace

StrippedSource stripKernelLaunches(const std::string &Src) {
  if (Src.find("<<<") == std::string::npos) // no launch: nothing to blank
    return StrippedSource{Src, {}};
  StrippedSource Out{Src, {}};
  std::string &T = Out.Text;
  size_t I = 0, N = T.size();
  auto Blank = [&](size_t B, size_t E) {
    for (size_t K = B; K < E; ++K)
      if (T[K] != '\n')
        T[K] = ' ';
  };
  while (I < N) {
    char C = T[I];
    // Skip comments and literals so that `<<<` inside them is left alone.
    if (C == '/' && I + 1 < N && T[I + 1] == '/') {
      // A backslash at the end of the line continues the comment (lines are spliced first).
      while (I < N && !(T[I] == '\n' && !continued(T, I)))
        ++I;
      continue;
    }
    if (C == '/' && I + 1 < N && T[I + 1] == '*') {
      size_t E = T.find("*/", I + 2);
      I = E == std::string::npos ? N : E + 2;
      continue;
    }
    if (C == 'R' && I + 1 < N && T[I + 1] == '"') {
      // Raw string literal R"delim( ... )delim"
      size_t Open = T.find('(', I + 2);
      if (Open != std::string::npos) {
        std::string Close = ")" + T.substr(I + 2, Open - I - 2) + "\"";
        size_t E = T.find(Close, Open + 1);
        I = E == std::string::npos ? N : E + Close.size();
        continue;
      }
    }
    if (C == '"' || C == '\'') {
      ++I;
      while (I < N && T[I] != C && T[I] != '\n') {
        if (T[I] == '\\')
          ++I;
        ++I;
      }
      ++I;
      continue;
    }
    if (C == '<' && T.compare(I, 3, "<<<") == 0) {
      // Find the matching `>>>` at the same nesting of brackets.
      size_t J = I + 3;
      int Depth = 0;
      while (J < N) {
        if (T.compare(J, 3, ">>>") == 0 && Depth == 0)
          break;
        if (T[J] == '(' || T[J] == '[' || T[J] == '{')
          ++Depth;
        else if (T[J] == ')' || T[J] == ']' || T[J] == '}')
          --Depth;
        if (T[J] == ';' || Depth < 0)
          break;
        ++J;
      }
      if (J < N && T.compare(J, 3, ">>>") == 0) {
        Blank(I, J + 3);
        Out.Launches.push_back({I, J + 3});
        I = J + 3;
        continue;
      }
    }
    ++I;
  }
  return Out;
}

} // namespace commcheck
