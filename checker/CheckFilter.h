// clang-tidy's --checks semantics: comma-separated globs applied in order, `-` negates.
#pragma once
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"
#include <string>
#include <vector>

namespace commcheck {

class CheckFilter {
public:
  /// Default: every comm-* rule.
  CheckFilter();
  static llvm::Expected<CheckFilter> parse(const std::string &Globs);
  bool enabled(const std::string &Rule) const;
  const std::string &text() const { return Text; }

private:
  struct Item {
    bool Negative;
    llvm::GlobPattern Pattern;
  };
  std::vector<Item> Items;
  std::string Text;
};

} // namespace commcheck
