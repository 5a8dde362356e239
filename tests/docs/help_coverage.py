#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the man page and the shell completions against the built program.

The commands and options are discovered from the program's own --help, so
the checks follow as commands are added:

  man   every option of `aoe-result --help` is described under GLOBAL OPTIONS,
        every option of `aoe-result CMD --help` under the command's section
        (or INPUTS / GLOBAL OPTIONS); the version in .TH is the program's.
  bash  the completion function offers every command and every option of
        each command, the values of --format/--color/--sort/--mode, and
        result files.
  zsh   the file parses (zsh -n) and each command's block names every option
        of that command.
  help  every command's --help ends with examples of that command, and
        --version prints the project's version; no command the top-level
        help says never exits 1 gives itself a 1, and (with --readme,
        --man) the README's exit status table and the man page's EXIT
        STATUS say when each command the top-level help gives a 1 exits 1.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

failures = []


def fail(message):
    failures.append(message)


def run_help(binary, args):
    r = subprocess.run([binary, *args, "--help"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{binary} {' '.join(args)} --help exited {r.returncode}: {r.stderr}")
    return r.stdout


# How far an entry of an options or subcommands list may be indented. CLI11
# 2.1 to 2.7 lay the lists out differently: 2.1 writes "  -r,--recursive"
# and never wraps; 2.4+ puts short names in a first column and long names
# in a second one ("  -r,     --recursive", "          --format FORMAT":
# column 10 of 30) and wraps long descriptions onto lines indented to the
# description column (30). An entry is told from a wrapped line by its
# indentation.
ENTRY_INDENT = 12


def entry(line):
    """The text of a list entry (without its indentation), or None for a
    header, a blank line or a wrapped description line."""
    m = re.match(r"^( +)(\S.*)$", line)
    if not m or len(m.group(1)) > ENTRY_INDENT:
        return None
    return m.group(2)


def option_names(text, line):
    """The option names at the start of an entry: "-r,--recursive",
    "-r,     --recursive", "--top UINT=10", "--no-require-complete{false}",
    "--require-complete, --no-require-complete"; the names end at the first
    word that is not one (a type name, the description)."""
    names = []
    for word in text.split():
        parts = [p for p in word.split(",") if p]
        if not parts or not parts[0].startswith("-"):
            break
        for part in parts:
            name = re.split(r"[={\[:]", part)[0]
            if re.fullmatch(r"--?[A-Za-z][\w-]*", name):
                names.append(name)
            else:
                sys.exit(f"cannot read the option name {name!r} in: {line}")
    return names


def parse_help(text):
    """(options, subcommands) from CLI11 help text (any 2.x layout)."""
    options, commands, section = [], [], None
    for line in text.splitlines():
        # "Options:", "Global options (before or after the command):"
        header = re.match(r"^([A-Za-z][A-Za-z ]*?)\s*(?:\([^)]*\))?:\s*$", line)
        if header:
            section = header.group(1).lower()
            continue
        item = entry(line)
        if item is None:
            continue
        if section == "options" and item.startswith("-"):
            options.extend(option_names(item, line))
        elif section == "subcommands":
            m = re.match(r"^([a-z][\w-]*)(\s|$)", item)
            if m:
                commands.append(m.group(1))
    return options, commands


def discover(binary):
    top_options, commands = parse_help(run_help(binary, []))
    if not commands:
        sys.exit("no subcommand found in --help output")
    # A command's help may list the global options among its own (CLI11
    # 2.7 does): they are the program's, not the command's.
    per_command = {c: [o for o in parse_help(run_help(binary, [c]))[0]
                       if o not in top_options or o in ("-h", "--help")]
                   for c in commands}
    return top_options, per_command


def mentions(text, option):
    return re.search(r"(?<![\w-])" + re.escape(option) + r"(?![\w-])", text) is not None


def man_sections(path):
    """(.TH line, {('SH', name) or ('SS', first word): text}) of a roff man page."""
    sections, key, parent, th = {}, None, None, ""
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if line.startswith('.\\"') or line.startswith("'\\\""):
                continue
            plain = re.sub(r"\\f[BIRP]|\\f\[[A-Z]*\]|\\&", "", line).replace("\\-", "-")
            if plain.startswith(".TH "):
                th = plain
            m = re.match(r'^\.(SH|SS)\s+"?([^"]*)"?', plain)
            if m:
                name = m.group(2).strip()
                key = ("SH", name) if m.group(1) == "SH" else ("SS", name.split()[0])
                if m.group(1) == "SH":
                    parent = key
                sections.setdefault(key, "")
                if m.group(1) == "SS":
                    sections[key] += name + "\n"
                continue
            if key:
                sections[key] = sections.get(key, "") + plain + "\n"
                if key[0] == "SS" and parent:  # a subsection is part of its section
                    sections[parent] += plain + "\n"
    return th, sections


def check_man(args, top_options, per_command):
    th, sections = man_sections(args.man)
    if f"aoe-result {args.version}" not in th:
        fail(f"man page .TH does not name aoe-result {args.version}: {th!r}")
    global_text = sections.get(("SH", "GLOBAL OPTIONS"), "")
    common = global_text + sections.get(("SH", "INPUTS"), "")
    for option in top_options:
        if not mentions(global_text, option):
            fail(f"man page: global option {option} is not under GLOBAL OPTIONS")
    for command, options in per_command.items():
        section = sections.get(("SS", command))
        if section is None:
            fail(f"man page: no section (.SS) for command '{command}'")
            continue
        for option in options:
            if not (mentions(section, option) or mentions(common, option)):
                fail(f"man page: option {option} of '{command}' is not described")
    # The FORMATS table: per command, the formats its --help names.
    table = sections.get(("SH", "FORMATS"), "")
    rows = dict(re.findall(r"^([a-z]+)\t(.*)$", table, re.M))
    for command in per_command:
        help_text = run_help(args.bin, [command])
        m = re.search(r"^Formats:(.*?)\.(\s|$)", re.sub(r"\([^)]*\)", "", help_text), re.M | re.S)
        if not m:
            fail(f"{command} --help has no 'Formats:' line")
            continue
        wanted = [w.strip() for w in m.group(1).split(",")]
        if command not in rows:
            fail(f"man page: '{command}' has no row under FORMATS")
            continue
        listed = [w.strip() for w in re.split(r"[;:(]", rows[command])[0].split(",")]
        if listed != wanted:
            fail(f"man page: FORMATS says {command} writes {listed}, its --help {wanted}")
    check_man_sections(args, sections, per_command)
    codes = []
    if args.codes_from:
        with open(args.codes_from, encoding="utf-8") as f:
            codes = re.findall(r"^\| `([a-z][a-z-]*)` \|", f.read(), re.M)
        if not codes:
            fail(f"no code found in {args.codes_from}")
    for code in codes:
        if not mentions(sections.get(("SH", "CHECK CODES"), ""), code):
            fail(f"man page: check code {code} is not under CHECK CODES")
    # Every code `check --help` lists has its row in check-codes.md's tables.
    if args.codes_from and "check" in per_command:
        listed = re.findall(r"(?<![\w-])([a-z]+(?:-[a-z]+)+)(?![\w-])",
                            re.split(r"^Examples:", run_help(args.bin, ["check"]).split("Finding codes", 1)[-1],
                                     maxsplit=1, flags=re.M)[0].split("):", 1)[-1])
        for code in listed:
            if code not in codes and code not in ("no-require-complete",):
                fail(f"check-codes.md: code {code} of 'check --help' has no row in its tables")
        # ... and every code check-codes.md gives `check` (not bank check's,
        # not a profile's) is in the group of its severity there.
        groups = {}
        for m in re.finditer(r"^  (errors|warnings|info): *((?:.*\n)(?: {12}.*\n)*)",
                             run_help(args.bin, ["check"]), re.M):
            groups[m.group(1).rstrip("s")] = m.group(2)
        with open(args.codes_from, encoding="utf-8") as f:
            chapters = re.split(r"^## ", f.read(), flags=re.M)
        for chapter in chapters:
            if chapter.startswith(("Found by `bank check`", "Found while reading a profile")):
                continue
            for code, severity in re.findall(r"^\| `([a-z][a-z-]*)` \| ([a-z]+)", chapter, re.M):
                if severity in ("error", "warning", "info") and \
                        not mentions(groups.get(severity, ""), code):
                    fail(f"'check --help': code {code} is not among the {severity}s "
                         f"(check-codes.md: {severity})")


def help_formats(binary, command):
    """The formats a command's --help names on its 'Formats:' line, or None."""
    help_text = run_help(binary, [command])
    m = re.search(r"^Formats:(.*?)\.(\s|$)", re.sub(r"\([^)]*\)", "", help_text), re.M | re.S)
    return [w.strip() for w in m.group(1).split(",")] if m else None


def check_man_sections(args, sections, per_command):
    """The man page's own text against the program: each command's
    'Formats:' sentence, its SYNOPSIS line and the INPUTS list name what
    --help says; FILES names every JSON Schema beside the man page; µs is
    written with the micro sign."""
    with open(args.man, encoding="utf-8") as f:
        raw = f.read()
    if "\\(*m" in raw or "\u03bc" in raw:
        fail("man page: µs written with the Greek mu (\\(*m or U+03BC); use \\(mc, the micro sign")
    synopsis = sections.get(("SH", "SYNOPSIS"), "")
    blocks = dict(re.findall(r"^\.B aoe-result (\w+)\n(.*?)(?=^\.B aoe-result|\Z)", synopsis,
                             re.M | re.S))
    inputs = sections.get(("SH", "INPUTS"), "").split("\n.TP", 1)[0]
    for command in per_command:
        section = sections.get(("SS", command), "")
        m = re.search(r"^Formats: (.*?)\.(\s|$)", re.sub(r"\([^)]*\)", "", section), re.M | re.S)
        wanted = help_formats(args.bin, command)
        if m and wanted is not None:
            said = [w.strip() for w in re.split(r"[;:]", m.group(1))[0].replace("\n", " ").split(",")]
            if said != wanted:
                fail(f"man page: '{command}' section says Formats: {said}, its --help {wanted}")
        usage = re.search(r"^Usage: .*$", run_help(args.bin, [command]), re.M)
        takes_paths = bool(usage and "PATH..." in usage.group(0))
        if command not in blocks:
            fail(f"man page: SYNOPSIS has no line for '{command}'")
        elif takes_paths and "PATH ...]" not in blocks[command].replace("\n", ""):
            fail(f"man page: SYNOPSIS of '{command}' does not end in [PATH...] as its --help")
        if takes_paths and not mentions(inputs, command):
            fail(f"man page: INPUTS does not name '{command}', which takes [PATH...]")
    files = sections.get(("SH", "FILES"), "")
    for schema in sorted(os.listdir(os.path.dirname(args.man))):
        if schema.endswith(".schema.json") and schema not in files:
            fail(f"man page: FILES does not name {schema}")


def bash_complete(args, words, with_bash_completion=False):
    """COMPREPLY for the command line `words` (the last one being completed)."""
    prelude = ""
    if with_bash_completion:
        prelude = f"source {shlex.quote(args.bash_completion)} >/dev/null 2>&1; "
    script = (
        prelude
        + f"source {shlex.quote(args.bash)}; "
        + "COMP_WORDS=(" + " ".join(shlex.quote(w) for w in words) + "); "
        + f"COMP_CWORD={len(words) - 1}; COMP_LINE={shlex.quote(' '.join(words))}; "
        + "_aoe_result; printf '%s\\n' \"${COMPREPLY[@]}\""
    )
    r = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], capture_output=True,
                       text=True, cwd=args.data_dir)
    if r.returncode != 0:
        fail(f"bash completion of {words}: exit {r.returncode}: {r.stderr}")
    return [w for w in r.stdout.splitlines() if w]


