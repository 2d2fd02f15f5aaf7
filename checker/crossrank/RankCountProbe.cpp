#include "crossrank/RankCountProbe.h"
#include "crossrank/LaunchPath.h"
#include <algorithm>

namespace commcheck {

std::optional<Unmodelled> RankCountProbe::run(llvm::function_ref<RankInterpreter &()> NewInterpreter,
                                              const clang::FunctionDecl *K, std::vector<int> &Counts,
                                              bool &OnData) const {
  // At a few ranks where that decides where P comes from: the kernel reads P, or fixes a count
  // below the probe's (no window at or past it was addressed, so none was enumerated up to it).
  // Else (a stop a larger count might not meet, windows up to the probe's count) at the largest
  // count, from a fresh interpreter. A stop the probe at a few ranks does not meet is met by the
  // model's runs at larger counts, and fails closed there.
  bool ReadsCount = false;
  std::optional<Unmodelled> U = at(NewInterpreter(), K, ProbeRanks, Counts, OnData, ReadsCount);
  if (!U && (ReadsCount || Counts.back() < ProbeRanks))
    return U;
  Counts.clear(), OnData = false;
  return at(NewInterpreter(), K, MaxRanks, Counts, OnData, ReadsCount);
}

std::optional<Unmodelled> RankCountProbe::at(RankInterpreter &I, const clang::FunctionDecl *K,
                                             int AtP, std::vector<int> &Counts, bool &OnDataOut,
                                             bool &ReadsCount) const {
  bool ReadsP = false, OnData = false;
  int Highest = -1;
  std::vector<std::vector<bool>> Probes{{}};
  std::optional<Unmodelled> Doubt; // a scenario's unconfirmed rank count, until another confirms it
  auto Restart = [&] {
    Probes = {{}};
    Doubt.reset();
    ReadsP = OnData = false, Highest = -1;
  };
  for (unsigned N = 0;; ++N) {
    if (Probes.empty() || N >= MaxScenarios) {
      // Every scenario run: a value taken for P that no scenario's peer loop confirmed is a
      // launch value after all; the probe starts again with it unbound.
      if (!Doubt || !I.anyUnconfirmed())
        break;
      if (!I.unbindUnconfirmed())
        return *Doubt;
      Restart(), N = 0;
    }
    LaunchPath Path(Probes.back());
    I.follow(&Path);
    // Ranks 0 and 1: a path only ranks other than 0 take (`if (me != 0)`) may branch on a launch
    // value too (a count taken for P there is not confirmed by rank 0's peer loops).
    std::variant<RankTrace, Unmodelled> Probe = RankTrace{};
    bool ReadsNow = false;
    int HighestNow = -1;
    for (int Rank = 0; Rank < 2 && std::holds_alternative<RankTrace>(Probe); ++Rank) {
      auto Run = I.run(K, Rank, AtP, 1);
      ReadsNow |= I.readsRankCount() || I.bindsRankCount();
      HighestNow = std::max(HighestNow, I.highestWindow());
      const auto *U = std::get_if<Unmodelled>(&Run);
      // Rank 1 only adds what the probe learns (a count, a rank candidate, a cut): where it stops
      // for another reason (a TTEST only it runs), the main runs meet that in its scenario and
      // keep the scenarios before it.
      if (Rank > 0 && U && !U->Unconfirmed && !U->RankCandidate && !U->ScenarioCut)
        break;
      // Rank 0 left the count it took unconfirmed: the peer loop that confirms it may be one only
      // the other ranks reach (`if (me > 0) for (pe < n) ...`): rank 1 runs too, and what no
      // rank confirms is doubted when every scenario has run.
      if (Rank == 0 && U && U->Unconfirmed) {
        Doubt = *U;
        continue;
      }
      Probe = std::move(Run);
    }
    I.follow(nullptr);
    if (auto *U = std::get_if<Unmodelled>(&Probe)) {
      // Only a run that ended with an unconfirmed rank count is run further: a run stopped for
      // another reason may not have reached the peer loop that confirms it.
      if (U->ScenarioCut) {
        Probes.pop_back();
        Path.pushAlternatives(Probes);
        continue;
      }
      if (U->RankCandidate && I.takeAsRank(*U->RankCandidate)) {
        // The rank the host passes as a scalar: the probe starts again with it as the rank id.
        Restart(), N = 0;
        continue;
      }
      if (!U->Unconfirmed && !I.blocksAsBlockZero())
        return *U;
      if (!U->Unconfirmed) { // the block index as a symbol stopped the run: block 0 of one
        Restart(), N = 0;
        continue;
      }
      Doubt = *U;
    }
    Probes.pop_back();
    Path.pushAlternatives(Probes);
    OnData |= Path.dataChosen() || Path.pollChosen();
    ReadsP |= ReadsNow;
    Highest = std::max(Highest, HighestNow);
  }
  // Read from the launch (enumerated), or fixed by the windows the code addresses.
  ReadsCount = ReadsP;
  OnDataOut = ReadsP && OnData;
  if (ReadsP)
    for (int P = 2; P <= (OnData ? MaxRanksOnData : MaxRanks); ++P)
      Counts.push_back(P);
  else
    Counts.push_back(std::max(2, Highest + 1));
  return std::nullopt;
}

} // namespace commcheck
