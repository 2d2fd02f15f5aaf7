// Which asynchronous events a Wait completes. An event's Wait() returning means the engine's writes
// are complete, and a session completes its events in order: completing a later event of a session
// implies the earlier ones completed (CONTRACT §1; pto-isa docs/isa/comm/TPUT_ASYNC.md). So a Wait
// completes its own event and every event of its session issued before the waited one.
//
// An obligation of an event carries, in its phase, the set of variables that hold an event of its
// session issued after it on this path (a bit per variable; variables past the bits available are
// not tracked, which only loses precision).
#pragma once
#include "events/EventGraph.h"
#include <map>
#include <string>

namespace commcheck {

class AsyncSessions {
public:
  /// Bits: how many variables a phase can track.
  AsyncSessions(const EventGraph &G, unsigned Bits);

  /// Later, updated by event E on a path from Origin: E issues an event of Origin's session into
  /// a variable (it now holds a later event), or of another session (it no longer does).
  unsigned later(const Event &Origin, unsigned Later, const Event &E) const;
  /// Whether E is a Wait that completes Origin: of Origin's own variable, or of one that holds a
  /// later event of its session, with the session that issued Origin.
  bool completes(const Event &Origin, unsigned Later, const Event &E) const;

private:
  std::map<std::string, unsigned> Bit; ///< async variable -> its bit (tracked ones only)
  unsigned bitOf(const std::string &Var) const;
};

} // namespace commcheck
