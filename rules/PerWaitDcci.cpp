#include "rules/PerWaitDcci.h"
#include "frontend/FixIts.h"
#include <algorithm>
#include <map>
#include <set>

namespace commcheck {

namespace {
const char *WholeDcci = "dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);";

/// Events a wait-loop may contain besides waits: invalidates, helper boundaries, and the exempt
/// context loads that compute peer signal addresses.
bool neutral(const Event &E) {
  switch (E.Kind) {
  case EventKind::DcciWhole:
  case EventKind::DcciLine:
  case EventKind::CallEnter:
  case EventKind::CallExit:
    return true;
  case EventKind::ScalarLoad:
    return E.Exempt;
  default:
    return false;
  }
}

/// The events of maximal straight-line stretches of the graph: block chains where each block is
/// the only successor of the one before and has no other predecessor.
std::vector<std::vector<unsigned>> straightLineChains(const EventGraph &G) {
  auto Continues = [&](unsigned B) {
    return G.Blocks[B].Succs.size() == 1 && G.Blocks[G.Blocks[B].Succs[0]].Preds.size() == 1 &&
           G.Blocks[B].Succs[0] != G.Entry;
  };
  std::vector<bool> Inner(G.Blocks.size(), false);
  for (unsigned B = 0; B < G.Blocks.size(); ++B)
    if (Continues(B))
      Inner[G.Blocks[B].Succs[0]] = true;
  std::vector<std::vector<unsigned>> Out;
  for (unsigned B = 0; B < G.Blocks.size(); ++B) {
    if (Inner[B])
      continue;
    std::vector<unsigned> Chain;
    for (unsigned Cur = B, Steps = 0; Steps <= G.Blocks.size(); ++Steps) {
      Chain.insert(Chain.end(), G.Blocks[Cur].Events.begin(), G.Blocks[Cur].Events.end());
      if (!Continues(Cur))
        break;
      Cur = G.Blocks[Cur].Succs[0];
    }
    Out.push_back(std::move(Chain));
  }
  return Out;
}

int depth(const EventGraph &G, int L) {
  int D = 0;
  for (; L >= 0; L = G.Loops[L].Parent)
    ++D;
  return D;
}
} // namespace

const RuleInfo &PerWaitDcci::info() const {
  static const RuleInfo I{
      "comm-per-wait-dcci", Severity::Warning,
      "a whole-cache dcci runs once per wait inside a pure wait-loop",
      "A pure wait-loop contains TWAITs and otherwise only scalar arithmetic on locals, view "
      "construction, continue/break and invalidates, and its bounds and conditions read no GM. "
      "A whole-cache dcci executed inside it is redundant after all but the last wait: one "
      "whole-cache dcci right after the loop is equivalent and removes P-2 flushes per barrier "
      "generation. The same holds for a run of consecutive waits. The fix-it moves the "
      "invalidate after the loop (or keeps only the one after the last wait of a run). A loop "
      "whose bounds or conditions read GM keeps its per-wait invalidates.",
      {{"IncludeRuns", "true",
        "also flag whole-cache dccis between consecutive waits outside loops"}}};
  return I;
}

bool PerWaitDcci::isPureWaitLoop(const EventGraph &G, const LoopInfo &L) {
  if (L.ControlReadsGM)
    return false;
  bool HasWait = false;
  for (unsigned Id : L.Events) {
    const Event &E = G.Events[Id];
    if (E.Kind == EventKind::Wait)
      HasWait = true;
    else if (!neutral(E))
      return false;
  }
  return HasWait;
}

std::vector<PerWaitDcci::Hit> PerWaitDcci::find(const EventGraph &G) {
  std::vector<Hit> Hits;
  std::vector<bool> Pure(G.Loops.size());
  for (unsigned L = 0; L < G.Loops.size(); ++L)
    Pure[L] = isPureWaitLoop(G, G.Loops[L]);
  // For each whole dcci, the outermost pure wait-loop around it.
  std::map<unsigned, int> Innermost;
  for (unsigned L = 0; L < G.Loops.size(); ++L)
    for (unsigned Id : G.Loops[L].Events)
      if (G.Events[Id].Kind == EventKind::DcciWhole) {
        auto It = Innermost.find(Id);
        if (It == Innermost.end() || depth(G, L) > depth(G, It->second))
          Innermost[Id] = L;
      }
  std::set<unsigned> InLoop;
  for (const auto &[Id, L] : Innermost) {
    int Best = -1;
    for (int Cur = L; Cur >= 0 && Pure[Cur]; Cur = G.Loops[Cur].Parent)
      Best = Cur;
    if (Best >= 0) {
      Hits.push_back({Id, Best});
      InLoop.insert(Id);
    }
  }
  // Runs: wait, whole dcci, wait, ..., whole dcci in straight-line code (helpers included): all
  // but the last go.
  for (const std::vector<unsigned> &Chain : straightLineChains(G)) {
    std::vector<const Event *> Seq;
    for (unsigned Id : Chain)
      if (G.Events[Id].Kind != EventKind::CallEnter && G.Events[Id].Kind != EventKind::CallExit &&
          !(G.Events[Id].Kind == EventKind::ScalarLoad && G.Events[Id].Exempt))
        Seq.push_back(&G.Events[Id]);
    for (size_t I = 1; I + 2 < Seq.size(); ++I)
      if (Seq[I]->Kind == EventKind::DcciWhole && Seq[I - 1]->Kind == EventKind::Wait &&
          Seq[I + 1]->Kind == EventKind::Wait && !InLoop.count(Seq[I]->Id)) {
        size_t J = I + 1;
        while (J < Seq.size() && Seq[J]->Kind == EventKind::Wait)
          ++J;
        if (J < Seq.size() && Seq[J]->Kind == EventKind::DcciWhole)
          Hits.push_back({Seq[I]->Id, -1});
      }
  }
  return Hits;
}

const std::vector<PerWaitDcci::Hit> &PerWaitDcci::hits(const AnalysisContext &Ctx) {
  // The context keeps the result alive for the function: a reference to it stays valid.
  return *Ctx.shared<std::vector<Hit>>(
      "comm-per-wait-dcci:hits", [&] { return std::make_shared<const std::vector<Hit>>(find(Ctx.G)); });
}

void PerWaitDcci::check(AnalysisContext &Ctx) const {
  const EventGraph &G = Ctx.G;
  FixIts Fix(Ctx.SM, Ctx.LO);
  std::vector<Hit> Hits = hits(Ctx);
  if (Ctx.option(info().Id, "IncludeRuns", "true") != "true")
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
    Finding &F = Ctx.report(info().Id, Severity::Warning, D.Loc, Msg);
    if (H.Loop >= 0)
      F.Witness.push_back({Ctx.point(G.Loops[H.Loop].Range.getBegin()),
                           "pure wait-loop: only waits and invalidates"});
    F.Witness.push_back(Ctx.step(D, "the whole cache is invalidated here after every wait"));
    F.Fixes = std::move(Fixes[I]);
  }
}

} // namespace commcheck
