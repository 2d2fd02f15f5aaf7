#include "driver/CheckFilter.h"
#include "llvm/ADT/StringRef.h"

namespace commcheck {

CheckFilter::CheckFilter() { *this = cantFail(parse("comm-*")); }

llvm::Expected<CheckFilter> CheckFilter::parse(const std::string &Globs) {
  CheckFilter F{Empty{}};
  F.Text = Globs;
  llvm::SmallVector<llvm::StringRef> Parts;
  llvm::StringRef(Globs).split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    if (P.empty())
      continue;
    bool Neg = P.consume_front("-");
    auto Text = std::make_shared<const std::string>(P.trim().str());
    auto G = llvm::GlobPattern::create(*Text);
    if (!G)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "invalid check glob '%s': %s", P.str().c_str(),
                                     llvm::toString(G.takeError()).c_str());
    F.Items.push_back({Neg, std::move(Text), std::move(*G)});
  }
  return F;
}

bool CheckFilter::enabled(const std::string &Rule) const {
  bool On = false;
  for (const Item &I : Items)
    if (I.Pattern.match(Rule))
      On = !I.Negative;
  return On;
}

} // namespace commcheck
