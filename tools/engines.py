"""The game page in WebKit and Firefox, besides Playwright's Chromium.

Playwright's own WebKit and Firefox builds cannot be downloaded here, so these engines are
Debian's, driven over their standard protocols:

- **WebKit**: WebKitGTK's MiniBrowser (package `webkit2gtk-driver` brings `WebKitWebDriver`)
  over classic WebDriver, through Selenium; it needs a display, so an `Xvfb` of its own runs
  for the session (package `xvfb`).
- **Firefox ESR** (package `firefox-esr`): headless, over WebDriver BiDi, which Firefox serves
  itself (`--remote-debugging-port`); a small client below speaks it over a WebSocket
  (websocket-client, which Selenium brings). geckodriver is in no registry reachable here.

Both are wrapped in one small `Driver` interface that the engine tests and the boot benchmark
(bench/measure/engines.py) use. Every wait is for a state the page announces (docs/ui.md):
`wait(selector)` resolves in the page from a MutationObserver the moment the selector matches,
and fails after a generous timeout; nothing waits for time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB = "/usr/bin/Xvfb"
FIREFOX = "/usr/bin/firefox-esr"
ENGINES = ("webkit", "firefox")

# Resolves once `selector` matches (at once if it does), rejects after `ms`.
WAIT = """(selector, ms) => new Promise((resolve, reject) => {
  if (document.querySelector(selector)) { resolve(true); return; }
  const seen = new MutationObserver(() => {
    if (document.querySelector(selector)) { seen.disconnect(); clearTimeout(timer); resolve(true); }
  });
  seen.observe(document, { subtree: true, childList: true, attributes: true });
  const timer = setTimeout(() => { seen.disconnect(); reject(new Error("no " + selector)); }, ms);
})"""

# Firefox's automation defaults that matter here: no first-run pages, no update or telemetry
# traffic (the machine has no network but the registries), nothing between the test and the page.
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "toolkit.telemetry.enabled": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "browser.search.update": False,
    "browser.newtabpage.enabled": False,
}


def missing() -> list[str]:
    """The programs these tests need that are not installed."""
    return [p for p in (WEBKIT_DRIVER, MINIBROWSER, XVFB, FIREFOX) if not Path(p).exists()]


class Driver:
    """One browser with one page. Selectors are CSS; timeouts in milliseconds."""

    name = ""
    timeout = 300_000  # generous: a busy machine's first boot in WebKit can take minutes

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def call(self, function: str, *args):
        """Run `function` (JS source of a function) in the page with `args`; its value, awaited."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError

    def enter(self, selector: str) -> None:
        """Focus the element and press Enter on it, as a keyboard player does (the wards are
        SVG groups, which WebKit's WebDriver will not click)."""
        self.call("(s) => document.querySelector(s).focus()", selector)
        self.press_enter()

    def press_enter(self) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        self.call("() => { setTimeout(() => location.reload(), 0); }")

    def wait(self, selector: str, timeout: float | None = None) -> None:
        self.call(WAIT, selector, timeout or self.timeout)

    def attr(self, selector: str, name: str) -> str | None:
        return self.call("(s, a) => document.querySelector(s)?.getAttribute(a) ?? null",
                         selector, name)

    def text(self, selector: str) -> str:
        return self.call("(s) => document.querySelector(s)?.textContent ?? ''", selector)

    def count(self, selector: str) -> int:
        return self.call("(s) => document.querySelectorAll(s).length", selector)


# --- WebKit: Selenium over classic WebDriver ---------------------------------------------------


