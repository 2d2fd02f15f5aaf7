// A preprocessor condition (#if / #elif) evaluated again with some macros set otherwise: whether
// another configuration of the file takes the same branch there. Configurations that take the same
// branch at every condition that reads a macro they set differently (and expand none of those
// macros in code) preprocess the file into the same tokens, so one parse stands for all of them.
// It answers only what it can evaluate exactly: object-like macros, `defined`, integer literals
// without an unsigned suffix and the operators of the C preprocessor; anything else (a function-
// like macro, __has_include, a character literal, a division by zero) is "not known", and the
// caller then parses that configuration itself.
#pragma once
#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class LangOptions;
} // namespace clang

namespace commcheck {

class ConditionEvaluator {
public:
  /// A token as the evaluator sees it: a number, an identifier or a punctuator.
  struct Tok {
    enum Kind { Number, Identifier, Punct } K = Punct;
    std::string Text;                         ///< the number's or the identifier's spelling
    clang::tok::TokenKind P = clang::tok::unknown; ///< the punctuator
  };
  /// A macro as the condition would see it.
  struct Macro {
    enum Kind { Undefined, ObjectLike, Unknown } K = Undefined; ///< Unknown: function-like, ...
    std::vector<Tok> Body;
  };
  using Lookup = llvm::function_ref<Macro(llvm::StringRef Name)>;

  /// The tokens of Text (a condition, a macro's value); nullopt when one is none of the three.
  static std::optional<std::vector<Tok>> lex(llvm::StringRef Text, const clang::LangOptions &LO);
  /// Whether the condition Text holds with the macros Find gives; nullopt when not known.
  static std::optional<bool> evaluate(llvm::StringRef Text, const clang::LangOptions &LO,
                                      Lookup Find);
};

} // namespace commcheck
