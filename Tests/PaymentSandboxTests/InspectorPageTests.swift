import Foundation
import PaymentFlowsCore
import PaymentMocks
import PaymentSandbox
import Testing

/// The inspector's page in Chromium with a full journal (1,000 exchanges): it fetches only what is
/// new (an idle page moves under 5 KB a second, from Resource Timing, and uses under 5% of a core,
/// its renderer's CPU time from `/proc`; the whole browser's is printed beside it), appends new exchanges without touching the rows a
/// person is
/// reading (a selection survives), shows every column at 1,280 px, is driven by keyboard, names the
/// time zone of its times, and lists the exchanges as plain HTML when script is off.
@Suite("The inspector's page", .serialized)
struct InspectorPageTests {
    typealias Live = SandboxInspectorTests.Live

    /// Sends `count` requests that the journal keeps, `parallel` at a time.
    static func fill(_ live: Live, count: Int, from start: Int = 0) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    var index = start + lane
                    while index < start + count {
                        _ = try await live.http("GET", "/t/paypal/v2/checkout/orders/FILL\(index)")
                        index += 8
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func aFullJournalIsCheapToWatchAndEasyToRead() async throws {
        guard ChromiumWebSession.available(for: "the inspector page's browser test") else { return }
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        try await Self.fill(live, count: 1_000)
        let browser = try ChromiumWebSession(sandbox: live.sandbox)
        defer { browser.close() }
        _ = try await browser.ready()
        try await browser.resize(width: 1_280, height: 800)
        _ = try await browser.devTools("Emulation.setTimezoneOverride", ["timezoneId": "Asia/Tokyo"])
        try await browser.load(live.base.appending(path: "__admin/"))
        try await browser.waitFor("document.querySelectorAll('#rows tr').length === 1000", timeout: 30)

        // Times in the browser's zone, the zone named in the heading.
        let heading = try await browser.script("return document.getElementById('time-heading').textContent") as? String
        #expect(heading == "time GMT+9")
        let zone = try await browser.script("return document.getElementById('time-heading').title") as? String
        #expect(zone?.contains("Asia/Tokyo") == true, "\(zone ?? "nil")")
        let newest = try #require(try await live.journal().last)
        let stamp = try #require((newest["time"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        let tokyo = DateFormatter()
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")
        tokyo.dateFormat = "HH:mm:ss"
        let shownTime = try await browser.script("return document.querySelector('#rows tr').children[1].textContent") as? String
        #expect(shownTime == tokyo.string(from: stamp), "\(shownTime ?? "nil")")

        // Every column visible at 1,280 px: each heading whole and inside the list, no sideways scroll.
        let cut = try #require(
            try await browser.script(
                """
                const list = document.getElementById('list').getBoundingClientRect();
                const cut = [...document.querySelectorAll('#exchanges thead th')]
                  .filter(th => th.scrollWidth > th.clientWidth || th.getBoundingClientRect().right > list.right + 1)
                  .map(th => th.textContent);
                if (document.getElementById('list').scrollWidth > document.getElementById('list').clientWidth) cut.push('sideways scroll');
                return cut;
                """) as? [String])
        #expect(cut.isEmpty, "cut at 1,280 px: \(cut)")

        // The keyboard: the first row focused, two rows down, Enter opens the third.
        let sequences = try #require(
            try await browser.script("return [...document.querySelectorAll('#rows tr')].slice(0, 3).map(r => Number(r.dataset.sequence))")
                as? [Int])
        _ = try await browser.script("document.querySelector('#rows tr').focus()")
        try await browser.press("ARROW_DOWN")
        try await browser.press("ARROW_DOWN")
        try await browser.press("ENTER")
        try await browser.waitFor("document.querySelector('#compare > div[data-sequence=\"\(sequences[2])\"]')")
        let focused = try await browser.script("return Number(document.activeElement.dataset.sequence)") as? Int
        #expect(focused == sequences[2])
        // End and Home reach the last and the first row; ArrowUp goes back one.
        try await browser.press("END")
        let lastRow =
            try await browser.script(
                "const rows = document.querySelectorAll('#rows tr'); return document.activeElement === rows[rows.length - 1]") as? Bool
        #expect(lastRow == true)
        try await browser.press("HOME")
        try await browser.press("ARROW_DOWN")
        try await browser.press("ARROW_UP")
        let firstRow = try await browser.script("return Number(document.activeElement.dataset.sequence)") as? Int
        #expect(firstRow == sequences[0])

