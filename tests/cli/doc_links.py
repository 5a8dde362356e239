#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The docs link only to what the project holds.

Every relative Markdown link ([text](target)) in README.md and docs/*.md
must name a file or directory of the project (an #anchor in another file
is not checked; one in the same file must be a heading of it), and no text
may send the reader to the specs outside it (shared/spec/).

Usage: doc_links.py PROJECT_ROOT
"""
import os
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to -."""
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def main():
    root = os.path.abspath(sys.argv[1])
    docs = [os.path.join(root, "README.md")]
    docs += sorted(os.path.join(root, "docs", f) for f in os.listdir(os.path.join(root, "docs"))
                   if f.endswith(".md"))
    bad = 0
    for doc in docs:
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        headings = {anchor(m) for m in re.findall(r"^#+ (.*)$", text, re.M)}
        for n, line in enumerate(text.splitlines(), 1):
            where = f"{os.path.relpath(doc, root)}:{n}"
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue  # https:, mailto:
                path, _, frag = target.partition("#")
                if not path:
                    if frag and frag not in headings:
                        print(f"{where}: #{frag} is no heading of this file")
                        bad += 1
                    continue
                full = os.path.normpath(os.path.join(os.path.dirname(doc), path))
                if not full.startswith(root + os.sep) or not os.path.exists(full):
                    print(f"{where}: {target} is not a file of the project")
                    bad += 1
            if "shared/spec/" in line:
                print(f"{where}: points at a spec outside the project (shared/spec/)")
                bad += 1
    print(f"doc links: {len(docs)} files, {bad} bad")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