class Xvfb:
    """A virtual display of its own (`-displayfd` picks a free number)."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            self.display = ":" + f.readline().strip()

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


class WebKit(Driver):
    name = "webkit"

    def __init__(self, display: str, size: tuple[int, int] = (1024, 768)):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        # MiniBrowser in automation mode keeps its data in memory: every session starts with no
        # cache, storage or service worker of an earlier one.
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": display})
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(self.timeout / 1000 + 30)
        self.driver.set_page_load_timeout(self.timeout / 1000)
        self.driver.set_window_size(*size)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def call(self, function: str, *args):
        # execute_async_script: the last argument is the callback that ends the script.
        value = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve(({function})(...[...arguments].slice(0, -1)))"
            ".then((v) => done({value: v === undefined ? null : v}),"
            " (e) => done({error: String(e && e.message || e)}));", *args)
        if value is None:  # the page went away (a reload) before the script ended
            return None
        if "error" in value:
            raise RuntimeError(f"in WebKit: {value['error']}")
        return value["value"]

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        ActionChains(self.driver).move_to_element(element).click().perform()

    def press_enter(self) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.driver).send_keys(Keys.ENTER).perform()

    def quit(self) -> None:
        self.driver.quit()


# --- Firefox: WebDriver BiDi over a WebSocket ---------------------------------------------------


class BiDiError(RuntimeError):
    pass


class Firefox(Driver):
    name = "firefox"

    def __init__(self, size: tuple[int, int] = (1024, 768)):
        import websocket

        self.profile = tempfile.mkdtemp(prefix="tammany-firefox-")
        prefs = "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n"
                        for k, v in FIREFOX_PREFS.items())
        Path(self.profile, "user.js").write_text(prefs)
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile,
             "--remote-debugging-port=0", f"--width={size[0]}", f"--height={size[1]}",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        address = None
        for line in self.process.stderr:
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                address = found.group(1)
                break
        if not address:
            self.quit()
            raise BiDiError("Firefox did not start its WebDriver BiDi server")
        # The rest of Firefox's chatter is read and dropped, so its pipe never fills.
        threading.Thread(target=self.process.stderr.read, daemon=True).start()
        self.socket = websocket.create_connection(address + "/session", suppress_origin=True,
                                                  timeout=self.timeout / 1000 + 30)
        self.next_id = 0
        self.command("session.new", {"capabilities": {}})
        self.context = self.command("browsingContext.getTree", {})["contexts"][0]["context"]
        self.command("browsingContext.setViewport", {
            "context": self.context, "viewport": {"width": size[0], "height": size[1]}})

    def command(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:  # events (none subscribed) and answers to earlier commands are skipped
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if message.get("type") == "error":
                    raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
                return message["result"]

    def goto(self, url: str) -> None:
        self.command("browsingContext.navigate",
                     {"context": self.context, "url": url, "wait": "interactive"})

    def reload(self) -> None:
        self.command("browsingContext.reload", {"context": self.context, "wait": "interactive"})

    def call(self, function: str, *args):
        result = self.command("script.callFunction", {
            "functionDeclaration": function, "awaitPromise": True,
            "arguments": [_bidi_value(a) for a in args], "target": {"context": self.context},
            "resultOwnership": "root",
        })
        if result["type"] == "exception":
            raise BiDiError(result["exceptionDetails"].get("text", "script failed"))
        return _python_value(result["result"])

    def click(self, selector: str) -> None:
        node = self.command("script.callFunction", {
            "functionDeclaration": "(s) => { const e = document.querySelector(s);"
                                   " e.scrollIntoView({block: 'center'}); return e; }",
            "arguments": [_bidi_value(selector)], "awaitPromise": False,
            "target": {"context": self.context}, "resultOwnership": "root",
        })
        if node["type"] == "exception" or node["result"].get("type") != "node":
            raise BiDiError(f"nothing to click at {selector}")
        element = {"sharedId": node["result"]["sharedId"]}
        self.command("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "x": 0, "y": 0,
                 "origin": {"type": "element", "element": element}},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ]}]})
        self.command("input.releaseActions", {"context": self.context})

    def press_enter(self) -> None:
        self.command("input.performActions", {"context": self.context, "actions": [{
            "type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": "\ue007"}, {"type": "keyUp", "value": "\ue007"}]}]})

    def quit(self) -> None:
        try:
            if getattr(self, "socket", None):
                try:
                    self.command("session.end", {})
                except Exception:  # noqa: BLE001 - the browser goes anyway
                    pass
                self.socket.close()
        finally:
            self.process.kill()
            self.process.wait()
            shutil.rmtree(self.profile, ignore_errors=True)


def _bidi_value(value) -> dict:
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, (int, float)):
        return {"type": "number", "value": value}
    if value is None:
        return {"type": "null"}
    return {"type": "string", "value": str(value)}


def _python_value(remote: dict):
    kind = remote.get("type")
    if kind in ("string", "number", "boolean"):
        return remote["value"]
    if kind in ("null", "undefined"):
        return None
    if kind == "array":
        return [_python_value(v) for v in remote.get("value", [])]
    if kind == "object":
        return {k: _python_value(v) for k, v in remote.get("value", [])}
    return remote


def launch(name: str, display: str | None = None, size: tuple[int, int] = (1024, 768)) -> Driver:
    return WebKit(display, size) if name == "webkit" else Firefox(size)
