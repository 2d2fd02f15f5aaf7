// The cross-rank model's interpreter on the constructs a kernel body may hold: each one written
// into a kernel the model runs (fixtures/cross-rank/launch_value_branch_race.cpp, after its rank
// facts). Whatever the model makes of a construct (a value, a stop with a reason), the run must
// end with one of commcheck's exit codes: references bound to launch memory (`auto &r = *ctx;`,
// `const int &c = opts.elems + 1;`) crashed it, seven of these on one day.
#include "RobustnessSupport.h"
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace commcheck::robust;

namespace {

struct InterpreterConstruct {
  const char *Name;
  const char *Code;
};

const InterpreterConstruct Constructs[] = {
    {"ternary_mixed", "float lf = 0; (opts.elems > 0 ? lf : output[0]) = 2.0f;"},
    {"comma_gm_store", "float lf = 0; (lf, output[0]) = 2.0f;"},
    {"func_returns_ref", "struct H { static AICORE int &pick(int &a, int &b, bool c) { return c ? a : b; } }; int a = 0, b = 0; H::pick(a, b, opts.elems > 0) = 1;"},
    {"ref_member_gm", "struct SR { __gm__ float &r; }; SR sr{output[1]}; sr.r = 2.0f;"},
    {"self_ref_member", "struct SR { int v; int &r; }; int base = 0; SR sr{1, base}; sr.r = 2; (void)base;"},
    {"ptr_member_gm", "struct SP { __gm__ float *p; }; SP sp{output}; sp.p[1] = 2.0f; *sp.p = 1.0f;"},
    {"ref_ctx", "auto &r = *ctx; (void)r.rankId;"},
    {"cref_win", "const auto &w = ctx->windowsIn; (void)w[0];"},
    {"ptr_local", "auto *p = &opts; p->elems = 1;"},
    {"arr_ref", "int arr[4] = {}; int &e = arr[1]; e = 2; (void)arr[1];"},
    {"range_for_ref", "int arr[4] = {}; for (auto &x : arr) x = 1;"},
    {"range_for_val", "int arr[4] = {1,2,3,4}; int s = 0; for (const auto x : arr) s += x; (void)s;"},
    {"sbind", "auto [a, b] = opts; (void)a; (void)b;"},
    {"sbind_ref", "auto &[a, b] = opts; a = 3; (void)b;"},
    {"lambda_ref", "[&]{ opts.elems = 1; }();"},
    {"lambda_val", "int q = [=]{ return opts.elems + 1; }(); (void)q;"},
    {"rvalue_ref", "int &&rr = 5; rr = 6; (void)rr;"},
    {"cref_temp", "const int &cr = opts.elems + 1; (void)cr;"},
    {"bitfield", "struct { int a : 3; int b : 5; } bf{}; bf.a = 1; (void)bf.b;"},
    {"static_local", "static int sl = 0; sl++;"},
    {"goto", "int g = 0; again: if (++g < 3) goto again;"},
    {"switch_ft", "switch (opts.elems) { case 0: opts.skipReady = 1; case 1: break; default: break; }"},
    {"while_decl", "while (int x = 0) { (void)x; }"},
    {"if_decl", "if (int x = opts.elems) { (void)x; }"},
    {"memptr", "int SumOptions::*mp = &SumOptions::elems; opts.*mp = 1;"},
    {"assign_braced", "opts = SumOptions{};"},
    {"vla", "int vla[4 + 0]; vla[0] = 1; (void)vla[0];"},
    {"volatile", "volatile int v = 0; v++;"},
    {"punning", "char buf[8] = {}; *(int *)buf = 1; (void)buf[0];"},
    {"reinterpret_ref", "float fl = 1.0f; int &ir = reinterpret_cast<int &>(fl); ir = 0;"},
    {"cond_lvalue", "int ca = 0, cb = 0; (opts.elems ? ca : cb) = 1;"},
    {"comma_lvalue", "int ca = 0, cb = 0; (ca, cb) = 1;"},
    {"self_init", "int si = si; (void)si;"},
    {"strlit", "const char *s = \"abc\"; int c = s[1]; (void)c;"},
    {"builtin_expect", "if (__builtin_expect(opts.elems > 0, 1)) opts.elems = 2;"},
    {"union", "union { int i; float f; } un; un.f = 1.0f; int ui = un.i; (void)ui;"},
    {"ptr_arith_local", "int arr[4] = {}; int *pp = arr + 2; *pp = 1; pp[-1] = 2; (void)arr[1];"},
    {"ptr_to_ptr", "int x0 = 0; int *p1 = &x0; int **p2 = &p1; **p2 = 5;"},
    {"ref_to_ptr", "int x0 = 0; int *p1 = &x0; int *&rp = p1; *rp = 1;"},
    {"gm_ref_elem", "__gm__ float &gr = output[0]; gr = 1.0f;"},
    {"gm_cref_elem", "const __gm__ float &gr = input[0]; float gv = gr; (void)gv;"},
    {"ctx_ref_field", "auto &rn = ctx->rankNum; (void)rn;"},
    {"ctx_ref_write", "auto &rn = ctx->rankNum; rn = 2;"},
    {"recursion", "struct R { static AICORE int f(int n) { return n <= 0 ? 0 : f(n - 1) + 1; } }; int rv = R::f(20); (void)rv;"},
    {"asm", "__asm__ __volatile__(\"\" ::: \"memory\");"},
    {"do_while", "int dw = 0; do { dw++; } while (dw < 2);"},
    {"neg_shift", "int sh = 1 << 31; (void)sh;"},
    {"div_zero", "int dz = opts.elems / (opts.elems - opts.elems + 0 == 0 ? 1 : 1); (void)dz;"},
    {"ptr_cmp", "int arr[2]; bool pc = &arr[0] < &arr[1]; (void)pc;"},
    {"fnptr", "int (*fp)(int) = [](int v) { return v; }; int fv = fp(1); (void)fv;"},
    {"init_list_ref", "const SumOptions &so = SumOptions{1, 2}; (void)so.elems;"},
    {"array_of_struct_ref", "SumOptions arr2[2] = {}; SumOptions &e2 = arr2[1]; e2.elems = 1;"},
    {"nested_ref", "SumOptions &o1 = opts; SumOptions &o2 = o1; o2.elems = 5;"},
    {"gm_struct_ptr", "__gm__ SumOptions *gs = (__gm__ SumOptions *)output; gs->elems = 1;"},
    {"gm_struct_ref", "__gm__ SumOptions &gs = *(__gm__ SumOptions *)output; gs.elems = 1;"},
    {"gm_struct_cref", "const __gm__ SumOptions &gs = *(__gm__ SumOptions *)input; (void)gs.elems;"}
};

std::string modelledKernel() {
  std::ifstream In(COMMCHECK_FIXTURES_DIR "/cross-rank/launch_value_branch_race.cpp");
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

} // namespace

TEST(InterpreterConstructs, EveryConstructEndsWithAnExitCode) {
  const std::string Kernel = modelledKernel();
  const std::string Anchor = "    Ranks rk = MakeRanks(ctx);\n";
  const size_t At = Kernel.find(Anchor);
  ASSERT_NE(At, std::string::npos);
  TempDir D;
  for (const InterpreterConstruct &C : Constructs) {
    SCOPED_TRACE(C.Name);
    std::string Text = Kernel;
    Text.insert(At + Anchor.size(), std::string("    ") + C.Code + "\n");
    Invocation R = runCommcheck({"--quiet", "--assume-fresh-window", D.write(std::string(C.Name) + ".cpp", Text)});
    EXPECT_TRUE(R.exitedCleanly()) << R.all();
    EXPECT_NE(R.Exit, 2) << R.all(); // each one parses
  }
}