        // A selection in a row survives the live updates, and new exchanges are appended at the top.
        let selected =
            try await browser.script(
                """
                const cell = document.querySelectorAll('#rows tr')[5].children[4];
                const range = document.createRange(); range.selectNodeContents(cell);
                getSelection().removeAllRanges(); getSelection().addRange(range);
                return getSelection().toString();
                """) as? String
        try await Self.fill(live, count: 5, from: 1_000)
        try await browser.waitFor("document.querySelector('#rows tr').children[4].textContent.includes('FILL100')", timeout: 10)
        let kept = try await browser.script("return getSelection().toString()") as? String
        #expect(selected?.isEmpty == false && kept == selected, "selection \(selected ?? "nil") became \(kept ?? "nil")")
        let rows = try await browser.script("return document.querySelectorAll('#rows tr').length") as? Int
        #expect(rows == 1_000, "the page keeps the journal's limit")

        // Idle: 10 seconds with nothing new. Traffic from the Resource Timing entries, CPU from the
        // renderer's main-thread task time (DevTools Performance metrics).
        _ = try await browser.devTools("Performance.enable")
        _ = try await browser.script("performance.setResourceTimingBufferSize(10000); performance.clearResourceTimings()")
        func taskSeconds() async throws -> (task: Double, at: Double) {
            let metrics = try await browser.devTools("Performance.getMetrics")["metrics"] as? [[String: Any]] ?? []
            func value(_ name: String) -> Double { metrics.first { $0["name"] as? String == name }?["value"] as? Double ?? 0 }
            return (value("TaskDuration"), value("Timestamp"))
        }
        let before = try await taskSeconds()
        let cpuBefore = try #require(browser.cpuSeconds())
        let pageBefore = try #require(browser.cpuSeconds(renderersOnly: true))
        let clock = ContinuousClock.now
        try await Task.sleep(for: .seconds(10))
        let cpuAfter = try #require(browser.cpuSeconds())
        let pageAfter = try #require(browser.cpuSeconds(renderersOnly: true))
        let elapsed = ContinuousClock.now - clock
        let after = try await taskSeconds()
        let bytes = try #require(
            try await browser.script("return performance.getEntriesByType('resource').reduce((sum, e) => sum + e.transferSize, 0)") as? Int)
        let fetches = try await browser.script("return performance.getEntriesByType('resource').length") as? Int ?? 0
        let seconds = max(after.at - before.at, 1)
        let bytesPerSecond = Double(bytes) / seconds
        // The main thread's task time is wall time (it grows when other work shares the cores);
        // the limit is on the page's CPU time (its renderer processes); the whole browser's is printed.
        let mainThread = (after.task - before.task) / seconds
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let page = (pageAfter - pageBefore) / wall
        let browserCPU = (cpuAfter - cpuBefore) / wall
        print(
            "measured: the inspector idle with 1,000 exchanges, \(Int(seconds)) s: \(fetches) fetches, \(Int(bytesPerSecond)) B/s, "
                + String(format: "the page %.2f%% of a core (its renderer's CPU time), ", page * 100)
                + String(format: "the whole browser %.2f%%, ", browserCPU * 100)
                + String(format: "%.2f%% main-thread task time", mainThread * 100))
        #expect(fetches >= 5, "the page stopped asking")
        #expect(bytesPerSecond < 5_000, "\(bytesPerSecond) B/s idle")
        #expect(page < 0.05, "the page used \(page * 100)% of a core idle")

        // Script off: the page as plain HTML lists the exchanges (read through the DOM, no script runs).
        _ = try await browser.devTools("Emulation.setScriptExecutionDisabled", ["value": true])
        try await browser.load(live.base.appending(path: "__admin/"))
        let document = try await browser.devTools("DOM.getDocument", ["depth": -1])
        let root = try #require((document["root"] as? [String: Any])?["nodeId"] as? Int)
        let listed = try await browser.devTools("DOM.querySelectorAll", ["nodeId": root, "selector": "#noscript-rows tbody tr"])
        #expect((listed["nodeIds"] as? [Any])?.count == 1_000, "\((listed["nodeIds"] as? [Any])?.count ?? 0) rows without script")
        let empty = try await browser.devTools("DOM.querySelectorAll", ["nodeId": root, "selector": "#empty:not([hidden])"])
        #expect((empty["nodeIds"] as? [Any])?.isEmpty == true, "'No exchange yet' shows without script")
        _ = try await browser.devTools("Emulation.setScriptExecutionDisabled", ["value": false])
    }
}
