// The class name of a statement, for messages and keys of expressions the checker does not model.
// clang's Stmt::getStmtClassName fills its name table on first use and sets its "filled" flag
// before the table: under -j a second checking thread can read a null name and crash. This table
// is built once, under the thread-safe initialisation of a function-local static.
#pragma once

namespace clang {
class Stmt;
}

namespace commcheck {

const char *stmtClassName(const clang::Stmt *S);

} // namespace commcheck
