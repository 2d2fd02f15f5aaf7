#!/usr/bin/env python3
"""commcheck benchmark harness (issue 6).

Measures, in one run and on the same machine, commcheck against

  * the physical floor: ``clang++-19 -fsyntax-only`` on the same file with the same shim and flags;
  * the cost users already accept for a linter: ``clang-tidy-19`` running one cheap check;

on generator output of growing size (a ladder of translation units up to ~50k lines, made by
concatenating commgen kernels with distinct names behind one shared preamble, because one commgen
kernel does not grow with --ranks/--count/--chunk/--blocks) and on a mixed set of realistic kernels
(every fixture under fixtures/ and the generated collectives at P = 2..16).

Every tool runs once per round on every input, in a shuffled order per input and round (the tools
are interleaved, so that drift of the machine hits all of them alike); a warm-up round is discarded;
the tables report medians. Wall time, CPU time (user + system) and peak RSS come from wait4() on the
child (RUSAGE of that child alone). Further sections: -j 2 against -j 1 on 20 files, the result
cache (--cache-dir, cold and warm), phases (--checks=-*, --dump-events), the per-rule profile
(--enable-check-profile), each run only when the binary offers the option, and what a precompiled
preamble (clang++ -include-pch) saves.

Only the Python 3 standard library is used.

  python3 bench/run.py --quick      # < 60 s, for CI / ctest (label bench)
  python3 bench/run.py              # full mode: the numbers in bench/README.md

Exit code: 0 when every tool ran as expected (and, with --check-targets, every target was met),
1 when a target was missed under --check-targets, 2 when a tool failed (commcheck exit code 2,
clang parse error, missing binary).
"""

import argparse
import atexit
import datetime
import hashlib
import json
import math
import os
import platform
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH_DIR)  # shapes.py
ROOT = os.path.dirname(BENCH_DIR)
SHIM = os.path.join(ROOT, "checker", "shim")

# The flags commcheck's Frontend::argumentsFor uses by default (checker/Frontend.cpp), for the
# baseline tools. commcheck gets them itself.
COMMON_FLAGS = [
    "-xc++", "-std=c++17", "-D__DAV_VEC__", "-D__CCE_AICORE__", "-DPTO_URMA_SUPPORTED", "-w",
    "-isystem", SHIM, "-include", os.path.join(SHIM, "commcheck_predefs.h"),
]
TIDY_CHECK = "-*,readability-braces-around-statements"

COLLECTIVES = ["allreduce-mesh", "allreduce-ring", "allgather-push", "allgather-push-async"]
VARIANTS = ["optimised", "baseline", "seed"]
RANKS = [2, 4, 8, 16]
TEMPLATE_NAME = "commcheck_bench_kernel_tmpl"

QUICK = dict(sizes=[0, 2000, 10000], runs=3, mixed_fixtures=8, mixed_generated=4, jobs_files=6,
             jobs_lines=2000, cache_runs=3, phases=False, fixit_sizes=[], fixit_runs=0)
FULL = dict(sizes=[0, 500, 1000, 2000, 5000, 10000, 20000, 50000], runs=7, mixed_fixtures=None,
            mixed_generated=None, jobs_files=20, jobs_lines=2000, cache_runs=5, phases=True,
            fixit_sizes=[0, 500, 1000, 2000, 5000], fixit_runs=3)

TARGETS = dict(overhead_max=0.05, overhead_min_lines=2000, memory_ratio_max=1.2, r2_min=0.99,
               exponent_max=1.10)


# --------------------------------------------------------------------------------------------
# Small helpers


def die(msg):
    print("bench: error: " + msg, file=sys.stderr)
    sys.exit(2)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def linfit(xs, ys):
    """Least squares y = a + b x; returns (a, b, r2)."""
    n = len(xs)
    if n < 2:
        return float("nan"), float("nan"), float("nan")
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    b = sxy / sxx if sxx else float("nan")
    a = my - b * mx
    ss_tot = sum((y - my) ** 2 for y in ys)
    ss_res = sum((y - (a + b * x)) ** 2 for x, y in zip(xs, ys))
    r2 = 1 - ss_res / ss_tot if ss_tot else float("nan")
    return a, b, r2


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()[:16]


def count_lines(path):
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def tool_version(cmd):
    try:
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             timeout=30).stdout
        return out.strip().splitlines()[0] if out.strip() else ""
    except (OSError, subprocess.SubprocessError):
        return ""


def machine_info(args):
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem_kb = 0
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    mem_kb = int(line.split()[1])
    except OSError:
        pass
    rev = ""
    try:
        rev = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.strip()
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--", "checker",
                                "rules"], text=True, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL).stdout.strip()
        if dirty:
            rev += " (checker/rules modified)"
    except OSError:
        pass
    return {
        "loadavg_start": list(os.getloadavg()),
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "mem_gib": round(mem_kb / 1048576, 1),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "clang": tool_version([args.clang, "--version"]),
        "clang_tidy": tool_version([args.clang_tidy, "--version"]) if args.clang_tidy else "",
        "commcheck": tool_version([args.commcheck, "--version"]),
        "commcheck_binary": args.commcheck_origin,
        "commcheck_sha256": sha256(args.commcheck),
        "git": rev,
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
    }


# --------------------------------------------------------------------------------------------
# Running one command and measuring it


RUN_TIMEOUT = [600.0]  # seconds per command; set from --timeout


def run_measured(cmd, stderr_path=None, cwd=None):
    """Runs cmd; returns wall seconds, CPU seconds (user+sys), peak RSS (KiB) and exit code of
    that one child (wait4 gives its own rusage, not the accumulated RUSAGE_CHILDREN). A command
    that outlives the timeout is killed and reported with rc None."""
    err = open(stderr_path, "wb") if stderr_path else subprocess.DEVNULL
    timed_out = []
    try:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, stdin=subprocess.DEVNULL,
                             cwd=cwd)

        def kill():
            timed_out.append(True)
            try:
                p.kill()
            except OSError:
                pass
        timer = threading.Timer(RUN_TIMEOUT[0], kill)
        timer.start()
        try:
            _, status, ru = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - t0
    finally:
        if stderr_path:
            err.close()
    rc = os.waitstatus_to_exitcode(status)
    p.returncode = rc  # already reaped
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "rss_kb": ru.ru_maxrss,
            "rc": None if timed_out else rc}


def rc_text(rc):
    return "a timeout (%g s)" % RUN_TIMEOUT[0] if rc is None else "exit code %d" % rc


class Tool:
    def __init__(self, name, argv_for, ok_codes, label):
        self.name = name
        self.argv_for = argv_for  # file(s) -> argv
        self.ok_codes = ok_codes
        self.label = label


def make_tools(args, cc_help):
    t = {}
    t["syntax"] = Tool("syntax", lambda f: [args.clang, "-fsyntax-only"] + COMMON_FLAGS + [f],
                       (0,), "clang++ -fsyntax-only")
    if args.clang_tidy:
        t["tidy"] = Tool("tidy", lambda f: [args.clang_tidy, "--checks=" + TIDY_CHECK, "--quiet", f,
                                            "--"] + COMMON_FLAGS, (0,), "clang-tidy (1 check)")
    t["commcheck"] = Tool("commcheck", lambda f: [args.commcheck, "--quiet", f], (0, 1),
                          "commcheck")
    # Phases: parse + kernel discovery + event graphs + comm-unanalysable (which cannot be
    # disabled), and parse + event graphs + printing them.
    t["cc-nochecks"] = Tool("cc-nochecks", lambda f: [args.commcheck, "--quiet", "--checks=-*", f],
                            (0, 1), "commcheck --checks=-*")
    t["cc-dump"] = Tool("cc-dump", lambda f: [args.commcheck, "--quiet", "--dump-events", f],
                        (0, 1), "commcheck --dump-events")
    return t


