#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs a command RUNS times and prints one JSON line: the best wall time
and the best CPU time (user + system, seconds; steadier than wall time on
a busy machine), the largest peak RSS (kB) and the exit status; the
command's stdout of the last run goes to OUT.

Peak RSS is what /usr/bin/time reports as "Maximum resident set size"
(GNU time, Debian package `time`). Without it, getrusage of the child is
used; that figure has a floor of this Python process's own RSS (~10 MB),
since a child forked from Python inherits its high-water mark.

    measure.py RUNS OUT -- command args...
"""
import json
import os
import subprocess
import sys
import time


GNU_TIME = "/usr/bin/time"


def run_once(cmd, out_path):
    use_time = os.access(GNU_TIME, os.X_OK)
    report = out_path + ".time"
    if use_time:
        cmd = [GNU_TIME, "-f", "%M %x %U %S", "-o", report, "--"] + cmd
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if not use_time:
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, proc.returncode
    with open(report) as f:
        last = f.read().split("\n")[-2].split()  # "Command exited ..." may come first
    os.unlink(report)
    return wall, float(last[2]) + float(last[3]), int(last[0]), int(last[1])


def main(argv):
    runs, out_path = int(argv[1]), argv[2]
    cmd = argv[argv.index("--") + 1:]
    walls, cpus, rss, code = [], [], 0, 0
    for _ in range(runs):
        wall, cpu, maxrss_kb, code = run_once(cmd, out_path)
        walls.append(wall)
        cpus.append(cpu)
        rss = max(rss, maxrss_kb)
        if code != 0:
            break
    print(json.dumps({"wall_s": min(walls), "walls_s": walls, "cpu_s": min(cpus),
                      "max_rss_kb": rss, "exit": code}))


if __name__ == "__main__":
    main(sys.argv)
