#include "Expectations.h"
#include <regex>
#include <sstream>

namespace commcheck::test {

std::vector<Expectation> parseExpectations(const std::string &Source) {
  static const std::regex Re(R"(expect-(error|warning)\[([a-z0-9-]+)\](@([+-]\d+))?( \{\{(.*?)\}\})?)");
  std::vector<Expectation> Out;
  std::istringstream In(Source);
  std::string LineText;
  unsigned Line = 0;
  while (std::getline(In, LineText)) {
    ++Line;
    auto Comment = LineText.find("//");
    if (Comment == std::string::npos)
      continue;
    std::string Tail = LineText.substr(Comment);
    for (std::sregex_iterator It(Tail.begin(), Tail.end(), Re), End; It != End; ++It) {
      const std::smatch &M = *It;
      int Offset = M[4].matched ? std::stoi(M[4].str()) : 0;
      Out.push_back({static_cast<unsigned>(static_cast<int>(Line) + Offset), M[1].str(),
                     M[2].str(), M[6].matched ? M[6].str() : ""});
    }
  }
  return Out;
}

std::vector<std::string> compareFindings(const std::vector<Expectation> &Expected,
                                         const std::vector<Finding> &Actual,
                                         const std::string &MainFile) {
  std::vector<std::string> Problems;
  std::vector<bool> Used(Actual.size(), false);
  for (const Expectation &E : Expected) {
    bool Found = false;
    for (size_t I = 0; I < Actual.size() && !Found; ++I) {
      const Finding &F = Actual[I];
      if (Used[I] || F.Suppressed || F.At.Line != E.Line || F.Rule != E.Rule ||
          severityName(F.Level) != E.Severity ||
          (!E.Text.empty() && F.Message.find(E.Text) == std::string::npos))
        continue;
      if (!F.At.File.empty() && F.At.File != MainFile)
        continue;
      Used[I] = Found = true;
    }
    if (!Found)
      Problems.push_back("line " + std::to_string(E.Line) + ": expected " + E.Severity + " [" +
                         E.Rule + "]" + (E.Text.empty() ? "" : " {{" + E.Text + "}}") +
                         " was not reported");
  }
  for (size_t I = 0; I < Actual.size(); ++I)
    if (!Used[I] && !Actual[I].Suppressed)
      Problems.push_back(Actual[I].At.File + ":" + std::to_string(Actual[I].At.Line) +
                         ": unexpected " + severityName(Actual[I].Level) + ": " +
                         Actual[I].Message + " [" + Actual[I].Rule + "]");
  return Problems;
}

} // namespace commcheck::test
