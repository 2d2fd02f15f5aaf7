// The shim gives way to a project's own header with a generic name: a build whose include folder
// holds its own tensor.h (its own tensor type) parses with it, while the runtime's tensor.h
// (recognised by where it lives or by what it declares) is still replaced by the shim's. -v says
// which was read.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

/// A project's own tensor.h: its own tensor type, nothing of the runtime's.
const char *OwnTensorHeader = R"(#pragma once
#include <cstdint>
struct Tensor {
  __gm__ float *data;
  uint32_t rows, cols;
};
inline AICORE __gm__ float *first(const Tensor &t) { return t.data; }
)";

/// kernels::Clean with tensor.h included and its output taken from Param: Out declares `out`.
std::string cleanKernelOn(const std::string &Param, const std::string &Out) {
  std::string K = kernels::Clean;
  const std::string Was = "__gm__ float *out";
  K.replace(K.find(Was), Was.size(), Param);
  K.insert(K.find("{\n") + 2, "  " + Out + "\n");
  K.insert(K.find('\n') + 1, "#include \"tensor.h\"\n");
  return K;
}

/// Uses the project's Tensor: does not compile against the shim's tensor.h (no type Tensor there).
const std::string KernelOnOwnTensor = cleanKernelOn("Tensor t", "__gm__ float *out = first(t);");

/// Uses the runtime's ChipTensor, which the shim's tensor.h declares.
const std::string KernelOnChipTensor = cleanKernelOn(
    "__gm__ int64_t *args",
    "__gm__ float *out = reinterpret_cast<__gm__ float *>("
    "reinterpret_cast<__gm__ ChipTensor *>(args[0])->buffer.addr);");

/// The runtime's tensor.h as a device build reaches it: syntax only the device compiler takes.
const char *DeviceTensorHeader = "#pragma once\n[aicore] struct ChipTensor;\n";

TEST(ShimShadow, AProjectsOwnTensorHeaderInAnIncludeFolderIsRead) {
  TempDir D;
  D.write("project/include/tensor.h", OwnTensorHeader);
  std::string K = D.write("project/src/k.cpp", KernelOnOwnTensor);
  Proc P = runCommcheck({"-v", K, "--", "-I" + (D / "project/include")});
  EXPECT_EQ(P.Exit, 0) << P.all();
  EXPECT_EQ(P.Out.find("clang-diagnostic-error"), std::string::npos) << P.all();
  EXPECT_EQ(count(P.Err, D / "project/include/tensor.h is the build's own tensor.h"), 1u)
      << P.all();
}

TEST(ShimShadow, WithoutTheFolderTheKernelDoesNotParse) {
  // The test above is not vacuous: the kernel needs the project's header.
  TempDir D;
  D.write("project/include/tensor.h", OwnTensorHeader);
  std::string K = D.write("project/src/k.cpp", KernelOnOwnTensor);
  Proc P = runCommcheck({K});
  EXPECT_EQ(P.Exit, 2) << P.all();
  EXPECT_NE(P.Out.find("clang-diagnostic-error"), std::string::npos) << P.all();
}

/// The ChipTensor kernel checked with -v, the runtime's tensor.h (device syntax) at Rel.
Proc checkAgainstRuntimeHeaderAt(const std::string &Rel) {
  TempDir D;
  std::string Header = D.write(Rel, DeviceTensorHeader);
  std::string K = D.write("k.cpp", KernelOnChipTensor);
  return runCommcheck({"-v", K, "--", "-I" + Header.substr(0, Header.rfind('/'))});
}

TEST(ShimShadow, TheRuntimesTensorHeaderIsStillReplacedWhereItLives) {
  Proc P = checkAgainstRuntimeHeaderAt("simpler/src/common/task_interface/tensor.h");
  EXPECT_EQ(P.Exit, 0) << P.all();
  EXPECT_EQ(count(P.Err, "the shim's tensor.h"), 1u) << P.all();
  EXPECT_NE(P.Err.find("it is at */task_interface/tensor.h"), std::string::npos) << P.all();
}

