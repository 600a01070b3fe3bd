"""A real headless browser for the page's tests: Debian's chromium, driven by the DevTools protocol
over a pipe (``--remote-debugging-pipe``: JSON messages separated by NUL bytes on fds 3 and 4).

No web driver and no Python dependency: the protocol is a few JSON messages (open a tab, go to a
page, evaluate an expression in it, take a screenshot).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
#: how long a reply of the browser (a screenshot, an evaluation) or a page state may take before a test fails:
#: generous, as these are deadlines and not waits (each returns as soon as the browser answers, the page shows
#: it): on a loaded machine a headless chromium takes seconds for what it does in a tenth of one alone
REPLY_TIMEOUT_S = 120.0


def find_browser() -> str | None:
    return next((path for path in map(shutil.which, BROWSERS) if path), None)


class BrowserError(RuntimeError):
    pass


class Browser:
    """One headless chromium with one tab, driven over the DevTools pipe."""

    def __init__(self, width: int = 1280, height: int = 800, timeout_s: float = REPLY_TIMEOUT_S) -> None:
        executable = find_browser()
        if executable is None:
            raise BrowserError("no chromium on this machine (apt-get install chromium)")
        self.timeout_s = timeout_s
        self._profile = tempfile.mkdtemp(prefix="table-page-")
        commands_r, self._commands = os.pipe()
        self._replies, replies_w = os.pipe()

        def on_fds_3_and_4() -> None:
            os.dup2(commands_r, 3)
            os.dup2(replies_w, 4)

        self.process = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--remote-debugging-pipe", f"--user-data-dir={self._profile}", "--no-first-run",
             "--disable-extensions", "--disable-background-networking", "--disable-sync",
             "--hide-scrollbars", "--mute-audio", f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=on_fds_3_and_4,
        )
        os.close(commands_r)
        os.close(replies_w)
        self._buffer = b""
        self._next_id = 0
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Page.enable", session=self.session)
        self.resize(width, height)

    # ── the protocol ──
    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode("utf-8") + b"\0")
        deadline = time.monotonic() + self.timeout_s
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def _read(self, deadline: float) -> dict[str, Any]:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._replies], [], [], left)[0]:
                raise BrowserError("the browser did not answer in time")
            chunk = os.read(self._replies, 1 << 20)
            if not chunk:
                raise BrowserError("the browser went away")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    # ── what a test does ──
    def resize(self, width: int, height: int, mobile: bool = False) -> None:
        self.send("Emulation.setDeviceMetricsOverride", session=self.session, width=width, height=height,
                  deviceScaleFactor=1, mobile=mobile)

    def open(self, url: str) -> None:
        self.send("Page.navigate", session=self.session, url=url)

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", session=self.session, expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout_s: float = REPLY_TIMEOUT_S) -> Any:
        """Evaluate until the value is truthy (the page is updated by events, not on our clock)."""
        return self.wait_until(expression, bool, timeout_s)

    def wait_until(self, expression: str, shows: Callable[[Any], bool], timeout_s: float = REPLY_TIMEOUT_S) -> Any:
        """Evaluate until ``shows(value)``, polling the page; the value, or an error naming the last one seen."""
        deadline = time.monotonic() + timeout_s
        value: Any = None
        while True:
            try:
                value = self.evaluate(expression)
            except BrowserError as exc:  # the page is still loading: its elements are not there yet
                if self.process.poll() is not None:
                    raise
                value = exc
            if not isinstance(value, BrowserError) and shows(value):
                return value
            if time.monotonic() >= deadline:
                raise BrowserError(f"never shown: {expression} (last value {value!r})")
            time.sleep(0.1)

    def wait_equal(self, expression: str, expected: Any, timeout_s: float = REPLY_TIMEOUT_S) -> Any:
        """Evaluate until the value is ``expected`` (the page has drawn it)."""
        return self.wait_until(expression, lambda value: value == expected, timeout_s)

    def screenshot(self, path: Path, full_page: bool = False) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            metrics = self.send("Page.getLayoutMetrics", session=self.session)["cssContentSize"]
            params["clip"] = {"x": 0, "y": 0, "width": metrics["width"], "height": metrics["height"], "scale": 1}
            params["captureBeyondViewport"] = True
        data = self.send("Page.captureScreenshot", session=self.session, **params)["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except BrowserError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._commands)
        os.close(self._replies)
        shutil.rmtree(self._profile, ignore_errors=True)


@dataclass(frozen=True)
class PngFacts:
    width: int
    height: int
    colours: int  # distinct RGB colours among the pixels
    top_share: float  # the share of pixels of the most common colour


def png_facts(path: Path) -> PngFacts:
    """Decode an 8-bit RGB/RGBA PNG (the browser's screenshots) and count its colours."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert header is not None
    width, height, depth, colour_type = header[:4]
    if depth != 8 or colour_type not in (2, 6):
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour_type})")
    channels = 3 if colour_type == 2 else 4
    rows = _unfilter(zlib.decompress(idat), width * channels, height, channels)
    counts: dict[bytes, int] = {}
    for row in rows:
        for x in range(0, len(row), channels):
            pixel = bytes(row[x:x + 3])
            counts[pixel] = counts.get(pixel, 0) + 1
    return PngFacts(width, height, len(counts), max(counts.values()) / (width * height))


def _unfilter(raw: bytes, stride: int, height: int, bpp: int) -> list[bytearray]:
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(line)
        previous = line
    return rows
