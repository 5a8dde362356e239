#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The CSV tokenizer (src/profile/csv_tokenizer.cpp) against Python's csv
module, its reference: random texts of the bytes that matter (commas,
quotes, doubled quotes, LF, CRLF, blanks, tabs), each fed to
aoe_result_csv_dump in chunks of a random size, must give Python's records
(blank lines aside, which are no records), and a text Python refuses (a
quote left open at the end) must be one whose last record says so.

    csv_tokenizer_diff.py AOE_RESULT_CSV_DUMP [CASES]
"""
import csv
import io
import random
import subprocess
import sys

TOKENS = ["a", "b", ",", '"', "\n", "\r\n", " ", "\t", '""', "N/A", "1.5"]


def records_of(dump, text, chunk):
    out = subprocess.run([dump, str(chunk)], input=text.encode(), capture_output=True,
                         check=True).stdout.decode()
    records, open_quote = [], False
    for line in out.splitlines():
        parts = line.split("\x1f")
        open_quote = open_quote or parts[0] == "U"
        records.append([p.replace("\\n", "\n").replace("\\r", "\r") for p in parts[1:]])
    return records, open_quote


def main():
    dump = sys.argv[1]
    cases = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rng = random.Random(26)
    bad = 0
    for _ in range(cases):
        text = "".join(rng.choice(TOKENS) for _ in range(rng.randint(0, 30)))
        mine, open_quote = records_of(dump, text, rng.randint(1, 9))
        try:
            python = [r for r in csv.reader(io.StringIO(text, newline="")) if r != []]
        except csv.Error:
            if not open_quote:
                bad += 1
                print(f"Python refuses {text!r}; the tokenizer saw no open quote: {mine}")
            continue
        if python != mine:
            bad += 1
            print(f"{text!r}\n  python    {python}\n  tokenizer {mine}")
    print(f"csv tokenizer vs Python's csv: {cases} texts, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
