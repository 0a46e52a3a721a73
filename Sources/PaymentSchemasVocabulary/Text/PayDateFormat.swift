import Foundation

/// How a date is written on the wire. Dates are always text with an explicit format.
public struct PayDateFormat: Sendable, Hashable, CustomStringConvertible {
    /// The format's name as written in schemas: `iso8601`, `iso8601Basic`, `date` or a pattern.
    public let name: String
    /// The `DateFormatter` pattern used to write dates.
    public let pattern: String
    /// Extra patterns accepted when reading (fractional seconds and the like).
    public let readPatterns: [String]
    /// The time zone dates are written in: an identifier such as `UTC` or an offset such as `-05:00`.
    public let timeZone: String

    /// Creates a format from its writing pattern.
    public init(name: String, pattern: String, readPatterns: [String] = [], timeZone: String = "UTC") {
        self.name = name
        self.pattern = pattern
        self.readPatterns = readPatterns
        self.timeZone = timeZone
    }

    /// ISO 8601 extended with an offset: `2013-07-10T14:49:24-05:00` (UTC is written `Z`).
    public static func iso8601(timeZone: String = "UTC") -> PayDateFormat {
        timeZone == "UTC" ? iso8601InUTC : iso8601Format(timeZone: timeZone)
    }

    /// `iso8601()`, built once: generated coders ask for it on every field they read.
    private static let iso8601InUTC = iso8601Format(timeZone: "UTC")

    private static func iso8601Format(timeZone: String) -> PayDateFormat {
        PayDateFormat(
            name: "iso8601", pattern: "yyyy-MM-dd'T'HH:mm:ssXXXXX",
            readPatterns: ["yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXXXX"], timeZone: timeZone)
    }

    /// ISO 8601 basic in UTC: `20201202T120000Z`.
    public static let iso8601Basic = PayDateFormat(
        name: "iso8601Basic", pattern: "yyyyMMdd'T'HHmmss'Z'", readPatterns: ["yyyyMMdd'T'HHmmssXXXX"], timeZone: "UTC")

    /// A calendar date: `2024-05-31`.
    public static func date(timeZone: String = "UTC") -> PayDateFormat {
        timeZone == "UTC" ? dateInUTC : PayDateFormat(name: "date", pattern: "yyyy-MM-dd", timeZone: timeZone)
    }

    /// `date()`, built once.
    private static let dateInUTC = PayDateFormat(name: "date", pattern: "yyyy-MM-dd", timeZone: "UTC")

    /// A custom `DateFormatter` pattern such as `dd/MM/yyyy`.
    public static func custom(_ pattern: String, timeZone: String = "UTC") -> PayDateFormat {
        PayDateFormat(name: pattern, pattern: pattern, timeZone: timeZone)
    }

    /// The format's name.
    public var description: String { name }

    /// The zone dates are written in, made once per process.
    var zone: TimeZone { PayDateFormatterCache.shared.zone(timeZone) }

    /// Reads a date; `nil` when the text does not match the format.
    public func parse(_ text: String) -> Date? {
        switch name {
        case "iso8601": return FastISO8601.parseExtended(text)
        case "iso8601Basic": return FastISO8601.parseBasic(text)
        case "date": return FastISO8601.parseDate(text, zone: zone)
        default: break
        }
        if let date = PayDateFormatterCache.shared.formatter(pattern: pattern, timeZone: timeZone).date(from: text) {
            return date
        }
        for extra in readPatterns {
            if let date = PayDateFormatterCache.shared.formatter(pattern: extra, timeZone: timeZone).date(from: text) {
                return date
            }
        }
        return nil
    }

    /// Writes a date.
    public func format(_ date: Date) -> String {
        switch name {
        case "iso8601": return FastISO8601.formatExtended(date, offset: timeZone == "UTC" ? 0 : zone.secondsFromGMT(for: date))
        case "iso8601Basic": return FastISO8601.formatBasic(date)
        case "date": return FastISO8601.formatDate(date, offset: timeZone == "UTC" ? 0 : zone.secondsFromGMT(for: date))
        default: break
        }
        return PayDateFormatterCache.shared.formatter(pattern: pattern, timeZone: timeZone).string(from: date)
    }

    /// Whether `timeZone` names a zone Foundation knows (an identifier or a `±HH:MM` offset).
    public static func isValidTimeZone(_ text: String) -> Bool {
        PayDateFormatterCache.makeTimeZone(text) != nil
    }
}

/// A formatter that is only used under its cache's lock.
final class PayLockedFormatter: @unchecked Sendable {
    private let formatter: DateFormatter
    private let lock = NSLock()

    init(_ formatter: DateFormatter) { self.formatter = formatter }

    func date(from text: String) -> Date? {
        lock.lock()
        defer { lock.unlock() }
        return formatter.date(from: text)
    }

    func string(from date: Date) -> String {
        lock.lock()
        defer { lock.unlock() }
        return formatter.string(from: date)
    }
}

/// Formatters are expensive to make; one per pattern and time zone is kept for the process.
final class PayDateFormatterCache: @unchecked Sendable {
    static let shared = PayDateFormatterCache()
    private var formatters: [String: PayLockedFormatter] = [:]
    private var zones: [String: TimeZone] = [:]
    private let lock = NSLock()

    /// The zone `text` names (UTC when it names none), made once: making one costs microseconds,
    /// and writing a date in a zone other than UTC asks for it every time.
    func zone(_ text: String) -> TimeZone {
        lock.lock()
        defer { lock.unlock() }
        if let zone = zones[text] { return zone }
        let zone = Self.makeTimeZone(text) ?? .gmt
        zones[text] = zone
        return zone
    }

    static func makeTimeZone(_ text: String) -> TimeZone? {
        if let zone = TimeZone(identifier: text) { return zone }
        let scalars = Array(text.utf8)
        guard scalars.count == 6, scalars[0] == UInt8(ascii: "+") || scalars[0] == UInt8(ascii: "-"),
            scalars[3] == UInt8(ascii: ":"),
            let hours = Int(text.dropFirst().prefix(2)), let minutes = Int(text.suffix(2)),
            hours <= 18, minutes < 60
        else { return nil }
        let seconds = (hours * 3600 + minutes * 60) * (scalars[0] == UInt8(ascii: "-") ? -1 : 1)
        return TimeZone(secondsFromGMT: seconds)
    }

    func formatter(pattern: String, timeZone: String) -> PayLockedFormatter {
        let cacheKey = pattern + "|" + timeZone
        lock.lock()
        defer { lock.unlock() }
        if let existing = formatters[cacheKey] { return existing }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = Self.makeTimeZone(timeZone) ?? TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        let locked = PayLockedFormatter(formatter)
        formatters[cacheKey] = locked
        return locked
    }
}
