"""Headless Chromium driven over the Chrome DevTools Protocol, with aiohttp (no driver binary,
no downloaded browser): Debian's ``chromium`` package is enough.

    with Chromium.launch() as browser:
        page = browser.open("http://127.0.0.1:8700/")
        page.wait_for("document.querySelectorAll('.message').length > 0")
        page.click("button.seat[data-seat='Bruno']")   # a real mouse click at the element
        page.type_text("#box", "/game join"); page.press_enter()

Calls are blocking (the protocol runs on a private event loop in a thread), so tests read like
a user's steps.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import Any

import aiohttp

BINARIES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium() -> str | None:
    for name in BINARIES:
        path = shutil.which(name)
        if path:
            return path
    return None


class BrowserError(AssertionError):
    pass


class Chromium:
    def __init__(self, binary: str):
        self.binary = binary
        self.proc: subprocess.Popen | None = None
        self._profile = tempfile.TemporaryDirectory(prefix="tabletop-chromium-")
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future] = {}
        self.console: list[str] = []  # console errors and uncaught exceptions of the pages

    @classmethod
    def launch(cls, binary: str | None = None) -> Chromium:
        path = binary or find_chromium()
        if path is None:
            raise BrowserError("no Chromium found (apt-get install chromium)")
        return cls(path).start()

    def start(self) -> Chromium:
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1280,900",
                "--remote-debugging-port=0",
                f"--user-data-dir={self._profile.name}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        url = None
        deadline = time.monotonic() + 30
        while url is None and time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line and self.proc.poll() is not None:
                break
            match = re.search(r"DevTools listening on (ws://\S+)", line)
            if match:
                url = match.group(1)
        if url is None:
            self.close()
            raise BrowserError("Chromium did not start")
        threading.Thread(target=self._drain, daemon=True).start()
        self._thread.start()
        self._run(self._connect(url))
        return self

    def _drain(self) -> None:
        for _ in self.proc.stderr:
            pass

    def _run(self, coro, timeout: float = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    async def _connect(self, url: str) -> None:
        self._session = aiohttp.ClientSession()
        self._ws = await self._session.ws_connect(url, max_msg_size=0)
        self._loop.create_task(self._reader())

    async def _reader(self) -> None:
        async for msg in self._ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            future = self._waiting.pop(data.get("id"), None)
            if future is not None and not future.done():
                future.set_result(data)
            elif data.get("method") == "Runtime.exceptionThrown":
                details = data["params"]["exceptionDetails"]
                self.console.append(str(details.get("exception", {}).get("description") or details))
            elif (
                data.get("method") == "Runtime.consoleAPICalled"
                and data["params"].get("type") == "error"
            ):
                args = data["params"].get("args") or []
                self.console.append(
                    " ".join(str(a.get("value", a.get("description"))) for a in args)
                )

    async def _send(self, method: str, params: dict | None = None, session: str | None = None):
        mid = next(self._ids)
        future = self._loop.create_future()
        self._waiting[mid] = future
        message = {"id": mid, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        await self._ws.send_str(json.dumps(message))
        reply = await future
        if "error" in reply:
            raise BrowserError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        return self._run(self._send(method, params, session))

    def open(self, url: str, *, phone: Phone | None = None) -> Page:
        """A new tab at ``url``; with ``phone``, as that phone shows it (its viewport, pixel
        density and a touch screen), set before the page loads."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        page = Page(self, session)
        page.send("Runtime.enable")
        page.send("Page.enable")
        if phone is not None:
            page.send(
                "Emulation.setDeviceMetricsOverride",
                {
                    "width": phone.width,
                    "height": phone.height,
                    "deviceScaleFactor": phone.scale,
                    "mobile": True,
                },
            )
            page.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        page.goto(url)
        return page

    def close(self) -> None:
        if self._ws is not None:
            try:
                self._run(self._ws.close(), 5)
                self._run(self._session.close(), 5)
            except Exception:
                pass
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._profile.cleanup()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@dataclass(frozen=True)
class Phone:
    """A phone's screen in CSS pixels and its device pixel ratio."""

    width: int
    height: int
    scale: float


IPHONE_14 = Phone(390, 844, 3)  # the width the page was found unusable at


class Page:
    def __init__(self, browser: Chromium, session: str):
        self.browser = browser
        self.session = session

    def send(self, method: str, params: dict | None = None) -> dict:
        return self.browser.send(method, params, self.session)

    def goto(self, url: str) -> None:
        self.send("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete'")

    def evaluate(self, expression: str) -> Any:
        result = self.send(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 15.0, what: str = "") -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"timed out after {timeout}s waiting for {what or expression}")
            time.sleep(0.03)

    def click(self, selector: str) -> None:
        """A real mouse click at the middle of the first element matching ``selector``, once it
        stays put (a message above it being redrawn moves it, as it would under a user's mouse)."""
        box = self._steady(selector)
        for kind in ("mousePressed", "mouseReleased"):
            self.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": box["x"], "y": box["y"], "button": "left", "clickCount": 1},
            )

    def tap(self, selector: str) -> None:
        """A finger's tap at the middle of the first element matching ``selector`` (on a page
        opened as a phone), once it stays put and nothing is drawn over it."""
        box = self._steady(selector)
        self.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [box]})
        self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def _steady(self, selector: str) -> dict:
        deadline = time.monotonic() + 15
        box = self._where(selector)
        while True:
            time.sleep(0.06)
            again = self._where(selector)
            if again == box:
                return box
            if time.monotonic() > deadline:
                raise BrowserError(f"{selector!r} does not stay in place")
            box = again

    def _where(self, selector: str) -> dict:
        # where it is now, and that a click there reaches it (not another element drawn over it)
        return self.wait_for(
            f"""(() => {{
                const el = document.querySelector({json.dumps(selector)});
                if (!el) return null;
                el.scrollIntoView({{block: 'center'}});
                const r = el.getBoundingClientRect();
                const x = r.left + r.width / 2, y = r.top + r.height / 2;
                const hit = document.elementFromPoint(x, y);
                return hit && (hit === el || el.contains(hit)) ? {{x, y}} : null;
            }})()""",
            what=f"{selector!r} to be clickable",
        )

    def type_text(self, selector: str, text: str) -> None:
        self.click(selector)
        self.send("Input.insertText", {"text": text})

    def press(self, key: str, code: int) -> None:
        for kind in ("keyDown", "keyUp"):
            self.send(
                "Input.dispatchKeyEvent",
                {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code},
            )

    def press_enter(self) -> None:
        self.press("Enter", 13)
