import Foundation

/// Makes idempotency keys and other one-time tokens; injectable so tests are deterministic.
public struct TokenSource: Sendable {
    private let make: @Sendable () -> UUID

    /// Random UUIDs (the default).
    public static let random = TokenSource { UUID() }

    /// Creates a source from a UUID generator.
    public init(_ make: @escaping @Sendable () -> UUID) {
        self.make = make
    }

    /// A fresh UUID.
    public func uuid() -> UUID { make() }

    /// A UUID v4 in lowercase (Amazon Pay's app-login token).
    public func lowercaseUUID() -> String { make().uuidString.lowercased() }

    /// A UUID without dashes: 32 of `[A-Za-z0-9_-]` (Amazon Pay's idempotency keys).
    public func idempotencyKey() -> String { make().uuidString.replacingOccurrences(of: "-", with: "") }

    /// Deterministic UUIDs from a seed.
    public static func seeded(_ seed: UInt64) -> TokenSource {
        let generator = SeededGenerator(seed: seed)
        return TokenSource { generator.nextUUID() }
    }
}

/// A small deterministic generator (SplitMix64) shared safely between tasks: the package's one
/// seeded generator, for tokens here and for the tests' generated inputs (`Int.random(in:using:)`).
public final class SeededGenerator: RandomNumberGenerator, @unchecked Sendable {
    private var state: UInt64
    private let lock = NSLock()

    /// Starts from `seed`.
    public init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits.
    public func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<1`.
    public func nextUnit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// A version-4 UUID.
    public func nextUUID() -> UUID {
        let a = next()
        let b = next()
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: a >> ($0 * 8)) } + (0..<8).map { UInt8(truncatingIfNeeded: b >> ($0 * 8)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
