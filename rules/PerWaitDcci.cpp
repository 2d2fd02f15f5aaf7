#include "rules/PerWaitDcci.h"
#include "analyses/WaitLoops.h"
#include "rules/RuleContext.h"
#include "rules/RuleDocs.h"
#include "frontend/FixIts.h"
#include <algorithm>
#include <map>
#include <set>

namespace commcheck {

namespace {
const char *WholeDcci = "dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);";
} // namespace

const RuleInfo &PerWaitDcci::info() const {
  static const RuleInfo I{
      "comm-per-wait-dcci", Severity::Warning,
      "a whole-cache dcci runs once per wait inside a pure wait-loop",
      ruleDoc("comm-per-wait-dcci"),
      {{"IncludeRuns", "true",
        "also flag whole-cache dccis between consecutive waits outside loops"}}};
  return I;
}

void PerWaitDcci::check(RuleContext &Ctx) const {
  const EventGraph &G = Ctx.graph();
  FixIts Fix(Ctx.sourceManager(), Ctx.langOptions());
  auto Loops = Ctx.analysis<WaitLoops>();
  if (!Loops)
    return Ctx.budgetExceeded(Loops.takeError());
  using Hit = WaitLoops::PerWaitInvalidate;
  std::vector<Hit> Hits = Loops->PerWait;
  if (!Ctx.flag("IncludeRuns"))
    Hits.erase(std::remove_if(Hits.begin(), Hits.end(), [](const Hit &H) { return H.Loop < 0; }),
               Hits.end());
  // Fix-its: per loop, the first finding carries the whole edit (remove every per-wait dcci of
  // the loop, add one after it); a run's dcci is simply removed.
  std::vector<std::vector<clang::tooling::Replacement>> Fixes(Hits.size());
  std::set<int> LoopsDone;
  auto Editable = [&](const Event &D) { return !D.Synthetic && D.CallStack.empty() && D.S; };
  for (size_t I = 0; I < Hits.size(); ++I) {
    const Hit &H = Hits[I];
    if (H.Loop < 0) {
      if (Editable(G.Events[H.Dcci]))
        if (auto R = Fix.removeStatement(G.Events[H.Dcci].S))
          Fixes[I].push_back(*R);
      continue;
    }
    if (!LoopsDone.insert(H.Loop).second || !G.Loops[H.Loop].CallStack.empty())
      continue;
    std::vector<clang::tooling::Replacement> Edits;
    bool Ok = true;
    for (const Hit &Other : Hits)
      if (Other.Loop == H.Loop) {
        auto R = Editable(G.Events[Other.Dcci]) ? Fix.removeStatement(G.Events[Other.Dcci].S)
                                                : std::nullopt;
        Ok = Ok && R.has_value();
        if (R)
          Edits.push_back(*R);
      }
    // A whole dcci may already follow the loop: then the per-wait ones just go.
    bool AlreadyAfter = false;
    const LoopInfo &Lp = G.Loops[H.Loop];
    for (const Event &D : G.Events)
      if (D.Kind == EventKind::DcciWhole && !D.Synthetic && D.S && D.CallStack.empty() &&
          std::find(Lp.Events.begin(), Lp.Events.end(), D.Id) == Lp.Events.end() &&
          Fix.immediatelyFollows(Lp.Loop, D.S))
        AlreadyAfter = true;
    auto Ins = AlreadyAfter ? std::nullopt : Fix.insertAfter(Lp.Loop, WholeDcci);
    if (Ok && (Ins || AlreadyAfter)) {
      if (Ins)
        Edits.push_back(*Ins);
      Fixes[I] = std::move(Edits);
    }
  }
  for (size_t I = 0; I < Hits.size(); ++I) {
    const Hit &H = Hits[I];
    const Event &D = G.Events[H.Dcci];
    std::string Msg =
        H.Loop >= 0
            ? "whole-cache dcci runs once per wait in this pure wait-loop; one dcci after the "
              "loop is equivalent"
            : "whole-cache dcci between consecutive waits is redundant; the one after the last "
              "wait of the run is enough";
    Finding &F = Ctx.report(D.Loc, Msg);
    if (H.Loop >= 0)
      F.Witness.push_back({Ctx.point(G.Loops[H.Loop].Range.getBegin()),
                           "pure wait-loop: only waits and invalidates"});
    F.Witness.push_back(Ctx.step(D, "the whole cache is invalidated here after every wait"));
    F.Fixes = std::move(Fixes[I]);
  }
}

} // namespace commcheck
