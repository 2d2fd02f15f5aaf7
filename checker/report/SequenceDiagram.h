// A cross-rank witness as a Mermaid sequence diagram, for the Markdown report and the GitHub job
// summary: one participant per rank, a notify as an arrow to the rank whose wait it lets pass,
// every other step as a note over its rank (the racing accesses marked).
#pragma once
#include "base/Finding.h"
#include <string>

namespace commcheck {

/// The `sequenceDiagram` text (no fence), "" for a witness without lanes. A step named by
/// another's EdgeTo is drawn by that arrow and emits nothing itself.
std::string sequenceDiagram(const Finding &F);

/// The diagram in a ```mermaid fence, "" for a witness without lanes.
std::string mermaidBlock(const Finding &F);

/// Step text Mermaid can take in a message: newlines and tabs become spaces, what would end or
/// reinterpret the statement (`;`, `#`, `<`, `>`) becomes an entity code, and text past
/// MermaidTextLimit characters is cut (with "...").
std::string mermaidText(const std::string &S);
constexpr size_t MermaidTextLimit = 80;

} // namespace commcheck
