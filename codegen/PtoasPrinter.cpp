#include "PtoasPrinter.h"

#include <sstream>

namespace commgen {

int PrintedKernel::lineOf(int Id) const {
  auto It = LineOf.find(Id);
  return It == LineOf.end() ? 0 : It->second;
}

namespace {

// The file-local helpers every PTOAS-generated translation unit defines for itself.
const char *const Helpers = R"(// --- ptoas-generated code ---

template <typename TensorT>
static __aicore__ inline auto PTOAS__GLOBAL_TENSOR_DATA(TensorT &tensor) -> decltype(tensor.data()) {
    return tensor.data();
}

enum class PTOAutoSyncTailMode : int {
    kBarrierAll = 0,
    kSetWaitMte3ToSEvent0 = 1,
};

static __aicore__ inline void ptoas_auto_sync_tail(PTOAutoSyncTailMode mode = PTOAutoSyncTailMode::kBarrierAll) {
    switch (mode) {
    case PTOAutoSyncTailMode::kSetWaitMte3ToSEvent0:
        set_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
        wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
        break;
    case PTOAutoSyncTailMode::kBarrierAll:
    default:
        pipe_barrier(PIPE_ALL);
        break;
    }
}

template <typename Ptr>
static __aicore__ inline void PTOAS__DCCI_SINGLE_CACHE_LINE(Ptr ptr) {
    dcci((__gm__ void *)ptr, cache_line_t::SINGLE_CACHE_LINE);
}
)";

const char *const Guards = R"(#include <cstdint>

#ifndef __gm__
#define __gm__
#endif

#ifndef __aicore__
#if defined(__CPU_SIM)
#define __aicore__
#else
#define __aicore__ [aicore]
#endif
#endif

#ifndef PIPE_FIX
#define PIPE_FIX static_cast<pipe_t>(10)
#endif

#include <pto/pto-inst.hpp>

using namespace pto;
)";

class Writer {
public:
  Writer(PrintedKernel &Out, int IndentWidth) : Out(Out), IndentWidth(IndentWidth) {}

  void raw(const std::string &Text) {
    // Text may hold several lines; count them.
    std::istringstream In(Text);
    std::string L;
    while (std::getline(In, L))
      emit(L);
  }

  int emit(const std::string &L) {
    Buffer << L << '\n';
    return ++Line;
  }

  int indented(int Depth, const std::string &L) { return emit(std::string(Depth * IndentWidth, ' ') + L); }

  void seq(const std::vector<Stmt> &Seq, int Depth) {
    for (const Stmt &S : Seq)
      stmt(S, Depth);
  }

  void stmt(const Stmt &S, int Depth) {
    if (!S.Pto.empty()) {
      std::string P = "// pto: ";
      for (size_t I = 0; I < S.Pto.size(); ++I)
        P += (I ? ", " : "") + S.Pto[I];
      indented(Depth, P);
    }
    switch (S.Kind) {
    case StmtKind::Comment:
      Out.LineOf[S.Id] = indented(Depth, "// " + S.Text);
      break;
    case StmtKind::Line:
      Out.LineOf[S.Id] = indented(Depth, S.Text);
      break;
    case StmtKind::Call:
      if (S.Op == CallOp::Return) {
        Out.LineOf[S.Id] = indented(Depth, "return;");
        Out.ReturnLine = Out.LineOf[S.Id];
      } else {
        Out.LineOf[S.Id] = indented(Depth, S.callText());
      }
      break;
    case StmtKind::For:
      Out.LineOf[S.Id] = indented(Depth, "for (" + S.Text + ") {");
      seq(S.Body, Depth + 1);
      indented(Depth, "}");
      break;
    case StmtKind::While:
      Out.LineOf[S.Id] = indented(Depth, "while (" + S.Text + ") {");
      seq(S.Body, Depth + 1);
      indented(Depth, "}");
      break;
    case StmtKind::If:
      Out.LineOf[S.Id] = indented(Depth, "if (" + S.Text + ") {");
      seq(S.Body, Depth + 1);
      if (!S.ElseBody.empty()) {
        indented(Depth, "} else {");
        seq(S.ElseBody, Depth + 1);
      }
      indented(Depth, "}");
      break;
    case StmtKind::Group:
      if (S.PrintLabel && !S.Text.empty())
        Out.LineOf[S.Id] = indented(Depth, "// " + S.Text);
      else
        Out.LineOf[S.Id] = Line + 1; // the group starts at its first statement
      seq(S.Body, Depth);
      break;
    }
  }

  std::string text() const { return Buffer.str(); }
  int line() const { return Line; }

private:
  PrintedKernel &Out;
  int IndentWidth;
  std::ostringstream Buffer;
  int Line = 0;
};

} // namespace

PrintedKernel PtoasPrinter::print(const Kernel &K) const {
  PrintedKernel Out;
  Writer W(Out, IndentWidth);
  W.emit("// Kernel Function: " + K.Name);
  for (const std::string &C : K.HeaderComment)
    W.emit("// " + C);
  W.emit("");
  W.raw(Guards);
  W.emit("");
  W.raw(Helpers);
  W.emit("");

  std::string Sig = "extern \"C\" __global__ AICORE void " + K.Name + "(";
  for (size_t I = 0; I < K.Params.size(); ++I) {
    const Param &P = K.Params[I];
    std::string Sep = (P.Type.empty() || P.Type.back() == '*') ? "" : " ";
    Sig += (I ? ", " : "") + P.Type + Sep + P.Name;
  }
  Sig += ") {";
  Out.FunctionLine = W.emit(Sig);
  W.seq(K.Prologue, 1);
  W.indented(1, "using T = float;");
  W.emit("");
  W.emit("#if defined(__DAV_VEC__)");
  W.seq(K.Body, 1);
  W.emit("#endif  // __DAV_VEC__");
  W.emit("");
  W.seq(K.Tail, 1);
  Out.CloseBraceLine = W.emit("}");
  Out.Text = W.text();
  return Out;
}

} // namespace commgen
