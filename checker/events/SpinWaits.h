// Hand-written spin-waits are waits (CONTRACT §1; simpler#203, #595). A loop whose exit is decided
// by a GM scalar load and that does nothing else but invalidate, fence or drain is a poll on that
// cell: when it reads the value it waits for, the peer's data behind it is as stale as after a
// TWAIT. Each such read is marked (Event::SpinRead) and followed by a wait event, so the payload
// reads after the loop, and the poll's own next read, need an invalidate like after any wait; the
// first read is comm-spin-wait-invalidate's.
#pragma once

namespace commcheck {

class EventGraph;

/// Marks the spin-wait reads of G and adds a wait after each (before positions are indexed).
void markSpinWaits(EventGraph &G);

} // namespace commcheck
