#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks `aoe-result trend --format json DIR` against its own reading of the
files in DIR (nested CANN 6.3+ layout, as aoe-result-gen writes them): every
run's sums and repository counters, and every operator's series, changes,
best run and flags, computed here from the contract's rules (cli.md,
"Numbers"; the trend section of the man page).

  trend_agrees.py BIN DIR [--per-mode]
Exit 0 when everything agrees, 1 with the differences listed.
"""
import glob
import json
import math
import os
import re
import subprocess
import sys


def close(a, b, key=""):
    """Whether `a` (written) is `b` (computed here): a computed number is
    written rounded (docs/format.md, "Numbers in JSON and CSV"): to 0.001 µs
    (`_us`), 4 decimals (`_pct`, `speedup`); half a unit of that either way."""
    if a is None or b is None:
        return a is None and b is None
    tol = 0.5e-3 if key.endswith("_us") else 0.5e-4 if key.endswith(("_pct", "speedup")) else 1e-9
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=tol + 1e-9)


def timestamp(path):
    m = re.match(r"aoe_result_opat_(\d{8}_\d{9})", os.path.basename(path))
    return m.group(1) if m else None


def reports(doc):
    if isinstance(doc, list):
        return [doc]
    return list(doc.values())


def read_run(path, per_mode):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    run = {"operators": 0, "failed": 0, "before": 0.0, "after": 0.0, "logs": [], "add": None,
           "hit": None, "unsat": None}
    points = {}  # key -> (before, after); last occurrence wins
    failed = set()
    for sections in reports(doc):
        for section in sections:
            opat = section.get("OPAT")
            if opat is None:
                continue
            names = opat.get("tuning_failed_operators", [])
            run["failed"] += len(dict.fromkeys(names))
            failed.update(names)
            summary = opat.get("repo_summary")
            if summary:
                for key, field in (("add", "repo_add_num"), ("hit", "repo_hit_num"),
                                   ("unsat", "repo_unsatisfied_num")):
                    if field in summary:
                        run[key] = (run[key] or 0) + summary[field]
            for op in opat.get("repo_modified_operators", []):
                modes = op["tune_performance"]
                before = max(m["performance_before_tune(us)"] for m in modes.values())
                after = min(m["performance_after_tune(us)"] for m in modes.values())
                run["operators"] += 1
                run["before"] += before
                run["after"] += after
                if after > 0 and before / after > 0:
                    run["logs"].append(math.log(before / after))
                if per_mode:
                    for mode, m in modes.items():
                        points[(op["op_name"], mode)] = (m["performance_before_tune(us)"],
                                                         m["performance_after_tune(us)"])
                else:
                    points[(op["op_name"], None)] = (before, after)
    return run, points, failed


def expected_series(runs, per_mode):
    keys = []
    seen = set()
    for _, points, _ in runs:
        for k in points:
            if k not in seen:
                seen.add(k)
                keys.append(k)
    names_with_series = {k[0] for k in keys}
    for _, _, failed in runs:
        for name in sorted(failed):
            if name not in names_with_series and (name, None) not in seen:
                seen.add((name, None))
                keys.append((name, None))
    out = {}
    n = len(runs)
    for key in keys:
        afters = [r[1][key][1] if key in r[1] else None for r in runs]
        failed = [key[0] in r[2] for r in runs]
        present = [key in r[1] for r in runs]
        s = {"afters": afters, "failed_runs": sum(failed),
             "missing_runs": sum(1 for i in range(n) if not present[i] and not failed[i])}
        timed = [i for i in range(n) if afters[i] is not None]
        s["first_run"] = timed[0] + 1 if timed else None
        best = None
        for i in timed:
            if best is None or afters[i] < afters[best]:
                best = i
        s["best_run"] = best + 1 if best is not None else None
        last = afters[-1]
        s["previous_run"] = None
        s["change_prev_last_us"] = s["change_prev_last_pct"] = None
        s["change_first_last_us"] = s["change_first_last_pct"] = None
        s["regressed"] = False
        if last is not None:
            earlier = [i for i in timed if i < n - 1]
            if earlier:
                p = earlier[-1]
                s["previous_run"] = p + 1
                s["change_prev_last_us"] = last - afters[p]
                s["change_prev_last_pct"] = (last - afters[p]) / afters[p] * 100 if afters[p] > 0 else None
            if timed[0] < n - 1:
                f = afters[timed[0]]
                s["change_first_last_us"] = last - f
                s["change_first_last_pct"] = (last - f) / f * 100 if f > 0 else None
            s["regressed"] = last - afters[best] > 1 + 1e-9
        out[key] = s
    return out


def main():
    binary, directory = sys.argv[1], sys.argv[2]
    per_mode = "--per-mode" in sys.argv[3:]
    files = sorted(glob.glob(os.path.join(directory, "aoe_result_opat_*.json")),
                   key=lambda p: (timestamp(p) or "", p))
    runs = [read_run(p, per_mode) for p in files]
    args = [binary, "-q", "trend", "--format", "json"] + (["--per-mode"] if per_mode else []) + [directory]
    got = json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)
    problems = []

    if len(got["runs"]) != len(runs):
        problems.append(f"runs: {len(got['runs'])}, expected {len(runs)}")
    for i, ((run, _, _), g) in enumerate(zip(runs, got["runs"])):
        want = {"label": timestamp(files[i]), "operators": run["operators"],
                "failed_operators": run["failed"], "time_before_us": run["before"],
                "time_after_us": run["after"], "saved_us": run["before"] - run["after"],
                "improvement_pct": (run["before"] - run["after"]) / run["after"] * 100,
                "geomean_speedup": math.exp(sum(run["logs"]) / len(run["logs"])),
                "repo_add_num": run["add"], "repo_hit_num": run["hit"],
                "repo_unsatisfied_num": run["unsat"]}
        for k, v in want.items():
            ok = g[k] == v if isinstance(v, (str, int)) and not isinstance(v, bool) and k not in (
                "time_before_us", "time_after_us", "saved_us") else close(g[k], v, k)
            if not ok:
                problems.append(f"run {i + 1} {k}: {g[k]}, expected {v}")

    want_series = expected_series(runs, per_mode)
    got_series = {(o["op_name"], o["mode"]): o for o in got["operators"]}
    if set(got_series) != set(want_series):
        problems.append(f"operators: {len(got_series)}, expected {len(want_series)}; "
                        f"e.g. {sorted(set(got_series) ^ set(want_series), key=str)[:3]}")
    for key, w in want_series.items():
        g = got_series.get(key)
        if g is None:
            continue
        afters = [p["after_us"] for p in g["series"]]
        if len(afters) != len(w["afters"]) or not all(close(a, b) for a, b in zip(afters, w["afters"])):
            problems.append(f"{key} series {afters}, expected {w['afters']}")
        for k in ("failed_runs", "missing_runs", "first_run", "best_run", "previous_run", "regressed"):
            if g[k] != w[k]:
                problems.append(f"{key} {k}: {g[k]}, expected {w[k]}")
        for k in ("change_prev_last_us", "change_prev_last_pct", "change_first_last_us",
                  "change_first_last_pct"):
            if not close(g[k], w[k], k):
                problems.append(f"{key} {k}: {g[k]}, expected {w[k]}")

    # Default order: prev->last slowdown in %, largest first; no change last.
    def rank(o):
        if o["change_prev_last_us"] is None:
            return None
        if o["change_prev_last_pct"] is not None:
            return o["change_prev_last_pct"]
        return math.inf if o["change_prev_last_us"] > 0 else 0.0
    ranks = [rank(o) for o in got["operators"]]
    present = [r for r in ranks if r is not None]
    if present != sorted(present, reverse=True) or ranks[:len(present)] != present:
        problems.append("operators are not ordered by the slowdown from the previous run")

    if problems:
        print("\n".join(problems[:40]), file=sys.stderr)
        return 1
    print(f"{len(runs)} runs and {len(want_series)} operator series agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
