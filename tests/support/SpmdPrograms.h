// Random small SPMD programs for the cross-rank differential test (tests/rules/
// CrossRankDifferentialTest.cpp): a structured program every rank runs with its own rank id r and
// the rank count P, evaluated into the per-rank traces (RankTrace) the cross-rank model reads.
//
// Signal cells live in the buffer "sig" of each rank: a cell is named by its owner and a byte
// address (cellLo). Data lives in the buffer "buf" of each rank, in 64-byte slots (one per rank,
// BySender) or at 32-byte granularity (Fixed: two slots wide, so neighbours overlap) or whole.
#pragma once
#include "crossrank/RankTrace.h"
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace commcheck::test {

/// The peers an item addresses, for rank r of P.
enum class Who { All, Next, Prev };
/// A family of signal cells: shared counters (every sender adds to the same cell), counters and
/// flags with one cell per sender (the sender's rank picks the cell), the barrier counter.
enum class CellFamily { Shared0, Shared1, PerSender, Flag, Barrier };
enum class Region { BySender, Fixed, Whole };

enum class ItemKind {
  Notify,     ///< for each peer p: TNOTIFY(cell(owner p, family, sender r), Op, V)
  Wait,       ///< TWAIT on the own cell (once for a shared family, else once per peer p)
  Reset,      ///< own cell(s) lowered by the threshold formula (AtomicAdd -n), or Set(0)
  Put,        ///< for each peer p: a write of p's buffer (region of r)
  Load,       ///< a read of the own buffer (BySender: region p for each peer p)
  Store,      ///< a write of the own buffer
  Get,        ///< for each peer p: a read of p's buffer (BySender: p's own region)
  Barrier,    ///< notify every peer's barrier cell +1, then wait the own one
  CellAccess, ///< a read or write of signal memory (ignored as data when it overlaps a cell)
  IfRank0,    ///< if (r == 0) Then else Else
  /// for (k = 0; k < Trips; ++k) Then, with k the tile of its PerTile accesses and of its lane
  /// barriers; then every lane the loop raised lowered by Trips * Units + Delta (a phased loop
  /// of the symbolic run: Trips a launch value >= 1 there)
  Phased,
  /// in a Phased body: +1 on lane r of every peer, then wait each own lane >= (k + 1) * Units + Delta
  LaneBarrier,
};

struct Item {
  ItemKind K = ItemKind::Notify;
  Who W = Who::All;
  CellFamily C = CellFamily::Shared0;
  NotifyOp Op = NotifyOp::AtomicAdd;
  int64_t V = 1;        ///< Notify: the value
  WaitCmp Cmp = WaitCmp::GE;
  /// Wait, Reset, Barrier: credits per sender; the threshold (the reset amount) is
  /// Units * senders + Delta, senders = P - 1 for a shared family waited on from all peers, else 1.
  int64_t Units = 1;
  int64_t Delta = 0;
  Region Rg = Region::Fixed;
  int Chunk = 0;        ///< Fixed: bytes [32 * Chunk, 32 * Chunk + 64); CellAccess: byte offset
  /// A data item of a region with bounds: its 64 bytes moved in tiles of TileBytes, the last one
  /// shorter (a chunk loop: the symbolic trace's op stands for every tile start in [0, 64)).
  bool Tiled = false;
  bool Remote = false;  ///< CellAccess: the peers' signal memory instead of the own
  /// In a Phased body: the access is of buffer "tile", bytes [64 * k + 32 * Chunk, +64).
  bool PerTile = false;
  int Trips = 1;        ///< Phased: the explicit runs' trip count
  bool IsWrite = false; ///< CellAccess
  std::vector<Item> Then, Else;
};

struct SpmdProgram {
  std::vector<Item> Items;
};

/// The tile of a Tiled access.
constexpr int64_t TileBytes = 24;

/// The byte address of a cell in its owner's "sig" buffer.
int64_t cellLo(CellFamily C, int Sender);
/// The peers of rank R that W names.
std::vector<int> peersOf(Who W, int R, int P);

/// The run of Prog on P ranks: each rank's trace holds two consecutive calls (Call 0, then 1).
/// Every op gets a distinct location (raw encoding 1, 2, ...).
SpmdRun evaluateProgram(const SpmdProgram &Prog, int P);

/// The source location an op of item I stands at: items numbered in pre-order (both arms of an
/// IfRank0), the number in the high bits of the raw encoding. evaluateProgram's ops keep a raw
/// encoding of their own (unique per op instance) below it; symbolicProgram's have the site alone.
/// siteOf recovers the item's number from either, as a race is keyed by its accesses' locations.
std::map<const Item *, unsigned> itemSites(const SpmdProgram &Prog);
inline unsigned siteOf(clang::SourceLocation L) { return L.getRawEncoding() >> 16; }

/// The program as structured text, one item a line.
std::string programText(const SpmdProgram &Prog);
/// One op as text ("TWAIT sig[1]+16 GE 2").
std::string opText(const RankOp &O);
/// Every rank's trace, one op a line with its index.
std::string runListing(const SpmdRun &Run);

/// Every program obtained by dropping one item (at the top level or in a branch), for greedy
/// minimisation.
std::vector<SpmdProgram> shrinkCandidates(const SpmdProgram &Prog);
size_t itemCount(const SpmdProgram &Prog);

class SpmdGenerator {
public:
  explicit SpmdGenerator(uint32_t Seed) : R(Seed) {}
  SpmdProgram program();

private:
  static constexpr int NumFamilies = 5;
  std::mt19937 R;
  bool Ring = false;                 ///< notify the next rank and wait the previous one
  int64_t Credits[NumFamilies] = {}; ///< per sender, since the last reset of each family
  int64_t FlagEpoch = 0;

  int pick(int Lo, int Hi) { return std::uniform_int_distribution<int>(Lo, Hi)(R); }
  bool chance(double P) { return std::bernoulli_distribution(P)(R); }
  Who notifyWho();
  Who waitWho();
  CellFamily counterFamily(bool Issued);
  int64_t delta(double OffBy);
  Item item(bool Nested);
  Item signalItem(int Choice);
  Item dataItem(ItemKind K);
  Item reset(CellFamily C, double OffBy);
  Item barrier();
  Item notifyItem(CellFamily C, Who W);
  Item waitItem(CellFamily C, Who W);
  Item access(ItemKind K, Who W, Region Rg, int Chunk);
  std::vector<Item> idiom();
  Item phased();
  void mutate(std::vector<Item> &Items);
};

} // namespace commcheck::test