def expect_bash(args, words, expected, exact=False, **kw):
    got = bash_complete(args, words, **kw)
    missing = [e for e in expected if e not in got]
    if missing or (exact and sorted(got) != sorted(expected)):
        fail(f"bash completion of {words!r}: got {got}, expected {'exactly ' if exact else ''}{expected}")


def check_bash(args, top_options, per_command):
    expect_bash(args, ["aoe-result", ""], list(per_command))
    expect_bash(args, ["aoe-result", "su"], ["summary"], exact=True)
    expect_bash(args, ["aoe-result", "-"], top_options)
    for command, options in per_command.items():
        expect_bash(args, ["aoe-result", command, "-"], options + top_options)
        expect_bash(args, ["aoe-result", "--format", "json", command, "--"],
                    [o for o in options + top_options if o.startswith("--")])
    expect_bash(args, ["aoe-result", "--format", ""],
                ["text", "json", "jsonl", "csv", "markdown", "junit", "github", "html"], exact=True)
    expect_bash(args, ["aoe-result", "summary", "--format", ""], ["text", "json", "markdown"],
                exact=True)
    expect_bash(args, ["aoe-result", "failed", "--format", ""], ["text", "json", "csv"], exact=True)
    expect_bash(args, ["aoe-result", "help", "sh"], ["show"], exact=True)
    expect_bash(args, ["aoe-result", "--format", "=", "j"], ["json", "jsonl", "junit"], exact=True)
    expect_bash(args, ["aoe-result", "--color", ""], ["auto", "always", "never"], exact=True)
    expect_bash(args, ["aoe-result", "ops", "--sort", ""],
                ["saved", "improvement", "before", "after", "name", "type"], exact=True)
    expect_bash(args, ["aoe-result", "ops", "--mode", ""], ["Format", "Schedule", "Impl"], exact=True)
    expect_bash(args, ["aoe-result", "show", "--top", ""], [], exact=True)
    example = "aoe_result_opat_20250428_203017761_pid18230.json"
    expect_bash(args, ["aoe-result", "show", "aoe_result_opat_2025"],
                ["aoe_result_opat_20250428_203017761_pid18230.json",
                 "aoe_result_opat_20251120_230001514_pid40211.json"], exact=True)
    expect_bash(args, ["aoe-result", "--wide", "failed", example[:24]], [example], exact=True)
    if args.bash_completion and os.path.exists(args.bash_completion):
        expect_bash(args, ["aoe-result", "show", "aoe_result_opat_2025"],
                    ["aoe_result_opat_20250428_203017761_pid18230.json",
                     "aoe_result_opat_20251120_230001514_pid40211.json"], exact=True,
                    with_bash_completion=True)


