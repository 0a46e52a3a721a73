import Foundation
import PaymentSchemasRuntime

/// `FastISO8601` with and without, in one run: the three standard date formats read and written by
/// the runtime's own code, against the same formats (same patterns, same read patterns, same zone)
/// through `DateFormatter`, which is what ``PayDateFormat`` falls back to for any other pattern
/// and what the standard ones would cost without the fast path. Microseconds per date, medians of
/// `runs` runs of 10,000 dates.
enum DateBench {
    static func run(runs: Int) -> [String] {
        let formats: [(label: String, fast: PayDateFormat, text: String)] = [
            ("ISO 8601 extended, UTC", .iso8601(), "2026-11-28T02:18:36Z"),
            ("ISO 8601 extended, offset", .iso8601(timeZone: "-05:00"), "2026-11-27T21:18:36-05:00"),
            ("ISO 8601 extended, America/Mexico_City (MIT)", .iso8601(timeZone: "America/Mexico_City"), "2026-11-27T20:18:36-06:00"),
            ("ISO 8601 basic", .iso8601Basic, "20261128T021836Z"),
            ("calendar date", .date(), "2026-11-28"),
        ]
        let count = 10_000
        func perDate(_ body: () -> Void) -> Double {
            var samples: [Double] = []
            for _ in 0..<runs {
                let clock = ContinuousClock()
                let start = clock.now
                for _ in 0..<count { body() }
                samples.append(Stats.seconds(clock.now - start) / Double(count) * 1e6)
            }
            return Stats.summarize(samples).median
        }
        var rows: [String] = []
        for format in formats {
            // The same format under a name the fast path does not know: `DateFormatter` reads and writes it.
            let slow = PayDateFormat(
                name: "without-fast-path", pattern: format.fast.pattern, readPatterns: format.fast.readPatterns,
                timeZone: format.fast.timeZone)
            guard let date = format.fast.parse(format.text), slow.parse(format.text) == date, slow.format(date) == format.fast.format(date)
            else {
                return ["| \(format.label) | the two paths disagree on \(format.text) | | | | |"]
            }
            let fastRead = perDate { _ = format.fast.parse(format.text) }
            let slowRead = perDate { _ = slow.parse(format.text) }
            let fastWrite = perDate { _ = format.fast.format(date) }
            let slowWrite = perDate { _ = slow.format(date) }
            func cell(_ value: Double) -> String { String(format: "%.2f µs", value) }
            rows.append(
                "| \(format.label) | \(cell(fastRead)) | \(cell(slowRead)) | **\(String(format: "%.1f", slowRead / fastRead))×** | \(cell(fastWrite)) | \(cell(slowWrite)) | **\(String(format: "%.1f", slowWrite / fastWrite))×** |"
            )
        }
        return rows
    }
}
