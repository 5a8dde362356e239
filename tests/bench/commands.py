#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every command of docs/performance.md's table, side by side in one run:
a "before" program (optional), the "after" program, jq, Python and the
simdjson DOM and On-Demand readers (when built) and the floor (`cat` of
the file), on the 127 MB / 300,000-operator file
(and a second one, seed 2, for `diff`), `show` on a shipped example and
`summary`/`check` on directories of small files. Each command runs RUNS
times, the programs interleaved run by run (so the machine's load hits
both alike); the table gives the median wall time and the largest peak
RSS (GNU time's "Maximum resident set size"; the median of user +
system CPU time beside the wall time), whether before and after
wrote the same bytes, and the goals (docs/performance.md, "The goals").

    tests/bench/commands.py [--before OLD/aoe-result] [--runs 5] [--dirs 1000,10000]
                            [--only REGEX]

Environment / options: --build (default build/), --work (generated files
are kept there; default /tmp/aoe-bench), --ops, --reports, --dirs (file
counts of the directories; empty for none), --series (runs of 3,000
operators for `trend`; 0 for none), --only (measure only the commands whose
label matches REGEX), --simdjson (the simdjson DOM reader; default
BUILD/aoe_result_simdjson_summary when it exists, built with
-DAOE_RESULT_BENCHMARKS=ON and Debian's libsimdjson-dev), --ondemand (the
simdjson On-Demand reader; default BUILD/aoe_result_simdjson_ondemand_summary,
built likewise, for the machine that measures). Needs /usr/bin/time (Debian package `time`), jq, python3.
Exit status: 0 when every goal is met, 1 otherwise, 2 when something
needed is missing.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GNU_TIME = "/usr/bin/time"
# Debian's python3-pandas is in the system's Python, which a python3 first on
# PATH (pyenv) may not be.
PANDAS_PYTHON = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else "python3"


# The report page says when it was made: a fixed time (SOURCE_DATE_EPOCH)
# lets "same bytes" compare two programs' pages.
RUN_ENV = dict(os.environ, SOURCE_DATE_EPOCH="1767225600")


def run_once(cmd, out_path):
    """(wall s, peak RSS in bytes, exit status, CPU s) of one run; stdout to out_path."""
    fd, report = tempfile.mkstemp(suffix=".time")
    os.close(fd)
    with open(out_path, "wb") as out:
        # GNU time's %e has a resolution of 10 ms: the wall time is taken
        # here (it includes starting GNU time, well under a millisecond).
        start = time.perf_counter()
        subprocess.run([GNU_TIME, "-f", "%M %x %U %S", "-o", report, "--"] + cmd, stdout=out,
                       stderr=subprocess.DEVNULL, check=False, env=RUN_ENV)
        wall = time.perf_counter() - start
    with open(report) as f:
        rss, code, user, system = f.read().split("\n")[-2].split()
    os.unlink(report)
    # GNU time's %M is in KiB: kept here in bytes, shown in MB (10^6 bytes),
    # as the input's size is.
    return wall, int(rss) * 1024, int(code), float(user) + float(system)


def generate(gen, path, *args):
    if not os.path.exists(path):
        subprocess.run([gen] + list(args) + ["-o", path], check=True, stderr=subprocess.DEVNULL)


def generate_dir(gen, path, files):
    if not os.path.isdir(path) or len(os.listdir(path)) != files:
        shutil.rmtree(path, ignore_errors=True)
        subprocess.run([gen, "--files", str(files), "--dir", path, "--operators", "50"],
                       check=True, stderr=subprocess.DEVNULL)


