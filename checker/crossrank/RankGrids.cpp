// Grids of signal cells in the rank interpreter: pto-isa's `Signal2D<Rows, Cols>(ptr[, rowStride])`
// is the GlobalTensor view of Rows x Cols cells it derives from, and a TWAIT on a view of several cells waits until every cell satisfies the comparison (the
// wait reads them in row-major order, one pass at a time): one wait per cell, in that order.
// Whether that is exact for the run is GridWaits' to check (no cell may leave the comparison
// once it held).
#include "crossrank/RankInterpreter.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

namespace commcheck {

using namespace clang;

namespace {
constexpr int64_t MaxGridCells = 4096; ///< cells a grid wait is expanded to, at most
}

RankValue RankInterpreter::derivedView(const CXXConstructExpr *E, const std::vector<RankValue> &Args) {
  // The constructor's body lies in a trusted header, whose bodies are not parsed: the view is
  // read from the class's GlobalTensor base and Signal2D's documented constructors (pto-isa
  // comm_types.hpp): (ptr) is dense, the row stride Cols; (ptr, stride) a sub-region of a grid
  // whose rows are `stride` cells apart.
  const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
  QualType Base;
  if (RD && RD->hasDefinition())
    for (const CXXBaseSpecifier &B : RD->bases())
      if (typeOf(B.getType()).Kind == TypeFacts::ViewType)
        Base = B.getType();
  const std::optional<std::vector<int64_t>> &Grid = typeOf(E->getType()).Dims;
  if (Base.isNull() || !Grid || Grid->size() != 2 || Args.empty() || Args.size() > 2)
    fail("a grid of signal cells the model does not know", E);
  int64_t RowStride = (*Grid)[1];
  if (Args.size() == 2) {
    std::optional<int64_t> S;
    if (Args[1].K == RankValue::Number)
      S = resolve(Args[1].L, false).value();
    if (!S)
      fail("the row stride of a grid of signal cells is not a value the model can compute", E);
    RowStride = *S;
  }
  RankValue Strides;
  Strides.K = RankValue::Dims;
  Strides.D = {1, 1, 1, RowStride, 1};
  RankValue V;
  V.K = RankValue::View;
  if (Args[0].K != RankValue::Number)
    return RankValue::unknown("a view of an unknown address: " + Args[0].Why);
  V.L = Args[0].L;
  V.FromTable = Args[0].FromTable;
  V.Bytes = viewBytes(Base, {Args[0], RankValue::object(), Strides}, V);
  return V;
}

bool RankInterpreter::recordGridWait(const RankValue &Cells, const Expr *At) {
  if (Cells.K != RankValue::View || Cells.D.size() != 5)
    return false;
  int64_t Count = 1;
  for (const std::optional<int64_t> &N : Cells.D) {
    if (!N)
      fail("a wait on signal cells whose shape the model cannot compute", At);
    Count *= *N;
    if (Count > MaxGridCells)
      fail("a wait on more than " + std::to_string(MaxGridCells) + " signal cells", At);
  }
  if (Count <= 1)
    return false;
  if (Cells.Strides.size() != 5)
    fail("a wait on a grid of signal cells whose strides the model cannot compute", At);
  // Row-major over the five dimensions, as TWAIT reads them.
  int64_t Idx[5] = {0, 0, 0, 0, 0};
  for (int64_t N = 0; N < Count; ++N) {
    int64_t Off = 0;
    std::string Where;
    for (int K = 0; K < 5; ++K) {
      Off += Idx[K] * Cells.Strides[K];
      if (*Cells.D[K] > 1)
        Where += "[" + std::to_string(Idx[K]) + "]";
    }
    RankValue Cell;
    Cell.K = RankValue::View;
    Cell.L = Cells.L.plus(Linear::constant(Off * Cells.Elem));
    Cell.Bytes = Cells.Elem;
    Cell.FromTable = Cells.FromTable;
    record(RankOpKind::Wait, Cell, At, "TWAIT (grid cell " + Where + ")");
    Trace.Ops.back().GridCell = true;
    for (int K = 4; K >= 0 && ++Idx[K] == *Cells.D[K]; --K)
      Idx[K] = 0;
  }
  return true;
}

} // namespace commcheck
