#!/usr/bin/env python3
"""Pathological shapes (issue 27): one construct grown to several sizes, each kernel against
clang++ -fsyntax-only with exactly the arguments commcheck's first configuration parses with
(--print-compile-command), CPU time (user + sys) of each child, interleaved in a shuffled order per
round. Reports per shape and size the ratio to the parse and the log-log exponent of commcheck's
time, and of its time above the smallest size's (the marginal cost of the construct; 1.0 is
linear), so a quadratic analysis shows as 2 even where the parse of the headers hides it.

Used by run.py (--sections shapes) and on its own:
  python3 bench/shapes.py [--commcheck build/checker/commcheck] [--shapes straight,nested]
                          [--scale 1.0] [--runs 1] [--write DIR]
"""
import argparse, math, os, random, shlex, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

HEAD = "#include <pto/pto-inst.hpp>\n"
# The vector-only section makes the cube core a slice of the same parse (the configuration slice
# is one of the costs measured); the notify after the body makes every rule look at it.
SIGNAL = ("dcci((__gm__ void*)out, cache_line_t::ENTIRE_DATA_CACHE);\ndsb(DSB_DDR);\n"
          "pto::comm::Signal s(sig);\npto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);\n")


def kernel(body):
    return (HEAD + "__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig, int n) {\n"
            "#if defined(__DAV_VEC__)\nout[0] = 1.0f;\n#endif\n" + body + SIGNAL + "}\n")


def straight(n):
    """n GM stores in one basic block, no fence between them."""
    return "".join("out[%d] = %d.0f;\n" % (i % 64, i) for i in range(n))


def straight_tiles(n):
    """n tile stores in one basic block (each a publish obligation with a drain to find)."""
    return ("using T = pto::Tile<pto::TileType::Vec, float, 1, 64>;\n"
            "using G = pto::GlobalTensor<float, pto::Shape<1,1,1,1,64>, pto::Stride<1,1,1,1,1>>;\n"
            "T t;\n" + "".join("{ G g(out + %d); pto::TSTORE(g, t); }\n" % (64 * (i % 64))
                                for i in range(n)))


def nested(n):
    """n levels alternating for and if (unbraced: no bracket limit), a store innermost."""
    s = ""
    for i in range(n):
        s += ("for (int i%d = 0; i%d < n; ++i%d)\n" % (i, i, i)) if i % 2 == 0 else \
             ("if (n > %d)\n" % i)
    return s + "out[1] = 1.0f;\n"


def nested_braced(n):
    """n braced levels alternating if/for/while around a store (clang allows 256 brackets)."""
    s = ""
    for i in range(n):
        s += ["if (n > %d) {\n" % i, "for (int j%d = 0; j%d < n; ++j%d) {\n" % (i, i, i),
              "while (n-- > %d) {\n" % i][i % 3]
    return s + "out[2] = 1.0f;\n" + "}" * n + "\n"


def branches(n):
    """n if/else statements in sequence, each storing on both sides."""
    return "".join("if (n > %d) out[%d] = 1.0f; else out[%d] = 2.0f;\n" % (i, i % 64, (i + 1) % 64)
                   for i in range(n))


def expression(n):
    """One expression of n terms."""
    return "int zz = n" + "+n" * (n - 1) + ";\nout[3] = zz;\n"


def switch(n):
    """A switch of n cases, each a store and a break."""
    return ("switch (n) {\n" + "".join("case %d: out[%d] = %d.0f; break;\n" % (i, i % 64, i)
                                       for i in range(n)) + "}\n")


def shared_members(n):
    """n records, each holding ten of the one before (10^n member paths), asked about through a
    const reference to GM (a mutable member?) and sizeof (a member the target sizes?)."""
    types = "struct M0 { int x; };\n" + "".join(
        "struct M%d { %s };\n" % (i, " ".join("M%d m%d;" % (i - 1, k) for k in range(10)))
        for i in range(1, n + 1))
    return (types + "const M%d &v = *(__gm__ M%d *)out;\n" % (n, n) +
            "if (sizeof(M%d) > 4 && v%s.x == 0) out[5] = 1.0f;\n" % (n, ".m0" * n))


# shape -> (generator, sizes at scale 1.0)
SHAPES = {
    "straight": (straight, [1250, 2500, 5000, 10000, 20000]),
    "straight-tiles": (straight_tiles, [500, 1000, 2000, 4000]),
    "branches": (branches, [500, 1000, 2000, 4000]),
    "nested": (nested, [50, 100, 200, 400, 800]),
    "nested-braced": (nested_braced, [30, 60, 120, 240]),
    # clang++ -fsyntax-only overflows its 8 MiB stack from about 100 000 terms (commcheck parses
    # on a thread with a large stack): the floor is measured below that.
    "expression": (expression, [6250, 12500, 25000, 50000]),
    "switch": (switch, [1000, 2000, 4000, 8000]),
    # Records nested n deep share their members: walked path by path, 10^n (session 41; main
    # before it took 3 s at 8 and cut the walk there).
    "shared-members": (shared_members, [2, 4, 6, 8]),
}


def loglog(xs, ys):
    """Slope of log y against log x (least squares); nan when fewer than 2 usable points."""
    pts = [(math.log(x), math.log(y)) for x, y in zip(xs, ys) if x > 0 and y > 0]
    if len(pts) < 2:
        return float("nan")
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    sxx = sum((p[0] - mx) ** 2 for p in pts)
    return sum((p[0] - mx) * (p[1] - my) for p in pts) / sxx if sxx else float("nan")