# --------------------------------------------------------------------------------------------
# Inputs


class KernelPool:
    """Every (collective, variant, ranks) kernel commgen makes, generated once under a template
    name; copies get unique names. All share one preamble (checked)."""

    def __init__(self, commgen, workdir):
        self.preamble = None
        self.bodies = []  # (key, text with TEMPLATE_NAME)
        self.full = {}  # key -> full file text
        tmp = os.path.join(workdir, "pool")
        os.makedirs(tmp, exist_ok=True)
        for r in RANKS:
            for c in COLLECTIVES:
                for v in VARIANTS:
                    out = os.path.join(tmp, "k.cpp")
                    cmd = [commgen, c, "--ranks", str(r), "--variant", v, "--name", TEMPLATE_NAME,
                           "-o", out]
                    res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                         text=True)
                    if res.returncode != 0:
                        die("commgen failed: %s\n%s" % (" ".join(cmd), res.stderr))
                    with open(out) as f:
                        text = f.read()
                    key = "%s-%s-p%d" % (c, v, r)
                    self.full[key] = text
                    lines = text.splitlines(keepends=True)
                    cut = next((i for i, l in enumerate(lines) if l.startswith('extern "C"')), None)
                    if cut is None:
                        die("commgen output has no extern \"C\" kernel: " + key)
                    # The first two lines are the per-kernel header comment.
                    pre = "".join(lines[2:cut])
                    if self.preamble is None:
                        self.preamble = pre
                    elif pre != self.preamble:
                        die("commgen kernels no longer share one preamble (%s): the ladder "
                            "generator must learn to merge them" % key)
                    body = "".join(lines[:2]) + "".join(lines[cut:])
                    self.bodies.append((key, body))

    def concat(self, target_lines, salt=""):
        """One TU of at least target_lines lines (0: a single kernel), kernels cycling through
        collectives, variants and rank counts."""
        out = [self.preamble]
        n = self.preamble.count("\n")
        i = 0
        while True:
            key, body = self.bodies[i % len(self.bodies)]
            name = "k%s%d_%s" % (salt, i, key.replace("-", "_"))
            out.append("\n" + body.replace(TEMPLATE_NAME, name))
            n += body.count("\n") + 1
            i += 1
            if n >= target_lines:
                break
        return "".join(out), i


def build_ladder(pool, sizes, workdir, sub="ladder"):
    d = os.path.join(workdir, sub)
    os.makedirs(d, exist_ok=True)
    inputs = []
    for s in sizes:
        text, kernels = pool.concat(s)
        p = os.path.join(d, "ladder-%05d.cpp" % s)
        with open(p, "w") as f:
            f.write(text)
        inputs.append({"name": "ladder-%d" % s, "path": p, "lines": count_lines(p),
                       "kernels": kernels, "bytes": os.path.getsize(p)})
    return inputs


def build_mixed(pool, args, cfg, workdir):
    fixtures = []
    for dp, _, fs in os.walk(os.path.join(ROOT, "fixtures")):
        # fixtures/fuzz holds inputs that crash or hang clang itself (clang-tidy spins on the
        # typo-correction ones for minutes): robustness inputs, not realistic kernels.
        if os.path.relpath(dp, os.path.join(ROOT, "fixtures")).split(os.sep)[0] == "fuzz":
            continue
        for f in sorted(fs):
            if f.endswith(".cpp"):
                fixtures.append(os.path.join(dp, f))
    fixtures.sort()
    rng = random.Random(1)
    if cfg["mixed_fixtures"] is not None and cfg["mixed_fixtures"] < len(fixtures):
        fixtures = sorted(rng.sample(fixtures, cfg["mixed_fixtures"]))
    d = os.path.join(workdir, "generated")
    os.makedirs(d, exist_ok=True)
    keys = sorted(pool.full)
    if cfg["mixed_generated"] is not None and cfg["mixed_generated"] < len(keys):
        keys = sorted(rng.sample(keys, cfg["mixed_generated"]))
    gen = []
    for k in keys:
        p = os.path.join(d, k + ".cpp")
        with open(p, "w") as f:
            f.write(pool.full[k].replace(TEMPLATE_NAME, k.replace("-", "_")))
        gen.append(p)
    inputs = []
    for p in fixtures:
        inputs.append({"name": os.path.relpath(p, ROOT), "path": p, "lines": count_lines(p),
                       "kind": "fixture"})
    for p in gen:
        inputs.append({"name": "gen/" + os.path.basename(p), "path": p, "lines": count_lines(p),
                       "kind": "generated"})
    return inputs


# --------------------------------------------------------------------------------------------
# Measurement loops


def measure(inputs, tools, runs, rng, what):
    """rounds x inputs x shuffled tools; round 0 is a discarded warm-up."""
    samples = {(i["name"], t.name): [] for i in inputs for t in tools}
    failures = []
    total = runs + 1
    for r in range(total):
        t0 = time.perf_counter()
        for inp in inputs:
            order = list(tools)
            rng.shuffle(order)
            for t in order:
                m = run_measured(t.argv_for(inp["path"]))
                if m["rc"] not in t.ok_codes:
                    failures.append("%s on %s: %s (%s)" % (
                        t.label, inp["name"], rc_text(m["rc"]), " ".join(t.argv_for(inp["path"]))))
                if r > 0:
                    samples[(inp["name"], t.name)].append(m)
        log("  %s: round %d/%d (%s) %.1f s" % (what, r, runs, "warm-up" if r == 0 else "measured",
                                               time.perf_counter() - t0))
    return samples, sorted(set(failures))


def summarise(samples):
    out = {}
    for key, ms in samples.items():
        out[key] = {
            "wall_median": median([m["wall"] for m in ms]),
            "wall_min": min(m["wall"] for m in ms) if ms else float("nan"),
            "cpu_median": median([m["cpu"] for m in ms]),
            "rss_kb_median": median([m["rss_kb"] for m in ms]),
            "rss_kb_max": max(m["rss_kb"] for m in ms) if ms else 0,
            "wall": [round(m["wall"], 5) for m in ms],
            "cpu": [round(m["cpu"], 5) for m in ms],
            "rss_kb": [m["rss_kb"] for m in ms],
            "runs": len(ms),
        }
    return out


def paired_ratio(samples, inp, num, den, field):
    """Median over rounds of num/den in the same round (the tools ran back to back)."""
    a = samples.get((inp, num), [])
    b = samples.get((inp, den), [])
    rs = [x[field] / y[field] for x, y in zip(a, b) if y[field] > 0]
    return median(rs)


# --------------------------------------------------------------------------------------------
# Sections


