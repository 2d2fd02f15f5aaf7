#include "driver/CompileCommandText.h"
#include "frontend/Frontend.h"

namespace commcheck {

namespace {
/// A shell word: quoted when it holds anything a shell would split or expand.
std::string shellQuote(const std::string &A) {
  if (!A.empty() && A.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789-_./=:,+@%") == std::string::npos)
    return A;
  std::string Out = "'";
  for (char C : A)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}
} // namespace

std::string compileCommandText(Frontend &FE, const std::string &Abs) {
  const std::vector<Configuration> &Cs = FE.configurationsFor(Abs);
  std::string Text = "## in every configuration, the host target's predefined macros (__x86_64__, "
                     "__linux__, ...) are undefined in the kernel's own files and defined only in "
                     "the toolchain's headers\n";
  for (unsigned I = 0; I < Cs.size(); ++I) {
    if (!Cs[I].Why.empty())
      Text += "## " + Cs[I].Why + "\n";
    Text += "# " + Cs[I].Name + "\n";
    for (const std::string &A : FE.argumentsFor(Abs, I))
      Text += shellQuote(A) + " ";
    Text += shellQuote(Abs) + "\n";
  }
  return Text;
}

} // namespace commcheck