def generate_series(gen, path, runs):
    if not os.path.isdir(path) or len(os.listdir(path)) != runs:
        shutil.rmtree(path, ignore_errors=True)
        subprocess.run([gen, "--series", str(runs), "--operators", "3000", "--dir", path],
                       check=True, stderr=subprocess.DEVNULL)


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--before", help="an earlier aoe-result to compare with")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--work", default="/tmp/aoe-bench")
    ap.add_argument("--ops", type=int, default=300000)
    ap.add_argument("--reports", type=int, default=50)
    ap.add_argument("--dirs", default="1000,10000")
    ap.add_argument("--series", type=int, default=100)
    ap.add_argument("--profile-rows", type=int, default=600000)
    ap.add_argument("--only")
    ap.add_argument("--simdjson")
    ap.add_argument("--ondemand")
    a = ap.parse_args()

    after = os.path.join(a.build, "aoe-result")
    gen = os.path.join(a.build, "aoe-result-gen")
    simd = a.simdjson or os.path.join(a.build, "aoe_result_simdjson_summary")
    ondemand = a.ondemand or os.path.join(a.build, "aoe_result_simdjson_ondemand_summary")
    for tool in [after, gen, GNU_TIME] + ([a.before] if a.before else []):
        if not os.access(tool, os.X_OK):
            print(f"commands.py: {tool} not found", file=sys.stderr)
            return 2
    for tool in ("jq",):
        if shutil.which(tool) is None:
            print(f"commands.py: {tool} is not installed", file=sys.stderr)
            return 2

    os.makedirs(a.work, exist_ok=True)
    big = os.path.join(a.work, f"big_{a.ops}ops_{a.reports}r_seed1.json")
    big2 = os.path.join(a.work, f"big_{a.ops}ops_{a.reports}r_seed2.json")
    generate(gen, big, "--operators", str(a.ops), "--reports", str(a.reports), "--seed", "1")
    generate(gen, big2, "--operators", str(a.ops), "--reports", str(a.reports), "--seed", "2")
    size = os.path.getsize(big)
    example = os.path.join(ROOT, "docs", "examples",
                           sorted(f for f in os.listdir(os.path.join(ROOT, "docs", "examples"))
                                  if f.endswith(".json"))[0])
    dirs = [int(n) for n in a.dirs.split(",") if n]
    for n in dirs:
        generate_dir(gen, os.path.join(a.work, f"dir{n}"), n)
    series = os.path.join(a.work, f"series{a.series}")
    if a.series:
        generate_series(gen, series, a.series)

    # (label, args after the program, kind): kind "big" is held to the
    # goals of one input (≤ 2× summary, ≤ 1× the file), "diff" to those of
    # two (the same, of one of them), "small" to 5 ms.
    prof = os.path.join(a.work, f"op_summary_{a.profile_rows}rows.csv")
    if a.profile_rows and not os.path.exists(prof):
        subprocess.run(["python3", os.path.join(HERE, "make_op_summary.py"), str(a.profile_rows),
                        prof], check=True)
    prof_size = os.path.getsize(prof) if a.profile_rows else 0
    rows = [("summary --format json BIG", ["-q", "--format", "json", "summary", big], "summary"),
            ("show BIG", ["-q", "show", big], "big"),
            ("failed BIG", ["-q", "failed", big], "big"),
            ("check BIG", ["-q", "check", big], "big"),
            ("retune --below 5 -o - BIG", ["-q", "retune", "--below", "5", "-o", "-", big], "big"),
            ("ops --top 20 BIG", ["-q", "ops", "--top", "20", big], "big"),
            ("ops --format csv BIG", ["-q", "--format", "csv", "ops", big], "big"),
            ("ops --format markdown BIG", ["-q", "--format", "markdown", "ops", big], "big"),
            ("ops --group-by type BIG", ["-q", "ops", "--group-by", "type", big], "group"),
            ("ops --group-by type,mode --format json BIG",
             ["-q", "--format", "json", "ops", "--group-by", "type,mode", big], "group"),
            ("trend BIG", ["-q", "trend", big], "big"),
            ("trend --format json BIG", ["-q", "--format", "json", "trend", big], "big"),
            ("report -o - BIG", ["-q", "report", "-o", "-", big], "big"),
            ("diff BIG BIG2", ["-q", "diff", big, big2], "diff"),
            ("diff --format json BIG BIG2", ["-q", "--format", "json", "diff", big, big2], "diff"),
            (f"show {os.path.basename(example)}", ["-q", "show", example], "small")]
    for n in dirs:
        d = os.path.join(a.work, f"dir{n}")
        rows.append((f"summary DIR ({n} files)", ["-q", "summary", d], f"dir{n}"))
        rows.append((f"check DIR ({n} files)", ["-q", "check", d], f"dir{n}"))
    if a.profile_rows:
        rows.append((f"profile PROFILE ({a.profile_rows} rows)", ["-q", "profile", prof],
                     "profile"))
    if a.series:
        rows.append((f"trend SERIES ({a.series} runs × 3000 operators)", ["-q", "trend", series],
                     "trend"))
    if a.only:
        rows = [r for r in rows if r[2] == "summary" or re.search(a.only, r[0])]
    programs = [("after", after)] + ([("before", a.before)] if a.before else [])
    others = [("cat BIG (the floor)", ["cat", big]),
              ("jq -f summary.jq BIG", ["jq", "-c", "-f", os.path.join(HERE, "summary.jq"), big]),
              ("python3 summary.py BIG", ["python3", os.path.join(HERE, "summary.py"), big])]
    if a.profile_rows:
        others.append((f"pandas read_csv + groupby PROFILE ({a.profile_rows} rows)",
                       [PANDAS_PYTHON, os.path.join(HERE, "profile_pandas.py"), prof]))
    if os.access(simd, os.X_OK):
        others.append(("simdjson DOM reader BIG", [simd, big]))
    if os.access(ondemand, os.X_OK):
        others.append(("simdjson On-Demand reader BIG", [ondemand, big]))
    if a.only:
        others = [o for o in others if re.search(a.only, o[0])]

    start_load = load()
    res = {}
    for _ in range(a.runs):
        for label, args, _kind in rows:
            for name, prog in programs:
                out = os.path.join(a.work, f"out.{name}")
                r = run_once([prog] + args, out)
                res.setdefault((label, name), []).append(r)
                with open(out, "rb") as f:
                    res[(label, name, "bytes")] = f.read()
        for label, cmd in others:
            res.setdefault((label, "other"), []).append(run_once(cmd, os.path.join(a.work, "out.o")))
    end_load = load()

    def med(key):
        walls = [r[0] for r in res[key]]
        return statistics.median(walls), max(r[1] for r in res[key]), res[key][-1][2]

    def cpu(key):
        return statistics.median(r[3] for r in res[key])

    summary_after = med(("summary --format json BIG", "after"))[0]
    print(f"input: {big} ({size / 1e6:.0f} MB, {a.ops} operators, {a.reports} reports); "
          f"median of {a.runs} runs, programs interleaved; load average {start_load} at the "
          f"start, {end_load} at the end, {os.cpu_count()} cores\n")
    head = "| command | " + (" before wall | before CPU | before RSS |" if a.before else "") + \
        " after wall | after CPU | after RSS | exit | after / summary | same bytes | goal |"
    print(head)
    print("|---|" + ("--:|--:|--:|" if a.before else "") + "--:|--:|--:|--:|--:|---|---|")
    def peer_wall(key):
        """A peer's median wall time; None when it was not run or failed
        (a peer that failed is no reference)."""
        if key not in res:
            return None
        wall, _rss, code = med(key)
        return wall if code == 0 else None

    simd_wall = peer_wall(("simdjson DOM reader BIG", "other"))
    ondemand_wall = peer_wall(("simdjson On-Demand reader BIG", "other"))
    summary_rss = med(("summary --format json BIG", "after"))[1]
    ok = True
    for label, _args, kind in rows:
        wall, rss, code = med((label, "after"))
        cells = [label]
        same = ""
        if a.before:
            bw, brss, _ = med((label, "before"))
            cells += [f"{bw:.3f} s", f"{cpu((label, 'before')):.3f} s", f"{brss / 1e6:.0f} MB"]
            same = "yes" if res[(label, "before", "bytes")] == res[(label, "after", "bytes")] else "NO"
        ratio = wall / summary_after if summary_after > 0 else float("nan")
        if kind == "summary":
            # The goal: at or below simdjson On-Demand's time; without
            # it, the older one, within 2× of simdjson's DOM.
            if ondemand_wall is not None:
                rss_met = rss <= size / 2
                time_met = wall <= ondemand_wall
                met = rss_met and time_met
                ondemand_cpu = cpu(("simdjson On-Demand reader BIG", "other"))
                # Each part says whether it is met: one may be and the other not.
                goal = (f"RSS ≤ {size / 2e6:.1f} MB ({rss / 1e6:.1f}: "
                        f"{'met' if rss_met else 'missed'}), ≤ 1× simdjson On-Demand "
                        f"({wall / ondemand_wall:.2f}× wall, "
                        f"{cpu((label, 'after')) / ondemand_cpu:.2f}× CPU: "
                        f"{'met' if time_met else 'missed'})")
            else:
                met = rss <= size / 2 and (simd_wall is None or wall <= 2 * simd_wall)
                goal = f"RSS ≤ {size / 2e6:.0f} MB" + (", ≤ 2× simdjson DOM" if simd_wall else "")
        elif kind == "group":
            met = ratio <= 1.2 and rss <= summary_rss * 1.1
            goal = "≤ 1.2× summary, RSS ≤ summary's + 10 %"
        elif kind == "trend":
            met = wall <= 2.0
            goal = "≤ 2 s"
        elif kind == "big":
            met = rss <= size and ratio <= 2.0
            goal = f"RSS ≤ {size / 1e6:.0f} MB, ≤ 2× summary"
        elif kind == "diff":
            met = rss <= size and ratio <= 2.0
            goal = f"RSS ≤ {size / 1e6:.0f} MB, ≤ 2× summary"
        elif kind == "profile":
            # The goals: ≤ 0.25× pandas' read_csv + groupby, ≤ 0.5× the file in memory.
            pandas_wall = peer_wall(
                (f"pandas read_csv + groupby PROFILE ({a.profile_rows} rows)", "other"))
            met = rss <= prof_size / 2 and (pandas_wall is None or wall <= 0.25 * pandas_wall)
            goal = f"RSS ≤ {prof_size / 2e6:.0f} MB" + (
                f", ≤ 0.25× pandas ({wall / pandas_wall:.2f}×)" if pandas_wall else "")
        elif kind == "small":
            met = wall <= 0.005
            goal = "≤ 5 ms"
        else:
            met = wall <= 0.6 or kind != "dir10000"
            goal = "≤ 0.6 s" if kind == "dir10000" else "(slope)"
        ok = ok and met
        cells += [f"{wall:.3f} s", f"{cpu((label, 'after')):.3f} s", f"{rss / 1e6:.0f} MB", str(code),
                  f"{ratio:.2f}×", same,
                  ("met: " if met else "MISSED: ") + goal]
        print("| " + " | ".join(cells) + " |")
    for label, _cmd in others:
        wall, rss, code = med((label, "other"))
        cells = [label] + (["", "", ""] if a.before else []) + [
            f"{wall:.3f} s", f"{cpu((label, 'other')):.3f} s", f"{rss / 1e6:.0f} MB", str(code),
            f"{wall / summary_after:.2f}×", "", ""]
        print("| " + " | ".join(cells) + " |")
    # Many small files at no more cost a byte than the big file: the
    # largest directory's wall and CPU time a byte against BIG's summary.
    if dirs and not a.only:
        n = dirs[-1]
        d = os.path.join(a.work, f"dir{n}")
        dir_bytes = sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d))
        key = (f"summary DIR ({n} files)", "after")
        big_key = ("summary --format json BIG", "after")
        per = [(med(key)[0] / dir_bytes, med(big_key)[0] / size),
               (cpu(key) / dir_bytes, cpu(big_key) / size)]
        met = all(small <= big_one for small, big_one in per)
        ok = ok and met
        print(f"\nsummary DIR ({n} files, {dir_bytes / 1e6:.0f} MB) a byte against BIG's: "
              f"wall {per[0][0] * 1e9:.2f} ns against {per[0][1] * 1e9:.2f}, CPU "
              f"{per[1][0] * 1e9:.2f} ns against {per[1][1] * 1e9:.2f}: "
              + ("met" if met else "MISSED") + " (≤ the big file's)")
    if len(dirs) > 1 and not a.only:
        for cmd in ("summary", "check"):
            pts = [(n, med((f"{cmd} DIR ({n} files)", "after"))[0]) for n in dirs]
            (n0, t0), (n1, t1) = pts[0], pts[-1]
            print(f"\n{cmd} DIR slope: {(t1 - t0) / (n1 - n0) * 1e6:.1f} µs per file "
                  f"({n0} → {n1} files: {t0:.3f} s → {t1:.3f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
