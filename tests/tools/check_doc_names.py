#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that the names docs/architecture.md quotes exist in the tree.

Every inline `code span` of the document (fenced blocks are examples and
are left alone) is looked at for:

  paths        a span without spaces that contains "/" or ends in a source
               extension (`src/cli/core/output.hpp`, `keys.cpp`,
               `commands/failed/`), and, in a span with spaces, each word
               that starts with a folder of the repository
               (`python3 tests/tools/check_layers.py .`). A path exists when
               a file or folder of the tree ends with it (`frames.hpp` is
               `src/reader/frames.hpp`); a generated file when its `.in`
               does; `<name>`, `<unit>`, `*` and `R` as a path segment
               stand for any name, and one file must match. `a.hpp/.cpp`
               is `a.hpp` and `a.cpp`.
  identifiers  in the other spans: `Type::member` (the member must be a
               word of a file that declares the type or namespace:
               `Exit::findings` is, `Exit::stopped` is not; a name in
               CLI11's, nlohmann's, GoogleTest's or fmt's namespace must
               appear as written, since the document says the code uses
               it: `CLI::CheckedTransformer` does not), `function(`,
               `UpperCamelCase` types (a span of one capitalised word,
               `Table`, too), `snake_case_names` and `kConstants`. An
               identifier exists when it is a word of src/, include/,
               tests/ (not the test data), cmake/ or a CMakeLists.txt.

The document's example command `count` (its recipe, "Adding a command") is
the command it copies, `failed`: `CountView` is checked as `FailedView`,
`src/cli/commands/count/count_view.hpp` as
`src/cli/commands/failed/failed_view.hpp`.

