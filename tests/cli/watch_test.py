#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""End-to-end tests of `aoe-result watch` against `aoe-result-gen --simulate`.

  watch_test.py SCENARIO --bin AOE_RESULT --gen AOE_RESULT_GEN --schema SCHEMA
                [--data DIR]

Scenarios:
  simulate  a simulated run followed from an empty directory (jsonl and text
            at once): every operator exactly once, the failed operator, an
            update, the statuses, the end event's totals equal to
            `summary --format json` of the final file, reason
            process-exited, exit status 0 with check's verdict "passed with
            warnings" (one report failed: a warning, as check says).
  stall     a file whose pid (this script's) stays alive and that never
            changes: one stall event with --stall 0.05, then Ctrl-C: the
            end event says interrupted, exit status 130.
  settle    a renamed file (no pid in its name) whose reports are final:
            the run is over after --settle seconds (reason settled).
  tmux      the live screen in a tmux terminal of 80x24 during and after a
            run: holds what it should, and nothing scrolled (no history).
            Exits 77 (skipped) when tmux is not installed.

The ways watch ends (signals, a writer gone, a file that never parses, a
FIFO): watch_ends_test.py.

Every wait polls with a deadline; nothing depends on a fixed sleep.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SKIP = 77


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def expect(cond, message):
    if not cond:
        fail(message)


def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    fail(f"timed out after {timeout} s waiting for {what}")


def events_of(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def validator(schema_path):
    try:
        import jsonschema
    except ImportError:
        print("python3-jsonschema missing: events not validated against the schema")
        return None
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    return jsonschema.Draft202012Validator(schema)


def validate_all(v, events):
    if v is None:
        return
    for i, e in enumerate(events):
        problems = [f"{'/'.join(map(str, x.absolute_path))}: {x.message}" for x in v.iter_errors(e)]
        expect(not problems, f"event {i + 1} ({e.get('event')}) is not valid: {problems}")


def summary_totals(binary, path):
    r = subprocess.run([binary, "summary", "--format", "json", path], capture_output=True, text=True)
    expect(r.returncode == 0, f"summary exit {r.returncode}: {r.stderr}")
    return json.loads(r.stdout)["totals"]


def ops_keys(binary, path):
    r = subprocess.run([binary, "ops", "--format", "jsonl", path], capture_output=True, text=True)
    expect(r.returncode == 0, f"ops exit {r.returncode}: {r.stderr}")
    keys = {}
    for row in events_of(r.stdout):
        keys[(row["report"], row["op_name"])] = keys.get((row["report"], row["op_name"]), 0) + 1
    return keys


def start_simulator(gen, directory, step_ms, reports=2, operators=5):
    sim = subprocess.Popen([gen, "--simulate", "--dir", directory, "--step-ms", str(step_ms),
                            "--reports", str(reports), "--operators", str(operators)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    path = sim.stdout.readline().strip()
    expect(path.endswith(f"_pid{sim.pid}.json"), f"simulator announced {path!r}")
    return sim, path


def scenario_simulate(a):
    v = validator(a.schema)
    with tempfile.TemporaryDirectory() as d:
        # stderr goes to files: the simulator starts only once both watchers
        # have said that they wait (on a loaded machine a watcher may start
        # after the file exists, and would then never wait).
        jsonl_err = open(os.path.join(d, "jsonl.stderr"), "w+", encoding="utf-8")
        text_err_file = open(os.path.join(d, "text.stderr"), "w+", encoding="utf-8")
        jsonl = subprocess.Popen([a.bin, "watch", "--format", "jsonl", "--interval", "0.2", d],
                                 stdout=subprocess.PIPE, stderr=jsonl_err, text=True)
        text = subprocess.Popen([a.bin, "watch", "--interval", "0.2", d],
                                stdout=subprocess.PIPE, stderr=text_err_file, text=True)

        def said_waiting(f):
            with open(f.name, encoding="utf-8") as r:
                return "waiting for a result file" in r.read()

        wait_for(lambda: said_waiting(jsonl_err) and said_waiting(text_err_file), 30,
                 "both watchers to say that they wait")
        sim, path = start_simulator(a.gen, d, step_ms=60)
        sim_out, sim_err = sim.communicate(timeout=60)
        expect(sim.returncode == 0, f"simulator exit {sim.returncode}: {sim_err}")
        try:
            out, _ = jsonl.communicate(timeout=30)
            text_out, _ = text.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            jsonl.kill()
            text.kill()
            fail("watch did not end after the simulated process exited")
        with open(jsonl_err.name, encoding="utf-8") as r:
            err = r.read()
        jsonl_err.close()
        text_err_file.close()
        events = events_of(out)
        validate_all(v, events)
        # check's verdict on the final file: a failed tuning is a warning, exit 0.
        expect(jsonl.returncode == 0, f"watch exit {jsonl.returncode}, expected 0; stderr: {err}")
        expect(text.returncode == 0, f"text watch exit {text.returncode}, expected 0")
        expect("waiting for a result file" in err, f"watch did not say where it waits: {err!r}")

        kinds = [e["event"] for e in events]
        expect(kinds[0] == "file" and events[0]["file"] == path, f"first event {events[0]}")
        expect(events[0]["pid"] == sim.pid, "file event names the simulator's pid")
        expect(kinds[-1] == "end" and kinds.count("end") == 1, f"end last and once: {kinds}")

        # Every operator exactly once, by (report, name, occurrence).
        seen = {}
        for e in events:
            if e["event"] == "operator":
                key = (e["report"], e["report_occurrence"], e["operator"], e["occurrence"])
                seen[key] = seen.get(key, 0) + 1
        twice = [k for k, n in seen.items() if n > 1]
        expect(not twice, f"operators reported twice: {twice}")
        expected = ops_keys(a.bin, path)
        got = {}
        for (report, _, name, _) in seen:
            got[(report, name)] = got.get((report, name), 0) + 1
        expect(got == expected, f"operator events {sorted(got)} differ from the file's {sorted(expected)}")
        sim_totals = json.loads(sim_err.strip().splitlines()[-1])
        expect(len(seen) == sim_totals["operators"], f"{len(seen)} operators, simulator wrote {sim_totals}")

        failed = [e["operator"] for e in events if e["event"] == "failed"]
        expect(failed == ["res4a_branch2"], f"failed events: {failed}")
        updated = [e for e in events if e["event"] == "operator-updated"]
        expect(len(updated) == 1 and len(updated[0]["modes"]) == 2
               and len(updated[0]["previous_modes"]) == 1, f"operator-updated events: {updated}")
        final = {}
        for e in events:
            if e["event"] == "status":
                final[e["report"]] = e["status"]
        expect(sorted(final.values()) == ["failed", "successful"], f"final statuses {final}")

        end = events[-1]
        expect(end["reason"] == "process-exited", f"end reason {end['reason']}")
        # check's verdict on the file: a failed tuning is a warning, exit 0.
        expect(end["exit_status"] == 0 and end["verdict"] == "passed with warnings",
               f"end exit_status {end['exit_status']}, verdict {end.get('verdict')}")
        expect(end["totals"] == summary_totals(a.bin, path),
               f"end totals {end['totals']} differ from summary's {summary_totals(a.bin, path)}")

        # The same run as a CI log: one line per event, no cursor movement.
        expect("\x1b" not in text_out, "text output to a pipe holds escape sequences")
        lines = text_out.splitlines()
        expect(any(": +Conv_" in l or ": +" in l for l in lines), "no operator line in the log")
        expect(any("failed: res4a_branch2" in l for l in lines), "no failed line in the log")
        expect("end (process-exited)" in lines[-1], f"last log line: {lines[-1]!r}")
        expect(sum(1 for l in lines if ": +" in l) == len(seen), "one log line per operator")
    print(f"ok: {len(events)} events, {len(seen)} operators, each once")


def write_incomplete(path):
    shutil.copyfile(os.path.join(a_data, "aoe_result_opat_20250428_203017761_pid18230.json"), path)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace('"tuning successful"', '"tuning incomplete"'))


def scenario_stall(a):
    v = validator(a.schema)
    with tempfile.TemporaryDirectory() as d:
        # This script's pid is in the name: the run is "going" as long as
        # the test runs, and the file never changes.
        path = os.path.join(d, f"aoe_result_opat_20250428_203017761_pid{os.getpid()}.json")
        write_incomplete(path)
        w = subprocess.Popen([a.bin, "watch", "--format", "jsonl", "--interval", "0.1",
                              "--stall", "0.05", path],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        started = time.monotonic()
        lines = []
        while True:
            line = w.stdout.readline()
            expect(line, "watch ended before a stall")
            lines.append(line)
            if json.loads(line)["event"] == "stall":
                break
            expect(time.monotonic() - started < 20, "no stall event within 20 s")
        stall = json.loads(lines[-1])
        expect(stall["since_change_s"] >= 3.0, f"stall after {stall['since_change_s']} s, expected ≥ 3")
        w.send_signal(signal.SIGINT)
        try:
            rest, err = w.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            w.kill()
            fail("watch did not stop on SIGINT")
        events = events_of("".join(lines) + rest)
        validate_all(v, events)
        expect([e["event"] for e in events].count("stall") == 1, "one stall event per stall")
        expect(events[-1]["event"] == "end" and events[-1]["reason"] == "interrupted",
               f"last event {events[-1]}")
        expect(events[-1]["totals"]["operators"] > 0, "the state so far is in the end event")
        expect(w.returncode == 130, f"exit {w.returncode} after SIGINT, expected 130")
    print("ok: one stall event, then interrupted with 130")


def scenario_settle(a):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "renamed.json")  # no pid in the name
        src = os.path.join(a_data, "aoe_result_opat_20240607_160233905_pid3312.json")
        shutil.copyfile(src, path)
        # --settle counts from the file's own time of change (its mtime),
        # which the copy set a little before watch starts: measure from it,
        # on the same (wall) clock.
        changed = os.stat(path).st_mtime_ns / 1e9
        r = subprocess.run([a.bin, "watch", "--format", "jsonl", "--settle", "0.5", "--interval",
                            "0.1", path], capture_output=True, text=True, timeout=30)
        took = time.time() - changed
        events = events_of(r.stdout)
        expect(events[-1]["event"] == "end" and events[-1]["reason"] == "settled", f"{events[-1]}")
        # The exit status is check's on the same file.
        want = subprocess.run([a.bin, "check", path], capture_output=True).returncode
        expect(r.returncode == want and events[-1]["exit_status"] == want,
               f"exit {r.returncode}, check's {want}")
        expect(0.5 <= took < 10, f"settled {took:.3f} s after the last change, expected ≥ 0.5")
        expect(events[0]["pid"] is None and events[0]["pid_alive"] is None, f"{events[0]}")
    print(f"ok: settled {took:.3f} s after the last change")


def tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock, *args], capture_output=True, text=True)


def scenario_tmux(a):
    if shutil.which("tmux") is None:
        print("tmux is not installed: skipped")
        return SKIP
    with tempfile.TemporaryDirectory() as d:
        sock = f"aoe_watch_test_{os.getpid()}"
        done = os.path.join(d, "exit_status")
        # The shell writes watch's exit status, then keeps the pane open.
        command = f"{a.bin} watch --interval 0.1 {d}; echo $? > {done}; sleep 60"
        r = tmux(sock, "-f", "/dev/null", "new-session", "-d", "-x", str(a.width), "-y", "24",
                 "env", "TERM=xterm-256color", "sh", "-c", command)
        expect(r.returncode == 0, f"tmux new-session: {r.stderr}")
        try:
            def screen():
                return tmux(sock, "capture-pane", "-p", "-t", "0").stdout

            wait_for(lambda: "waiting for a result file" in screen(), 10, "the waiting screen")
            sim, path = start_simulator(a.gen, d, step_ms=150, reports=2, operators=5)
            name = os.path.basename(path)
            during = wait_for(lambda: (lambda s: s if "bert_base_pretrain" in s else None)(screen()),
                              30, "the second report on screen")
            print("--- screen during the run:\n" + during)
            for want in ("aoe-result watch", "resnet50_train_step", "tuned", "last:", "pid"):
                expect(want in during, f"screen during the run lacks {want!r}")
            sim.communicate(timeout=60)
            wait_for(lambda: os.path.exists(done) and open(done).read().strip(), 30, "watch's exit")
            end = screen()
            print("--- screen at the end:\n" + end)
            with open(done) as f:
                status = f.read().strip()
            # check's verdict: a failed report is a warning, exit 0.
            expect(status == "0", f"exit status {status}, expected 0 (check's verdict)")
            for want in ("resnet50_train_step", "bert_base_pretrain", "successful", "failed",
                         "end (process-exited)"):
                expect(want in end, f"final screen lacks {want!r}")
            expect(f"_pid{sim.pid}.json" in end, "final screen lacks the end of the file name")
            for line in end.splitlines():
                expect(len(line) <= a.width, f"line wider than {a.width}: {line!r}")
            history = tmux(sock, "display-message", "-p", "-t", "0", "#{history_size}").stdout.strip()
            expect(history == "0", f"{history} lines scrolled off the screen")
        finally:
            tmux(sock, "kill-server")
    print("ok: screen redrawn in place, final state left, nothing scrolled")
    return 0


def main():
    global a_data
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", choices=["simulate", "stall", "settle", "tmux"])
    p.add_argument("--bin", required=True)
    p.add_argument("--gen", required=True)
    p.add_argument("--schema", required=True)
    p.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "..", "data"))
    p.add_argument("--width", type=int, default=80)
    a = p.parse_args()
    a_data = a.data
    result = {"simulate": scenario_simulate, "stall": scenario_stall, "settle": scenario_settle,
              "tmux": scenario_tmux}[a.scenario](a)
    return result or 0


a_data = None

if __name__ == "__main__":
    sys.exit(main())