def section_ladder(ladder, tools, args, rng):
    names = ["syntax", "commcheck"] + (["tidy"] if "tidy" in tools else [])
    if args.phases:
        names += ["cc-nochecks", "cc-dump"]
    ts = [tools[n] for n in names]
    samples, failures = measure(ladder, ts, args.runs, rng, "ladder")
    summ = summarise(samples)
    rows = []
    for inp in ladder:
        n = inp["name"]
        s = summ[(n, "syntax")]
        c = summ[(n, "commcheck")]
        row = dict(inp)
        row["tools"] = {t: summ[(n, t)] for t in names}
        row["ratio_wall"] = c["wall_median"] / s["wall_median"]
        row["ratio_cpu"] = c["cpu_median"] / s["cpu_median"]
        row["ratio_wall_paired"] = paired_ratio(samples, n, "commcheck", "syntax", "wall")
        row["ratio_cpu_paired"] = paired_ratio(samples, n, "commcheck", "syntax", "cpu")
        row["ratio_rss"] = c["rss_kb_median"] / s["rss_kb_median"]
        if "tidy" in names:
            row["tidy_ratio_wall"] = summ[(n, "tidy")]["wall_median"] / s["wall_median"]
            row["cc_vs_tidy_wall"] = c["wall_median"] / summ[(n, "tidy")]["wall_median"]
        rows.append(row)
    fits = {}
    xs = [r["lines"] for r in rows]
    for t in names:
        for field in ("wall", "cpu"):
            ys = [r["tools"][t][field + "_median"] * 1000 for r in rows]
            a, b, r2 = linfit(xs, ys)
            big = [(x, y) for x, y in zip(xs, ys) if x >= TARGETS["overhead_min_lines"]]
            if len(big) >= 2:
                _, expo, _ = linfit([math.log(x) for x, _ in big], [math.log(y) for _, y in big])
            else:
                expo = float("nan")
            fits["%s.%s" % (t, field)] = {
                "intercept_ms": a, "slope_ms_per_kline": b * 1000, "r2": r2,
                "loglog_exponent_ge2k": expo,
                "ms_per_kline": [y / x * 1000 for x, y in zip(xs, ys)],
            }
    return {"rows": rows, "fits": fits, "failures": failures, "tools": names}


def section_mixed(mixed, tools, args, rng):
    names = ["syntax", "commcheck"] + (["tidy"] if "tidy" in tools else [])
    ts = [tools[n] for n in names]
    samples, failures = measure(mixed, ts, args.mixed_runs, rng, "mixed")
    summ = summarise(samples)
    rows = []
    for inp in mixed:
        n = inp["name"]
        row = dict(inp)
        row["tools"] = {t: {k: v for k, v in summ[(n, t)].items()
                            if k in ("wall_median", "cpu_median", "rss_kb_median")}
                        for t in names}
        s, c = summ[(n, "syntax")], summ[(n, "commcheck")]
        row["ratio_wall"] = c["wall_median"] / s["wall_median"]
        row["ratio_cpu"] = c["cpu_median"] / s["cpu_median"]
        row["ratio_rss"] = c["rss_kb_median"] / s["rss_kb_median"]
        if "tidy" in names:
            row["tidy_ratio_wall"] = summ[(n, "tidy")]["wall_median"] / s["wall_median"]
        rows.append(row)
    agg = {}
    for kind in ("fixture", "generated", "all"):
        rs = [r for r in rows if kind == "all" or r["kind"] == kind]
        if not rs:
            continue
        a = {"files": len(rs), "lines": sum(r["lines"] for r in rs)}
        for t in names:
            a[t + "_wall_sum"] = sum(r["tools"][t]["wall_median"] for r in rs)
            a[t + "_cpu_sum"] = sum(r["tools"][t]["cpu_median"] for r in rs)
            a[t + "_rss_kb_max"] = max(r["tools"][t]["rss_kb_median"] for r in rs)
        a["ratio_wall_of_sums"] = a["commcheck_wall_sum"] / a["syntax_wall_sum"]
        a["ratio_cpu_of_sums"] = a["commcheck_cpu_sum"] / a["syntax_cpu_sum"]
        a["ratio_wall_median"] = median([r["ratio_wall"] for r in rs])
        a["ratio_wall_max"] = max(r["ratio_wall"] for r in rs)
        a["ratio_rss_max"] = max(r["ratio_rss"] for r in rs)
        if "tidy" in names:
            a["tidy_ratio_wall_of_sums"] = a["tidy_wall_sum"] / a["syntax_wall_sum"]
        agg[kind] = a
    return {"rows": rows, "aggregate": agg, "failures": failures, "tools": names}


def section_jobs(pool, args, cfg, workdir, rng):
    d = os.path.join(workdir, "jobs")
    os.makedirs(d, exist_ok=True)
    files = []
    for i in range(cfg["jobs_files"]):
        text, _ = pool.concat(cfg["jobs_lines"], salt="f%d_" % i)
        p = os.path.join(d, "jobs-%02d.cpp" % i)
        with open(p, "w") as f:
            f.write(text)
        files.append(p)
    lines = sum(count_lines(p) for p in files)
    cfgs = {"j1": [args.commcheck, "--quiet", "-j", "1"] + files,
            "j2": [args.commcheck, "--quiet", "-j", "2"] + files}
    samples = {k: [] for k in cfgs}
    failures = []
    for r in range(args.runs + 1):
        order = list(cfgs)
        rng.shuffle(order)
        for k in order:
            m = run_measured(cfgs[k])
            if m["rc"] not in (0, 1):
                failures.append("commcheck -%s on the jobs set: %s" % (k, rc_text(m["rc"])))
            if r > 0:
                samples[k].append(m)
    log("  jobs: done")
    res = {"files": len(files), "lines_total": lines, "failures": sorted(set(failures))}
    for k, ms in samples.items():
        res[k] = {"wall_median": median([m["wall"] for m in ms]),
                  "cpu_median": median([m["cpu"] for m in ms]),
                  "rss_kb_median": median([m["rss_kb"] for m in ms]),
                  "wall": [round(m["wall"], 5) for m in ms]}
    res["speedup"] = res["j1"]["wall_median"] / res["j2"]["wall_median"]
    for k in cfgs:  # CPU seconds per wall second: above 1 means the threads did run at once
        res[k]["parallelism"] = res[k]["cpu_median"] / res[k]["wall_median"]
    res["rss_ratio"] = res["j2"]["rss_kb_median"] / res["j1"]["rss_kb_median"]
    res["files_list"] = files
    return res


def section_cache(largest, jobs_files, args, cfg, workdir):
    base = os.path.join(workdir, "cache")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base)
    res = {}
    sets = {"largest": [largest["path"]]}
    if jobs_files:
        sets["jobs-set"] = jobs_files
    failures = []
    for label, files in sets.items():
        warm_dir = os.path.join(base, label + "-warm")
        r = {"files": len(files)}
        none, cold, warm = [], [], []
        prime = run_measured([args.commcheck, "--quiet", "--cache-dir", warm_dir] + files)
        if prime["rc"] not in (0, 1):
            failures.append("commcheck --cache-dir on %s: %s" % (label, rc_text(prime["rc"])))
        for i in range(cfg["cache_runs"]):
            none.append(run_measured([args.commcheck, "--quiet"] + files))
            cold_dir = os.path.join(base, "%s-cold-%d" % (label, i))
            cold.append(run_measured([args.commcheck, "--quiet", "--cache-dir", cold_dir] + files))
            warm.append(run_measured([args.commcheck, "--quiet", "--cache-dir", warm_dir] + files))
            shutil.rmtree(cold_dir, ignore_errors=True)
            for k, m in (("no cache", none[-1]), ("cold", cold[-1]), ("warm", warm[-1])):
                if m["rc"] not in (0, 1):
                    failures.append("commcheck (%s) on %s: %s" % (k, label, rc_text(m["rc"])))
        # The cache's own report, to be sure the warm runs hit.
        stats = os.path.join(base, "stats.txt")
        run_measured([args.commcheck, "--cache-dir", warm_dir] + files, stderr_path=stats)
        with open(stats, errors="replace") as f:
            m = re.search(r"cache: (\d+) hits, (\d+) misses", f.read())
        r["warm_hits"] = int(m.group(1)) if m else None
        r["warm_misses"] = int(m.group(2)) if m else None
        for k, ms in (("no_cache", none), ("cold", cold), ("warm", warm)):
            r[k] = {"wall_median": median([x["wall"] for x in ms]),
                    "cpu_median": median([x["cpu"] for x in ms]),
                    "rss_kb_median": median([x["rss_kb"] for x in ms])}
        r["warm_speedup"] = r["no_cache"]["wall_median"] / r["warm"]["wall_median"]
        r["cold_overhead"] = r["cold"]["wall_median"] / r["no_cache"]["wall_median"] - 1
        res[label] = r
    shutil.rmtree(base, ignore_errors=True)
    log("  cache: done")
    res["failures"] = failures
    return res


