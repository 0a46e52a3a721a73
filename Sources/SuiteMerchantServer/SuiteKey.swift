import Crypto
import Foundation

/// The merchant's AES-128 key: the 32 hex characters of the "semilla" MIT provides.
///
/// - Note: Sensitive. Never shown in descriptions, mirrors or logs.
public struct SuiteKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let key: SymmetricKey

    /// Reads the semilla; `nil` unless it is exactly 32 hex characters.
    public init?(semilla: String) {
        let characters = Array(semilla.utf8)
        guard characters.count == 32 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var index = 0
        while index < 32 {
            guard let high = Self.nibble(characters[index]), let low = Self.nibble(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.key = SymmetricKey(data: bytes)
    }

    static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Always `SuiteKey(<redacted>)`.
    public var description: String { "SuiteKey(<redacted>)" }
    /// Always `SuiteKey(<redacted>)`.
    public var debugDescription: String { description }
    /// A mirror without the key.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
