#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Opens pages made by `aoe-result report` in headless Chromium and checks them.

  example FILE     the page of FILE: a screenshot that is not blank (many
                   distinct colours), and the DOM after the script ran holds
                   every table row and the sorting buttons
  sort FILE        the page opened as page.html#sort=improvement,
                   #sort=-improvement and #sort=name: the rows come in that
                   order in the DOM the browser built
  injection FILE   names such as <img src=x onerror=...> and "><script> are
                   text: no element they tried to inject exists, no script
                   of theirs ran
  screenshot FILE  writes the screenshot to --png (the README's picture)

Exits 77 (SKIP_RETURN_CODE) when Chromium is not installed.
"""
import argparse
import html.parser
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SKIP = 77
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--disable-extensions", "--mute-audio"]


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def chromium(args, browser, work):
    profile = tempfile.mkdtemp(prefix="profile-", dir=work)
    try:
        r = subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", *args],
                           capture_output=True, timeout=60)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    if r.returncode != 0:
        fail(f"chromium exited {r.returncode}: {r.stderr.decode(errors='replace')[-2000:]}")
    return r.stdout.decode("utf-8", errors="replace")


def make_page(aoe, source, out, extra=()):
    env = dict(os.environ, SOURCE_DATE_EPOCH="1767225600")  # 2026-01-01: a fixed date
    r = subprocess.run([aoe, "report", "--force", "-o", out, *extra, source], capture_output=True,
                       text=True, env=env)
    if r.returncode not in (0,):
        fail(f"aoe-result report exited {r.returncode}: {r.stderr}")


def operators(aoe, source):
    """Operators in `source`, as `summary --format json` counts them."""
    import json
    r = subprocess.run([aoe, "-q", "summary", "--format", "json", source], capture_output=True,
                       text=True)
    if r.returncode != 0:
        fail(f"aoe-result summary exited {r.returncode}: {r.stderr}")
    return json.loads(r.stdout)["totals"]["operators"]


def url(path, fragment=""):
    return "file://" + os.path.abspath(path) + fragment


def dump_dom(browser, work, page, fragment=""):
    return chromium(["--virtual-time-budget=2000", "--dump-dom", url(page, fragment)], browser,
                    work)


# --- PNG: distinct colours, decoded with zlib only ------------------------------

def png_colours(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG")
    pos, idat, width, height, ctype, depth = 8, b"", 0, 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or ctype not in (2, 6):
        fail(f"unexpected PNG colour type {ctype}/depth {depth}")
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    colours = set()
    i = 0
    for _ in range(height):
        ftype = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if ftype == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif ftype == 2:
            line = bytearray((u + v) & 255 for u, v in zip(line, prev))
        elif ftype == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + (left + prev[x]) // 2) & 255
        elif ftype == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        # Every 4th pixel is enough to count colours.
        for x in range(0, stride, bpp * 4):
            colours.add(bytes(line[x:x + 3]))
        prev = line
    return width, height, len(colours)


# --- DOM ------------------------------------------------------------------------

class Dom(html.parser.HTMLParser):
    """Elements by tag, and the cell texts of table#ops's body rows."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = {}
        self.attrs = []
        self.heads = []
        self.rows = []
        self.title = ""  # the document's <title>, not those of the figures
        self.title_done = False
        self._in_ops = self._in_body = self._in_title = False
        self._cell = None
        self._head = None

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        a = dict(attrs)
        self.attrs.append((tag, a))
        if tag == "title" and not self.title_done:
            self._in_title = True
        if tag == "table" and a.get("id") == "ops":
            self._in_ops = True
        if self._in_ops and tag == "th":
            self._head = a.get("data-key")
        if self._in_ops and tag == "tbody":
            self._in_body = True
        if self._in_body and tag == "tr":
            self.rows.append({"hidden": "hidden" in a, "cells": []})
        if self._in_body and tag == "td":
            self._cell = ""

    def handle_endtag(self, tag):
        if tag == "title" and self._in_title:
            self._in_title = False
            self.title_done = True
        if tag == "table":
            self._in_ops = self._in_body = False
        if self._in_ops and tag == "th" and self._head is not None:
            self.heads.append(self._head)
            self._head = None
        if self._in_body and tag == "td" and self._cell is not None:
            self.rows[-1]["cells"].append(self._cell.strip())
            self._cell = None

    def handle_data(self, data):
        if self._in_title:
            self.title += data
        if self._cell is not None:
            self._cell += data


def parse(text):
    d = Dom()
    d.feed(text)
    return d


def column(dom, key):
    if key not in dom.heads:
        fail(f"no column {key!r} in {dom.heads}")
    i = dom.heads.index(key)
    return [r["cells"][i] for r in dom.rows]


def number(text):
    kept = "".join(c if c in "0123456789.-eE+" else " " for c in text).split()
    try:
        return float(kept[0]) if kept else None
    except ValueError:
        return None


def natural_key(text):
    import re
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.findall(r"\d+|\D+", text.lower())]


# --- cases ----------------------------------------------------------------------

