#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every command with a table, at 40, 60, 80, 100, 120 and 200 columns, on
the shipped examples (docs/examples/):

- no line of standard output is wider than the width (display columns: µ,
  …, → take one, CJK two);
- no number is cut: a number next to "…" (`739.1…`, `…12 µs`, `saved 739.127 …`)
  fails, and every number standing alone in the narrow output stands alone
  in the output with --wide;
- a table that shows fewer columns than with --wide names each one it
  leaves out in a line ("type, modes hidden at N columns; --wide shows
  all");
- every command's --help fits the width too.

One kind of line may be wider: a command to copy (`retune`'s
"  aoe --tune_ops_file=FILE"), which is never wrapped; only when the path
itself is too long.

Usage: width_sweep.py BIN SOURCE_DIR [--show]   (--show prints every output)
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unicodedata

WIDTHS = (40, 60, 80, 100, 120, 200)


# A command to copy: one line, never wrapped (its file's path may be long).
COMMAND_TO_COPY = re.compile(r"^  aoe --tune_ops_file=\S+$")
# A finding of `check` as a compiler writes it: one line in a pipe, for grep
# and editors, whatever COLUMNS says (wrapped on a terminal only).
FINDING = re.compile(r"^\S+:\d+(:\d+)?: (error|warning|info): .* \[[a-z0-9-]+\]$")


def columns(text):
    w = 0
    for ch in text:
        if unicodedata.combining(ch) or ch in "\u200b\u200c\u200d\ufeff":
            continue
        w += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return w


# A number as a token: digits with an optional sign and decimals.
NUMBER = r"[-+−]?\d+(?:\.\d+)?"
NUMERIC_PART = re.compile(r"[-+−]?[\d.]*\d[\d.]*%?")
# A value whose unit was cut: "739.127 …".
UNIT_CUT = re.compile(r"(?:^|\s)" + NUMBER + r"%? …")
STANDALONE = re.compile(r"(?:(?<=^)|(?<=[\s(\[]))(" + NUMBER + r"%?)(?=$|[\s)\],;:])")


def cut_numbers(line, wide_numbers):
    """The tokens of `line` that are a number of the wide output with "…"
    for a part of it (`739.1…`, `…12.5`)."""
    cuts = []
    for token in line.split():
        if "…" not in token:
            continue
        left, _, right = token.strip("()[],;:").partition("…")
        if left and NUMERIC_PART.fullmatch(left) and any(
                n != left and n.startswith(left) for n in wide_numbers):
            cuts.append(token)
        elif right and NUMERIC_PART.fullmatch(right) and any(
                n != right and n.endswith(right) for n in wide_numbers):
            cuts.append(token)
    return cuts


def run(bin_path, args, width, cwd, env_extra, wide=False):
    env = dict(os.environ)
    env.update({"COLUMNS": str(width), "NO_COLOR": "1", "LC_ALL": "C.UTF-8"})
    env.update(env_extra)
    if args and args[0] == "@script":
        # A terminal of `width` columns: stty sets it, script(1) gives it.
        inner = " ".join(shlex.quote(a) for a in [bin_path] + (["--wide"] if wide else []) + args[1:])
        cmd = ["script", "-qec", f"stty cols {width} rows 50; {inner}", "/dev/null"]
        env.pop("COLUMNS")
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, timeout=60,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout.decode("utf-8", "replace").replace("\r\n", "\n")
    cmd = [bin_path] + (["--wide"] if wide else []) + args
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, timeout=60)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def header_fields(text):
    """The header lines of the tables: fields two spaces apart, none a
    number, followed by a line holding a number."""
    lines = text.splitlines()
    heads = []
    for i, line in enumerate(lines[:-1]):
        fields = [f for f in re.split(r"\s{2,}", line.strip()) if f]
        if len(fields) < 2 or any(re.search(r"\d", f) and not re.search(r"[a-z]", f) for f in fields):
            continue
        if not all(re.fullmatch(r"[a-z][a-z .µ%/_-]*|AOE [a-z .µ]+|[a-z ]*P9[59][a-z .µ]*", f) for f in fields):
            continue
        nxt = lines[i + 1]
        if re.search(r"\d", nxt) and len(re.split(r"\s{2,}", nxt.strip())) >= 2:
            heads.append(fields)
    return heads


def check(name, args, cwd, bin_path, env_extra, show):
    problems = []
    _, wide = run(bin_path, args, 200, cwd, env_extra, wide=True)
    wide_numbers = set(STANDALONE.findall(wide))
    wide_heads = header_fields(wide)
    for width in WIDTHS:
        _, out = run(bin_path, args, width, cwd, env_extra)
        if show:
            print(f"----- {name} at {width} columns -----\n{out}", end="")
        where = f"{name} at {width}"
        lines = out.splitlines()
        # watch's header ("began … ago · last change … ago · now 07:06:47")
        # runs to the first empty line: its ages and clock move between the
        # runs, and wrapped, a line of it may hold neither "ago" nor "now".
        clock_lines = lines.index("") if name.startswith("watch") and "" in lines else 0
        for n, line in enumerate(lines, 1):
            if columns(line) > width and not COMMAND_TO_COPY.match(line) and not FINDING.match(line):
                problems.append(f"{where}: line {n} takes {columns(line)} columns: {line!r}")
            for cut in cut_numbers(line, wide_numbers):
                problems.append(f"{where}: line {n} cuts a number ({cut!r}): {line!r}")
            m = UNIT_CUT.search(line)
            if m:
                problems.append(f"{where}: line {n} cuts a unit ({m.group(0).strip()!r}): {line!r}")
            if n <= clock_lines or re.search(r"hidden at|columns| ago\b|now \d", line):
                continue  # the note names the width; watch's clock moves
            for num in STANDALONE.findall(line):
                if num not in wide_numbers:
                    problems.append(f"{where}: line {n}: {num!r} is not a number of the wide output: {line!r}")
        heads = header_fields(out)
        # What the notes name: "type, modes hidden at 100 columns; ..." (a
        # note may wrap over lines).
        notes = " ".join(" ".join(re.findall(
            r"((?:[^\n]*\n){0,3}[^\n]*?)hidden\s+at\s+\d+\s+columns", out)).split())
        for head in heads:
            # The same table at 200 columns: the wide header it shares most with.
            wh = max(wide_heads, key=lambda w: len(set(w) & set(head)), default=[])
            if not set(wh) & set(head):
                continue  # a row that looked like a header: no table of the wide output
            missing = [f for f in wh if f not in head and not any("…" in h for h in head)]
            unnamed = [f for f in missing if f not in notes]
            if unnamed:
                problems.append(f"{where}: columns {unnamed} left out and not named in a note")
    return problems


