#include "crossrank/LaunchWrites.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <set>
#include <tuple>

namespace commcheck {

/// CONTRACT §6, "Launch": ranks start unsynchronised and a rank's inputs are written by its own
/// host before its own launch. Every buffer of rank q that another rank reads gets, at the start
/// of q's trace, the host's write of it: a read of it that no notify -> wait chain from q (after
/// its start) orders after that write is a race, in a kernel with no signal at all too.
void addLaunchWrites(SpmdRun &Run, clang::SourceLocation Kernel) {
  // A wait on a cell no rank of the kernel notifies is passed by something outside it (the host,
  // another kernel), which may order everything after every launch: reads after one are left out.
  // (Names into the run's ops, which nothing changes until the host's writes are inserted.)
  std::set<std::tuple<llvm::StringRef, int, int64_t>> Notified;
  for (const RankTrace &T : Run.Ranks)
    for (const RankOp &O : T.Ops)
      if (O.Kind == RankOpKind::Notify)
        Notified.insert({O.Mem.Root, O.Mem.Owner, O.Mem.Lo});
  // Each buffer a peer reads, with the name a read gives it where the model's is a linear form (the
  // host's write is named alike).
  std::map<std::pair<llvm::StringRef, int>, std::string> Reads; // (in the order of the texts)
  for (const RankTrace &T : Run.Ranks) {
    bool Outside = false;
    for (const RankOp &O : T.Ops) {
      Outside |= O.Kind == RankOpKind::Wait && !Notified.count({O.Mem.Root, O.Mem.Owner, O.Mem.Lo});
      if (!Outside && O.Kind == RankOpKind::Read && O.Mem.Owner != T.Rank &&
          O.Mem.Owner >= 0 && O.Mem.Owner < Run.P) {
        std::string &Name = Reads[{O.Mem.Root, O.Mem.Owner}];
        if (Name.empty() && !plainName(O.Mem.Root))
          Name = O.Spelling;
      }
    }
  }
  std::map<std::pair<std::string, int>, std::string> Read;
  for (auto &[Buffer, Name] : Reads)
    Read.try_emplace({Buffer.first.str(), Buffer.second}, std::move(Name));
  // Before each call of rank q: its host writes the inputs of that call, after q's previous call
  // returned (a peer still reading q's input of the previous call races with it).
  for (const auto &[Buffer, Name] : Read) {
    const auto &[Root, Owner] = Buffer;
    std::vector<RankOp> &Ops = Run.Ranks[Owner].Ops;
    for (size_t I = 0; I < Ops.size(); ++I) {
      if (I > 0 && Ops[I].Call == Ops[I - 1].Call)
        continue;
      RankOp W;
      W.Kind = RankOpKind::Write;
      W.Mem.Root = Root;
      W.Mem.Owner = Owner;
      W.Spelling = Name;
      W.Loc = Kernel;
      W.Call = Ops[I].Call;
      W.What = "the host's write before rank " + std::to_string(Owner) + "'s launch";
      W.Launch = true;
      Ops.insert(Ops.begin() + I, std::move(W));
      ++I;
    }
  }
}

} // namespace commcheck