def section_fixits(pool, args, cfg, workdir, rng):
    """--format=json (like sarif) verifies every fix-it by re-checking the fixed file: a full
    re-parse per fix-it. Text output (the default) does not."""
    inputs = build_ladder(pool, cfg["fixit_sizes"], workdir, sub="fixits")
    tools = [Tool("commcheck", lambda f: [args.commcheck, "--quiet", f], (0, 1), "commcheck"),
             Tool("cc-json", lambda f: [args.commcheck, "--quiet", "--format=json", f], (0, 1),
                  "commcheck --format=json")]
    samples, failures = measure(inputs, tools, cfg["fixit_runs"], rng, "fixits")
    summ = summarise(samples)
    rows = []
    for inp in inputs:
        out = os.path.join(workdir, "fixits.json")
        run_measured([args.commcheck, "--quiet", "--format=json", "--output", out, inp["path"]])
        fixes = findings = 0
        try:
            with open(out) as f:
                rep = json.load(f)
            for fr in rep.get("files", []):
                for fd in fr.get("findings", []):
                    findings += 1
                    fixes += 1 if fd.get("fixes") else 0
        except (OSError, ValueError):
            pass
        t = summ[(inp["name"], "commcheck")]
        j = summ[(inp["name"], "cc-json")]
        rows.append({"name": inp["name"], "lines": inp["lines"], "findings": findings,
                     "fixits": fixes, "text_wall": t["wall_median"], "json_wall": j["wall_median"],
                     "text_cpu": t["cpu_median"], "json_cpu": j["cpu_median"],
                     "json_rss_kb": j["rss_kb_median"],
                     "ratio": j["wall_median"] / t["wall_median"]})
    big = [r for r in rows if r["lines"] >= 1000]
    expo = float("nan")
    if len(big) >= 2:
        _, expo, _ = linfit([math.log(r["lines"]) for r in big],
                            [math.log(r["json_cpu"]) for r in big])
    return {"rows": rows, "json_loglog_exponent_ge1k": expo, "failures": failures,
            "runs": cfg["fixit_runs"]}


# Inclusive instruction counts of these functions (callgrind_annotate names) explain where
# commcheck's instructions beyond the parse go.
CALLGRIND_PHASES = [
    ("clang::ParseAST", r"clang::ParseAST\("),
    ("commcheck::Frontend::parseText", r"commcheck::Frontend::parseText\("),
    ("commcheck::stripKernelLaunches", r"commcheck::stripKernelLaunches\("),
    ("commcheck::Checker::check", r"commcheck::Checker::check\("),
    ("commcheck::findRootFunctions", r"commcheck::findRootFunctions\("),
    ("commcheck::EventGraphBuilder::build", r"commcheck::EventGraphBuilder::build\("),
    ("clang::CFG::buildCFG", r"clang::CFG::buildCFG\("),
    ("clang::ParentMap::ParentMap", r"clang::ParentMap::ParentMap\("),
    ("commcheck::FunctionFacts::FunctionFacts", r"commcheck::FunctionFacts::FunctionFacts\("),
    ("EventGraphBuilder::FunctionBuild::collectLoops",
     r"FunctionBuild::collectLoops\(clang::Stmt const\*\) \["),
    ("commcheck::ExprKeyer::keyImpl (outermost)", r"commcheck::ExprKeyer::keyImpl\S*\([^)]*\) const \["),
    ("commcheck::Suppressions::parse", r"commcheck::Suppressions::parse\("),
    ("commcheck::Driver::environmentFor", r"commcheck::Driver::environmentFor\("),
    ("rules: *::check(AnalysisContext&)", r"commcheck::\w+::check\(commcheck::AnalysisContext&\)"),
]


