// The greatest value of a term under a solver's constraints, found by asking the solver itself:
// a value a model gives, then steps that double past it until none is possible, then halving
// the gap. Each question is a scope of the caller's incremental solver (a few hundredths of a
// millisecond on the launch paths' constraints), where Z3's optimiser, made for each question,
// costs milliseconds to set up (pypto's all-reduce template: 54 questions, 0.16-0.22 s of its
// probe; its all-to-all-v: 0.14-0.19 s), and on some unbounded integer objectives does not finish
// (tests/rules/LaunchPathBoundTest.cpp meets such).
#pragma once
#include <cstdint>
#include <optional>
#include <z3++.h>

namespace commcheck {

/// The greatest value of Num under Z's assertions (Z is left as it was). None inside: Num is
/// unbounded (past 2^62, as far as an int64 bound goes) or the assertions have no model; none at
/// all: the solver could not tell (Z3's unknown), nor a model give Num's value: the caller asks
/// another way.
std::optional<std::optional<int64_t>> greatestBySearch(z3::solver &Z, const z3::expr &Num);

} // namespace commcheck
