#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The totals of `aoe-result summary --format json` (.totals), computed the
way a user would in Python (json.load, then a loop), for compare.sh.

Per operator (cli.md, "Numbers"): before = its largest before-time over its
tuning modes, after = its smallest after-time; totals are sums over every
operator of every report. Handles report-keyed and bare-list files, nested
(6.3+) and flat (6.0.1/6.2) operator entries.

    python3 summary.py aoe_result_opat_*.json
"""
import json
import sys


def operators(report):
    for section in report:
        opat = section.get("OPAT")
        if not opat:
            continue
        modified = opat.get("repo_modified_operators")
        if isinstance(modified, dict):
            yield from modified.get("add_repo_operators", [])
            yield from modified.get("update_repo_operators", [])
        elif modified:
            yield from modified


def main(path):
    with open(path, "rb") as f:
        doc = json.load(f)
    reports = [doc] if isinstance(doc, list) else list(doc.values())
    count, before_us, after_us = 0, 0.0, 0.0
    for report in reports:
        for op in operators(report):
            modes = list(op["tune_performance"].values()) if "tune_performance" in op else [op]
            count += 1
            before_us += max(m["performance_before_tune(us)"] for m in modes)
            after_us += min(m["performance_after_tune(us)"] for m in modes)
    print(json.dumps({"reports": len(reports), "operators": count,
                      "time_before_us": before_us, "time_after_us": after_us}))


if __name__ == "__main__":
    main(sys.argv[1])
