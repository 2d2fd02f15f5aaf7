// ShimStandIn: what a generic shim header stands in for, read from its stands-in-for line, and how
// a build's header of the same name is told to be the real one (where it lives, what it declares)
// or a project's own.
#include "base/CompilerFlags.h"
#include "frontend/ShimShadow.h"
#include "frontend/ShimStandIn.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <gtest/gtest.h>
#include <set>

using namespace commcheck;

namespace {

const std::string ShimDir = COMMCHECK_SOURCE_DIR "/checker/shim";

TEST(ShimStandIn, EveryShimHeaderWithAGenericNameSaysWhatItStandsInFor) {
  // A header at the shim's top level has a name a project may use too (tensor.h): it must say
  // which real header it replaces, or it would shadow a project's own.
  std::set<std::string> TopLevel;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(ShimDir, EC), End; It != End && !EC; It.increment(EC))
    if (It->type() == llvm::sys::fs::file_type::regular_file) {
      std::string Name = llvm::sys::path::filename(It->path()).str();
      if (Name != flags::predefsHeader())
        TopLevel.insert(Name);
    }
  ASSERT_TRUE(TopLevel.count("tensor.h")) << ShimDir;
  std::set<std::string> StandIns;
  ShimShadow Shadow(ShimDir);
  for (const ShimStandIn &S : Shadow.standIns())
    StandIns.insert(S.name());
  EXPECT_EQ(StandIns, TopLevel);
}

TEST(ShimStandIn, ParsesPlacesAndDeclarations) {
  auto S = ShimStandIn::parse("tensor.h", "// x\n// stands-in-for: task_interface/tensor.h "
                                          "other/*/tensor.h; declares: ChipTensor Other\n");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->name(), "tensor.h");
  EXPECT_EQ(S->describe(), "at */task_interface/tensor.h, */other/*/tensor.h, or declaring "
                           "ChipTensor, Other");
  EXPECT_FALSE(ShimStandIn::parse("x.h", "#pragma once\nstruct X {};\n"));
}

TEST(ShimStandIn, RecognisesTheRealHeaderByPlaceOrDeclarationOnly) {
  auto S = ShimStandIn::parse("tensor.h", "// stands-in-for: task_interface/tensor.h; declares: "
                                          "ChipTensor\n");
  ASSERT_TRUE(S);
  EXPECT_EQ(S->recognise("/s/src/common/task_interface/tensor.h", ""),
            "it is at */task_interface/tensor.h");
  EXPECT_EQ(S->recognise("/p/include/tensor.h", "struct alignas(64) ChipTensor {"),
            "it declares ChipTensor");
  // A project's own: another place, and the name only as part of another identifier.
  EXPECT_EQ(S->recognise("/p/include/tensor.h", "struct Tensor {}; struct ChipTensorView;"), "");
  EXPECT_EQ(S->recognise("/p/task_interface_tensor.h", "struct Tensor {};"), "");
}

} // namespace