def check_zsh(args, top_options, per_command):
    with open(args.zsh, encoding="utf-8") as f:
        text = f.read()
    if args.zsh_bin:
        r = subprocess.run([args.zsh_bin, "-n", args.zsh], capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"zsh -n {args.zsh}: {r.stderr}")
    arrays = {name: body for name, body in re.findall(r"\n\s*(\w+)=\(\n(.*?)\n\s*\)", text, re.S)}
    global_block = arrays.get("global_opts", "")
    inputs_block = arrays.get("inputs", "")
    for option in top_options:
        if not mentions(global_block, option):
            fail(f"zsh completion: global option {option} missing from global_opts")
    for command, options in per_command.items():
        m = re.search(r"\(" + re.escape(command) + r"\)\n(.*?);;", text, re.S)
        if not m:
            fail(f"zsh completion: no case for command '{command}'")
            continue
        block = m.group(1)
        if re.search(r"\n\s*\([\w-]+\)\n", block):
            fail(f"zsh completion: the case for '{command}' does not end in ';;' before the next")
        if "$global_opts" not in block:
            fail(f"zsh completion: '{command}' does not take the global options")
        if "$inputs" in block:
            block += inputs_block
        for option in options:
            if option in ("-h", "--help"):
                option_block = block + global_block
            else:
                option_block = block
            if not mentions(option_block, option):
                fail(f"zsh completion: option {option} of '{command}' missing")
        description = re.search(r"'" + re.escape(command) + r":", arrays.get("commands", ""))
        if not description:
            fail(f"zsh completion: command '{command}' not in the commands list")


