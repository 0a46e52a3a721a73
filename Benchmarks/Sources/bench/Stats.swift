import Foundation

/// Timing helpers: medians over repeated runs, with min and max.
enum Stats {
    struct Summary {
        var median: Double
        var min: Double
        var max: Double

        func formatted(_ unit: String = "ms", scale: Double = 1000) -> String {
            String(format: "%.3f %@ (min %.3f, max %.3f)", median * scale, unit, min * scale, max * scale)
        }
    }

    static func summarize(_ samples: [Double]) -> Summary {
        let sorted = samples.sorted()
        return Summary(median: sorted[sorted.count / 2], min: sorted.first ?? 0, max: sorted.last ?? 0)
    }

    /// Seconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return seconds(clock.now - start)
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
