import Foundation
import PaymentFlowsCore
import PaymentMocks
import PaymentSandbox
import Testing

/// A real browser engine as the flows' `WebSession`: headless Chromium driven by Selenium through
/// `Tests/Browser/webdriver_session.py`. It loads the hosted page from the sandbox, taps the
/// tester's buttons on each page it lands on and returns the URL of the navigation that matches
/// the callback (a custom scheme or a universal link), as an app's web view intercepts it.
final class ChromiumWebSession: WebSession, @unchecked Sendable {
    /// Whether Chromium, its driver and Selenium are installed (`.ci/run` installs them).
    /// Whether a browser test can run; when it cannot, records a failure where CI requires the
    /// browser (`PAYMENTSCHEMAS_REQUIRE_BROWSER=1`) and says what `test` did not check.
    static func available(for test: String) -> Bool {
        guard isAvailable else {
            #expect(
                ProcessInfo.processInfo.environment["PAYMENTSCHEMAS_REQUIRE_BROWSER"] != "1",
                "Chromium, chromedriver or Selenium is missing; .ci/run installs them")
            print("note: Chromium, chromedriver or Selenium is not installed; \(test) did not run")
            return false
        }
        return true
    }

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && run(["python3", "-c", "import selenium"]) == 0
    }

    private static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let sandbox: SandboxServer
    private let lock = NSLock()
    private var buffer = Data()
    private var tapsValue: [String] = []
    private var pagesSeen: [String] = []

    /// Starts the browser; the sandbox maps hosted pages' URLs onto itself.
    init(sandbox: SandboxServer) throws {
        self.sandbox = sandbox
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(
            path: "Browser/webdriver_session.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The buttons the tester taps, in order of preference, on every page.
    var taps: [String] {
        get { lock.withLock { tapsValue } }
        set { lock.withLock { tapsValue = newValue } }
    }

    /// The pages the browser tapped through, with the button tapped.
    var pages: [String] { lock.withLock { pagesSeen } }

    /// The browser's first line: `{"ready": version}`.
    func ready() async throws -> String {
        let line = try await readLine()
        return (try JSONSerialization.jsonObject(with: line) as? [String: Any])?["ready"] as? String ?? ""
    }

    /// A real browser, as the Secure WebView is.
    var isSecureWebView: Bool { true }

    func open(_ url: URL, callback: WebSessionCallback) async throws -> URL {
        let answer = try await send([
            "open": sandbox.pageURL(for: url).absoluteString, "callback": Self.json(callback), "taps": taps, "timeout": 30,
        ])
        lock.withLock { pagesSeen += answer["pages"] as? [String] ?? [] }
        guard let end = (answer["end"] as? String).flatMap(URL.init(string:)) else {
            throw WebSessionError.presentationFailed(
                "browser: \(answer["error"] as? String ?? "no answer") at \(answer["url"] as? String ?? "?")")
        }
        return end
    }

    // MARK: As the app's WKWebView

    /// Loads `url` in the tab, as `webView.load(_:)` or the page's `loadUrl(…)` does.
    func load(_ url: URL) async throws {
        _ = try await send(["load": url.absoluteString])
    }

    /// Taps the element `id` and returns the message the page then posts to `iosApp`, as JSON.
    func tapAndWaitForMessage(_ id: String) async throws -> Data {
        let answer = try await send(["tap": id, "timeout": 20])
        guard let message = answer["message"] else {
            throw WebSessionError.presentationFailed(
                "browser: \(answer["error"] as? String ?? "no message") at \(answer["url"] as? String ?? "?")")
        }
        return try JSONSerialization.data(withJSONObject: message)
    }

    /// The text of the element `id` on the loaded page.
    func text(of id: String) async throws -> String? {
        try await send(["text": id])["text"] as? String
    }

    /// Runs `script` in the page, as an app's `webView.evaluateJavaScript(_:)` does.
    func evaluate(_ script: String) async throws {
        _ = try await send(["evaluate": script])
    }

    /// The `display` of the cart page's `white_cover` (the guide's coverScreen/uncoverScreen).
    func coverDisplay() async throws -> String {
        try await send(["cover": true])["cover"] as? String ?? ""
    }

    /// Pages load from now on as in a plain browser (`true`: no app message handler) or in the
    /// app's web view (`false`).
    func plainBrowser(_ plain: Bool) async throws {
        _ = try await send(["plain": plain])
    }

    /// One cookie as the browser keeps it, with its attributes (`secure`, `httpOnly`), which
    /// `document.cookie` does not show; empty when there is none.
    func cookie(_ name: String) async throws -> [String: Any] {
        try await send(["cookie": name])["cookie"] as? [String: Any] ?? [:]
    }

    /// The current page's `document.cookie`.
    func cookies() async throws -> String {
        try await send(["cookies": true])["cookies"] as? String ?? ""
    }

    // MARK: As a person at a page

    /// Runs `script` (a function body; `arguments` are its arguments) and returns what it returns.
    func script(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await answered(["script": script, "args": arguments])["value"]
    }

    /// Runs `script`, which passes its result to its last argument (a callback), and returns it.
    func asyncScript(_ script: String) async throws -> Any? {
        try await answered(["async": script, "timeout": 20])["value"]
    }

    /// Waits until the JavaScript `condition` holds on the page; throws after `timeout` seconds.
    func waitFor(_ condition: String, timeout: Double = 10) async throws {
        _ = try await answered(["wait": condition, "timeout": timeout])
    }

    /// Clicks the first element that matches the CSS `selector`.
    func click(_ selector: String) async throws {
        _ = try await answered(["click": selector])
    }

    /// The CPU time (user and system, in seconds) the browser has used so far, read from `/proc`:
    /// every process below the driver script (chromedriver, Chromium's browser, renderer, GPU and
    /// network processes), or with `renderersOnly` the renderers alone (the pages' own work).
    /// `nil` where there is no `/proc`.
    func cpuSeconds(renderersOnly: Bool = false) -> Double? {
        let root = process.processIdentifier
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var parent: [Int32: Int32] = [:]
        var ticks: [Int32: Int] = [:]
        for name in names {
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the command's closing parenthesis: state, ppid, … utime (14th field), stime (15th).
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let ppid = Int32(fields[1]), let user = Int(fields[11]), let system = Int(fields[12]) else { continue }
            parent[pid] = ppid
            ticks[pid] = user + system
        }
        func descends(_ pid: Int32) -> Bool {
            var current = pid
            for _ in 0..<16 {
                guard let next = parent[current] else { return false }
                if next == root { return true }
                current = next
            }
            return false
        }
        func isRenderer(_ pid: Int32) -> Bool {
            guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: line, as: UTF8.self).contains("--type=renderer")
        }
        let total = ticks.filter { descends($0.key) && (!renderersOnly || isRenderer($0.key)) }.values.reduce(0, +)
        return Double(total) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Presses `key` (a name of Selenium's `Keys`: `ARROW_DOWN`, `ENTER`, `TAB`) at the focused element.
    func press(_ key: String) async throws {
        _ = try await answered(["press": key])
    }

    /// Runs the DevTools command `method` with `parameters` and returns its result.
    func devTools(_ method: String, _ parameters: [String: Any] = [:]) async throws -> [String: Any] {
        (try await answered(["cdp": method, "params": parameters])["value"] as? [String: Any]) ?? [:]
    }

    /// Sets the window's size.
    func resize(width: Int, height: Int) async throws {
        _ = try await answered(["size": [width, height]])
    }

    /// Saves a PNG of the window (`width`×`height`) to `path`.
    func screenshot(to path: String, width: Int = 1400, height: Int = 900) async throws {
        _ = try await answered(["screenshot": path, "width": width, "height": height])
    }

    /// `send`, throwing the browser's error.
    private func answered(_ request: [String: Any]) async throws -> [String: Any] {
        let answer = try await send(request)
        if let error = answer["error"] as? String { throw WebSessionError.presentationFailed("browser: \(error)") }
        return answer
    }

    private func send(_ request: [String: Any]) async throws -> [String: Any] {
        var line = try JSONSerialization.data(withJSONObject: request)
        line.append(0x0A)
        try input.fileHandleForWriting.write(contentsOf: line)
        return try JSONSerialization.jsonObject(with: try await readLine()) as? [String: Any] ?? [:]
    }

    /// Stops the browser.
    func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    static func json(_ callback: WebSessionCallback) -> [String: Any] {
        switch callback {
        case .scheme(let scheme): return ["scheme": scheme]
        case .universalLink(let host, let prefix): return ["host": host, "pathPrefix": prefix ?? ""]
        case .returnURL(let url):
            return url.scheme == "https" ? ["host": url.host ?? "", "pathPrefix": url.path] : ["scheme": url.scheme ?? ""]
        case .anyOf(let callbacks): return ["anyOf": callbacks.map(json)]
        }
    }

    /// One line of the browser's output, read off the cooperative pool.
    private func readLine() async throws -> Data {
        let handle = output.fileHandleForReading
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { [self] in
                while true {
                    let line: Data? = lock.withLock {
                        guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
                        let line = buffer[buffer.startIndex..<newline]
                        buffer.removeSubrange(buffer.startIndex...newline)
                        return Data(line)
                    }
                    if let line { return continuation.resume(returning: line) }
                    let chunk = handle.availableData
                    if chunk.isEmpty {
                        return continuation.resume(throwing: WebSessionError.presentationFailed("the browser process ended"))
                    }
                    lock.withLock { buffer.append(chunk) }
                }
            }
        }
    }
}