def section_instructions(inp, tools, args, workdir):
    """Instruction counts under callgrind: deterministic, and immune to a busy machine."""
    if not shutil.which("valgrind"):
        log("  instructions: valgrind not found; skipped")
        return None
    res = {"input": inp["name"], "lines": inp["lines"], "tools": {}}
    for name in ("syntax", "commcheck"):
        out = os.path.join(workdir, "callgrind.%s.out" % name)
        log_path = os.path.join(workdir, "callgrind.%s.log" % name)
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + \
            tools[name].argv_for(inp["path"])
        run_measured(cmd, stderr_path=log_path)
        with open(log_path, errors="replace") as f:
            m = re.search(r"Collected : (\d+)", f.read())
        res["tools"][name] = int(m.group(1)) if m else None
        if name == "commcheck" and shutil.which("callgrind_annotate"):
            ann = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                 errors="replace").stdout
            phases = {}
            for label, pat in CALLGRIND_PHASES:
                rx = re.compile(pat)
                total = 0
                for line in ann.splitlines():
                    m = re.match(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$", line)
                    if m and rx.search(m.group(2)) and "'2" not in m.group(2):
                        total += int(m.group(1).replace(",", ""))
                        if not label.startswith("rules"):
                            break
                phases[label] = total
            res["commcheck_phases"] = phases
    s, c = res["tools"].get("syntax"), res["tools"].get("commcheck")
    res["ratio"] = c / s if s and c else None
    log("  instructions: done")
    return res


PROFILE_LINE = re.compile(r"^\s*([0-9.]+) s\s+([0-9.]+)%\s+(.*?)\s*$")


def section_pch(ladder, pool, tools, args, rng, workdir):
    """What a precompiled preamble would save: the kernels' shared preamble (headers, macros) built
    once into a PCH with clang++, then -fsyntax-only with -include-pch against the plain floor and
    commcheck. commcheck itself does not use a PCH yet: this measures the lever, not a feature."""
    d = os.path.join(workdir, "pch")
    os.makedirs(d, exist_ok=True)
    header = os.path.join(d, "preamble.h")
    # The preamble as clang defines it: the leading preprocessor directives, comments and blank
    # lines, up to the first line of code.
    lines = []
    for line in pool.preamble.splitlines(True):
        t = line.strip()
        if t and not t.startswith("#") and not t.startswith("//"):
            break
        lines.append(line)
    with open(header, "w") as f:
        f.write("".join(lines))
    pch = header + ".pch"
    predefs = os.path.join(SHIM, "commcheck_predefs.h")
    # The PCH holds commcheck_predefs.h already; it is built as a header, not as -xc++.
    no_include = [f for i, f in enumerate(COMMON_FLAGS)
                  if f != predefs and not (f == "-include" and COMMON_FLAGS[i + 1] == predefs)]
    build = run_measured([args.clang, "-x", "c++-header"] +
                         [f for f in no_include if f != "-xc++"] +
                         ["-include", predefs, header, "-o", pch])
    if build["rc"] != 0:
        return {"failures": ["building the PCH failed: " + rc_text(build["rc"])], "rows": []}
    pch_tool = Tool("syntax-pch", lambda f: [args.clang, "-fsyntax-only"] + no_include +
                    ["-include-pch", pch, f], (0,), "clang++ -fsyntax-only -include-pch")
    inputs = [i for i in ladder if i["lines"] <= 20000]
    ts = [tools["syntax"], pch_tool, tools["commcheck"]]
    samples, failures = measure(inputs, ts, args.runs, rng, "pch")
    summ = summarise(samples)
    rows = []
    for inp in inputs:
        n = inp["name"]
        s, w, c = (summ[(n, t)] for t in ("syntax", "syntax-pch", "commcheck"))
        rows.append({"name": n, "lines": inp["lines"], "syntax": s["wall_median"],
                     "syntax_pch": w["wall_median"], "commcheck": c["wall_median"],
                     "pch_vs_syntax": w["wall_median"] / s["wall_median"],
                     "saved_ms": (s["wall_median"] - w["wall_median"]) * 1000})
    return {"build_s": build["wall"], "pch_bytes": os.path.getsize(pch), "rows": rows,
            "failures": failures}


def section_profile(largest, args, workdir):
    per = {}
    runs = max(3, min(args.runs, 5))
    errp = os.path.join(workdir, "profile.txt")
    failures = []
    for _ in range(runs):
        m = run_measured([args.commcheck, "--quiet", "--enable-check-profile", largest["path"]],
                         stderr_path=errp)
        if m["rc"] not in (0, 1):
            failures.append("commcheck --enable-check-profile on %s: %s" % (largest["name"],
                                                                         rc_text(m["rc"])))
        with open(errp, errors="replace") as f:
            for line in f:
                m = PROFILE_LINE.match(line)
                if m:
                    per.setdefault(m.group(3), []).append(float(m.group(1)))
                    continue
                m = re.match(r"^\s*([0-9.]+) s\s+total over", line)
                if m:
                    per.setdefault("total", []).append(float(m.group(1)))
    log("  profile: done")
    return {"input": largest["name"], "lines": largest["lines"], "runs": runs,
            "seconds_median": {k: median(v) for k, v in per.items()},
            "failures": sorted(set(failures))}


# --------------------------------------------------------------------------------------------
# Report


def fmt_ms(s):
    return "%8.1f" % (s * 1000)


def real_inputs(args):
    """The public comm kernels (fixtures/corpus/public_kernels.txt) with the -I/-D of their own
    builds and the --cce-aicore-arch a build pins (fixtures/corpus/measure_real.py); for each, commcheck's command and clang++
    -fsyntax-only with exactly the arguments commcheck's first configuration parses with (from
    --print-compile-command), run in the file's folder."""
    corpus_dir = os.path.join(ROOT, "fixtures", "corpus")
    sys.path.insert(0, corpus_dir)
    from measure_real import build_arch, real_flags
    inputs = []
    paths = []
    for line in open(os.path.join(corpus_dir, "public_kernels.txt")):
        rel = line.strip()
        if rel and not rel.endswith(".cpp.in"):
            paths.append((rel, os.path.join(args.corpus, rel)))
    # pypto's templates reach the device compiler filled (fixtures/corpus/fill_pypto.py), built
    # like simpler's kernels (check_real.py does the same).
    if args.pypto_filled and os.path.isdir(args.pypto_filled):
        paths += [("pypto-filled/" + f, os.path.join(args.pypto_filled, f))
                  for f in sorted(os.listdir(args.pypto_filled))]
    for rel, path in paths:
        if not os.path.exists(path):
            continue
        flags = real_flags(path if path.startswith(args.corpus) else
                           os.path.join(args.corpus, "simpler", "x.cpp"), args.corpus)
        flags += build_arch(path, args.corpus)  # the architecture its build pins, if any
        cwd = os.path.dirname(path)
        shown = subprocess.run([args.commcheck, "--print-compile-command", path, "--"] + flags,
                               capture_output=True, text=True, cwd=cwd).stdout.splitlines()
        heads = [i for i, l in enumerate(shown) if l.startswith("# ")]
        if not heads or heads[0] + 1 >= len(shown):
            continue
        words = shlex.split(shown[heads[0] + 1])[:-1]  # the file name last
        floor = floor_of(args, path, flags, words, cwd)
        inputs.append({"name": rel, "path": path, "cwd": cwd,
                       "floor": os.path.relpath(floor, args.corpus) if floor != path else None,
                       "commcheck": [args.commcheck, "--quiet", path, "--"] + flags,
                       "syntax": [args.clang, "-fsyntax-only"] + words + [floor]})
    return inputs


def floor_of(args, path, flags, words, cwd):
    """What -fsyntax-only parses as the floor of a file: the file itself, or, for a header that
    does not parse alone (clang stops at its first error, so the 'parse' would cost next to
    nothing), the source file commcheck checks it in (its -v names the including translation
    unit): commcheck cannot check the header without parsing that file, and neither could a
    compiler."""
    alone = subprocess.run([args.clang, "-fsyntax-only"] + words + [path], capture_output=True,
                           cwd=cwd)
    if alone.returncode == 0:
        return path
    said = subprocess.run([args.commcheck, "-v", "--quiet", path, "--"] + flags,
                          capture_output=True, text=True, cwd=cwd).stderr
    m = re.search(r"checked in the translation unit of (\S+) \(", said)
    return m.group(1) if m else path


def parses_of(inp):
    """The parses commcheck makes of a file, from its -v notes: [whole, partial] (a configuration
    parsed and checked; one parsed only up to the kernel's first test of the architecture, which
    the architecture variants then replace). -fsyntax-only parses one configuration: a file the
    device compiles differently per architecture or core is parsed once for each."""
    cmd = list(inp["commcheck"])
    cmd[cmd.index("--quiet")] = "-v"
    notes = subprocess.run(cmd, capture_output=True, text=True, cwd=inp["cwd"]).stderr
    return [notes.count(": parsed and checked"), notes.count(": parsed up to the kernel's first test")]


def section_real(args, rng):
    """Each public kernel against -fsyntax-only with the same arguments, interleaved (the order of
    the two shuffled per round, round 0 a discarded warm-up): per-file ratio, the worst, the ratio
    of sums."""
    if not os.path.isdir(args.corpus):
        log("  real: no corpus at %s; skipped" % args.corpus)
        return None
    inputs = real_inputs(args)
    for inp in inputs:  # (not timed) how many configurations commcheck parses for the file
        inp["parses"] = parses_of(inp)
    samples = {(i["name"], t): [] for i in inputs for t in ("commcheck", "syntax")}
    failures, syntax_errors = [], set()
    for r in range(args.real_runs + 1):
        t0 = time.perf_counter()
        for inp in inputs:
            order = ["commcheck", "syntax"]
            rng.shuffle(order)
            for t in order:
                m = run_measured(inp[t], cwd=inp["cwd"])
                if t == "commcheck" and m["rc"] not in (0, 1):
                    failures.append("commcheck on %s: %s" % (inp["name"], rc_text(m["rc"])))
                if t == "syntax" and m["rc"] != 0:
                    syntax_errors.add(inp["name"])
                if r > 0:
                    samples[(inp["name"], t)].append(m)
        log("  real: round %d/%d (%s) %.1f s" % (r, args.real_runs,
                                                 "warm-up" if r == 0 else "measured",
                                                 time.perf_counter() - t0))
    summ = summarise(samples)
    rows = []
    for inp in inputs:
        c, s_ = summ[(inp["name"], "commcheck")], summ[(inp["name"], "syntax")]
        rows.append({"name": inp["name"], "commcheck_wall": c["wall_median"],
                     "syntax_wall": s_["wall_median"], "commcheck_cpu": c["cpu_median"],
                     "syntax_cpu": s_["cpu_median"],
                     "ratio_wall": c["wall_median"] / s_["wall_median"],
                     "ratio_cpu": c["cpu_median"] / max(s_["cpu_median"], 1e-6),
                     "syntax_ok": inp["name"] not in syntax_errors,
                     "floor": inp["floor"], "parses": inp["parses"]})
    rows.sort(key=lambda r: -r["ratio_wall"])
    out = {"rows": rows, "files": len(rows), "runs": args.real_runs,
           "failures": sorted(set(failures))}
    if rows:
        out["worst"] = {"name": rows[0]["name"], "ratio_wall": rows[0]["ratio_wall"]}
        out["ratio_wall_of_sums"] = (sum(r["commcheck_wall"] for r in rows) /
                                     sum(r["syntax_wall"] for r in rows))
        out["ratio_cpu_of_sums"] = (sum(r["commcheck_cpu"] for r in rows) /
                                    sum(r["syntax_cpu"] for r in rows))
        out["ratio_wall_median"] = median([r["ratio_wall"] for r in rows])
    return out


def print_real(p, real):
    p("\n== public comm kernels, each against clang++ -fsyntax-only with the same arguments "
      "(medians of %d runs, wall ms) ==" % real["runs"])
    p("%-90s %9s %9s %7s %7s %6s" % ("file", "commcheck", "syntax", "ratio", "cpu", "parses"))
    for r in real["rows"]:
        parses = r.get("parses") or [1, 0]
        p("%-90s %9s %9s %7.2f %7.2f %6s%s" % (r["name"][-90:], fmt_ms(r["commcheck_wall"]),
                                          fmt_ms(r["syntax_wall"]), r["ratio_wall"],
                                          r["ratio_cpu"],
                                          "%d%s" % (parses[0], "+%d" % parses[1] if parses[1] else ""),
                                          ("" if r["syntax_ok"] else "  (clang reports errors)") +
                                          ("  (floor: its includer %s)" % r["floor"]
                                           if r.get("floor") else "")))
    if real["rows"]:
        p("  %d files; worst %.2fx (%s); ratio of sums %.2fx wall, %.2fx CPU; median %.2fx" % (
            real["files"], real["worst"]["ratio_wall"], real["worst"]["name"],
            real["ratio_wall_of_sums"], real["ratio_cpu_of_sums"], real["ratio_wall_median"]))
        several = [r for r in real["rows"] if sum(r.get("parses") or [1, 0]) > 1]
        p("  parses: the configurations commcheck parsed (+ one parsed only up to the kernel's "
          "first test of the architecture); -fsyntax-only parses one. %d files are parsed more "
          "than once" % len(several))


def print_report(res):
    p = print
    m = res["machine"]
    p("\nmachine: %s, nproc %s, %s GiB; %s; %s (sha256 %s)" % (
        m["cpu"], m["nproc"], m["mem_gib"], m["clang"], m["commcheck"], m["commcheck_sha256"]))
    p("load average (1 min) at start %.2f, at end %.2f" % (m["loadavg_start"][0],
                                                            m["loadavg_end"][0]))
    if m.get("busy_warning"):
        p("WARNING: the machine was busy (load average above nproc/2): wall times are inflated and "
          "noisy; trust the CPU columns and the paired ratios more")
    if res.get("real"):
        print_real(p, res["real"])
    if res.get("shapes"):
        from shapes import print_shapes
        print_shapes(p, res["shapes"])
    lad = res.get("ladder")
    if lad:
        tools = lad["tools"]
        p("\n== size ladder (medians of %d runs; wall ms; ratio = commcheck / -fsyntax-only) ==" %
          res["runs"])
        hdr = "%-14s %7s %4s" % ("input", "lines", "kern")
        for t in tools:
            hdr += " %11s" % t
        hdr += " %7s %7s %7s %7s %8s %8s" % ("ratio", "paired", "cpu", "rss", "rss MiB",
                                              "tidy/syn")
        p(hdr)
        for r in lad["rows"]:
            line = "%-14s %7d %4d" % (r["name"], r["lines"], r["kernels"])
            for t in tools:
                line += " %11s" % fmt_ms(r["tools"][t]["wall_median"])
            line += " %7.3f %7.3f %7.3f %7.3f %8.1f %8s" % (
                r["ratio_wall"], r["ratio_wall_paired"], r["ratio_cpu"], r["ratio_rss"],
                r["tools"]["commcheck"]["rss_kb_median"] / 1024,
                "%.3f" % r["tidy_ratio_wall"] if "tidy_ratio_wall" in r else "-")
            p(line)
        p("\n  CPU time (user + sys), ms, medians:")
        hdr = "  %-12s %7s" % ("input", "lines")
        for t in tools:
            hdr += " %11s" % t
        p(hdr)
        for r in lad["rows"]:
            line = "  %-12s %7d" % (r["name"], r["lines"])
            for t in tools:
                line += " %11s" % fmt_ms(r["tools"][t]["cpu_median"])
            p(line)
        p("\n  linear fit of median time against lines (all ladder inputs):")
        p("  %-22s %14s %12s %8s %16s" % ("tool", "slope ms/kline", "intercept ms", "R^2",
                                          "exponent >=2k"))
        for k, f in lad["fits"].items():
            p("  %-22s %14.2f %12.1f %8.5f %16.3f" % (k, f["slope_ms_per_kline"],
                                                      f["intercept_ms"], f["r2"],
                                                      f["loglog_exponent_ge2k"]))
    mix = res.get("mixed")
    if mix:
        p("\n== mixed realistic kernels (medians of %d runs) ==" % res["mixed_runs"])
        p("  %-10s %5s %7s %10s %10s %10s %9s %9s %9s %9s" % (
            "set", "files", "lines", "syntax s", "commcheck", "tidy s", "sum-ratio", "med-ratio",
            "max-ratio", "rss-max"))
        for k, a in mix["aggregate"].items():
            p("  %-10s %5d %7d %10.3f %10.3f %10s %9.3f %9.3f %9.3f %9.3f" % (
                k, a["files"], a["lines"], a["syntax_wall_sum"], a["commcheck_wall_sum"],
                "%.3f" % a["tidy_wall_sum"] if "tidy_wall_sum" in a else "-",
                a["ratio_wall_of_sums"], a["ratio_wall_median"], a["ratio_wall_max"],
                a["ratio_rss_max"]))
    j = res.get("jobs")
    if j:
        p("\n== -j on %d files (%d lines), medians of %d runs ==" % (j["files"], j["lines_total"],
                                                                     res["runs"]))
        p("  -j 1: %.3f s (cpu %.3f s, %0.1f MiB)   -j 2: %.3f s (cpu %.3f s, %.1f MiB)   "
          "speedup %.2fx, memory %.2fx; cpu/wall %.2f vs %.2f" % (
              j["j1"]["wall_median"], j["j1"]["cpu_median"], j["j1"]["rss_kb_median"] / 1024,
              j["j2"]["wall_median"], j["j2"]["cpu_median"], j["j2"]["rss_kb_median"] / 1024,
              j["speedup"], j["rss_ratio"], j["j1"]["parallelism"], j["j2"]["parallelism"]))
    c = res.get("cache")
    if c:
        p("\n== result cache (--cache-dir) ==")
        for k, r in c.items():
            if not isinstance(r, dict):
                continue
            p("  %-9s %2d file(s): no cache %.3f s, cold %.3f s (%+.1f%%), warm %.3f s "
              "(%.1fx faster; %s hits, %s misses)" % (
                  k, r["files"], r["no_cache"]["wall_median"], r["cold"]["wall_median"],
                  100 * r["cold_overhead"], r["warm"]["wall_median"], r["warm_speedup"],
                  r["warm_hits"], r["warm_misses"]))
    pr = res.get("profile")
    if pr:
        p("\n== --enable-check-profile on %s (%d lines), medians of %d runs ==" % (
            pr["input"], pr["lines"], pr["runs"]))
        tot = pr["seconds_median"].get("total", 0)
        for k, v in sorted(pr["seconds_median"].items(), key=lambda kv: -kv[1]):
            if k != "total":
                p("  %10.4f s  %5.1f%%  %s" % (v, 100 * v / tot if tot else 0, k))
        p("  %10.4f s          total" % tot)
    ins = res.get("instructions")
    if ins:
        p("\n== instructions (callgrind, load-independent) on %s (%d lines) ==" % (ins["input"],
                                                                                ins["lines"]))
        s, c = ins["tools"]["syntax"], ins["tools"]["commcheck"]
        p("  clang++ -fsyntax-only %.1f M, commcheck %.1f M: ratio %.3f" % (s / 1e6, c / 1e6,
                                                                           ins["ratio"]))
        for k, v in ins.get("commcheck_phases", {}).items():
            p("  %10.1f M  %5.1f%% of -fsyntax-only   %s" % (v / 1e6, 100.0 * v / s, k))
    fx = res.get("fixits")
    if fx:
        p("\n== fix-it verification: --format=json against text (medians of %d runs) ==" %
          fx["runs"])
        p("  %-14s %7s %8s %7s %10s %10s %7s" % ("input", "lines", "findings", "fixits", "text s",
                                                 "json s", "ratio"))
        for r in fx["rows"]:
            p("  %-14s %7d %8d %7d %10.3f %10.3f %7.1f" % (r["name"], r["lines"], r["findings"],
                                                          r["fixits"], r["text_wall"],
                                                          r["json_wall"], r["ratio"]))
        p("  json CPU time grows as lines^%.2f (>= 1k lines)" % fx["json_loglog_exponent_ge1k"])
    pc = res.get("pch")
    if pc and pc.get("rows"):
        p("\n== a precompiled preamble (clang++ -include-pch; built once in %.2f s, %d KiB) =="
          % (pc["build_s"], pc["pch_bytes"] // 1024))
        p("  %-14s %7s %12s %12s %12s %9s %9s" % ("input", "lines", "-fsyntax-only", "with PCH",
                                                 "commcheck", "PCH/plain", "saved ms"))
        for r in pc["rows"]:
            p("  %-14s %7d %12.1f %12.1f %12.1f %9.3f %9.1f" % (
                r["name"], r["lines"], r["syntax"] * 1000, r["syntax_pch"] * 1000,
                r["commcheck"] * 1000, r["pch_vs_syntax"], r["saved_ms"]))
    t = res.get("targets")
    if t:
        p("\n== targets ==")
        for k, v in t.items():
            p("  %-4s %-34s %s" % ("ok" if v["met"] else "MISS", k, v["detail"]))
    if res.get("failures"):
        p("\n== failures ==")
        for f in res["failures"]:
            p("  " + f)


def evaluate_targets(res):
    t = {}
    lad = res.get("ladder")
    if not lad:
        return t
    big = [r for r in lad["rows"] if r["lines"] >= TARGETS["overhead_min_lines"]]
    if big:
        worst = max(big, key=lambda r: r["ratio_wall"])
        t["overhead <= 5% (>= 2k lines, wall)"] = {
            "met": worst["ratio_wall"] - 1 <= TARGETS["overhead_max"],
            "detail": "worst %s: %+.1f%% (paired %+.1f%%, cpu %+.1f%%); all: %s" % (
                worst["name"], 100 * (worst["ratio_wall"] - 1),
                100 * (worst["ratio_wall_paired"] - 1), 100 * (worst["ratio_cpu"] - 1),
                ", ".join("%+.1f%%" % (100 * (r["ratio_wall"] - 1)) for r in big))}
    f = lad["fits"]["commcheck.wall"]
    t["time linear in kernel size"] = {
        "met": f["r2"] >= TARGETS["r2_min"] and not (f["loglog_exponent_ge2k"] >
                                                      TARGETS["exponent_max"]),
        "detail": "slope %.2f ms/kline, R^2 %.5f, log-log exponent (>= 2k lines) %.3f" % (
            f["slope_ms_per_kline"], f["r2"], f["loglog_exponent_ge2k"])}
    worst = max(lad["rows"], key=lambda r: r["ratio_rss"])
    t["peak memory <= 1.2x -fsyntax-only"] = {
        "met": worst["ratio_rss"] <= TARGETS["memory_ratio_max"],
        "detail": "worst %s: %.3fx (%.1f vs %.1f MiB)" % (
            worst["name"], worst["ratio_rss"],
            worst["tools"]["commcheck"]["rss_kb_median"] / 1024,
            worst["tools"]["syntax"]["rss_kb_median"] / 1024)}
    return t


# --------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="bounded CI mode (< 60 s)")
    ap.add_argument("--runs", type=int, help="measured rounds per section (default 3 quick, 7 full)")
    ap.add_argument("--mixed-runs", type=int, help="rounds for the mixed set (default 3 quick, 5 full)")
    ap.add_argument("--sizes", help="comma-separated ladder sizes in lines (0 = one kernel)")
    ap.add_argument("--sections", default=None,
                    help="comma-separated subset of ladder,mixed,jobs,cache,profile,real,shapes,"
                         "pch,fixits,instructions (default: all; quick: all but real, shapes, pch, "
                         "fixits and instructions; shapes: pathological constructs at several "
                         "sizes, bench/shapes.py; pch: clang++ -fsyntax-only with a precompiled "
                         "preamble; "
                         "instructions: callgrind instruction counts, needs valgrind; "
                         "(fixits: --format=json, which verifies every fix-it; full mode only "
                         "unless --fixit-sizes is given)")
    ap.add_argument("--fixit-sizes", help="ladder sizes for the fixits section")
    ap.add_argument("--pypto-filled", default="/work/measure/pypto-filled",
                    help="pypto's collective templates filled by fixtures/corpus/fill_pypto.py, "
                    "measured in the real section too (skipped when absent)")
    ap.add_argument("--corpus", default="/work/corpus",
                    help="the public kernels' snapshots (fixtures/corpus/check_real.py) for the "
                         "real section")
    ap.add_argument("--real-runs", type=int, help="measured rounds of the real section "
                                                  "(default 1 quick, 5 full)")
    ap.add_argument("--phases", action="store_true", default=None,
                    help="also run the phase tools (--checks=-*, --dump-events) on the ladder "
                         "(default in full mode)")
    ap.add_argument("--no-phases", dest="phases", action="store_false")
    ap.add_argument("--commcheck", default=os.path.join(ROOT, "build", "checker", "commcheck"))
    ap.add_argument("--commgen", default=os.path.join(ROOT, "build", "codegen", "commgen"))
    ap.add_argument("--clang", default=shutil.which("clang++-19") or "clang++-19")
    ap.add_argument("--clang-tidy", default=shutil.which("clang-tidy-19") or "",
                    help="empty: skip clang-tidy")
    ap.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "commcheck-bench"),
                    help="generated inputs and the snapshot of commcheck go here, outside the "
                         "repository (default: %(default)s)")
    ap.add_argument("--output", help="JSON results (default bench/results/<mode>-<time>.json)")
    ap.add_argument("--seed", type=int, default=6, help="shuffle seed for the tool order")
    ap.add_argument("--nice", type=int, default=0,
                    help="scheduling priority of the benchmark (its autogroup and processes; "
                         "negative values need root): on a shared machine a negative value keeps "
                         "other sessions' builds from inflating the timings and lets -j 2 have "
                         "its second core")
    ap.add_argument("--timeout", type=float,
                    help="seconds before one command is killed and reported as a failure "
                         "(default 60 quick, 600 full)")
    ap.add_argument("--write-ladder", metavar="DIR",
                    help="only write the ladder inputs (the quick sizes) into DIR and exit")
    ap.add_argument("--check-targets", action="store_true",
                    help="exit 1 when a target (overhead, linearity, memory) is missed")
    args = ap.parse_args()

    cfg = dict(QUICK if args.quick else FULL)
    if args.sizes:
        cfg["sizes"] = [int(s) for s in args.sizes.split(",")]
    args.runs = args.runs or cfg["runs"]
    RUN_TIMEOUT[0] = args.timeout or (60.0 if args.quick else 600.0)
    if args.phases is None:
        args.phases = cfg["phases"]
    args.mixed_runs = args.mixed_runs or (3 if args.quick else 5)
    args.real_runs = args.real_runs or (1 if args.quick else 5)
    if args.sections is None:
        args.sections = "ladder,mixed,jobs,cache,profile" + (
            "" if args.quick else ",real,shapes,pch,fixits,instructions")
    sections = set(s.strip() for s in args.sections.split(",") if s.strip())

    for b in (args.commcheck, args.commgen):
        if not os.access(b, os.X_OK):
            die("not executable: %s (build first: ./scripts/run)" % b)
    if not shutil.which(args.clang) and not os.access(args.clang, os.X_OK):
        die("clang++-19 not found")
    if args.clang_tidy and not (shutil.which(args.clang_tidy) or os.access(args.clang_tidy,
                                                                          os.X_OK)):
        log("bench: clang-tidy-19 not found; skipping it (apt-get install clang-tidy-19)")
        args.clang_tidy = ""
    elif not args.clang_tidy:
        log("bench: clang-tidy-19 not found; skipping it (apt-get install clang-tidy-19)")

    cc_help = subprocess.run([args.commcheck, "--help-hidden"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True).stdout
    has_cache = "--cache-dir" in cc_help
    has_profile = "--enable-check-profile" in cc_help
    has_jobs = re.search(r"^\s*-j\b", cc_help, re.M) is not None

    if args.nice:
        # The CFS autogroup weight decides between sessions, nice() only within one. The
        # autogroup is the whole session's: its old value is put back at exit.
        try:
            with open("/proc/self/autogroup") as f:
                m = re.search(r"nice (-?\d+)", f.read())
            old_nice = m.group(1) if m else "0"
            with open("/proc/self/autogroup", "w") as f:
                f.write(str(args.nice))

            def restore():
                try:
                    with open("/proc/self/autogroup", "w") as f:
                        f.write(old_nice)
                except OSError:
                    pass
            atexit.register(restore)
        except OSError as e:
            log("bench: cannot set the autogroup priority: %s" % e)
        try:
            os.setpriority(os.PRIO_PROCESS, 0, args.nice)
        except OSError as e:
            log("bench: cannot set the priority: %s" % e)
    t_start = time.perf_counter()
    os.makedirs(args.workdir, exist_ok=True)
    # Measure a copy: a rebuild of build/ during the run must not change the binary under test.
    # (commcheck finds its shim and catalogue through COMMCHECK_SOURCE_DIR, not its own path.)
    args.commcheck_origin = os.path.abspath(args.commcheck)
    snap = os.path.join(args.workdir, "bin", "commcheck")
    os.makedirs(os.path.dirname(snap), exist_ok=True)
    shutil.copy2(args.commcheck, snap)
    args.commcheck = snap
    rng = random.Random(args.seed)
    res = {"mode": "quick" if args.quick else "full", "runs": args.runs,
           "mixed_runs": args.mixed_runs, "machine": machine_info(args),
           "flags": COMMON_FLAGS, "tidy_checks": TIDY_CHECK, "targets_def": TARGETS,
           "argv": sys.argv, "nice": args.nice, "failures": []}
    log("bench: %s mode, %d runs, commcheck %s" % (res["mode"], args.runs, args.commcheck))
    pool = KernelPool(args.commgen, args.workdir)
    tools = make_tools(args, cc_help)

    if args.write_ladder:
        for inp in build_ladder(pool, cfg["sizes"], args.write_ladder, sub="."):
            log("bench: wrote %s" % inp["path"])
        return 0
    ladder = build_ladder(pool, cfg["sizes"], args.workdir)
    if "ladder" in sections:
        res["ladder"] = section_ladder(ladder, tools, args, rng)
        res["failures"] += res["ladder"]["failures"]
    if "mixed" in sections:
        mixed = build_mixed(pool, args, cfg, args.workdir)
        res["mixed"] = section_mixed(mixed, tools, args, rng)
        res["failures"] += res["mixed"]["failures"]
    jobs_files = None
    if "jobs" in sections:
        if has_jobs:
            res["jobs"] = section_jobs(pool, args, cfg, args.workdir, rng)
            res["failures"] += res["jobs"]["failures"]
            jobs_files = res["jobs"]["files_list"]
        else:
            res["jobs"] = None
            log("  jobs: commcheck has no -j; skipped")
    largest = max(ladder, key=lambda i: i["lines"])
    if "cache" in sections:
        if has_cache:
            res["cache"] = section_cache(largest, jobs_files, args, cfg, args.workdir)
            res["failures"] += res["cache"].pop("failures")
        else:
            log("  cache: commcheck has no --cache-dir; skipped")
    if "profile" in sections:
        if has_profile:
            res["profile"] = section_profile(largest, args, args.workdir)
            res["failures"] += res["profile"]["failures"]
        else:
            log("  profile: commcheck has no --enable-check-profile; skipped")
    if "real" in sections:
        res["real"] = section_real(args, rng)
        if res["real"]:
            res["failures"] += res["real"]["failures"]
    if "shapes" in sections:
        from shapes import section_shapes
        res["shapes"] = section_shapes(run_measured, args.commcheck, args.clang, args.workdir, rng,
                                       runs=args.real_runs, log=log)
        res["failures"] += res["shapes"]["failures"]
    if "pch" in sections:
        res["pch"] = section_pch(ladder, pool, tools, args, rng, args.workdir)
        res["failures"] += res["pch"]["failures"]
    if "instructions" in sections:
        mid = [i for i in ladder if i["lines"] >= 2000]
        target = min(mid, key=lambda i: abs(i["lines"] - 10000)) if mid else largest
        res["instructions"] = section_instructions(target, tools, args, args.workdir)
    if args.fixit_sizes:
        cfg["fixit_sizes"] = [int(x) for x in args.fixit_sizes.split(",")]
        cfg["fixit_runs"] = cfg["fixit_runs"] or 1
    if "fixits" in sections and cfg["fixit_sizes"]:
        res["fixits"] = section_fixits(pool, args, cfg, args.workdir, rng)
        res["failures"] += res["fixits"]["failures"]
    res["targets"] = evaluate_targets(res)
    res["elapsed_s"] = time.perf_counter() - t_start
    res["machine"]["loadavg_end"] = list(os.getloadavg())
    busy = max(res["machine"]["loadavg_start"][0], res["machine"]["loadavg_end"][0])
    res["machine"]["busy_warning"] = busy > 0.5 * (os.cpu_count() or 1)

    out = args.output or os.path.join(
        BENCH_DIR, "results", "%s-%s.json" % (res["mode"], time.strftime("%Y%m%d-%H%M%S")))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        json.dump(res, f, indent=1, default=str)
    print_report(res)
    print("\nresults: %s (%.0f s)" % (out, res["elapsed_s"]))
    if res["failures"]:
        return 2
    if args.check_targets and not all(v["met"] for v in res["targets"].values()):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