Usage: check_doc_names.py REPO_ROOT [DOC]  (DOC: docs/architecture.md).
Prints each name not found as "DOC:line: `span`: name" and exits 1;
exits 0 when every name is found.
"""
import os
import re
import sys
from pathlib import Path

# Names outside the project that the document may quote although the code
# does not spell them (kept small: a name the code uses needs no entry).
EXTERNAL = {
    "std",  # std::anything: the standard library
    "CLI11",
    "GoogleTest",
    "gtest_filter",
    "nlohmann_json",
    "pch_defines",  # ccache's sloppiness settings
    "time_macros",
    "snake_case",  # the conventions' own words
    "UpperCamelCase",
}
# Namespaces of libraries: `CLI::Name` must appear as written in the code.
LIBRARY_NAMESPACES = {"CLI", "nlohmann", "testing", "fmt", "benchmark", "simdjson"}
# The project's own namespaces, left out before the parts are looked up.
OWN_NAMESPACES = {"aoe", "cli", "internal", "test"}
# The example command of the recipe, and the command it is checked as.
EXAMPLE, MODEL = "count", "failed"
# Files the recipe creates for the example that `failed` has no file of
# its own for (none: its tests are cmd_failed_test.cpp and
# failed_render_test.cpp, the recipe's cmd_count_test.cpp and
# count_render_test.cpp).
EXAMPLE_NEW_FILES = frozenset()

SOURCE_EXT = (".cpp", ".hpp", ".h", ".in", ".cmake", ".py", ".sh", ".css", ".js", ".json", ".md",
              ".txt", ".bash", ".1")
TOP_FOLDERS = ("src/", "include/", "tests/", "docs/", "cmake/", "completions/", ".ci/")
# Where `cmake --install` puts files: named by the document, not in the tree.
INSTALLED = ("share/", "lib/", "bin/", "usr/")
SKIP_DIRS = {".git", "node_modules", "__pycache__"}
CODE_ROOTS = ("src", "include", "tests", "cmake")
NOT_CODE = ("tests/data", "tests/fuzz/regressions", "tests/schema/samples")

SPAN = re.compile(r"(`+)(.+?)\1", re.S)
FENCE = re.compile(r"^\s*```")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
QUALIFIED = re.compile(r"(?<![\w:])([A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)+)")
CALL = re.compile(r"(?<![\w.-])([A-Za-z_]\w*)\(")
CAMEL = re.compile(r"(?<![\w.-])([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?![\w-])")
SNAKE = re.compile(r"(?<![\w.-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w-])")
CONSTANT = re.compile(r"(?<![\w.-])(k[A-Z]\w*)")


def tree_paths(root):
    """Every file and folder of the tree, relative, with "/" separators."""
    paths = set()
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")]
        rel = Path(folder).relative_to(root).as_posix()
        prefix = "" if rel == "." else rel + "/"
        if prefix:
            paths.add(prefix)
        for f in files:
            paths.add(prefix + f)
    return paths


def code_words(root):
    """Every word of the code (src/, include/, tests/, cmake/, CMakeLists.txt)
    and the text of each file."""
    words = set()
    texts = {}
    files = [root / "CMakeLists.txt"]
    for top in CODE_ROOTS:
        files += [p for p in (root / top).rglob("*") if p.is_file()]
    for path in files:
        rel = path.relative_to(root).as_posix()
        if rel.startswith(NOT_CODE) or path.resolve() == Path(__file__).resolve():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        texts[rel] = text
        words.update(WORD.findall(text))
    return words, texts


def spans(doc_text):
    """(line, span text) of every inline code span outside fenced blocks."""
    lines = doc_text.split("\n")
    kept = []
    fenced = False
    for line in lines:
        if FENCE.match(line):
            fenced = not fenced
            kept.append("")
            continue
        kept.append("" if fenced else line)
    text = "\n".join(kept)
    for m in SPAN.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        yield line, re.sub(r"\s*\n\s*", " ", m.group(2).strip())


def path_candidates(span):
    """The paths a span names (a path span, or folder-led words of a command)."""
    words = span.split()
    if len(words) == 1:
        w = words[0].rstrip(".,:;)")
        if (w.startswith(("-", "/", "~", "$", "http") + INSTALLED) or "://" in w or "|" in w
                or (w.startswith(".") and "/" not in w)):  # `.cpp`: an extension
            return []
        if "/" in w or w.endswith(SOURCE_EXT):
            return expand(w)
        return []
    found = []
    for w in words:
        w = w.strip("'\"(),;")
        if w.startswith(TOP_FOLDERS) or w.startswith("./" + TOP_FOLDERS[0]):
            found += expand(w)
    return found


def expand(word):
    """`a.hpp/.cpp` is a.hpp and a.cpp; a trailing ':' or '.' is prose."""
    m = re.fullmatch(r"(.*?)(\.[a-z]+)/(\.[a-z]+)", word)
    if m:
        return [m.group(1) + m.group(2), m.group(1) + m.group(3)]
    return [word]


def path_exists(candidate, paths):
    c = candidate[2:] if candidate.startswith("./") else candidate
    is_dir = c.endswith("/")
    pieces = re.split(r"(<[a-z]+>|\*|(?:^|(?<=/))R(?=/))", c)
    pattern = "".join("[^/]*" if piece == "*" else "[^/]+" if piece == "R" or piece.startswith("<")
                      else re.escape(piece) for piece in pieces)
    rx = re.compile(r"(?:^|.*/)" + pattern + "$")
    if any(rx.match(p) for p in paths):
        return True
    # A generated file (`aoe_result/version.hpp`): its `.in` is in the tree.
    generated = re.compile(r"(?:^|.*/)" + re.escape(c.rsplit("/", 1)[-1]) + r"\.in$")
    return not is_dir and any(generated.match(p) for p in paths)


def identifiers(span):
    """The code identifiers of a span that is not a path."""
    rest = " ".join(w for w in span.split() if not path_candidates(w))
    rest = re.sub(r"\"[^\"]*\"|'[^']*'", " ", rest)  # quoted text: words, not names
    if re.fullmatch(r"[A-Z][a-z0-9]+", rest):  # `Table`: a type on its own
        return [("word", rest)]
    found = [("qualified", q) for q in QUALIFIED.findall(rest)]
    unqualified = QUALIFIED.sub(" ", rest)
    for rx in (CALL, CAMEL, SNAKE, CONSTANT):
        found += [("word", w) for w in rx.findall(unqualified)]
    return list(dict.fromkeys(found))


def identifier_exists(kind, name, words, texts):
    if kind == "word":
        return name in words or name in EXTERNAL
    parts = name.split("::")
    if parts[0] in EXTERNAL:
        return True
    if parts[0] in LIBRARY_NAMESPACES:
        return any(name in text for text in texts.values())
    parts = [p.lstrip("~") for p in parts if p not in OWN_NAMESPACES]
    if not all(p in words for p in parts):
        return False
    # `Type::member`: the member is a word of a file that declares the type
    # (`Exit::findings` is in the header of `enum class Exit`).
    for outer, inner in zip(parts, parts[1:]):
        declares = re.compile(r"\b(?:struct|class|enum class|enum|namespace|using)[ \t]+(?:\w+::)*" +
                              re.escape(outer) + r"\b")
        homes = [t for t in texts.values() if declares.search(t)]
        if not any(re.search(r"\b" + re.escape(inner) + r"\b", t) for t in homes):
            return False
    return True


def as_model(name):
    """The example command's name as the command it copies."""
    return (name.replace(EXAMPLE, MODEL).replace(EXAMPLE.capitalize(), MODEL.capitalize())
            .replace(EXAMPLE.upper(), MODEL.upper()))


def main(root, doc):
    root = Path(root)
    doc_path = root / doc
    paths = tree_paths(root)
    words, texts = code_words(root)
    problems = []
    for line, span in spans(doc_path.read_text(encoding="utf-8")):
        names = path_candidates(span)
        checks = [("path", p) for p in names] if names else identifiers(span)
        for kind, name in checks:
            if kind == "path":
                ok = (path_exists(name, paths) or name in EXAMPLE_NEW_FILES
                      or path_exists(as_model(name), paths))
            else:
                ok = (identifier_exists(kind, name, words, texts)
                      or identifier_exists(kind, as_model(name), words, texts))
            if not ok:
                problems.append(f"{doc}:{line}: `{span}`: {name} is not in the tree")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    here_root = Path(__file__).resolve().parents[2]
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else here_root,
                  sys.argv[2] if len(sys.argv) > 2 else "docs/architecture.md"))
