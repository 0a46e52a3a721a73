#!/usr/bin/env python3
"""A real browser as the flows' WebSession: headless Chromium driven by Selenium.

Reads one JSON request per line on stdin and answers one JSON line on stdout. As a Secure WebView:
  {"open": URL, "callback": {"scheme": S} | {"host": H, "pathPrefix": P} | {"anyOf": [...]},
   "taps": [button ids, in order of preference], "timeout": seconds}
  -> {"end": URL, "pages": [titles]} | {"error": text, "url": current URL, "pages": [...]}
The browser loads URL, taps the first button of `taps` present on each page it lands on, and ends
when it navigates to a URL that matches the callback: a custom-scheme or universal-link
navigation, read from Chromium's performance log (Network.requestWillBeSent and
Page.frameRequestedNavigation), the way an app's web view intercepts it.

As the app's WKWebView (the page's `webkit.messageHandlers.iosApp.postMessage(…)` is installed
before any page script and queues the messages):
  {"load": URL} -> {"title": T}
  {"tap": ID, "timeout": seconds} -> {"message": object posted after the tap}
  {"text": ID} -> {"text": the element's text}
  {"plain": true|false} -> pages load as in a plain browser (no `iosApp` handler), or in the web view again

As a person at a page (the sandbox's inspector):
  {"script": JS, "args": [...]} -> {"value": what the script returns}
  {"async": JS} -> {"value": what the script passes to its callback (the last argument)}
  {"wait": JS condition, "timeout": seconds} -> {"ok": true} | {"error": ...}
  {"click": CSS selector} -> {"clicked": true} | {"error": ...}
  {"screenshot": PATH, "width": W, "height": H} -> {"saved": PATH}
  {"press": KEY} -> {"pressed": KEY}: a key (ARROW_DOWN, ENTER, TAB, … as Selenium's Keys names them) at the focused element
  {"cdp": METHOD, "params": {...}} -> {"value": the DevTools command's result} (metrics, emulation, the DOM without script)
  {"size": [W, H]} -> {"size": [W, H]}: the window's size"""
import json
import sys
import time
from urllib.parse import urlsplit

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys


def matches(callback, url):
    if "anyOf" in callback:
        return any(matches(each, url) for each in callback["anyOf"])
    parts = urlsplit(url)
    if "scheme" in callback:
        return parts.scheme.lower() == callback["scheme"].lower()
    if "host" in callback:
        prefix = callback.get("pathPrefix") or ""
        return parts.scheme == "https" and (parts.hostname or "").lower() == callback["host"].lower() and parts.path.startswith(prefix)
    return False


def navigations(driver):
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(params.get("request", {}).get("url", ""))
        elif message.get("method") == "Page.frameRequestedNavigation":
            urls.append(params.get("url", ""))
    return urls


def start():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.message_handler = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": MESSAGE_HANDLER})["identifier"]
    return driver


# What WKUserContentController.add(self, name: "iosApp") gives a page: a handler whose messages
# reach the app (here: a queue the test reads).
MESSAGE_HANDLER = """
window.__posted = [];
window.webkit = {messageHandlers: {iosApp: {postMessage: function (message) { window.__posted.push(JSON.stringify(message)); }}}};
"""


def person(driver, request):
    if "script" in request:
        return {"value": driver.execute_script(request["script"], *request.get("args", []))}
    if "async" in request:
        driver.set_script_timeout(float(request.get("timeout", 20)))
        return {"value": driver.execute_async_script(request["async"])}
    if "wait" in request:
        deadline = time.monotonic() + float(request.get("timeout", 10))
        while time.monotonic() < deadline:
            if driver.execute_script("return !!(" + request["wait"] + ")"):
                return {"ok": True}
            time.sleep(0.1)
        return {"error": "timed out waiting for " + request["wait"], "url": driver.current_url}
    if "press" in request:
        driver.switch_to.active_element.send_keys(getattr(Keys, request["press"]))
        return {"pressed": request["press"]}
    if "cdp" in request:
        return {"value": driver.execute_cdp_cmd(request["cdp"], request.get("params", {}))}
    if "size" in request:
        driver.set_window_size(int(request["size"][0]), int(request["size"][1]))
        return {"size": request["size"]}
    if "click" in request:
        found = driver.execute_script("const e = document.querySelector(arguments[0]); if (!e) return false; e.click(); return true", request["click"])
        return {"clicked": True} if found else {"error": "no element " + request["click"]}
    driver.set_window_size(int(request.get("width", 1400)), int(request.get("height", 900)))
    driver.save_screenshot(request["screenshot"])
    return {"saved": request["screenshot"]}