def write_inputs(workdir, names, scale):
    os.makedirs(workdir, exist_ok=True)
    inputs = []
    for name in names:
        gen, sizes = SHAPES[name]
        for n in sorted(set(max(2, int(s * scale)) for s in sizes)):
            path = os.path.join(workdir, "%s-%d.cpp" % (name, n))
            with open(path, "w") as f:
                f.write(kernel(gen(n)))
            inputs.append({"shape": name, "size": n, "path": path})
    return inputs


def syntax_command(commcheck, clang, path):
    """clang++ -fsyntax-only with the arguments of commcheck's first configuration."""
    shown = subprocess.run([commcheck, "--print-compile-command", path], capture_output=True,
                           text=True).stdout.splitlines()
    heads = [i for i, l in enumerate(shown) if l.startswith("# ")]
    if not heads or heads[0] + 1 >= len(shown):
        raise SystemExit("shapes: commcheck --print-compile-command printed no command for " + path)
    return [clang, "-fsyntax-only"] + shlex.split(shown[heads[0] + 1])[:-1] + [path]


def section_shapes(run_measured, commcheck, clang, workdir, rng, runs=1, names=None, scale=1.0,
                   log=print):
    """Measures every shape; returns {"shapes": {name: {...}}, "failures": [...]}."""
    names = names or list(SHAPES)
    inputs = write_inputs(os.path.join(workdir, "shapes"), names, scale)
    failures = []
    for inp in inputs:
        inp["commcheck"] = [commcheck, "--quiet", inp["path"]]
        inp["syntax"] = syntax_command(commcheck, clang, inp["path"])
        inp["samples"] = {"commcheck": [], "syntax": []}
    for r in range(runs + 1):  # round 0 is a discarded warm-up
        for inp in inputs:
            order = ["commcheck", "syntax"]
            rng.shuffle(order)
            for t in order:
                m = run_measured(inp[t])
                if m["rc"] not in ((0, 1) if t == "commcheck" else (0,)):
                    failures.append("%s on %s-%d: rc %s" % (t, inp["shape"], inp["size"], m["rc"]))
                if r > 0 or runs == 0:
                    inp["samples"][t].append(m["cpu"])
        log("  shapes: round %d/%d done" % (r, runs))
    out = {}
    for name in names:
        rows = []
        for inp in [i for i in inputs if i["shape"] == name]:
            c = sorted(inp["samples"]["commcheck"])[len(inp["samples"]["commcheck"]) // 2]
            s = sorted(inp["samples"]["syntax"])[len(inp["samples"]["syntax"]) // 2]
            rows.append({"size": inp["size"], "commcheck_cpu": c, "syntax_cpu": s,
                         "ratio": c / max(s, 1e-6)})
        base = rows[0]
        out[name] = {
            "rows": rows,
            "exponent": loglog([r["size"] for r in rows], [r["commcheck_cpu"] for r in rows]),
            "syntax_exponent": loglog([r["size"] for r in rows], [r["syntax_cpu"] for r in rows]),
            # the construct's own cost: time above the smallest size against the size added
            "marginal_exponent": loglog([r["size"] - base["size"] for r in rows[1:]],
                                        [r["commcheck_cpu"] - base["commcheck_cpu"]
                                         for r in rows[1:]]),
            "worst_ratio": max(r["ratio"] for r in rows),
        }
    return {"shapes": out, "runs": runs, "scale": scale, "failures": sorted(set(failures))}


def print_shapes(p, res):
    p("\n== pathological shapes: CPU s (median of %d), commcheck against clang++ -fsyntax-only "
      "with the same arguments ==" % res["runs"])
    p("%-15s %8s %10s %10s %7s" % ("shape", "size", "commcheck", "syntax", "ratio"))
    for name, s in res["shapes"].items():
        for r in s["rows"]:
            p("%-15s %8d %10.3f %10.3f %7.2f" % (name, r["size"], r["commcheck_cpu"],
                                                r["syntax_cpu"], r["ratio"]))
        p("%-15s log-log exponent: commcheck %.2f, marginal %.2f (-fsyntax-only %.2f); worst "
          "ratio %.2f" % (name, s["exponent"], s["marginal_exponent"], s["syntax_exponent"],
                          s["worst_ratio"]))


def main():
    sys.path.insert(0, HERE)
    from run import run_measured, RUN_TIMEOUT
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--commcheck", default=os.path.join(ROOT, "build", "checker", "commcheck"))
    ap.add_argument("--clang", default="clang++-19")
    ap.add_argument("--shapes", help="comma-separated subset of " + ",".join(SHAPES))
    ap.add_argument("--scale", type=float, default=1.0, help="multiplies every size")
    ap.add_argument("--runs", type=int, default=1, help="measured rounds (0: the warm-up only)")
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "commcheck-bench"))
    ap.add_argument("--write", metavar="DIR", help="only write the inputs into DIR")
    args = ap.parse_args()
    names = args.shapes.split(",") if args.shapes else list(SHAPES)
    for n in names:
        if n not in SHAPES:
            raise SystemExit("shapes: unknown shape '%s' (one of %s)" % (n, ", ".join(SHAPES)))
    if args.write:
        for i in write_inputs(args.write, names, args.scale):
            print(i["path"])
        return 0
    RUN_TIMEOUT[0] = args.timeout
    res = section_shapes(run_measured, os.path.abspath(args.commcheck), args.clang, args.workdir,
                         random.Random(6), args.runs, names, args.scale,
                         log=lambda m: print(m, file=sys.stderr))
    print_shapes(print, res)
    for f in res["failures"]:
        print("FAILED: " + f)
    return 2 if res["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
