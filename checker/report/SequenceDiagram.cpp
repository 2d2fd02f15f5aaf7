#include "report/SequenceDiagram.h"
#include "report/WitnessLanes.h"
#include <vector>

namespace commcheck {

namespace {

/// The participant id of a lane: R0, R1, ...; Rx for a step without one.
std::string participant(int Lane) { return Lane < 0 ? "Rx" : "R" + std::to_string(Lane); }

/// Cut S to at most Limit characters on a UTF-8 boundary.
std::string cut(const std::string &S, size_t Limit) {
  size_t Chars = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    if ((static_cast<unsigned char>(S[I]) & 0xC0) == 0x80)
      continue; // a continuation byte belongs to the character before
    if (Chars++ == Limit)
      return S.substr(0, I);
  }
  return S;
}

std::string lineSuffix(const WitnessStep &S) {
  return S.At.Line ? " (line " + std::to_string(S.At.Line) + ")" : "";
}

} // namespace

std::string mermaidText(const std::string &S) {
  std::string Flat;
  for (char C : S)
    Flat += C == '\n' || C == '\r' || C == '\t' ? ' ' : C;
  std::string Short = cut(Flat, MermaidTextLimit);
  if (Short.size() < Flat.size())
    Short = cut(Short, MermaidTextLimit - 3) + "...";
  std::string Out;
  for (char C : Short) {
    if (C == ';')
      Out += "#59;";
    else if (C == '#')
      Out += "#35;";
    else if (C == '<')
      Out += "#lt;";
    else if (C == '>')
      Out += "#gt;";
    else
      Out += C;
  }
  return Out;
}

std::string sequenceDiagram(const Finding &F) {
  if (!hasLanes(F))
    return "";
  std::string Out = "sequenceDiagram\n";
  for (int Lane : lanesInOrder(F))
    Out += "    participant " + participant(Lane) + " as " + laneName(Lane) + "\n";
  std::vector<bool> DrawnByArrow(F.Witness.size(), false);
  for (size_t I = 0; I < F.Witness.size(); ++I)
    if (int To = edgeTarget(F, I); To >= 0)
      DrawnByArrow[To] = true;
  for (size_t I = 0; I < F.Witness.size(); ++I) {
    const WitnessStep &S = F.Witness[I];
    std::string Text = mermaidText(S.Message) + lineSuffix(S);
    if (int To = edgeTarget(F, I); To >= 0)
      Out += "    " + participant(S.Lane) + "->>" + participant(F.Witness[To].Lane) + ": " + Text +
             "\n";
    else if (!DrawnByArrow[I])
      // U+26A0 WARNING SIGN marks the racing accesses.
      Out += "    Note over " + participant(S.Lane) + ": " + (S.Conflict ? "\xE2\x9A\xA0 " : "") +
             Text + "\n";
  }
  return Out;
}

std::string mermaidBlock(const Finding &F) {
  std::string D = sequenceDiagram(F);
  return D.empty() ? "" : "```mermaid\n" + D + "```\n";
}

} // namespace commcheck
