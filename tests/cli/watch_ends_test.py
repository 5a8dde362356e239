#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""How `aoe-result watch` ends: truthfully, with an end event as the last
JSON line and the final state, whatever ends it.

  watch_ends_test.py SCENARIO --bin AOE_RESULT --schema SCHEMA [--data DIR]

Scenarios:
  signals   SIGTERM and SIGHUP end watch as Ctrl-C does: jsonl, a log and
            a watch still waiting for a file each write the end (reason
            terminated) and the final state; exit 143 (SIGTERM), 129 (SIGHUP).
  writer_gone
            an incomplete run whose writer is gone (the pid in the name ended;
            or no pid in the name) ends after --settle, reason writer-gone,
            with check's verdict (exit 1, status-incomplete), not a stall.
  never_parses
            a file that never parses: an unreadable event with the reader's
            line, column and message, the same in the log, and an end
            (writer-gone, exit 3) that says why.
  fifo      a named pipe made at the watched path while watch waits for the
            file: refused, not opened (opening one waits for ever); the end
            says why, exit 3.

Signals are sent only once the program has said something (its handlers
are in place by then); every wait has a deadline; nothing asserts a time.
"""
import argparse
import os
import signal
import subprocess
import sys
import tempfile
import threading

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import watch_test  # noqa: E402  (the helpers of the other watch scenarios)
from watch_test import (events_of, expect, fail, validate_all, validator, wait_for,  # noqa: E402
                        write_incomplete)


def read_first_line(proc, what):
    line = proc.stdout.readline()
    expect(line, f"{what} wrote nothing before ending")
    return line


def stop_and_collect(proc, sig, what):
    """Sends `sig`, then reads stdout to its end (through what readline()
    buffered: communicate() with a timeout would read the descriptor and
    lose it), with a deadline."""
    proc.send_signal(sig)
    rest = []
    reader = threading.Thread(target=lambda: rest.append(proc.stdout.read()), daemon=True)
    reader.start()
    reader.join(20)
    if reader.is_alive():
        proc.kill()
        fail(f"{what} did not stop on {sig.name}")
    proc.wait(timeout=20)
    return rest[0]


def scenario_signals(a):
    v = validator(a.schema)
    for sig, status in ((signal.SIGTERM, 143), (signal.SIGHUP, 129)):
        with tempfile.TemporaryDirectory() as d:
            # This script's pid is in the name: the run goes on until the signal.
            path = os.path.join(d, f"aoe_result_opat_20250428_203017761_pid{os.getpid()}.json")
            write_incomplete(path)
            empty = os.path.join(d, "empty")
            os.mkdir(empty)
            common = ["watch", "--interval", "0.1"]
            waiting_err = os.path.join(d, "waiting.stderr")
            with open(os.path.join(d, "stderr"), "w", encoding="utf-8") as err_file:
                jsonl = subprocess.Popen([a.bin, *common, "--format", "jsonl", path],
                                         stdout=subprocess.PIPE, stderr=err_file, text=True)
                log = subprocess.Popen([a.bin, *common, path], stdout=subprocess.PIPE,
                                       stderr=err_file, text=True)
            with open(waiting_err, "w", encoding="utf-8") as err_file:
                waiting = subprocess.Popen([a.bin, *common, "--format", "jsonl", empty],
                                           stdout=subprocess.PIPE, stderr=err_file, text=True)
            # Each has begun (its handlers are in place) once it said something.
            first = read_first_line(jsonl, "watch --format jsonl")
            log_first = read_first_line(log, "watch (a log)")
            wait_for(lambda: "waiting for a result file" in open(waiting_err, encoding="utf-8").read(),
                     30, "the watch of an empty directory to say that it waits")

            rest = stop_and_collect(jsonl, sig, "watch --format jsonl")
            events = events_of(first + rest)
            validate_all(v, events)
            end = events[-1]
            expect(end["event"] == "end" and [e["event"] for e in events].count("end") == 1,
                   f"{sig.name}: the last line is not the one end event: {events[-1]}")
            expect(end["reason"] == "terminated" and end["signal"] == sig.name,
                   f"{sig.name}: end {end['reason']} {end['signal']}")
            expect(end["exit_status"] == status and jsonl.returncode == status,
                   f"{sig.name}: exit {jsonl.returncode}, end says {end['exit_status']}, expected {status}")
            expect(end["totals"]["operators"] > 0, f"{sig.name}: the state so far is in the end event")
            expect("status-incomplete" in end["check_errors"], f"{sig.name}: {end['check_errors']}")

            rest = stop_and_collect(log, sig, "watch (a log)")
            lines = (log_first + rest).splitlines()
            expect(log.returncode == status, f"{sig.name}: the log's exit {log.returncode}")
            expect(f"end (terminated): " in lines[-1] and f"exit {status}: terminated ({sig.name})"
                   in lines[-1], f"{sig.name}: last log line {lines[-1]!r}")

            rest = stop_and_collect(waiting, sig, "watch of an empty directory")
            events = events_of(rest)
            validate_all(v, events)
            expect(events and events[-1]["event"] == "end" and not events[-1]["readable"]
                   and events[-1]["reason"] == "terminated", f"{sig.name}: waiting watch: {events}")
            expect(waiting.returncode == status, f"{sig.name}: waiting watch exit {waiting.returncode}")
    print("ok: SIGTERM 143 and SIGHUP 129, each with its end event and the final state")


def run_bounded(args, what):
    try:
        return subprocess.run(args, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        fail(f"{what} did not end within 60 s")


def dead_pid():
    # A process that has ended: its pid, if ever reused, belongs to a process
    # started after the file below is written, which is not its writer.
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


def scenario_writer_gone(a):
    v = validator(a.schema)
    with tempfile.TemporaryDirectory() as d:
        killed = os.path.join(d, f"aoe_result_opat_20250428_203017761_pid{dead_pid()}.json")
        renamed = os.path.join(d, "renamed.json")  # no pid in the name
        for path in (killed, renamed):
            write_incomplete(path)
            r = run_bounded([a.bin, "watch", "--format", "jsonl", "--settle", "0.5",
                             "--interval", "0.1", path], f"watch {os.path.basename(path)}")
            events = events_of(r.stdout)
            validate_all(v, events)
            end = events[-1]
            expect(end["event"] == "end" and end["reason"] == "writer-gone",
                   f"{os.path.basename(path)}: last event {end}")
            expect(r.returncode == 1 and end["exit_status"] == 1,
                   f"{os.path.basename(path)}: exit {r.returncode}, expected 1 (incomplete)")
            expect("status-incomplete" in end["check_errors"], f"{end['check_errors']}")
            check = subprocess.run([a.bin, "check", "-q", path], capture_output=True, text=True)
            expect(check.returncode == r.returncode, f"check exits {check.returncode}, watch {r.returncode}")
            expect(not [e for e in events if e["event"] == "stall"], "a stall instead of an end")
    print("ok: writer-gone after --settle, exit 1 as check")


def scenario_never_parses(a):
    v = validator(a.schema)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "renamed.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write('{"report_1": [\n  {"basic": x}]}\n')
        r = run_bounded([a.bin, "watch", "--format", "jsonl", "--settle", "0.3", "--interval",
                         "0.1", path], "watch --format jsonl of a file that never parses")
        events = events_of(r.stdout)
        validate_all(v, events)
        unreadable = [e for e in events if e["event"] == "unreadable"]
        expect(len(unreadable) == 1, f"unreadable events: {unreadable}")
        u = unreadable[0]
        expect(u["code"] == "invalid-json" and u["line"] == 2 and u["column"] >= 12
               and "expected" in u["message"], f"{u}")
        end = events[-1]
        expect(end["event"] == "end" and end["reason"] == "writer-gone" and r.returncode == 3,
               f"exit {r.returncode}, end {end}")
        expect(end["problem"].startswith(f"{path}:2:{u['column']}: ") and u["message"] in end["problem"],
               f"problem {end['problem']!r}")
        expect(f"{path}:2:{u['column']}: never became readable" in r.stderr, f"stderr {r.stderr!r}")
        log = run_bounded([a.bin, "watch", "--settle", "0.3", "--interval", "0.1", path],
                          "watch of a file that never parses")
        expect(f"not readable: {path}:2:{u['column']}: {u['message']} (invalid-json)" in log.stdout,
               f"the log does not say why: {log.stdout!r}")
    print("ok: the reader's message as an event, in the log and in the end")


def scenario_fifo(a):
    v = validator(a.schema)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, f"aoe_result_opat_20250428_203017761_pid{os.getpid()}.json")
        err_path = os.path.join(d, "stderr")
        with open(err_path, "w", encoding="utf-8") as err_file:
            w = subprocess.Popen([a.bin, "watch", "--format", "jsonl", "--interval", "0.1", path],
                                 stdout=subprocess.PIPE, stderr=err_file, text=True)
        wait_for(lambda: "to appear" in open(err_path, encoding="utf-8").read(), 30,
                 "watch to wait for the file")
        os.mkfifo(path)
        try:
            out, _ = w.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            w.kill()
            fail("watch opened the FIFO and waits on it")
        events = events_of(out)
        validate_all(v, events)
        end = events[-1]
        expect(end["event"] == "end" and end["reason"] == "error" and w.returncode == 3,
               f"exit {w.returncode}, end {end}")
        expect("named pipe (FIFO)" in end["problem"], f"problem {end['problem']!r}")
    print("ok: a FIFO at the path is refused")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", choices=["signals", "writer_gone", "never_parses", "fifo"])
    p.add_argument("--bin", required=True)
    p.add_argument("--schema", required=True)
    p.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "..", "data"))
    a = p.parse_args()
    watch_test.a_data = a.data
    {"signals": scenario_signals, "writer_gone": scenario_writer_gone,
     "never_parses": scenario_never_parses, "fifo": scenario_fifo}[a.scenario](a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
