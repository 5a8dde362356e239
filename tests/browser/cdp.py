# SPDX-License-Identifier: Apache-2.0
"""A small Chrome DevTools Protocol client over Chromium's debugging pipe.

Chromium started with --remote-debugging-pipe reads commands on file
descriptor 3 and writes answers and events on 4, each a JSON text ended by
a NUL byte. Only the standard library: no websocket, no node, no package.

    with Browser(chromium_path, work_dir) as b:
        page = b.new_page(width=390, height=900)
        page.open("file:///tmp/x.html")
        value = page.evaluate("document.title")
        page.screenshot("/tmp/x.png", full_page=True)
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--disable-extensions", "--mute-audio",
         "--font-render-hinting=none"]


class ProtocolError(Exception):
    pass


class Browser:
    def __init__(self, chromium, work, timeout=60.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="cdp-profile-", dir=work)
        # Our ends: we write commands to `to_browser`, read from `from_browser`.
        cmd_r, cmd_w = os.pipe()
        out_r, out_w = os.pipe()

        def child_fds():
            # Through high numbers first: a pipe's end may itself be 3 or 4.
            a = os.dup2(cmd_r, 200)
            b = os.dup2(out_w, 201)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.close(a)
            os.close(b)

        self.proc = subprocess.Popen(
            [chromium, *FLAGS, "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            # (fds are closed after preexec_fn runs: close_fds would close 3 and 4)
            close_fds=False, preexec_fn=child_fds)
        os.close(cmd_r)
        os.close(out_w)
        self.to_browser = os.fdopen(cmd_w, "wb", buffering=0)
        self.from_browser = os.fdopen(out_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:  # the browser may be gone already
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for f in (self.to_browser, self.from_browser):
            try:
                f.close()
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, deadline):
        import select
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProtocolError("no answer from chromium in time")
            ready, _, _ = select.select([self.from_browser], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.from_browser.fileno(), 1 << 20)
            if not chunk:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                raise ProtocolError("chromium closed the pipe: " + err[-2000:])
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=None):
        self.next_id += 1
        mid = self.next_id
        message = {"id": mid, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.to_browser.write(json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            m = self._read_message(deadline)
            if m.get("id") == mid:
                if "error" in m:
                    raise ProtocolError(f"{method}: {m['error']}")
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait_event(self, method, session=None, timeout=None):
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for i, m in enumerate(self.events):
                if m.get("method") == method and (session is None or m.get("sessionId") == session):
                    del self.events[i]
                    return m.get("params", {})
            m = self._read_message(deadline)
            if "method" in m:
                self.events.append(m)

    def new_page(self, width, height, dark=False):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"]
        page = Page(self, session)
        page.send("Page.enable")
        page.send("Runtime.enable")
        page.resize(width, height)
        page.send("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        return page


class Page:
    def __init__(self, browser, session):
        self.browser = browser
        self.session = session
        self.width = 0
        self.height = 0

    def send(self, method, params=None, timeout=None):
        return self.browser.send(method, params, self.session, timeout)

    def resize(self, width, height):
        self.width, self.height = width, height
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def open(self, url, timeout=None):
        """Loads `url`; returns the seconds from the request to the load event
        and the next two frames (the page laid out and painted)."""
        self.browser.events = [e for e in self.browser.events
                               if e.get("method") != "Page.loadEventFired"]
        start = time.monotonic()
        self.send("Page.navigate", {"url": url}, timeout)
        self.browser.wait_event("Page.loadEventFired", self.session, timeout)
        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))",
                      timeout)
        return time.monotonic() - start

    def evaluate(self, expression, timeout=None):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                           "awaitPromise": True}, timeout)
        if "exceptionDetails" in r:
            raise ProtocolError("script error: " + json.dumps(r["exceptionDetails"])[:2000])
        return r.get("result", {}).get("value")

    def screenshot(self, path, full_page=True):
        params = {"format": "png"}
        if full_page:
            w, h = self.evaluate("[document.documentElement.scrollWidth,"
                                 " document.documentElement.scrollHeight]")
            params["captureBeyondViewport"] = True
            params["clip"] = {"x": 0, "y": 0, "width": max(w, self.width),
                              "height": min(h, 16000), "scale": 1}
        data = self.send("Page.captureScreenshot", params)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
