#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""One verdict, everywhere: runs every fixture of tests/data (recursively)
and a file of every aoe-result-gen layout through the commands that judge a
run, and checks that they agree, as the library's one judgement
(judgement.hpp) promises:

- exit status: `check`, `watch --once`, `report`, `summary`, `show`, `ops`
  and `trend` (3 for an input that cannot be read; else `check`'s 0 or 1
  is `watch --once`'s, and the others 0);
- status words: `check`'s verdict (text line and JSON `verdict`),
  `watch --once`'s `end` event, the `report` page's banner, `show`'s
  check line;
- totals: `summary --format json`, `show --format json`, `watch`'s `end`
  event, `trend`'s run (reports, operators, failed, sums, left out,
  artefacts);
- left out: each report's `left_out` (summary) against the totals and the
  `ops --format json` rows with no saved time;
- artefacts: `ops` (JSON and CSV rows), `ops --group-by type`, `check`'s
  `writer-artefact` findings, the totals, the `report` page.

  agreement.py --bin BIN --gen GEN --data DIR [--operators N]
Exit 0 when everything agrees, 1 with every disagreement listed.
"""
import argparse
import csv
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile

TOTAL_KEYS = ("reports", "operators", "failed_operators", "time_before_us", "time_after_us",
              "left_out_operators", "artefact_operators")
LAYOUTS = ("nested", "list", "flat-601", "flat-62")


def run(argv, timeout=120):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                       env=dict(os.environ, COLUMNS="200", NO_COLOR="1"))
    return p.returncode, p.stdout.decode("utf-8", "replace")


def same_number(a, b):
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6)


def same_totals(a, b):
    return all(same_number(a.get(k), b.get(k)) if k.endswith("_us") else a.get(k) == b.get(k)
               for k in TOTAL_KEYS)


def pick(totals):
    return {k: totals.get(k) for k in TOTAL_KEYS}


class Case:
    def __init__(self, bin_path, path, tmp):
        self.bin = bin_path
        self.path = path
        self.tmp = tmp
        self.problems = []

    def expect(self, ok, what):
        if not ok:
            self.problems.append(what)

    def json_of(self, *args):
        code, out = run([self.bin, *args])
        try:
            return code, json.loads(out) if out.strip() else None
        except json.JSONDecodeError:
            return code, None

    def check(self):
        code, doc = self.json_of("check", "--format", "json", self.path)
        text_code, text = run([self.bin, "check", self.path])
        self.expect(code == text_code, f"check exits {text_code} in text, {code} in JSON")
        last = text.strip().splitlines()[-1] if text.strip() else ""
        m = re.search(r": (no findings|passed with warnings|passed|FAILED)$", last)
        words = None if m is None else ("passed" if m.group(1) == "no findings" else m.group(1))
        artefacts = None
        if doc is not None:
            self.expect(doc.get("verdict") == words,
                        f"check says {words!r} in text, {doc.get('verdict')!r} in JSON")
            artefacts = sum(1 for f in doc["findings"] if f["code"] == "writer-artefact")
        return code, words, artefacts

    def watch(self):
        code, out = run([self.bin, "watch", "--once", "--format", "jsonl", self.path])
        lines = [json.loads(line) for line in out.splitlines() if line.strip()]
        end = lines[-1] if lines and lines[-1].get("event") == "end" else None
        self.expect(end is not None or code == 3, f"watch --once exits {code} with no end event")
        return code, end

    def report_page(self):
        page = os.path.join(self.tmp, "page.html")
        if os.path.exists(page):
            os.remove(page)
        code, _ = run([self.bin, "report", "-o", page, self.path])
        if code == 3 or not os.path.exists(page):
            return code, None, None
        with open(page, encoding="utf-8") as f:
            html = f.read()
        m = re.search(r'id="verdict" data-verdict="([^"]*)"><strong>([^<]*)</strong>', html)
        words = m.group(1) if m else None
        # The words shown say the same verdict as the attribute.
        if m and words != "passed":
            self.expect(m.group(2).endswith(": " + words),
                        f"the page's banner {m.group(2)!r} against its verdict {words!r}")
        a = re.search(r"([\d,]+) operators? in all\.", html)
        return code, words, int(a.group(1).replace(",", "")) if a else 0

    def ops(self):
        code, doc = self.json_of("ops", "--format", "json", "--top", "0", self.path)
        rows = doc.get("rows", []) if isinstance(doc, dict) else []
        csv_code, out = run([self.bin, "ops", "--format", "csv", "--top", "0", self.path])
        csv_rows = list(csv.DictReader(io.StringIO(out))) if csv_code != 3 else []
        g_code, groups = self.json_of("ops", "--group-by", "type", "--format", "json", self.path)
        return {
            "exit": (code, csv_code, g_code),
            "artefacts": sum(1 for r in rows if r.get("writer_artefact")),
            "csv_artefacts": sum(1 for r in csv_rows if r.get("writer_artefact") == "true"),
            "group_artefacts": (groups or {}).get("totals", {}).get("artefacts", 0),
            "unsaved": sum(1 for r in rows if r.get("saved_us") is None),
        }

    def compare(self):
        check_code, check_words, check_artefacts = self.check()
        watch_code, end = self.watch()
        report_code, report_words, report_artefacts = self.report_page()
        sum_code, summary = self.json_of("summary", "--format", "json", self.path)
        show_code, show = self.json_of("show", "--format", "json", self.path)
        trend_code, trend = self.json_of("trend", "--format", "json", self.path)
        ops = self.ops()
        unreadable = check_code == 3
        codes = {"check": check_code, "watch --once": watch_code, "report": report_code,
                 "summary": sum_code, "show": show_code, "trend": trend_code,
                 "ops json/csv/group-by": ops["exit"]}
        if unreadable:
            bad = {k: v for k, v in codes.items() if (v != 3 and v != (3, 3, 3))}
            self.expect(not bad, f"check exits 3 (not readable), but {bad}")
            return
        others = {"report": report_code, "summary": sum_code, "show": show_code,
                  "trend": trend_code, "ops json/csv/group-by": ops["exit"]}
        bad = {k: v for k, v in others.items() if v != 0 and v != (0, 0, 0)}
        self.expect(not bad, f"a readable file, but {bad}")
        self.expect(watch_code == check_code,
                    f"check exits {check_code}, watch --once {watch_code}")
        _, show_text = run([self.bin, "show", self.path])
        m = re.search(r"^check: (passed with warnings|passed|FAILED) \(", show_text, re.M)
        verdicts = {"check": check_words, "watch --once": (end or {}).get("verdict"),
                    "report": report_words, "show": m.group(1) if m else None}
        self.expect(len(set(verdicts.values())) == 1, f"verdicts differ: {verdicts}")

        totals = summary["totals"]
        self.expect(same_totals(totals, show["totals"]),
                    f"summary totals {pick(totals)}, show's {pick(show['totals'])}")
        if end is not None:
            self.expect(same_totals(totals, end["totals"]),
                        f"summary totals {pick(totals)}, watch's end {pick(end['totals'])}")
        run_totals = (trend or {}).get("runs", [{}])[0]
        self.expect(same_totals(totals, run_totals),
                    f"summary totals {pick(totals)}, trend's run {pick(run_totals)}")
        left_out = [l for f in summary["files"] for r in f["reports"] for l in r.get("left_out", [])]
        self.expect(len(left_out) == totals.get("left_out_operators") == ops["unsaved"],
                    f"left out: {len(left_out)} named, {totals.get('left_out_operators')} in the "
                    f"totals, {ops['unsaved']} ops rows without a saving")
        artefacts = {"summary totals": totals.get("artefact_operators"), "ops json": ops["artefacts"],
                     "ops csv": ops["csv_artefacts"], "ops --group-by": ops["group_artefacts"],
                     "check findings": check_artefacts, "report page": report_artefacts}
        self.expect(len(set(artefacts.values())) == 1, f"artefact counts differ: {artefacts}")


def generated(gen, tmp, operators):
    files = []
    for i, layout in enumerate(LAYOUTS):
        path = os.path.join(tmp, f"gen-{layout}.json")
        reports = "1" if layout in ("list", "flat-62") else "4"
        subprocess.run([gen, "--operators", str(operators), "--reports", reports, "--layout",
                        layout, "--seed", str(11 + i), "-o", path], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        files.append(path)
    return files


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--gen", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--operators", type=int, default=3000)
    a = ap.parse_args()
    fixtures = sorted(os.path.join(d, f) for d, _, fs in os.walk(a.data) for f in fs)
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in fixtures + generated(a.gen, tmp, a.operators):
            case = Case(a.bin, path, tmp)
            case.compare()
            shown = os.path.relpath(path, a.data) if path.startswith(a.data) else path
            for p in case.problems:
                print(f"{shown}: {p}")
            failures += 1 if case.problems else 0
        print(f"{len(fixtures)} fixtures and {len(LAYOUTS)} generated files: "
              f"{failures} disagree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
