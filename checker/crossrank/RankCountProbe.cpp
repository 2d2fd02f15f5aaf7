#include "crossrank/RankCountProbe.h"
#include "crossrank/LaunchPath.h"
#include "crossrank/ModelTrace.h"
#include <algorithm>

namespace commcheck {

std::optional<Unmodelled> RankCountProbe::run(llvm::function_ref<RankInterpreter &()> NewInterpreter,
                                              const clang::FunctionDecl *K, Learnt &Out) const {
  // At a few ranks where that decides where P comes from: the kernel reads P, or fixes a count
  // below the probe's (no window at or past it was addressed, so none was enumerated up to it).
  // Else (a stop a larger count might not meet, windows up to the probe's count) at the largest
  // count, from a fresh interpreter. A stop the probe at a few ranks does not meet is met by the
  // model's runs at larger counts, and fails closed there.
  // Not after the step budget: where the count is not read, a run takes as many steps at any
  // count; where it is, a larger count runs more where the work grows with P (peer loops), and
  // where it shrinks (a chunk of `numel / nranks`) the runs start at 2 and meet the budget first.
  // Either way the entry is not run (at worst where the work peaks at the probe's count, which
  // fails closed), and a probe at the largest count would only pay the budget again.
  Out = Learnt{};
  std::optional<Unmodelled> U = at(NewInterpreter(), K, ProbeRanks, Out);
  if (!Out.Whole && (U ? !U->Budget : !Out.ReadsCount && Out.Counts.back() >= ProbeRanks)) {
    bool Shortened = Out.Shortened;
    Out = Learnt{};
    U = at(NewInterpreter(), K, MaxRanks, Out);
    Out.Shortened |= Shortened;
  }
  // A stop after a round left scenarios out: one of those may have kept the round from it (a
  // peer loop confirming the count a later round unbound), so the whole probe decides.
  if ((U && Out.Shortened) || Out.Whole)
    return RankCountProbe{MaxRanks, MaxRanksOnData, MaxScenarios, false}.run(NewInterpreter, K, Out);
  return U;
}

std::optional<Unmodelled> RankCountProbe::at(RankInterpreter &I, const clang::FunctionDecl *K,
                                             int AtP, Learnt &Out) const {
  bool ReadsP = false, OnData = false;
  int Highest = -1;
  std::vector<std::vector<bool>> Probes{{}};
  std::optional<Unmodelled> Doubt; // a scenario's unconfirmed rank count, until another confirms it
  // Ranks 0 and 1 run each scenario (1 where 0 ran through); before a value is doubted, every
  // scenario again on the ranks past 0 (Past), which may confirm it.
  bool Past = false, PastRun = false;
  // Short: past its first ShortScenarios, a round ends once a scenario doubted the count (the
  // others could only confirm it, which later runs check: RankInterpreter::peerLoopOnUnbound),
  // or once the count is read and a branch taken on data, or, while it is not read, a window
  // addressed (what the others would add, the model's runs check: beyondShortProbe); the pass
  // past rank 0 likewise once a scenario ran. (The first scenarios often return early, `if (numel
  // <= 0) return;`, and the next run into what decides the entry, a stop or a rank candidate: the
  // probe meets it cheaper than the model's runs and a probe run whole would.)
  bool Informed = false;
  auto Restart = [&] {
    Probes = {{}};
    Doubt.reset();
    ReadsP = OnData = Informed = false, Highest = -1;
  };
  for (unsigned N = 0;; ++N) {
    if (Probes.empty() || N >= MaxScenarios ||
        (Short && N >= ShortScenarios && (Informed || (!Past && Doubt)))) {
      Out.Shortened |= !Probes.empty() && N < MaxScenarios;
      // Every scenario run: a value taken for P that no scenario's peer loop confirmed is a
      // launch value after all, unless a rank past 0 confirms it (`if (me > 0) for (pe <
      // nranks)`): the scenarios run again on the ranks past 0 of the probe's count, then the
      // probe starts again with it unbound.
      if (!Doubt || !I.anyUnconfirmed())
        break;
      if (!PastRun) {
        Past = PastRun = true; // what ranks 0 and 1 learnt stands
        Probes = {{}};
      } else {
        Past = false;
        if (!I.unbindUnconfirmed())
          return *Doubt;
        Restart();
      }
      N = 0, Informed = false;
    }
    LaunchPath Path(Probes.back());
    I.follow(&Path);
    // Ranks 0 and 1: a path only ranks other than 0 take (`if (me != 0)`) may branch on a launch
    // value too (a count taken for P there is not confirmed by rank 0's peer loops).
    std::variant<RankTrace, Unmodelled> Probe = RankTrace{};
    bool ReadsNow = false;
    int HighestNow = -1;
    for (int Rank = Past ? 1 : 0; Rank < (Past ? AtP : 2) && std::holds_alternative<RankTrace>(Probe);
         ++Rank) {
      auto Run = I.run(K, Rank, AtP, 1);
      const auto *U = std::get_if<Unmodelled>(&Run);
      traceProbeRun(AtP, N, Past, Rank, I.steps(), Path, U ? U->Why : std::string());
      if (Out.Shortened && I.peerLoopOnUnbound()) {
        Out.Whole = true;
        I.follow(nullptr);
        return std::nullopt;
      }
      // In the pass past rank 0 a rank only confirms a count (its peer loop): the windows it
      // addresses and where it stops say nothing of a count the code may fix below it.
      if (Past)
        continue;
      ReadsNow |= I.readsRankCount() || I.bindsRankCount();
      HighestNow = std::max(HighestNow, I.highestWindow());
      // Rank 1 only adds what the probe learns (a count, a rank candidate, a cut): where it stops
      // for another reason (a TTEST only it runs), the main runs meet that in its scenario and
      // keep the scenarios before it.
      if (Rank > 0 && U && !U->Unconfirmed && !U->RankCandidate && !U->ScenarioCut)
        break;
      Probe = std::move(Run);
    }
    I.follow(nullptr);
    if (Past) {
      Probes.pop_back();
      Path.pushAlternatives(Probes);
      Informed = true;
      continue;
    }
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
    Informed = ReadsP ? OnData : Highest >= 0; // (the rest can only read the count, or not)
  }
  // Read from the launch (enumerated), or fixed by the windows the code addresses.
  Out.ReadsCount = ReadsP;
  Out.OnData = ReadsP && OnData;
  if (ReadsP)
    for (int P = 2; P <= (OnData ? MaxRanksOnData : MaxRanks); ++P)
      Out.Counts.push_back(P);
  else
    Out.Counts.push_back(std::max(2, Highest + 1));
  return std::nullopt;
}

} // namespace commcheck