def web_view(driver, request):
    if any(key in request for key in ("script", "async", "wait", "click", "screenshot", "press", "cdp", "size")):
        return person(driver, request)
    if "plain" in request:
        # A plain browser (no app's message handler on new pages), or the app's web view again.
        if request["plain"] and driver.message_handler:
            driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": driver.message_handler})
            driver.message_handler = None
        elif not request["plain"] and not driver.message_handler:
            driver.message_handler = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": MESSAGE_HANDLER})["identifier"]
        return {"plain": request["plain"]}
    if "load" in request:
        driver.get(request["load"])
        return {"title": driver.title}
    if "evaluate" in request:
        # The app's `webView.evaluateJavaScript(…)`: runs the script, answers nothing.
        driver.execute_script(request["evaluate"])
        return {"evaluated": True}
    if "cover" in request:
        return {"cover": driver.execute_script("const e = document.getElementById('white_cover'); return e ? e.style.display : null")}
    if "cookie" in request:
        # One cookie as the browser keeps it, attributes included (`secure`, `httpOnly`), which
        # `document.cookie` does not show.
        cookie = driver.get_cookie(request["cookie"])
        return {"cookie": cookie or {}}
    if "cookies" in request:
        # What the browser kept, as the page's own script sees it (secure cookies included).
        return {"cookies": driver.execute_script("return document.cookie")}
    if "text" in request:
        return {"text": driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.textContent : null", request["text"])}
    deadline = time.monotonic() + float(request.get("timeout", 20))
    driver.execute_script("window.__posted = []; document.getElementById(arguments[0]).click()", request["tap"])
    while time.monotonic() < deadline:
        posted = driver.execute_script("return window.__posted && window.__posted.length ? window.__posted.shift() : null")
        if posted:
            return {"message": json.loads(posted)}
        time.sleep(0.05)
    return {"error": "the page posted no message", "url": driver.current_url}


def run(driver, request):
    callback, taps = request["callback"], request.get("taps", [])
    deadline = time.monotonic() + float(request.get("timeout", 20))
    navigations(driver)  # drop what earlier sessions left
    pages, tapped = [], set()
    try:
        driver.get(request["open"])
    except WebDriverException:
        pass  # a callback the browser cannot load (a custom scheme, a universal link's host)
    while time.monotonic() < deadline:
        for url in navigations(driver):
            if matches(callback, url):
                return {"end": url, "pages": pages}
        try:
            current = driver.current_url
            ready = driver.execute_script("return document.readyState") == "complete"
        except WebDriverException:
            time.sleep(0.05)
            continue
        if ready and current not in tapped:
            title = driver.title
            for button in taps:
                if driver.execute_script("return document.getElementById(arguments[0]) !== null", button):
                    tapped.add(current)
                    pages.append(f"{title} [{button}]")
                    driver.execute_script("document.getElementById(arguments[0]).click()", button)
                    break
        time.sleep(0.05)
    return {"error": "no navigation to the callback", "url": driver.current_url, "pages": pages}


def main():
    driver = start()
    try:
        print(json.dumps({"ready": driver.capabilities.get("browserVersion", "")}), flush=True)
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                request = json.loads(line)
                answer = run(driver, request) if "open" in request else web_view(driver, request)
            except Exception as error:  # answer every request, never hang the Swift side
                answer = {"error": f"{type(error).__name__}: {error}"}
            print(json.dumps(answer), flush=True)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
