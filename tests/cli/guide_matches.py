#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The guide shows what the program prints today.

Every `$ aoe-result ...` line in a code block of docs/guide.md whose paths
are in docs/examples (and that has no pipe) is run there, with the width and
colour a reader's terminal of 100 columns would give; the lines shown under
it must be what it prints. A line `...` stands for any number of lines;
lines starting with `aoe-result: ` are compared with stderr, the others with
stdout.

Usage: guide_matches.py AOE_RESULT_BINARY GUIDE_MD EXAMPLES_DIR [--paths-with-slash]

With --paths-with-slash (the README, run from the source root), a command
of any name is run when every argument holding a `/` is a path that exists
there; blank lines at the end of a command's output in the block are not
compared.
"""
import os
import re
import subprocess
import sys


def blocks(text):
    """(line number, lines) of each fenced code block."""
    out, cur, start = [], None, 0
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            if cur is None:
                cur, start = [], n + 1
            else:
                out.append((start, cur))
                cur = None
        elif cur is not None:
            cur.append(line)
    return out


def commands(block_start, lines, examples, paths_with_slash=False):
    """(line, argv, expected lines) of each checkable command in a block."""
    found = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ aoe-result ") and "|" not in line and ">" not in line:
            argv = line[2:].split()
            j = i + 1
            while j < len(lines) and not lines[j].startswith("$ "):
                j += 1
            if paths_with_slash:
                paths = [a for a in argv[1:] if "/" in a]
            else:
                paths = [a for a in argv[1:] if not a.startswith("-") and a not in ("show", "summary", "failed", "ops", "check", "diff")]
            if paths and all(os.path.exists(os.path.join(examples, p)) for p in paths):
                expected = lines[i + 1:j]
                while paths_with_slash and expected and not expected[-1].strip():
                    expected = expected[:-1]
                found.append((block_start + i, argv[1:], expected))
            i = j
        else:
            i += 1
    return found


def matches(expected, actual):
    """Whether `actual` lines are `expected`, a `...` line matching any run."""
    pattern = ""
    for e in expected:
        pattern += r"(?:[^\n]*\n)*?" if e.strip() == "..." else re.escape(e.rstrip()) + r"\n"
    text = "".join(a.rstrip() + "\n" for a in actual)
    return re.fullmatch(pattern, text) is not None


def main():
    binary, guide, examples = (os.path.abspath(a) for a in sys.argv[1:4])
    paths_with_slash = "--paths-with-slash" in sys.argv[4:]
    with open(guide, encoding="utf-8") as f:
        text = f.read()
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1")
    env.pop("ASCEND_WORK_PATH", None)
    failures = checked = 0
    for start, lines in blocks(text):
        for line_no, args, expected in commands(start, lines, examples, paths_with_slash):
            checked += 1
            r = subprocess.run([binary] + args, cwd=examples, env=env, capture_output=True, text=True)
            want_out = [e for e in expected if not e.startswith("aoe-result: ")]
            want_err = [e for e in expected if e.startswith("aoe-result: ")]
            got_out = r.stdout.splitlines()
            got_err = r.stderr.splitlines()
            if matches(want_out, got_out) and matches(want_err, got_err):
                continue
            failures += 1
            print(f"{guide}:{line_no}: '$ aoe-result {' '.join(args)}' prints otherwise today:")
            for a in got_out + got_err:
                print("    " + a)
    print(f"guide commands checked: {checked}, differing: {failures}")
    if checked == 0:
        print("no command was checked: the script no longer finds them")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
