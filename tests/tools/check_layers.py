#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that every #include "..." in src/ and include/ points down the
layers of docs/architecture.md ("Where things are"):

  include/aoe_result/  the public API: includes only itself
  src/ (the library)   the API and src/ itself, never the command line
  src/cli/text/        the library and text/
  src/cli/core/        ... and core/
  src/cli/io/          ... and io/
  src/cli/commands/R/  ... and the rooms' views and renderers (never another
                       room's *_command.hpp or cmd_*.cpp); rooms form no cycle
  src/cli/app/         anything

Usage: check_layers.py REPO_ROOT. Prints each include that breaks a rule as
"file:line: ..." and exits 1; exits 0 when there is none.
"""
import re
import sys
from pathlib import Path

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
CLI_TOP = ("text", "core", "io", "commands", "app")
ALLOWED = {  # cli folder -> the cli folders it may include
    "text": {"text"},
    "core": {"text", "core"},
    "io": {"text", "core", "io"},
    "commands": {"text", "core", "io", "commands"},
    "app": set(CLI_TOP),
}


def cli_folder(target):
    head = target.split("/", 1)[0]
    return head if head in CLI_TOP and "/" in target else None


def main(root):
    root = Path(root)
    problems = []
    room_edges = {}
    for path in sorted(list((root / "src").rglob("*.[ch]pp")) + list((root / "include").rglob("*.hpp"))):
        rel = path.relative_to(root).as_posix()
        parts = rel.split("/")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = m.group(1)
            where = f"{rel}:{number}"
            folder = cli_folder(target)
            if parts[0] == "include":
                if not target.startswith("aoe_result/"):
                    problems.append(f"{where}: the public API includes \"{target}\"")
            elif parts[1] != "cli":
                if folder:
                    problems.append(f"{where}: the library includes the command line's \"{target}\"")
            elif len(parts) > 3 and parts[2] in ALLOWED:
                own = parts[2]
                if folder and folder not in ALLOWED[own]:
                    problems.append(f"{where}: {own}/ may not include {folder}/ (\"{target}\")")
                if own == "commands" and folder == "commands":
                    room, other = parts[3], target.split("/")[1]
                    name = target.rsplit("/", 1)[-1]
                    if other != room:
                        if name.endswith("_command.hpp") or name.startswith("cmd_"):
                            problems.append(f"{where}: room {room} includes another room's command \"{target}\"")
                        room_edges.setdefault(room, set()).add(other)
    # No cycle between rooms.
    state = {}

    def visit(room, trail):
        state[room] = "open"
        for other in sorted(room_edges.get(room, ())):
            if state.get(other) == "open":
                problems.append("rooms include each other: " + " -> ".join(trail + [room, other]))
            elif other not in state:
                visit(other, trail + [room])
        state[room] = "done"

    for room in sorted(room_edges):
        if room not in state:
            visit(room, [])
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]))