def main():
    bin_path, src = sys.argv[1], sys.argv[2]
    show = "--show" in sys.argv
    ex = "docs/examples"
    files = sorted(f"{ex}/{f}" for f in os.listdir(os.path.join(src, ex)) if f.endswith(".json"))
    ex8 = f"{ex}/aoe_result_opat_20250428_203017761_pid18230.json"
    ex62 = f"{ex}/aoe_result_opat_20230315_094502113_pid20431.json"
    ex63 = f"{ex}/aoe_result_opat_20240607_160233905_pid3312.json"
    bank_before, bank_after = f"{ex}/repository/before", f"{ex}/repository/after"
    logs = sorted(f"{ex}/log/{f}" for f in os.listdir(os.path.join(src, ex, "log")))
    home = {"HOME": os.path.join(src, "tests/data/fake_home"), "TUNE_BANK_PATH": "",
            "ASCEND_OPP_PATH": "", "ASCEND_HOME_PATH": ""}
    cases = [
        ("show", ["show", ex], {}),
        ("summary", ["summary", ex], {}),
        ("ops", ["ops", ex], {}),
        ("ops --per-mode", ["ops", "--per-mode", ex], {}),
        ("ops --group-by file", ["ops", "--group-by", "file", ex], {}),
        ("ops --group-by report", ["ops", "--group-by", "report", ex], {}),
        ("ops --group-by type", ["ops", "--group-by", "type", ex], {}),
        ("ops --group-by type,mode", ["ops", "--group-by", "type,mode", ex], {}),
        ("failed", ["failed", ex], {}),
        ("diff", ["diff", ex62, ex63], {}),
        ("diff same", ["diff", ex8, ex8], {}),
        ("trend", ["trend", ex], {}),
        ("check", ["check", ex], {}),
        ("retune", ["retune", "--force", "-o", os.path.join(tempfile.gettempdir(),
                                                            "aoe-width-sweep-retune.json"), ex], {}),
        ("locate", ["locate"], home),
        ("bank", ["bank", bank_after], {}),
        ("bank check", ["bank", "check", bank_after], {}),
        ("bank diff", ["bank", "diff", bank_before, bank_after], {}),
        ("log", ["log"] + logs, {}),
        ("profile", ["profile", f"{ex}/profile/before"], {}),
        ("profile BEFORE AFTER", ["profile", f"{ex}/profile/before", f"{ex}/profile/after"], {}),
        ("profile --result", ["profile", "--result", ex8, f"{ex}/profile/after"], {}),
    ]
    # watch --once on a terminal draws its screen (through script(1), which
    # gives it one); piped, it writes one line per event, a log that is not
    # wrapped.
    if shutil.which("script"):
        for name, path in (("watch --once", ex8), ("watch --once 6.2", ex62)):
            cases.append((name, ["@script", "watch", "--once", path], {}))
        # Usage errors and the bare command on a terminal: wrapped at its
        # width like every message on standard error.
        cases += [("usage: no command", ["@script"], {}),
                  ("usage: unknown command", ["@script", "shwo"], {}),
                  ("usage: a value not taken", ["@script", "ops", "--sort", "bogus", ex], {}),
                  ("usage: unknown option", ["@script", "ops", "--no-such-option", ex], {})]
    problems = []
    for name, args, env_extra in cases:
        problems += check(name, args, src, bin_path, env_extra, show)
    helps = [[]] + [[c] for c in ("show", "summary", "ops", "failed", "check", "diff", "retune",
                                  "locate", "watch", "report", "trend", "bank", "log", "profile")]
    helps += [["bank", sub] for sub in ("check", "diff", "merge")]
    for command in helps:
        for width in WIDTHS:
            _, out = run(bin_path, ["help"] + command, width, src, {})
            for n, line in enumerate(out.splitlines(), 1):
                # An example's line that is one word (a path) or an option
                # and its value, which the help keeps together: no break
                # would make it fit.
                words = line.strip().removesuffix(" \\").split()
                whole = len(words) == 1 or (len(words) == 2 and words[0].startswith("-"))
                if columns(line) > width and not whole:
                    problems.append(f"help {' '.join(command)} at {width}: line {n} is "
                                    f"{columns(line)} columns: {line!r}")
    for p in problems:
        print(p)
    print(f"{len(cases)} commands and {len(helps)} helps at {len(WIDTHS)} widths: "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
