#include "analyses/AsyncSessions.h"

namespace commcheck {

namespace {
bool issues(const Event &E) { return E.Kind == EventKind::PutAsync || E.Kind == EventKind::GetAsync; }
} // namespace

AsyncSessions::AsyncSessions(const EventGraph &G, unsigned Bits) {
  for (const Event &E : G.Events)
    if (issues(E) && Bit.size() < Bits)
      Bit.emplace(E.AsyncVar, 1u << Bit.size());
}

unsigned AsyncSessions::bitOf(const std::string &Var) const {
  auto It = Bit.find(Var);
  return It == Bit.end() ? 0 : It->second;
}

unsigned AsyncSessions::later(const Event &Origin, unsigned Later, const Event &E) const {
  if (!issues(E) || E.AsyncVar == Origin.AsyncVar)
    return Later;
  unsigned B = bitOf(E.AsyncVar);
  return E.Session == Origin.Session ? Later | B : Later & ~B;
}

bool AsyncSessions::completes(const Event &Origin, unsigned Later, const Event &E) const {
  if (E.Kind != EventKind::AsyncWait || E.Session != Origin.Session)
    return false;
  return E.AsyncVar == Origin.AsyncVar || (Later & bitOf(E.AsyncVar));
}

} // namespace commcheck
