// Real builds: commcheck given the flags a kernel's own build passes (its include folders, its
// compile_commands.json) must parse the kernel against the API it models, not against the real
// headers those flags find, which are written for the device compiler.
#include "CliSupport.h"
#include <gtest/gtest.h>

using namespace commcheck::clitest;

namespace {

TEST(RealBuild, TheBuildsIncludeFoldersDoNotShadowTheShim) {
  TempDir D;
  // What pto-isa's include folder holds: headers only the device compiler parses.
  D.write("pto-isa/include/pto/pto-inst.hpp",
          "#pragma once\n#ifndef __CCE_KT_TEST__\n[aicore] int device_only_syntax;\n#endif\n");
  D.write("pto-isa/include/pto/comm/pto_comm_inst.hpp", "#pragma once\n#error device headers\n");
  std::string K = D.write("k.cpp", kernels::Racy);
  Proc P = runCommcheck({K, "--", "-I" + (D / "pto-isa/include")});
  EXPECT_EQ(P.Exit, 1) << P.all();
  EXPECT_EQ(count(P.Out, "[comm-publish-before-notify]"), 1u) << P.all();
  EXPECT_EQ(P.Out.find("[comm-parse-error]"), std::string::npos) << P.all();
}

} // namespace
