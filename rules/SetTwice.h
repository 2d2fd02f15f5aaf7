// comm-set-twice: a Set-protocol cell written twice in one call with no wait of its reader in
// between (PTOAS#797: the second store may never be observed by the peer, whose EQ wait hangs).
#pragma once
#include "rules/Rule.h"

namespace commcheck {

class SetTwice : public Rule {
public:
  const RuleInfo &info() const override;
  void check(RuleContext &Ctx) const override;
};

} // namespace commcheck
