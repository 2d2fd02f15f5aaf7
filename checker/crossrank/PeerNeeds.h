// Whether a one-rank obligation matters to a peer (CONTRACT §6, the precision step): a write not
// released before a TNOTIFY, or a read not drained before "done reading", is dropped only where the
// cross-rank model proves that no other access of the kernel touches its bytes, every notify it
// precedes is consumed by a wait of the kernel, and the kernel releases it before it returns (what
// happens after a kernel returns is assumed ordered: its writes drained and fenced, which is
// checked here, and later kernels ordered by their own signals). Anything the model cannot
// resolve keeps the finding, marked as not confirmed across ranks.
#pragma once
#include "crossrank/CrossRankModel.h"
#include "analyses/Obligations.h"
#include <functional>
#include <optional>
#include <set>
#include <string>

namespace commcheck {

struct PeerNeed {
  enum Verdict { Needed, NotNeeded, Unconfirmed } V = Unconfirmed;
  std::string Note;            ///< Needed: the other access; Unconfirmed: why
  clang::SourceLocation Loc;   ///< Needed: where the other access is
};

/// The origin of an obligation checked across ranks: a write (any other access of its bytes needs
/// it released), or a read (another write of its bytes needs it drained).
enum class PeerUse { None, Write, Read };

class PeerNeeds {
public:
  /// Model: the cross-rank model of the function (null: it failed, WhyNot says why).
  /// AtReturn: whether an obligation (origin event id, phase) pending when the function returns
  /// is one the rule asks to be met by then (each asks of the return what it asks of a notify).
  using ReturnMatters = std::function<bool(unsigned Origin, int Phase)>;
  PeerNeeds(const CrossRankModel::Result *Model, std::string WhyNot, const ObligationStates &S,
            ReturnMatters AtReturnMatters)
      : Model(Model), WhyNot(std::move(WhyNot)), S(S), Matters(std::move(AtReturnMatters)) {}
  /// Origin's obligation at At (a violation), for SM's locations.
  PeerNeed judge(const Event &Origin, const Event &At, PeerUse U, const clang::SourceManager &SM);

private:
  bool pendingAtReturn(unsigned Origin);
  /// No access the model runs needs the origin's release: whether anything else keeps it (what
  /// the model does not see, but other blocks whose accesses the symbolic trace keeps apart from
  /// the origin's bytes; a signal someone outside the kernel may act on (not Consumed); the
  /// origin pending at the return).
  PeerNeed unneeded(const Event &Origin, PeerUse U, bool Consumed);
  /// The access that needs the origin released at At (docs/cross-rank.md, "Which accesses need
  /// the release"), if any.
  static std::optional<OtherAccess> needer(const AccessUse &Use, const Event &At, PeerUse U);
  const CrossRankModel::Result *Model;
  std::string WhyNot;
  const ObligationStates &S;
  ReturnMatters Matters;
  std::optional<std::set<unsigned>> AtReturn; ///< origins pending at the function's exit
};

} // namespace commcheck