def check_help(args, top_options, per_command):
    r = subprocess.run([args.bin, "--version"], capture_output=True, text=True)
    if r.returncode != 0 or r.stdout != f"aoe-result {args.version}\n":
        fail(f"--version printed {r.stdout!r} (exit {r.returncode}), expected 'aoe-result {args.version}'")
    for command in [None, *per_command]:
        text = run_help(args.bin, [command] if command else [])
        parts = re.split(r"^Examples:[ \t]*$", text, maxsplit=1, flags=re.M)
        examples = parts[1] if len(parts) == 2 else ""
        prefix = "aoe-result " + (command + " " if command else "")
        lines = [l.strip() for l in examples.splitlines() if l.strip().startswith(prefix)]
        if not lines:
            fail(f"'aoe-result {command or ''} --help' has no 'Examples:' with a line "
                 f"starting '{prefix}'")
    # The top-level help lists every exit status, and what 1 means for each command.
    text = run_help(args.bin, [])
    block = re.split(r"^Exit status", text, maxsplit=1, flags=re.M)
    block = re.split(r"^Examples:", block[1], maxsplit=1, flags=re.M)[0] if len(block) == 2 else ""
    for status in ("0", "1", "2", "3", "130", "143"):
        if not re.search(rf"^\s+{status}\s", block, re.M):
            fail(f"'aoe-result --help' does not list exit status {status}")
    for command in per_command:
        if not mentions(block, command):
            fail(f"'aoe-result --help': its exit statuses do not say what 1 means for '{command}'")
    # A command whose own --help gives it exit status 1 is not on the
    # "never" line, and the README's table and the man page's EXIT STATUS
    # name every command the top-level help gives a 1 to.
    one = re.split(r"^  2\s", re.split(r"^  1\s", block, maxsplit=1, flags=re.M)[-1],
                   maxsplit=1, flags=re.M)[0]
    never = re.search(r"^\s+([a-z][a-z ,]*): never$", one, re.M)
    never = [c.strip() for c in never.group(1).split(",")] if never else []
    for command in per_command:
        own = "\n".join(re.findall(r"^Exit status.*$", run_help(args.bin, [command]), re.M))
        if command in never and re.search(r"(?<![\d.])1(?![\d.%])\s", own):
            fail(f"'aoe-result --help' says '{command}' never exits 1; its --help says it does")
    with_one = [c.strip() for line in re.findall(r"^(?:1 {4}| {7})([a-z][a-z ,]*):", "1" + one, re.M)
                for c in line.split(",") if not line.endswith("never")]
    with_one = [c for c in with_one if c not in never]
    if args.readme:
        with open(args.readme, encoding="utf-8") as f:
            row = re.search(r"^\| 1 \|.*$", f.read(), re.M)
        for command in with_one:
            if not row or not re.search(r"`" + re.escape(command) + r"[` ]", row.group(0)):
                fail(f"README's exit status table: code 1 does not say when '{command}' exits 1")
    if args.man:
        _, sections = man_sections(args.man)
        text = re.split(r"^\.B 2$", re.split(r"^\.B 1$", sections.get(("SH", "EXIT STATUS"), ""),
                                              maxsplit=1, flags=re.M)[-1], maxsplit=1, flags=re.M)[0]
        for command in with_one:
            if not mentions(text, command):
                fail(f"man page EXIT STATUS: 1 does not say when '{command}' exits 1")
        # watch exits by check's verdict, in which a failed tuning is a warning.
        said = re.sub(r"\s+", " ", text)
        watch = " ".join(re.findall(r"^Exit status.*(?:\n.+)*", run_help(args.bin, ["watch"]), re.M))
        for words in ("check's verdict", "a failed tuning is a warning", "a report not final",
                      "a cut-off file"):
            if words in re.sub(r"\s+", " ", watch) and words.replace(" is a warning", "") not in said:
                fail(f"man page EXIT STATUS: 'watch --help' says '{words}' of its exit status; "
                     "the man page does not")
        if "a report failed" in said:
            fail("man page EXIT STATUS: watch does not exit 1 for a failed report (a warning)")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["man", "bash", "zsh", "help"])
    p.add_argument("--bin", required=True)
    p.add_argument("--man")
    p.add_argument("--version")
    p.add_argument("--codes-from", help="docs/check-codes.md: every code there must be listed")
    p.add_argument("--bash")
    p.add_argument("--bash-completion", default="/usr/share/bash-completion/bash_completion")
    p.add_argument("--data-dir", help="directory holding the example result files")
    p.add_argument("--zsh")
    p.add_argument("--zsh-bin")
    p.add_argument("--readme", help="README.md (help: its exit status table against --help)")
    args = p.parse_args()
    for name in ("bin", "man", "bash", "zsh", "codes_from", "readme"):
        if getattr(args, name) and os.path.exists(getattr(args, name)):
            setattr(args, name, os.path.abspath(getattr(args, name)))

    top_options, per_command = discover(args.bin)
    {"man": check_man, "bash": check_bash, "zsh": check_zsh, "help": check_help}[args.what](args, top_options, per_command)
    if failures:
        print("\n".join(failures), file=sys.stderr)
        return 1
    print(f"{args.what}: {len(per_command)} commands, "
          f"{sum(len(o) for o in per_command.values()) + len(top_options)} options checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
