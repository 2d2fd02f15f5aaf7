// --format=json end to end: the report the binary writes matches docs/report.schema.json and the
// field meanings of docs/report-schema.md (verdict strings, summary totals, fix-its as byte
// offsets into the original file), and so does the example in that document.
#include "CliSupport.h"
#include "ReportSchema.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;
using Json = nlohmann::json;

namespace {

const Json &schema() { return commcheck::test::reportSchema(); }

std::vector<std::string> problems(const Json &Report) {
  return commcheck::test::reportSchemaProblems(Report);
}

} // namespace

TEST(JsonReport, BinaryOutputMatchesTheDocumentedSchema) {
  TempDir D;
  std::string Clean = D.write("clean.cpp", kernels::Clean);
  std::string Racy = D.write("racy.cpp", kernels::Racy);
  std::string Fixable = D.write("fixable.cpp", kernels::Fixable);
  std::string Suppressed = D.write("suppressed.cpp", kernels::SuppressedWithReason);
  std::string Broken = D.write("broken.cpp", kernels::Broken);
  Proc R = runCommcheck({"--format=json", Clean, Racy, Fixable, Suppressed, Broken});
  EXPECT_EQ(R.Exit, 2) << R.all();
  Json J = Json::parse(R.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << R.Out;
  EXPECT_EQ(problems(J), std::vector<std::string>{}) << J.dump(2);

  EXPECT_EQ(J["schema"], "commcheck-report");
  EXPECT_EQ(J["version"], 1);
  EXPECT_EQ(J["tool"]["name"], "commcheck");
  // Files in command-line order, with absolute paths.
  ASSERT_EQ(J["files"].size(), 5u);
  std::vector<std::string> Paths = {Clean, Racy, Fixable, Suppressed, Broken};
  for (size_t I = 0; I < Paths.size(); ++I)
    EXPECT_EQ(J["files"][I]["path"], Paths[I]);

  // The documented verdict strings.
  EXPECT_EQ(J["files"][0]["verdict"], "verified");
  EXPECT_EQ(J["files"][0]["functions"], Json::array({"k"}));
  EXPECT_EQ(J["files"][1]["verdict"], "1 error finding");
  EXPECT_FALSE(J["files"][1]["verified"].get<bool>());
  EXPECT_TRUE(J["files"][2]["verified"].get<bool>()); // warnings only
  EXPECT_TRUE(J["files"][3]["verified"].get<bool>()); // its error is waived
  EXPECT_EQ(J["files"][4]["verdict"], "did not parse");
  EXPECT_FALSE(J["files"][4]["parsed"].get<bool>());

  // Findings: where, witness, suppression reason.
  const Json &E = J["files"][1]["findings"][0];
  EXPECT_EQ(E["rule"], "comm-publish-before-notify");
  EXPECT_EQ(E["severity"], "error");
  EXPECT_EQ(E["file"], Racy);
  EXPECT_EQ(E["line"], 5);
  EXPECT_EQ(E["column"], 3);
  EXPECT_EQ(E["function"], "k");
  ASSERT_EQ(E["witness"].size(), 3u); // the write, the notify, what the cross-rank model says
  EXPECT_EQ(E["witness"][0]["line"], 3);
  EXPECT_EQ(E["witness"][2]["message"].get<std::string>().rfind("not confirmed across ranks", 0), 0u)
      << E["witness"][2];
  const Json &W = J["files"][3]["findings"][0];
  EXPECT_TRUE(W["suppressed"].get<bool>());
  EXPECT_EQ(W["suppression"], kernels::SuppressionReason);
  for (const Json &F : J["files"][4]["findings"])
    EXPECT_EQ(F["rule"], "clang-diagnostic-error");

  // Fix-its are byte offsets into the original file: applied (all of one finding together,
  // from the back), the barrier is gone.
  std::string Text = readFile(Fixable);
  const Json *BarrierFix = nullptr;
  for (const Json &F : J["files"][2]["findings"])
    if (F["rule"] == "comm-pre-notify-barrier")
      BarrierFix = &F["fixes"];
  ASSERT_TRUE(BarrierFix && !BarrierFix->empty()) << J["files"][2].dump(2);
  for (auto It = BarrierFix->rbegin(); It != BarrierFix->rend(); ++It) {
    EXPECT_EQ((*It)["file"], Fixable);
    Text.replace((*It)["offset"].get<size_t>(), (*It)["length"].get<size_t>(),
                 (*It)["replacement"].get<std::string>());
  }
  EXPECT_EQ(Text.find("pipe_barrier(PIPE_ALL);"), std::string::npos) << Text;
  EXPECT_NE(Text.find("pto::comm::TNOTIFY(s, 1"), std::string::npos) << Text;

  // Totals over the files.
  const Json &S = J["summary"];
  size_t ParseErrors = J["files"][4]["findings"].size();
  EXPECT_EQ(S["files"], 5);
  EXPECT_EQ(S["parsed"], 4);
  EXPECT_EQ(S["verified"], 3);
  EXPECT_EQ(S["errors"].get<size_t>(), 1 + ParseErrors);
  EXPECT_EQ(S["warnings"], 2);
  EXPECT_EQ(S["suppressed"], 1);
}

TEST(JsonReport, TheDocumentedExampleMatchesTheSchema) {
  std::string Doc = readFile(COMMCHECK_SOURCE_DIR "/docs/report-schema.md");
  size_t Begin = Doc.find("```json\n");
  ASSERT_NE(Begin, std::string::npos);
  Begin += 8;
  size_t End = Doc.find("```", Begin);
  ASSERT_NE(End, std::string::npos);
  Json Example = Json::parse(Doc.substr(Begin, End - Begin), nullptr, false);
  ASSERT_FALSE(Example.is_discarded()) << Doc.substr(Begin, End - Begin);
  EXPECT_EQ(problems(Example), std::vector<std::string>{});
  // The check above must be able to fail.
  Json Broken = Example;
  Broken["files"][0]["findings"][0]["severity"] = "fatal";
  Broken["summary"].erase("errors");
  EXPECT_EQ(problems(Broken).size(), 2u);
}

TEST(JsonReport, TheDocumentedCrossRankWitnessMatchesTheSchema) {
  std::string Doc = readFile(COMMCHECK_SOURCE_DIR "/docs/report-schema.md");
  size_t Begin = Doc.find("```json\n");
  ASSERT_NE(Begin, std::string::npos);
  size_t End = Doc.find("```", Begin + 8);
  Json Report = Json::parse(Doc.substr(Begin + 8, End - Begin - 8), nullptr, false);
  Begin = Doc.find("```json\n", End + 3); // the second example: a witness
  ASSERT_NE(Begin, std::string::npos);
  End = Doc.find("```", Begin + 8);
  Json Witness = Json::parse(Doc.substr(Begin + 8, End - Begin - 8), nullptr, false);
  ASSERT_TRUE(Witness.is_array()) << Doc.substr(Begin + 8, End - Begin - 8);
  Report["files"][0]["findings"][0]["witness"] = Witness;
  EXPECT_EQ(problems(Report), std::vector<std::string>{});
  EXPECT_EQ(Witness[1]["edge_to"], 2);
}

// Issue 26: every kernel entry says what the cross-rank model made of it: modelled, for which
// rank counts, complete or why not.
TEST(JsonReport, EachKernelEntrySaysWhatTheCrossRankModelMadeOfIt) {
  Proc R = runCommcheck({"--format=json",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/launch_value_branch_clean.cpp",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/method_notifies_not_run.cpp",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/launch_tiled_rows_race.cpp",
                         "--assume-fresh-window"});
  Json J = Json::parse(R.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << R.all();
  EXPECT_EQ(problems(J), std::vector<std::string>{}) << J.dump(2);
  const Json &Modelled = J["files"][0]["crossRank"];
  ASSERT_EQ(Modelled.size(), 1u) << J.dump(2);
  EXPECT_EQ(Modelled[0]["entry"], "SumAllInputs");
  EXPECT_TRUE(Modelled[0]["modelled"].get<bool>());
  EXPECT_EQ(Modelled[0]["ranks"]["from"], 2);
  // Proved for every P by the symbolic run (opts.elems a symbol of it): the runs stop at 4.
  EXPECT_EQ(Modelled[0]["ranks"]["to"], 4);
  EXPECT_TRUE(Modelled[0]["everyP"].get<bool>()) << J.dump(2);
  // It branched on opts.elems, and both outcomes were run: complete under the launch-values
  // assumption (launch values alike on every rank), which every report states.
  EXPECT_TRUE(Modelled[0]["complete"].get<bool>());
  EXPECT_FALSE(Modelled[0].contains("why")) << J.dump(2);
  const Json &Not = J["files"][1]["crossRank"];
  ASSERT_GE(Not.size(), 1u) << J.dump(2);
  EXPECT_FALSE(Not[0]["modelled"].get<bool>());
  EXPECT_FALSE(Not[0]["why"].get<std::string>().empty());
  EXPECT_FALSE(Not[0].contains("ranks"));
  // Modelled, but a loop over launch values is run only up to its unrolling bound: not complete,
  // and it says why.
  const Json &Cut = J["files"][2]["crossRank"];
  ASSERT_EQ(Cut.size(), 1u) << J.dump(2);
  EXPECT_TRUE(Cut[0]["modelled"].get<bool>());
  EXPECT_FALSE(Cut[0]["complete"].get<bool>());
  EXPECT_NE(Cut[0]["why"].get<std::string>().find("loop over launch values"), std::string::npos);
}

// A reference bound to launch memory the model keeps no slot for: read-only, it stands for the
// value read where it is bound (the race of the fixture is found); writable, the writes through
// it would be lost, so the model does not run the entry and says why (it crashed on both).
TEST(JsonReport, AWritableReferenceToLaunchMemoryStopsTheModelAndSaysWhy) {
  Proc R = runCommcheck({"--format=json", "--assume-fresh-window",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/launch_options_by_reference_race.cpp"});
  Json J = Json::parse(R.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << R.all();
  const Json &Entries = J["files"][0]["crossRank"];
  ASSERT_EQ(Entries.size(), 5u) << J.dump(2);
  EXPECT_EQ(Entries[0]["entry"], "SumAllInputs");
  EXPECT_TRUE(Entries[0]["modelled"].get<bool>()) << J.dump(2);
  EXPECT_EQ(Entries[1]["entry"], "SumAllInputsWritable");
  EXPECT_FALSE(Entries[1]["modelled"].get<bool>()) << J.dump(2);
  EXPECT_NE(Entries[1]["why"].get<std::string>().find("writable reference to memory the model does not track"),
            std::string::npos) << J.dump(2);
  EXPECT_EQ(Entries[2]["entry"], "SumAllInputsHelperWritable");
  EXPECT_FALSE(Entries[2]["modelled"].get<bool>()) << J.dump(2);
  EXPECT_NE(Entries[2]["why"].get<std::string>().find("writable reference to memory the model does not track"),
            std::string::npos) << J.dump(2);
  // A store through a helper's returned reference, and a struct holding a writable reference.
  EXPECT_EQ(Entries[3]["entry"], "SumAllInputsReturnedReference");
  EXPECT_FALSE(Entries[3]["modelled"].get<bool>()) << J.dump(2);
  EXPECT_NE(Entries[3]["why"].get<std::string>().find("a store through an operand the model cannot place"),
            std::string::npos) << J.dump(2);
  EXPECT_EQ(Entries[4]["entry"], "SumAllInputsReferenceMember");
  EXPECT_FALSE(Entries[4]["modelled"].get<bool>()) << J.dump(2);
  EXPECT_NE(Entries[4]["why"].get<std::string>().find("a struct with a writable reference member"),
            std::string::npos) << J.dump(2);
}

// Issue 26: a signal value read from the launch is tried at a few values only. Where nothing the
// model concludes reads it (a wait on a gate no rank of the kernel notifies, a Set no rank waits
// on) and no branch names it, every value runs alike: complete, and the precision step drops the
// copy no peer reads. Where a notify of the kernel meets the gate, or a branch names the value,
// the values not tried may run otherwise: not complete, and the finding stays unconfirmed.
TEST(JsonReport, APickedSignalValueNothingReadsLeavesTheModelComplete) {
  Proc R = runCommcheck({"--format=json",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/epoch_gate_copy_not_needed.cpp",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/epoch_gate_notified_kept.cpp",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/epoch_gate_branch_kept.cpp",
                         "--assume-fresh-window"});
  Json J = Json::parse(R.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << R.all();
  EXPECT_EQ(problems(J), std::vector<std::string>{}) << J.dump(2);
  const Json &Apart = J["files"][0];
  ASSERT_EQ(Apart["crossRank"].size(), 1u) << J.dump(2);
  EXPECT_TRUE(Apart["crossRank"][0]["complete"].get<bool>()) << J.dump(2);
  EXPECT_TRUE(Apart["findings"].empty()) << J.dump(2);
  for (int File : {1, 2}) {
    const Json &Read = J["files"][File];
    ASSERT_EQ(Read["crossRank"].size(), 1u) << J.dump(2);
    EXPECT_FALSE(Read["crossRank"][0]["complete"].get<bool>()) << J.dump(2);
    EXPECT_NE(Read["crossRank"][0]["why"].get<std::string>().find("signal value"),
              std::string::npos);
    ASSERT_EQ(Read["findings"].size(), 1u) << J.dump(2);
    const Json &Notes = Read["findings"][0]["witness"];
    ASSERT_FALSE(Notes.empty());
    EXPECT_NE(Notes.back()["message"].get<std::string>().find("not confirmed across ranks: a "
                                                               "signal value"),
              std::string::npos)
        << J.dump(2);
  }
}

// Issue 26: a loop over a launch value is run 0..3 times. An idle one (a delay loop: no op, no
// memory, no call but intrinsics the run passes over, only its own counter assigned) leaves the
// run as it found it in every iteration, so it is not run at all: the model is complete, and a
// later branch on its bound (`if (delayIters > 5)`) is run both ways, where before the cut's
// constraint (`delayIters == 3`) decided it and left the model not complete.
TEST(JsonReport, AnIdleLoopIsNotRunSoItsBoundStaysFree) {
  Proc R = runCommcheck({"--format=json",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/delay_loop_copy_not_needed.cpp",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/delay_loop_bound_reused_kept.cpp",
                         "--assume-fresh-window"});
  Json J = Json::parse(R.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << R.all();
  EXPECT_EQ(problems(J), std::vector<std::string>{}) << J.dump(2);
  const Json &Idle = J["files"][0];
  ASSERT_EQ(Idle["crossRank"].size(), 1u) << J.dump(2);
  EXPECT_TRUE(Idle["crossRank"][0]["complete"].get<bool>()) << J.dump(2);
  EXPECT_TRUE(Idle["findings"].empty()) << J.dump(2);
  const Json &Reused = J["files"][1];
  ASSERT_EQ(Reused["crossRank"].size(), 1u) << J.dump(2);
  EXPECT_TRUE(Reused["crossRank"][0]["complete"].get<bool>()) << J.dump(2);
  ASSERT_EQ(Reused["findings"].size(), 1u) << J.dump(2);
  const Json &Notes = Reused["findings"][0]["witness"];
  ASSERT_FALSE(Notes.empty());
  EXPECT_NE(Notes.back()["message"].get<std::string>().find("confirmed across ranks: TLOAD on rank 1"),
            std::string::npos)
      << J.dump(2);
}

// Issue 26: an entry the symbolic check proves for every rank count says so ("everyP", the
// explicit runs stopping at P = 4); one it does not prove says why ("symbolic").
TEST(JsonReport, AnEntryProvedForEveryRankCountSaysSo) {
  Proc R = runCommcheck({"--format=json",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/symbolic_mesh_allgather_clean.cpp",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/symbolic_large_count_skips_wait.cpp",
                         "--assume-fresh-window"});
  Json J = Json::parse(R.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << R.all();
  EXPECT_EQ(problems(J), std::vector<std::string>{}) << J.dump(2);
  const Json &Proved = J["files"][0]["crossRank"];
  ASSERT_EQ(Proved.size(), 1u) << J.dump(2);
  EXPECT_TRUE(Proved[0]["everyP"].get<bool>());
  EXPECT_EQ(Proved[0]["ranks"]["to"], 4);
  EXPECT_FALSE(Proved[0].contains("symbolic"));
  const Json &Not = J["files"][1]["crossRank"];
  ASSERT_EQ(Not.size(), 1u) << J.dump(2);
  EXPECT_FALSE(Not[0]["everyP"].get<bool>());
  EXPECT_EQ(Not[0]["ranks"]["to"], 16);
  EXPECT_NE(Not[0]["symbolic"].get<std::string>().find("not proved"), std::string::npos);
}

// Issue 26: a race names memory as the kernel names it on both sides; the host's write before a
// launch is named as the read that races with it, not by the model's form of the argument table.
TEST(JsonReport, TheHostsWriteIsNamedAsTheKernelReadsIt) {
  Proc R = runCommcheck({"--format=json", COMMCHECK_SOURCE_DIR
                         "/fixtures/cross-rank/launch_race_table_input.cpp"});
  Json J = Json::parse(R.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << R.all();
  const Json &Findings = J["files"][0]["findings"];
  ASSERT_EQ(Findings.size(), 1u) << J.dump(2);
  const Json &Witness = Findings[0]["witness"];
  ASSERT_GE(Witness.size(), 1u) << J.dump(2);
  std::string Host = Witness[0]["message"];
  EXPECT_NE(Host.find("host's write"), std::string::npos) << Host;
  EXPECT_NE(Host.find("of 'PeerPtr(ctx, gathered, pe)'"), std::string::npos) << Host;
  EXPECT_EQ(Host.find("args+"), std::string::npos) << Host;
}

// Issue 26: an access at a rank the kernel computes from launch values (`ctx[(me / 2) * 2 + i +
// 4]`) or reads from data (`ctx[eid / 32 + 4]`, eid loaded) is modelled: the first at each rank
// the value may be, the second at every rank the data may choose. The clean kernels are modelled
// at the count the code fixes (quiet: their waits count only what must arrive), and the kernel
// whose wait counts on a credit the data may send elsewhere is modelled and hangs. So is a kernel
// whose helpers place peers' slots through a pointer to a local layout struct (`ctx.layout->
// slotOffset`), at every rank count (it reads the count from the context).
TEST(JsonReport, AccessesAtRanksComputedOrReadFromDataAreModelled) {
  Proc R = runCommcheck({"--format=json",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/pair_window_index_clean.cpp",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/dispatch_rank_from_data_clean.cpp",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/dispatch_rank_from_data_hang.cpp",
                         COMMCHECK_SOURCE_DIR "/fixtures/cross-rank/layout_pointer_clean.cpp",
                         "--assume-fresh-window"});
  Json J = Json::parse(R.Out, nullptr, false);
  ASSERT_FALSE(J.is_discarded()) << R.all();
  EXPECT_EQ(problems(J), std::vector<std::string>{}) << J.dump(2);
  for (int File : {0, 1, 2, 3}) {
    const Json *Entry = nullptr;
    for (const Json &E : J["files"][File]["crossRank"])
      if (E["entry"] == (File == 3 ? "ExchangeRows" : "kernel_entry"))
        Entry = &E;
    ASSERT_NE(Entry, nullptr) << J.dump(2);
    EXPECT_TRUE((*Entry)["modelled"].get<bool>()) << J.dump(2);
    EXPECT_EQ((*Entry)["ranks"]["from"], 2);
    EXPECT_EQ((*Entry)["ranks"]["to"], File == 3 ? 16 : 2);
    EXPECT_EQ(J["files"][File]["findings"].size(), File == 2 ? 1u : 0u) << J.dump(2);
  }
  bool Stated = false;
  for (const Json &A : J["files"][0]["assumptions"])
    Stated |= A["id"] == "window-index";
  EXPECT_TRUE(Stated) << J.dump(2);
}
