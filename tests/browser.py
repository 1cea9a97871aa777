"""Headless Chromium driven over the DevTools protocol on a pipe (standard library only).

Chromium is started with ``--headless --no-sandbox --disable-gpu
--remote-debugging-pipe``: it reads protocol commands on file descriptor 3 and
writes replies and events on 4, each message JSON ended by a NUL byte. A page
is loaded in a fresh tab; everything that would tell a reader something went
wrong is collected: console messages, uncaught exceptions, browser log entries
(a Content-Security-Policy violation is one), failed requests, and JavaScript
dialogs (``alert(1)`` having run).
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from base64 import b64decode
from dataclasses import dataclass, field
from pathlib import Path

BINARIES = ("chromium", "chromium-browser", "google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--remote-debugging-pipe",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--mute-audio",
    "--hide-scrollbars",
    "--disable-dev-shm-usage",
)


def find_chromium() -> str | None:
    for name in BINARIES:
        path = shutil.which(name)
        if path:
            return path
    return None


@dataclass
class PageLoad:
    url: str
    console: list[dict] = field(default_factory=list)
    exceptions: list[dict] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)
    failed: list[dict] = field(default_factory=list)
    dialogs: list[dict] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        out = [f"console {m.get('type')}: {m.get('text')}" for m in self.console]
        out += [f"exception: {e}" for e in self.exceptions]
        out += [
            f"log {e.get('level')}: {e.get('text')} ({e.get('url', '')})"
            for e in self.log
            if e.get("level") in ("error", "warning")
        ]
        out += [f"request failed: {f.get('url')}: {f.get('errorText')}" for f in self.failed]
        out += [f"dialog: {d.get('type')} {d.get('message')}" for d in self.dialogs]
        return out


class Chromium:
    """One browser process; ``load`` opens a page in a new tab and reports on it."""

    def __init__(self, binary: str | None = None, width: int = 1400, height: int = 1000):
        binary = binary or find_chromium()
        if binary is None:
            raise RuntimeError("chromium is not installed (apt-get install chromium)")
        self.width, self.height = width, height
        self.profile = tempfile.mkdtemp(prefix="figdata-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def child_fds():
            # the protocol's fixed descriptors; copied high first so that
            # neither dup2 can overwrite the other pipe's end
            high_r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.proc = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=child_fds,
            pass_fds=(3, 4),
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict] = []

    # --- protocol ---------------------------------------------------------------

    def _send(self, method: str, params: dict | None = None, session: str | None = None) -> int:
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        return self._next_id

    def _read(self, timeout: float) -> dict | None:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._from_chrome], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the protocol pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def call(
        self,
        method: str,
        params: dict | None = None,
        session: str | None = None,
        timeout: float = 30.0,
    ) -> dict:
        wanted = self._send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no reply to {method} within {timeout} s")
            message = self._read(left)
            if message is None:
                continue
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._events.append(message)

    def _pump(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            message = self._read(left)
            if message is not None:
                self._events.append(message)

    # --- pages ------------------------------------------------------------------

    def load(
        self, url: str, screenshot: Path | None = None, settle: float = 0.5, timeout: float = 30.0
    ) -> tuple[PageLoad, str]:
        """Load ``url`` in a new tab; the report of the load and the session id."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable", session=session)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False},
            session=session,
        )
        self._events.clear()
        self.call("Page.navigate", {"url": url}, session=session)
        deadline = time.monotonic() + timeout
        loaded = False
        while not loaded and time.monotonic() < deadline:
            message = self._read(max(0.0, deadline - time.monotonic()))
            if message is None:
                break
            self._events.append(message)
            if message.get("method") == "Page.javascriptDialogOpening":
                # recorded as a problem; dismissed, or it would block the page for good
                self._send("Page.handleJavaScriptDialog", {"accept": True}, session)
            loaded = (
                message.get("method") == "Page.loadEventFired"
                and message.get("sessionId") == session
            )
        if not loaded:
            raise TimeoutError(f"{url} did not finish loading within {timeout} s")
        self._pump(settle)
        report = self._report(url, session)
        if screenshot is not None:
            self.screenshot(session, screenshot)
        return report, session

    def _report(self, url: str, session: str) -> PageLoad:
        report = PageLoad(url)
        for event in self._events:
            if event.get("sessionId") != session:
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled":
                text = " ".join(
                    str(a.get("value", a.get("description", ""))) for a in params.get("args", [])
                )
                report.console.append({"type": params.get("type"), "text": text})
            elif method == "Runtime.exceptionThrown":
                report.exceptions.append(params.get("exceptionDetails", {}).get("text"))
            elif method == "Log.entryAdded":
                report.log.append(params.get("entry", {}))
            elif method == "Network.loadingFailed":
                report.failed.append(params)
            elif method == "Network.requestWillBeSent":
                report.requests.append(params.get("request", {}).get("url", ""))
            elif method == "Page.javascriptDialogOpening":
                report.dialogs.append(params)
        # a failed request's URL comes with its requestWillBeSent event
        urls = {
            e["params"]["requestId"]: e["params"]["request"]["url"]
            for e in self._events
            if e.get("method") == "Network.requestWillBeSent" and e.get("sessionId") == session
        }
        for failure in report.failed:
            failure["url"] = urls.get(failure.get("requestId"), "?")
        return report

    def evaluate(self, session: str, expression: str):
        result = self.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True},
            session=session,
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, session: str, path: Path, max_height: int = 6000) -> None:
        metrics = self.call("Page.getLayoutMetrics", session=session)
        size = metrics.get("cssContentSize") or metrics.get("contentSize")
        height = min(int(size["height"]) + 1, max_height)
        shot = self.call(
            "Page.captureScreenshot",
            {
                "format": "png",
                "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": self.width, "height": height, "scale": 1},
            },
            session=session,
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b64decode(shot["data"]))

    def close(self) -> None:
        try:
            self._send("Browser.close")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        finally:
            for fd in (self._to_chrome, self._from_chrome):
                try:
                    os.close(fd)
                except OSError:
                    pass
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
