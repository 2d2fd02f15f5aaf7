#include "driver/AssumptionList.h"
#include "frontend/DevicePredefines.h"
#include "llvm/ADT/StringExtras.h"

namespace commcheck {

namespace {
/// "`a`, `b` and `c`": the predefines the device compiler answers as the checker's clang does.
std::string predefineList() {
  std::string Out;
  const size_t N = std::size(DevicePredefines);
  for (size_t I = 0; I < N; ++I)
    Out += (I == 0 ? "" : I + 1 == N ? " and " : ", ") + std::string("`") + DevicePredefines[I] + "`";
  return Out;
}
} // namespace

std::vector<FileResult::Assumption> assumptionsOf(const ConfigFile &Config, bool HaveCompileDatabase) {
  std::vector<FileResult::Assumption> Out;
  std::string LaunchSource = Config.freshWindowSource();
  if (Config.AssumeFreshWindow.value_or(false))
    Out.push_back({"launch", "fresh window: each call of a kernel runs on signal cells and buffers "
                             "no earlier call of it used since they were zeroed",
                   LaunchSource});
  else
    Out.push_back({"launch", "re-entrant: a kernel may be called again on the same window, the "
                             "ranks unsynchronised between calls (declare a fresh window with "
                             "--assume-fresh-window if the runtime guarantees one)",
                   LaunchSource});
  Out.push_back({"launch-arguments",
                 Config.MayAlias.empty()
                     ? std::string("distinct launch arguments are distinct buffers")
                     : "distinct launch arguments are distinct buffers, except that these may "
                       "share memory: " + llvm::join(Config.MayAlias, "; "),
                 Config.MayAlias.empty() ? "defaults" : "configuration"});
  if (Config.AssumeLocalArguments.value_or(false))
    Out.push_back({"local-arguments",
                   "every pointer argument addresses the rank's own memory; another rank's is "
                   "reached only through addresses the kernel computes from its windows",
                   Config.localArgumentsSource()});
  else
    Out.push_back({"local-arguments",
                   "any pointer argument may address another rank's memory (declare "
                   "--assume-local-arguments if the runtime passes only local buffers)",
                   Config.localArgumentsSource()});
  // The path facts' arithmetic (docs/events.md, "Path facts"): unsigned values are modular unless
  // the user declares that none wraps.
  if (Config.AssumeNoUnsignedWrap.value_or(false))
    Out.push_back({"unsigned-arithmetic",
                   "no unsigned `+`, `-`, `*` or unary `-` of the kernel wraps (the kernel would "
                   "run clean under clang's -fsanitize=unsigned-integer-overflow): the path facts "
                   "compute unsigned values exactly; a verdict does not speak for runs where one "
                   "does",
                   Config.noUnsignedWrapSource()});
  else
    Out.push_back({"unsigned-arithmetic",
                   "unsigned arithmetic may wrap: the path facts compute unsigned values modulo "
                   "2^width, so a witness may take a path only a wrap makes (`(rows + per - 1) / "
                   "per == 0` with rows != 0) (declare --assume-no-unsigned-wrap if no unsigned "
                   "operation of the kernel wraps)",
                   Config.noUnsignedWrapSource()});
  if (!Config.ReadOnlyParams.empty())
    Out.push_back({"read-only", "no peer writes the memory of: " + llvm::join(Config.ReadOnlyParams, ", "),
                   "configuration"});
  // The cross-rank model branches on launch data once for all ranks: SPMD launches hand every rank
  // the same arguments except its window and rank id (CONTRACT §6 leaves this unstated).
  Out.push_back({"launch-values",
                 "the cross-rank model takes a value read from launch data (a count, a flag in an "
                 "arguments struct) to be the same on every rank of a call, except one compared "
                 "with a peer loop's variable (`peer != myRank`), which is taken for the rank id the "
                 "host passes (every finding resting on it names it, and the model then says it "
                 "is not complete); the model's verdicts, and the one-rank findings it drops as "
                 "needed by no peer, rest on this; a signal value read from "
                 "launch data, or from memory the model does not track (a count in a configuration "
                 "struct), is the host's to choose: it is tried at a few values, alike on every "
                 "rank, and the model reports only what every value tried shows",
                 "built in"});
  // The window table has one word per rank: an index the kernel computes and never checks
  // against the count is taken to be a rank, else the access would be to no window at all.
  Out.push_back({"window-index",
                 "the cross-rank model takes an index into the communication context's window "
                 "table (`windowsIn[e]`, PTOAS's `ctx[4 + e]`) that the kernel computes from "
                 "launch values or reads from data to be a rank of the launch, 0 <= e < P: it "
                 "runs each rank a launch value may be, and takes an access at a rank read from "
                 "data to reach any rank (a word outside the table's ranks is no window)",
                 "built in"});
  // The model runs one block per rank, every rank's of one index (docs/cross-rank.md, "The block
  // index as a launch value"): its verdicts, the symbolic proof's "for every P" too, rest on it.
  Out.push_back({"block-index",
                 "the cross-rank model takes the block index and count (`get_block_idx()`, "
                 "`get_block_num()`, the sub-block's) to be alike on every rank it runs: blocks of "
                 "one index talk to each other, and a rank's blocks split its work; no race between "
                 "two blocks of one rank, nor between blocks of two indices, is looked for",
                 "built in"});
  // What the rules take from the toolchain's documentation (CONTRACT §1).
  Out.push_back({"toolchain:async-wait",
                 "an async event's Wait() returning means the engine's writes are complete, and "
                 "completing a later event of a session implies the earlier ones completed",
                 "built in"});
  Out.push_back({"toolchain:scalar-dcci",
                 "the rules count the dcci the source writes; the device compiler's own scalar "
                 "dcci (-cce-aicore-dcci-insert-for-scalar) are not relied on",
                 "built in"});
  // What the configuration slices and the gate's free-macro check take as answered (CONTRACT §7):
  // the device compiler's answers the checker's own clang can only stand in for.
  Out.push_back({"toolchain:device-compiler",
                 "the device compiler is clang-based: " + predefineList() +
                     " are defined there as here, so a condition on them is not a configuration; "
                     "types have the sizes of an LP64 target (8-byte long and pointers), and what "
                     "else only the target answers (the layout of long double, wchar_t or "
                     "__int128, the signedness of char, whether a 64-bit typedef is long or long "
                     "long) is comm-unanalysable in device code; the language standard is the "
                     "compile command's -std (c++17 without one), and what another one changes "
                     "without a macro the code tests is not checked; " +
                     (HaveCompileDatabase
                          ? "a header `__has_include(\"x.h\")` finds in none of the compile "
                            "database's include folders is missing in the device build too"
                          : "with no compile database, a header `__has_include(\"x.h\")` finds "
                            "in none of the checked include folders is taken to be missing in the "
                            "device build too (pass the build's compile database with -p to "
                            "check its include folders)"),
                 "built in"});
  return Out;
}

} // namespace commcheck
