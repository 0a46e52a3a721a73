import Foundation

/// Exact parsing and formatting of the three standard date formats without `DateFormatter`
/// (which is slow for a per-field call): ISO 8601 extended with an offset, ISO 8601 basic
/// in UTC, and calendar dates. Custom patterns still use `DateFormatter`.
enum FastISO8601 {
    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of `days` since 1970-01-01.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }

        mutating func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }

        var atEnd: Bool { index == bytes.count }
    }

    static func seconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Int? {
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month), hour < 24, minute < 60, second < 60 else { return nil }
        return days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// `yyyy-MM-ddTHH:mm:ss[.fraction](Z|±HH:MM)`; `t` and `z` in lower case too, as RFC 3339
    /// (section 5.6) allows.
    static func parseExtended(_ text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.digits(4), reader.expect(45), let month = reader.digits(2), reader.expect(45), let day = reader.digits(2),
            reader.expect(84) || reader.expect(116), let hour = reader.digits(2), reader.expect(58), let minute = reader.digits(2),
            reader.expect(58),
            let second = reader.digits(2), var total = seconds(year, month, day, hour, minute, second).map(Double.init)
        else { return nil }
        if reader.expect(46) {
            var scale = 0.1
            var sawDigit = false
            while reader.index < reader.bytes.count, let digit = reader.digits(1) {
                total += Double(digit) * scale
                scale /= 10
                sawDigit = true
            }
            guard sawDigit else { return nil }
        }
        if reader.expect(90) || reader.expect(122) {
            return reader.atEnd ? Date(timeIntervalSince1970: total) : nil
        }
        let sign: Double
        if reader.expect(43) { sign = 1 } else if reader.expect(45) { sign = -1 } else { return nil }
        // RFC 3339's `time-offset`: any hour 00 to 23 (wider than the zones in use, ±14:00, and
        // than Foundation's `TimeZone`, ±18:00); the instant is exact whatever the offset.
        guard let offsetHours = reader.digits(2), reader.expect(58), let offsetMinutes = reader.digits(2), reader.atEnd,
            offsetHours < 24, offsetMinutes < 60
        else { return nil }
        return Date(timeIntervalSince1970: total - sign * Double(offsetHours * 3600 + offsetMinutes * 60))
    }

    /// `yyyyMMddTHHmmssZ`.
    static func parseBasic(_ text: String) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.digits(4), let month = reader.digits(2), let day = reader.digits(2), reader.expect(84),
            let hour = reader.digits(2), let minute = reader.digits(2), let second = reader.digits(2), reader.expect(90), reader.atEnd,
            let total = seconds(year, month, day, hour, minute, second)
        else { return nil }
        return Date(timeIntervalSince1970: Double(total))
    }

    /// `yyyy-MM-dd` at midnight in `zone`.
    static func parseDate(_ text: String, zone: TimeZone) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.digits(4), reader.expect(45), let month = reader.digits(2), reader.expect(45), let day = reader.digits(2),
            reader.atEnd,
            let total = seconds(year, month, day, 0, 0, 0)
        else { return nil }
        let local = Date(timeIntervalSince1970: Double(total))
        return local.addingTimeInterval(-Double(zone.secondsFromGMT(for: local)))
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    static func components(_ date: Date, offset: Int) -> (Int, Int, Int, Int, Int, Int) {
        let shifted = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let day = shifted >= 0 ? shifted / 86_400 : (shifted - 86_399) / 86_400
        let rest = shifted - day * 86_400
        let (year, month, dayOfMonth) = civil(days: day)
        return (year, month, dayOfMonth, rest / 3600, rest % 3600 / 60, rest % 60)
    }

    /// `yyyy-MM-ddTHH:mm:ss` with `Z` or `±HH:MM` for `offset` seconds east of UTC.
    static func formatExtended(_ date: Date, offset: Int) -> String {
        let (year, month, day, hour, minute, second) = components(date, offset: offset)
        let zone: String
        if offset == 0 {
            zone = "Z"
        } else {
            let magnitude = abs(offset)
            zone = (offset < 0 ? "-" : "+") + pad(magnitude / 3600, 2) + ":" + pad(magnitude % 3600 / 60, 2)
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
            + zone
    }

    /// `yyyyMMddTHHmmssZ`.
    static func formatBasic(_ date: Date) -> String {
        let (year, month, day, hour, minute, second) = components(date, offset: 0)
        return pad(year, 4) + pad(month, 2) + pad(day, 2) + "T" + pad(hour, 2) + pad(minute, 2) + pad(second, 2) + "Z"
    }

    /// `yyyy-MM-dd` in a zone `offset` seconds east of UTC.
    static func formatDate(_ date: Date, offset: Int) -> String {
        let (year, month, day, _, _, _) = components(date, offset: offset)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }
}
