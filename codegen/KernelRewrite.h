// The steps mutation operators are made of: finding the N-th candidate site (program order) and
// small edits of the kernel IR beyond KernelIR's insert / remove / move.
#pragma once

#include "KernelIR.h"

#include <functional>
#include <string>
#include <vector>

namespace commgen {

using StmtPred = std::function<bool(const Stmt &)>;

// The N-th statement satisfying Pred (or playing Role), nullptr when there are fewer.
const Stmt *nthStmt(const Kernel &K, int N, const StmtPred &Pred);
const Stmt *nthWithRole(const Kernel &K, int N, const char *Role);
// The first statement after Id in the same sequence satisfying Pred; 0 when none.
int nextInSeq(Kernel &K, int Id, const StmtPred &Pred);
// The wait_flag right after set_flag Set in its sequence, on the same pipes and event; 0 when none.
int pairedWaitFlag(Kernel &K, const Stmt &Set);
// The first set_flag of Wait's flag (same pipes and event) after wait_flag Wait in its sequence; 0 when none.
int nextSetOfFlag(Kernel &K, const Stmt &Wait);
// The first TWAIT inside a loop, nullptr when it has none.
// Whether S or a statement nested in it plays Role.
bool containsRole(const Stmt &S, const char *Role);
// Whether the threshold of TWAIT W is a constant hoisted into the prologue ("const int32_t vN = 1;"),
// not an epoch computed in the body ("(int32_t) (i + 1)").
bool hasConstantThreshold(const Kernel &K, const Stmt &W);
const Stmt *firstTWaitIn(const Stmt &Loop);
// Every other notify and wait of the signal-cell family of S.
std::vector<int> cellFamily(const Kernel &K, const Stmt &S);

Stmt &stmtById(Kernel &K, int Id); // Id must exist
// Point argument Arg of call Id at a new prologue declaration "Type vN = Init;".
void setArgToNewDecl(Kernel &K, int Id, size_t Arg, const std::string &Type, const std::string &Init);
// Replace statement Id by Loop holding Inner; returns Inner's new id, 0 when Id is not found.
int replaceByLoop(Kernel &K, int Id, Stmt Loop, Stmt Inner);
// Wrap statement Id in "if (Cond) { ... }" whose reference trace takes the (empty) else branch.
bool wrapInIf(Kernel &K, int Id, const std::string &Cond);

} // namespace commgen