TEST(ShimShadow, AHeaderDeclaringTheRuntimesTypesIsReplacedWhereverItLives) {
  Proc P = checkAgainstRuntimeHeaderAt("vendored/tensor.h");
  EXPECT_EQ(P.Exit, 0) << P.all();
  EXPECT_NE(P.Err.find("it declares ChipTensor"), std::string::npos) << P.all();
}

TEST(ShimShadow, TheFirstFolderOfTheSearchDecides) {
  TempDir D;
  D.write("own/tensor.h", OwnTensorHeader);
  D.write("simpler/src/common/task_interface/tensor.h", DeviceTensorHeader);
  std::string Own = D.write("own.cpp", KernelOnOwnTensor);
  std::string Chip = D.write("chip.cpp", KernelOnChipTensor);
  std::string OwnDir = "-I" + (D / "own"), RuntimeDir = "-I" + (D / "simpler/src/common/task_interface");
  Proc OwnFirst = runCommcheck({Own, "--", OwnDir, RuntimeDir});
  EXPECT_EQ(OwnFirst.Exit, 0) << OwnFirst.all();
  Proc RuntimeFirst = runCommcheck({Chip, "--", RuntimeDir, OwnDir});
  EXPECT_EQ(RuntimeFirst.Exit, 0) << RuntimeFirst.all();
  // -isystem comes after -I whatever the order on the command line.
  Proc Ordered = runCommcheck({Own, "--", "-isystem" + (D / "simpler/src/common/task_interface"),
                               OwnDir});
  EXPECT_EQ(Ordered.Exit, 0) << Ordered.all();
}

TEST(ShimShadow, ACompileDatabasesFolderDecidesAndTheCacheNoticesANewHeader) {
  TempDir D;
  std::string K = D.write("src/k.cpp", KernelOnChipTensor);
  D.write("build/compile_commands.json",
          nlohmann::json::array({{{"directory", D / "build"},
                                  {"file", K},
                                  {"command", "ccec -xcce --cce-aicore-arch=dav-c220-vec "
                                              "-I../include -c " + K + " -o k.o"}}})
              .dump());
  // The folder is there from the start: its appearance alone would invalidate the cache.
  D.write("include/other.h", "#pragma once\n");
  std::string Cache = "--cache-dir=" + (D / "cache");
  // No tensor.h in the build's folder: the shim's is read, and the kernel verifies (cached).
  Proc Before = runCommcheck({Cache, "-p", D / "build", K});
  EXPECT_EQ(Before.Exit, 0) << Before.all();
  // The project adds a tensor.h of its own, without ChipTensor: it is read now, so the cached
  // verdict must not be reused (clang never looked at that folder for tensor.h before).
  D.write("include/tensor.h", OwnTensorHeader);
  Proc After = runCommcheck({Cache, "-p", D / "build", K});
  EXPECT_EQ(After.Exit, 2) << After.all();
  EXPECT_NE(After.Out.find("ChipTensor"), std::string::npos) << After.all();
}

