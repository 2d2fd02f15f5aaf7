// Which other configurations of a file preprocess it into the tokens this parse had
// (PreprocessorRecord's Alternatives, SameBranches, DifferingInCode). The configurations differ
// only in macros the command line sets; while the command line's definition of such a macro
// stands (no #define or #undef in the code replaced it), the preprocessor reads it in a condition
// (another configuration takes the same branch when the condition evaluates alike there,
// ConditionEvaluator), by #ifdef / #ifndef (alike when defined in both or in neither), or expanded
// elsewhere (its tokens differ unless its value is the same: DifferingInCode).
//
// A configuration may take another branch of a group that holds nothing but directives that
// define and undefine macros (pto-isa's arch_macro.hpp derives a family macro per __NPU_ARCH__):
// then only those macros may differ, and the configuration still has this parse's tokens as long
// as nothing reads them later (no expansion, test or identifier of that name). Any other
// difference, or a read of such a macro, and the configuration is parsed itself.
#pragma once
#include "frontend/ConditionEvaluator.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"
#include <set>
#include <string>
#include <vector>

namespace clang {
class IdentifierInfo;
class Preprocessor;
class SourceManager;
class Token;
} // namespace clang

namespace commcheck {

struct PreprocessorRecord;

class BranchAgreement {
public:
  BranchAgreement(PreprocessorRecord &R, const clang::SourceManager &SM, clang::Preprocessor &PP);
  /// A macro expanded (in a condition or not).
  void expanded(const clang::IdentifierInfo &Name);
  /// `defined Name` in a condition.
  void definedTested(const clang::IdentifierInfo &Name);
  /// A conditional group opens at IfLoc (before its condition's tested()/condition()); Taken:
  /// this parse takes its first branch.
  void opened(clang::SourceLocation IfLoc, bool Taken);
  /// The innermost open group's next #elif / #elifdef / #elifndef (Taken: this parse takes it),
  /// or its #else (taken when no branch before it was).
  void branch(bool Taken);
  void elseBranch();
  /// The innermost open group closes at EndifLoc.
  void closed(clang::SourceLocation EndifLoc);
  /// #ifdef / #ifndef / #elifdef / #elifndef of Name, which is defined here or not. CoreGroup: it
  /// opens a group that is a single test of a configuration macro (PreprocessorRecord::ConfigGroup).
  void tested(const clang::IdentifierInfo &Name, bool DefinedHere, bool CoreGroup);
  /// An evaluated #if / #elif condition and its value here (CoreGroup as for tested()).
  void condition(clang::SourceRange Cond, bool Value, bool CoreGroup);
  /// A #define or #undef of Name at Loc.
  void redefined(const clang::IdentifierInfo &Name, clang::SourceLocation Loc);
  /// A token of the preprocessed file (Preprocessor::setTokenWatcher).
  void token(const clang::Token &T);

private:
  /// Whether Name differs between the configurations and the command line's definition stands.
  bool differing(llvm::StringRef Name) const;
  /// Configuration I's view of the macro Name (the command line's setting where it differs).
  ConditionEvaluator::Macro macroIn(llvm::StringRef Name, int I) const;
  /// Configuration I takes another branch in the innermost open group (or a core group's test).
  void branchDiffers(size_t I, bool CoreGroup);
  /// Records configuration I as preprocessing the file otherwise (only in a core group's test).
  void disagree(size_t I, bool CoreGroup);
  /// A read of Name: a configuration whose Name may differ preprocesses otherwise.
  void read(const clang::IdentifierInfo *Name);
  /// Reads every identifier the condition Text may expand to (through this parse's macros).
  void readCondition(llvm::StringRef Text);
  struct Group {
    clang::SourceLocation If;
    int Branch = 0;     ///< the branch being read (0: the #if's)
    int Taken = -1;     ///< the branch this parse took
  };
  /// The branches of a group: the kind of directive that opens each, its condition, and the
  /// macros defined or undefined in it (nested groups' included).
  struct Branch {
    std::string Kind, Condition;
    std::vector<std::string> Names;
  };
  /// The branches of group G closed at EndifLoc, when it holds nothing but directives.
  std::optional<std::vector<Branch>> branchesOf(const Group &G, clang::SourceLocation EndifLoc) const;
  /// The macros that may be defined otherwise in configuration I than here after group G, whose
  /// branches are Bs: those this parse's branch and I's branch define or undefine (every
  /// branch's when which one I takes is not known).
  std::vector<std::string> differingDefinitions(const Group &G, const std::vector<Branch> &Bs,
                                                size_t I) const;

  PreprocessorRecord &R;
  const clang::SourceManager &SM;
  clang::Preprocessor &PP;
  std::set<std::string> Differing; ///< the keys of R.Alternatives
  std::set<std::string> Replaced;  ///< differing macros the code has defined or undefined since
  bool Read = false;               ///< the condition being parsed read a differing macro
  std::vector<Group> Groups; ///< the open groups
  /// Per configuration: the depth (1 + index into Groups) of the group where it took another
  /// branch, 0 while it takes this parse's.
  std::vector<size_t> Diverged;
  /// Per configuration: the macros another branch it took may have defined otherwise.
  std::vector<llvm::DenseSet<const clang::IdentifierInfo *>> Tainted;
  llvm::DenseSet<const clang::IdentifierInfo *> AnyTainted;
};

} // namespace commcheck
