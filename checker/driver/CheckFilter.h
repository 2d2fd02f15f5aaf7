// clang-tidy's --checks semantics: comma-separated globs applied in order, `-` negates.
#pragma once
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"
#include <memory>
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
  struct Empty {};
  explicit CheckFilter(Empty) {}
  struct Item {
    bool Negative;
    std::shared_ptr<const std::string> Source; ///< GlobPattern keeps a reference into its text
    llvm::GlobPattern Pattern;
  };
  std::vector<Item> Items;
  std::string Text;
};

} // namespace commcheck
