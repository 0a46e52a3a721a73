import Foundation

/// A compiled regular expression that must match a whole value.
///
/// `NSRegularExpression` is immutable and safe to share between threads once built.
@_spi(Generated)
public struct PayPattern: @unchecked Sendable {
    /// The pattern as written in the schema.
    public let source: String
    private let regex: NSRegularExpression?

    /// Compiles `source`; an invalid pattern never matches (the checker rejects those before generation).
    ///
    /// The pattern must match the whole value, as the schema diff's automaton reads it
    /// (`PatternAgreementTests`): anchored with `\A` and `\z`, because ICU's `$` also matches before
    /// a final line terminator, so `^[0-9]{4}$` accepted `"1234\n"`.
    public init(_ source: String) {
        self.source = source
        self.regex = try? NSRegularExpression(pattern: "\\A(?:" + source + ")\\z", options: [])
    }

    /// Whether `source` is a valid regular expression; the error text when it is not.
    public static func compileError(_ source: String) -> String? {
        do {
            _ = try NSRegularExpression(pattern: source, options: [])
            return nil
        } catch {
            return (error as NSError).localizedDescription
        }
    }

    /// Whether the whole of `value` matches.
    public func matches(_ value: String) -> Bool {
        guard let regex else { return false }
        let range = NSRange(value.startIndex..<value.endIndex, in: value)
        return regex.firstMatch(in: value, options: [.anchored], range: range) != nil
    }
}
