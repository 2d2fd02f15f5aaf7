#include "events/SourcePoints.h"
#include "clang/Basic/SourceManager.h"

namespace commcheck {

SourcePoint pointIn(const EventGraph &G, const clang::SourceManager &SM, clang::SourceLocation L) {
  SourcePoint P;
  if (L.isInvalid())
    L = G.FunctionLoc;
  if (L.isInvalid())
    return P;
  L = SM.getExpansionLoc(L);
  auto PL = SM.getPresumedLoc(L);
  if (PL.isInvalid())
    return P;
  P.File = PL.getFilename();
  P.Line = PL.getLine();
  P.Column = PL.getColumn();
  P.Offset = SM.getFileOffset(L);
  return P;
}

WitnessStep stepAt(const EventGraph &G, const clang::SourceManager &SM, const Event &E,
                   std::string Message) {
  if (!E.CallStack.empty()) {
    const Event &Call = G.Events[E.CallStack.back()];
    Message += " (in '" + Call.Callee + "', called at line " +
               std::to_string(pointIn(G, SM, Call.Loc).Line) + ")";
  }
  return WitnessStep{pointIn(G, SM, E.Loc), std::move(Message)};
}

} // namespace commcheck
