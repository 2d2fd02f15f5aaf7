// The steps the collectives share on top of KernelBuilder: the common signature and constants, the
// chunk loop, notifies and waits shaped by the variant (baseline / seed / optimised), barriers over
// all peers, the flag hand-offs around tile moves, and the releases of written data.
#pragma once

#include "KernelBuilder.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace commgen {

// A row of signal cells in the signal window, one per source rank (or ring slot) from Base on:
// a rank notifies cell Base + <its rank> at a peer and waits on its own cells Base + j.
struct SignalCells {
  std::string Sig;     // the signal window parameter
  std::string Base;    // index of the row's first cell
  std::string Cell;    // the cell family (one protocol) the cost model and the operators see
  std::string PtoName; // provenance of the views: PtoName + "_local_pview" / "_peer_pview"
  std::string at(const std::string &Index) const { return Base + " + " + Index; }
};

class CollectiveBuilder : public KernelBuilder {
public:
  using KernelBuilder::KernelBuilder;

  // ---- the start every collective shares ---------------------------------------------------
  std::string windowParam(const std::string &Pto); // "__gm__ T *" data window
  void signalParams();                             // the signal window, then the context table
  const std::string &sig() const { return Sig; }
  // The wait and notify operators, 1 (int32), the reset increments (int32), then 0, 1, 2, chunks
  // per block and chunk length (int64): the order PTOAS hoists them in. Returns the resets.
  std::vector<std::string> declareConstants(const std::vector<int32_t> &Resets);
  const std::string &one32() const { return One32; }
  const std::string &c0() const { return C0; }
  const std::string &c1() const { return C1; }
  const std::string &c2() const { return C2; }
  const std::string &chunks() const { return Chunks; }
  const std::string &chunkLen() const { return ChunkLen; }
  void enterBody(); // into #if defined(__DAV_VEC__), reading the context
  std::string beginChunkLoop();                    // for (i < chunks per block); returns i
  std::string chunkOffset(const std::string &I);   // element offset of this block's chunk I
  std::string generation(const std::string &Count); // "(int32_t) Count", the value a wait expects

  // ---- notifies and waits ------------------------------------------------------------------
  // Notify a signal view, preceded by pipe_barrier(PIPE_ALL) in the baseline variant. The view
  // construction emitted by MakeView and the notify are wrapped in a notify-group.
  int notifyWithPolicy(const std::function<std::string()> &MakeView, const std::string &Value,
                       const std::string &Cell, const std::string &Role);
  std::string localCell(const SignalCells &Row, const std::string &Index);
  std::string peerCell(const SignalCells &Row, const std::string &Peer, const std::string &Index);
  int notifyPeer(const SignalCells &Row, const std::string &Peer, const std::string &Index, const std::string &Value,
                 const std::string &Role);
  int waitCell(const SignalCells &Row, const std::string &Index, const std::string &Gen);
  // Reset own cell Index by Value (a negative total) in the epilogue.
  int resetCell(const SignalCells &Row, const std::string &Index, const std::string &Value);
  // for each peer j: notify Row.at(rank) at j by 1. Returns the id of the TNOTIFY.
  int notifyAllPeers(const SignalCells &Row, const std::string &Role);
  // for each peer j: TWAIT(own Row.at(j) >= Gen) [baseline: dcci after each]; seed / optimised:
  // one whole dcci after the loop, which also guards the scalar loads after it when GuardsLoads.
  // Returns the loop id.
  int waitAllPeers(const SignalCells &Row, const std::string &Gen, bool GuardsLoads = false);
  // A barrier generation of kind Label: notify every peer, then wait for every peer. A
  // read-complete barrier first drains the reads it announces.
  int peerBarrier(const std::string &Label, const SignalCells &Row, const std::string &Gen, const std::string &Role,
                  bool GuardsLoads = false);
  // Optimised only: the PIPE_MTE2 drain that makes a "done reading" notify true.
  void readCompleteDrain();
  // The epilogue of a call: a done barrier on Done (every peer may refill or reuse what this rank
  // read), then one loop over the peers in which each row of Resets takes back its credits.
  void doneBarrierThenReset(const SignalCells &Done,
                            const std::vector<std::pair<const SignalCells *, std::string>> &Resets);

  // Load chunk Index of the own Window into Acc and add every peer's chunk Index to it (the V -> MTE2
  // flag 0 primed: the peer tile is free once the previous TADD has read it); returns the own view.
  std::string pullAndReduce(const std::string &Window, const std::string &Index, const std::string &Acc,
                            const std::string &PeerTile);

  // ---- tiles and releases --------------------------------------------------------------------
  // The tiles alternate between loads (MTE2) and stores (MTE3) on event 0 of MTE3 -> MTE2.
  void loadTile(const std::string &Tile, const std::string &View);  // wait_flag + TLOAD
  void storeTile(const std::string &View, const std::string &Tile); // TSTORE + set_flag
  void copyTile(const std::string &Tile, const std::string &Src, const std::string &Dst,
                std::vector<std::string> PairRoles = {});
  // pipe_barrier(P) + dsb: the written data is in HBM before the notify that follows.
  void release(Pipe P, std::vector<std::string> Roles);
  void releaseTPut(); // a TPUT moves data on several pipes: PIPE_ALL
  // The line dcci PTOAS puts after a TSTORE to View, then the release.
  void releaseTStore(const std::string &View, const std::string &PtoName);
  // A scalar word a peer reads after the notify (at PtrExpr): stored, then flushed by a line dcci.
  void publishWord(const std::string &PtrExpr, const std::string &Value, const std::string &PtoName);

private:
  std::string Sig, Ctx, One32, C0, C1, C2, Chunks, ChunkLen;
};

} // namespace commgen
