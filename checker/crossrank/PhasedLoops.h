// What the symbolic run reads off a phased loop's body (a loop over launch values whose body
// signals, docs/cross-rank.md): whether a body signals at all, and its induction variables.
#pragma once
#include <cstdint>
#include <vector>

namespace clang {
class Stmt;
class VarDecl;
} // namespace clang

namespace commcheck {

/// Whether Body calls TNOTIFY, TWAIT or TTEST, itself or in a function it calls (by name, the
/// bodies it can see): the loop is then run as a phased loop. A signal this misses (through a
/// pointer) is recorded by the run all the same, which a data-only loop does not accept.
bool signalsWithin(const clang::Stmt *Body);

/// Whether Body holds a loop whose body signals (signalsWithin), itself or in a function it
/// calls: a loop over the count around it is a ring's steps (each a barrier over the peers),
/// not a loop over the peers.
bool signalsInLoopWithin(const clang::Stmt *Body);

/// A variable from outside the loop that its body raises by a number once every iteration:
/// `++v`, `v++`, `--v`, `v += c`, `v -= c`, `v = v + c` as a statement of the body itself (not
/// within a branch or a loop), and assigned nowhere else in the body nor taken the address of;
/// none where the body continues the loop (an iteration may skip the raise).
struct InductionVariable {
  const clang::VarDecl *Var;
  int64_t Step;
};
std::vector<InductionVariable> inductionVariables(const clang::Stmt *Body);

} // namespace commcheck