/// A runtime in simpler's layout (src/<arch>/runtime/<runtime>/{common,runtime}/): the kernel API
/// header next to the header that defines the completion entries it writes, and the intrinsics
/// header (device syntax) that the shim replaces.
struct RuntimeTree {
  TempDir D;
  std::string Root = D / "rt/src/a2a3/runtime/demo_rt";
  std::string Api;
  RuntimeTree() {
    D.write("rt/src/a2a3/runtime/demo_rt/common/intrinsic.h",
            "#pragma once\n#include \"aicore_completion_mailbox_types.h\"\n"
            "[aicore] int device_only_intrinsics;\n");
    D.write("rt/src/a2a3/runtime/demo_rt/runtime/aicore_completion_mailbox_types.h",
            "#ifndef DEMO_RT_MAILBOX_TYPES_H\n#define DEMO_RT_MAILBOX_TYPES_H\n"
            "#include <stdint.h>\n"
            "inline constexpr uint32_t DEMO_SLOTS = 16;\n"
            "struct DeferredCompletionEntry {\n"
            "  uint64_t addr;\n  uint64_t backend_cookie;\n  uint32_t expected_value;\n"
            "  uint32_t engine;\n  int32_t completion_type;\n  uint32_t _pad;\n};\n"
            "#endif\n");
    Api = D.write("rt/src/a2a3/runtime/demo_rt/runtime/pto_async_kernel_api.h", R"(#pragma once
#include <stdint.h>
#include <pto/comm/comm_types.hpp>
#include "intrinsic.h"
#include "aicore_completion_mailbox_types.h"

// Registers "the counter reaches expected" as one more completion of this task.
inline __aicore__ void demo_expect_counter(AsyncCtx &ctx, volatile __gm__ void *counter,
                                           uint32_t expected) {
  uint32_t n = *ctx.completion_count;
  if (n >= DEMO_SLOTS) {
    return;
  }
  volatile __gm__ DeferredCompletionEntry *e = &ctx.completion_entries[n];
  e->addr = reinterpret_cast<uint64_t>(counter);
  e->expected_value = expected;
  *ctx.completion_count = n + 1;
}

// This dispatch's async context, out of the argument table; deferred when it has a task.
inline __aicore__ AsyncCtx demo_async_ctx(__gm__ int64_t *args) {
  __gm__ LocalContext *local = reinterpret_cast<__gm__ LocalContext *>(args[SPMD_LOCAL_CONTEXT_INDEX]);
  AsyncCtx ctx = local->async_ctx;
  if (ctx.task_token.is_invalid()) {
    ctx.completion_capacity = 0;
  }
  return ctx;
}
inline __aicore__ bool demo_is_deferred(const AsyncCtx &ctx) { return ctx.task_token.is_valid(); }
)");
  }
};

TEST(ShimShadow, ACheckedRuntimeHeaderIsReadWithItsOwnNeighbours) {
  // The file checked is itself the header the shim's pto_async_kernel_api.h stands in for: the
  // definitions it takes from the header next to it are read from there, not from the shim too
  // (no redefinition), while its intrinsics still come from the shim.
  RuntimeTree T;
  Proc P = runCommcheck({"-v", T.Api, "--", "-I" + T.Root + "/common"});
  EXPECT_NE(P.Exit, 2) << P.all();
  EXPECT_EQ(P.Out.find("clang-diagnostic-error"), std::string::npos) << P.all();
  EXPECT_NE(P.Err.find("the shim's aicore_completion_mailbox_types.h gives way"), std::string::npos)
      << P.all();
  EXPECT_NE(P.Err.find("the shim's intrinsic.h (" ), std::string::npos) << P.all();
}

TEST(ShimShadow, AKernelOfTheRuntimeStillReadsTheShimsApi) {
  // A kernel (not a runtime header) of the same build: the shim's API, not the runtime's
  // headers, whatever folders the build gives.
  RuntimeTree T;
  std::string K = T.D.write("kernels/k.cpp", R"(#include <pto/pto-inst.hpp>
#include "pto_async_kernel_api.h"
__global__ AICORE void k(__gm__ int64_t *args, __gm__ int32_t *sig) {
  AsyncCtx ctx = get_async_ctx(args);
  save_expected_notification_counter(ctx, sig, 1);
}
)");
  Proc P = runCommcheck({K, "--", "-I" + T.Root + "/common", "-I" + T.Root + "/runtime"});
  EXPECT_NE(P.Exit, 2) << P.all();
  EXPECT_EQ(P.Out.find("clang-diagnostic-error"), std::string::npos) << P.all();
}

} // namespace
