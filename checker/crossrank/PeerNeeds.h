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
#include <map>
#include <string>

namespace commcheck {

struct PeerNeed {
  enum Verdict { Needed, NotNeeded, Unconfirmed } V = Unconfirmed;
  std::string Note;            ///< Needed: the other access; Unconfirmed: why
  clang::SourceLocation Loc;   ///< Needed: where the other access is
  /// NotNeeded, but the origin reaches the return drained and not fenced: the fence there is
  /// comm-publish-fence's to ask (at the return), not the notify's.
  bool UnfencedAtReturn = false;
};

/// What an obligation pending when the function returns lacks, as its rule asks it of the return
/// (each asks of the return what it asks of a notify): nothing it asks (Met), the release
/// (Unreleased), or only the fence after a drain, which a rule split from it asks at the return
/// itself (Unfenced: it does not keep a violation at a notify that no access needs).
enum class ReturnState { Met, Unreleased, Unfenced };

/// The origin of an obligation checked across ranks: a write (any other access of its bytes needs
/// it released), or a read (another write of its bytes needs it drained).
enum class PeerUse { None, Write, Read };

class PeerNeeds {
public:
  /// Model: the cross-rank model of the function (null: it failed, WhyNot says why).
  /// AtReturn: what an obligation (origin event id, phase) pending when the function returns
  /// lacks, as the rule asks it of the return.
  using ReturnCheck = std::function<ReturnState(unsigned Origin, int Phase)>;
  PeerNeeds(const CrossRankModel::Result *Model, std::string WhyNot, const ObligationStates &S,
            ReturnCheck AtReturn)
      : Model(Model), WhyNot(std::move(WhyNot)), S(S), Returns(std::move(AtReturn)) {}
  /// Origin's obligation at At (a violation), for SM's locations.
  PeerNeed judge(const Event &Origin, const Event &At, PeerUse U, const clang::SourceManager &SM);

private:
  /// What Origin lacks at the function's exit, the worst over its pending phases.
  ReturnState atReturn(unsigned Origin);
  /// What a note says the return lacks (its release).
  static std::string returnLack();
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
  ReturnCheck Returns;
  std::optional<std::map<unsigned, ReturnState>> AtExit; ///< origins pending at the exit
};

} // namespace commcheck