def case_example(a):
    page = os.path.join(a.work, "example.html")
    make_page(a.aoe, a.file, page)
    png = os.path.join(a.work, "example.png")
    chromium(["--window-size=1280,900", f"--screenshot={png}", url(page)], a.chromium, a.work)
    width, height, colours = png_colours(png)
    print(f"screenshot {width}x{height}, {colours} distinct colours")
    if colours < 40:
        fail(f"the screenshot looks blank: {colours} distinct colours")
    dom = parse(dump_dom(a.chromium, a.work, page))
    expected = int(a.rows) if a.rows is not None else min(5000, operators(a.aoe, a.file))
    print(f"{len(dom.rows)} table rows in the DOM")
    if expected is not None and len(dom.rows) != expected:
        fail(f"{len(dom.rows)} rows in the DOM, expected {expected}")
    if expected != 0 and dom.tags.get("button", 0) < len(dom.heads):
        fail("the script did not turn the headings into sort buttons")
    if dom.tags.get("svg", 0) < 4:
        fail("fewer than four figures")


def check_order(values, descending, what):
    present = [v for v in values if v is not None]
    if any(v is not None for v in values[len(present):]):
        fail(f"{what}: rows without a value are not last: {values}")
    want = sorted(present, reverse=descending)
    if present != want:
        fail(f"{what}: not in order: {present}")


def case_sort(a):
    """The page opened with #sort=KEY or #sort=-KEY: rows in that order."""
    page = os.path.join(a.work, "sort.html")
    make_page(a.aoe, a.file, page)
    fragment = "#sort=" + a.key
    key, descending = a.key.lstrip("-"), a.key.startswith("-")
    dom = parse(dump_dom(a.chromium, a.work, page, fragment))
    texts = column(dom, key)
    if not texts:
        fail("no rows")
    if key in ("name", "type", "modes", "update", "report"):
        want = sorted(texts, key=natural_key, reverse=descending)
        if texts != want:
            fail(f"{fragment}: not in natural order: {texts}")
    else:
        check_order([number(t) for t in texts], descending, fragment)
    print(f"{fragment}: {texts}")
    if a.expect and texts != a.expect.split(","):
        fail(f"{fragment} gave {texts}, expected {a.expect}")


def case_injection(a):
    page = os.path.join(a.work, "injection.html")
    make_page(a.aoe, a.file, page)
    with open(page, encoding="utf-8") as f:
        source = f.read()
    dom_text = dump_dom(a.chromium, a.work, page)
    dom = parse(dom_text)
    for tag in ("img", "iframe", "b"):
        if dom.tags.get(tag):
            fail(f"an injected <{tag}> exists in the DOM")
    if dom.tags.get("script", 0) != 1:
        fail(f"{dom.tags.get('script', 0)} script elements; only the page's own may exist")
    for tag, attrs in dom.attrs:
        for name in attrs:
            if name.startswith("on"):
                fail(f"<{tag}> carries an event handler {name}")
        if tag == "body" and "data-pwned" in attrs:
            fail("an injected script ran (body has data-pwned)")
        if tag == "svg" and "onload" in attrs:
            fail("an injected <svg onload> exists")
    if dom.title != "AOE tuning report: </title><script>document.title='pwned'</script>":
        fail(f"the title is not the tuning name as text: {dom.title!r}")
    if "<img src=x onerror=alert(1)>" not in "".join(" ".join(r["cells"]) for r in dom.rows):
        fail("the name <img src=x onerror=alert(1)> is not shown as text")
    if "\x1b" in source or "\x1b" in dom_text:
        fail("a raw ESC reached the page")
    print(f"{len(dom.rows)} rows, names shown as text, nothing injected")


def case_screenshot(a):
    page = os.path.join(a.work, "readme.html")
    make_page(a.aoe, a.file, page, ["--title", "AOE tuning report: resnet50_train_step (example)"])
    png = a.png
    chromium([f"--window-size={a.size}", f"--screenshot={png}", url(page)], a.chromium, a.work)
    width, height, colours = png_colours(png)
    if colours < 40:
        fail(f"the screenshot looks blank: {colours} distinct colours")
    print(f"wrote {png} ({width}x{height}, {colours} colours)")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("case", choices=["example", "sort", "injection", "screenshot"])
    p.add_argument("file")
    p.add_argument("--aoe", required=True)
    p.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    p.add_argument("--work", required=True)
    p.add_argument("--rows")
    p.add_argument("--key", default="improvement", help="sort: the column, -COLUMN descending")
    p.add_argument("--expect", help="sort: the column's texts expected, comma-separated")
    p.add_argument("--png")
    p.add_argument("--size", default="1280,2000")
    a = p.parse_args()
    if not (a.chromium and os.access(a.chromium, os.X_OK)):
        print("chromium is not installed: skipped")
        sys.exit(SKIP)
    os.makedirs(a.work, exist_ok=True)
    a.work = tempfile.mkdtemp(prefix=a.case + "-", dir=a.work)
    {"example": case_example, "sort": case_sort, "injection": case_injection,
     "screenshot": case_screenshot}[a.case](a)


if __name__ == "__main__":
    main()
