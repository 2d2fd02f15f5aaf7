// Which accesses need a release, judged on the symbolic trace the every-P check proved
// (docs/cross-rank.md, "Which accesses need the release" and "The precision step for every P"):
// where the explicit runs are not complete (a loop over launch values cut, counts past the
// runs), the proof's trace stands for every rank's run at every P, and its edges are the
// notify -> wait pairs where the wait cannot pass without the notify. The question PeerOrder
// answers on a run's happens-before is asked of Z3 on the trace: is there an access of the
// origin's bytes, by another rank or at another location, after a wait that such an edge leads to
// from a notify at the violating location that follows the origin? The proof rules out the other
// way an access may need it (a race with the origin), but for the races it let pass, which the
// caller excludes.
#pragma once
#include "crossrank/SymbolicCheck.h"
#include "crossrank/SymbolicEncoding.h"
#include "clang/Basic/SourceLocation.h"
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace commcheck {

class SymbolicNeeds {
public:
  SymbolicNeeds(SymbolicTrace Proved, std::vector<SymEdge> Edges)
      : T(std::move(Proved)), Edges(std::move(Edges)), E(T) {}
  SymbolicNeeds(const SymbolicNeeds &) = delete;
  SymbolicNeeds &operator=(const SymbolicNeeds &) = delete;

  struct Need {
    enum Verdict { Needed, NotNeeded, Unknown } V = Unknown;
    std::string Note;          ///< Needed: the other access; Unknown: why
    clang::SourceLocation Loc; ///< Needed: where the other access is
  };
  /// Whether the access at Origin (a write when Writes, else a read) must be released (drained)
  /// before the notify at At for an access of another rank, or of its own at another location.
  /// (Asked once per question, as blocksApart: comm-publish-fence asks again what
  /// comm-publish-before-notify asked, to find the violations dropped only for the fence at the
  /// return.)
  Need judge(clang::SourceLocation Origin, clang::SourceLocation At, bool Writes);

  /// Whether no access of another block (of any rank) touches the bytes of an instance of the
  /// access at Origin, for every P: the trace's ops run with other values of the block index and
  /// of what is made of it (SymbolicTrace::PerBlock), all else alike. Where they are apart, what
  /// the model does not run of the other blocks (it runs one) needs nothing of the origin.
  bool blocksApart(clang::SourceLocation Origin, bool Writes);

private:
  Need judgeOnce(clang::SourceLocation Origin, clang::SourceLocation At, bool Writes);
  bool blocksApartOnce(clang::SourceLocation Origin, bool Writes);
  /// The trace's ops at Loc of kind K (the host's writes left out).
  std::vector<size_t> opsAt(clang::SourceLocation Loc, RankOpKind K) const;
  /// Whether every instance of notify op N signals a cell some wait of the trace waits on (else
  /// someone outside the kernel may act on it).
  bool consumed(size_t N);
  /// Whether some instance of data op A touches the bytes of an instance of Origin after a wait
  /// an edge from a notify at At (after that instance, in its call) leads to; Later: A of a
  /// later call than the origin's instance, else of its call (or an earlier one); none: either.
  Sat reaches(size_t A, const std::vector<size_t> &Origins, const std::vector<size_t> &Notifies,
              std::optional<bool> Later);
  const SymbolicTrace T; ///< (before E, which refers to it)
  std::vector<SymEdge> Edges;
  SymbolicEncoding E;
  /// The instance of op Op in a role of reaches' chain ('o' the origin, 'n' its notify on its
  /// rank, 'w' the wait, 'a' the access on the wait's rank), named by the role alone: a chain is
  /// one disjunct of an existential question, so chains may share their instances' variables,
  /// and alike chains of two questions are one term (asked once).
  SymbolicEncoding::Instance role(size_t Op, char Role);
  unsigned Tags = 0; ///< names of bound instances, distinct per use
  std::map<std::tuple<unsigned, unsigned, bool>, Need> Judged;
  std::map<std::pair<unsigned, bool>, bool> Apart; ///< blocksApart's answers
};

} // namespace commcheck
