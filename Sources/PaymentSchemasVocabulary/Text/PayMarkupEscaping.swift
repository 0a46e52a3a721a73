/// The one escaping of text in markup the package writes: HTML pages (`HTMLText`), JUnit reports
/// (`JUnitReport`) and XML bodies (`PayXMLWriter`). `&`, `<`, `>` and a carriage return (which a
/// parser would otherwise fold into a line feed) are always character references; `"` and `'` are
/// too where the text may sit in an attribute value (`quotes`). What a format cannot hold at all
/// (XML 1.0 has no place for most control characters) is the caller's to decide.
public enum PayMarkupEscaping {
    /// The character reference written for `scalar`, `nil` when it stands for itself.
    @inline(__always)
    public static func reference(for scalar: Unicode.Scalar, quotes: Bool) -> String? {
        switch scalar {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\r": return "&#13;"
        case "\"" where quotes: return "&quot;"
        case "'" where quotes: return "&#39;"
        default: return nil
        }
    }

    /// `text` with every scalar that has a ``reference(for:quotes:)`` written as it.
    public static func escaped(_ text: String, quotes: Bool = true) -> String {
        escaped(text, quotes: quotes) { _ in nil }
    }

    /// `text` with every scalar that has a ``reference(for:quotes:)`` written as it, and each
    /// other scalar given to `other` (`nil` keeps it, a text replaces it, or it throws).
    public static func escaped(_ text: String, quotes: Bool = true, other: (Unicode.Scalar) throws -> String?) rethrows -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        try append(text, to: &out, quotes: quotes, other: other)
        return out
    }

    /// Appends `text` escaped to `out` (see ``escaped(_:quotes:other:)``): `other` returns `nil`
    /// to keep a scalar as it is.
    public static func append(
        _ text: String, to out: inout String, quotes: Bool, other: (Unicode.Scalar) throws -> String?
    ) rethrows {
        for scalar in text.unicodeScalars {
            if let reference = reference(for: scalar, quotes: quotes) {
                out += reference
            } else if let replacement = try other(scalar) {
                out += replacement
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
}
