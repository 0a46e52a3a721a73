import Foundation
import PaymentSchemasVocabulary

/// `Content-Type` and `Accept` read as RFC 9110 writes them (8.3.1, 12.5.1): a media type compared
/// without case and without its parameters, and an `Accept` list of media ranges whose most
/// specific match decides, by its weight (`q=0` is "not acceptable"). The one reader of both
/// headers for every mock provider.
public enum HTTPMediaType {
    /// `type/subtype` of a `Content-Type` value, lowercased, without parameters or spaces
    /// (`Application/JSON; charset=utf-8` is `application/json`); `nil` for an empty value.
    public static func essence(_ value: String) -> String? {
        let essence = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let essence, !essence.isEmpty else { return nil }
        return essence
    }

    /// Whether `value` is JSON: `application/json`, or a JSON-based type written with RFC 6839's
    /// `+json` suffix (Mollie's `application/hal+json`): ``PayMediaType/isJSON(essence:)``, the rule
    /// the schema language's `responseMediaType` follows too.
    public static func isJSON(_ value: String) -> Bool {
        guard let essence = essence(value) else { return false }
        return PayMediaType.isJSON(essence: essence)
    }

    /// Whether an `Accept` header admits `mediaType` (`application/json`): the most specific range
    /// that matches it (`application/json` before `application/*` before `*/*`) has a weight above
    /// zero. An absent or empty header admits everything (12.5.1); a list none of whose ranges
    /// matches admits nothing. A weight that is not RFC 9110's `qvalue` counts as 1.
    public static func accepts(_ header: String?, _ mediaType: String) -> Bool {
        guard let header, !header.trimmingCharacters(in: .whitespaces).isEmpty else { return true }
        let wanted = mediaType.lowercased()
        let wantedType = wanted.split(separator: "/").first.map(String.init) ?? wanted
        var best: (specificity: Int, weight: Int)?
        for range in header.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = parts.first?.lowercased(), !name.isEmpty else { continue }
            let specificity: Int
            if name == wanted {
                specificity = 2
            } else if name == wantedType + "/*" {
                specificity = 1
            } else if name == "*/*" {
                specificity = 0
            } else {
                continue
            }
            if let current = best, current.specificity >= specificity { continue }
            var weight = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0].lowercased() == "q", let value = qvalue(pair[1]) { weight = value }
            }
            best = (specificity, weight)
        }
        return (best?.weight ?? 0) > 0
    }

    /// RFC 9110's `qvalue` in thousandths, read exactly (never through `Double`): `0`, `0.` and up
    /// to three digits (`0.5` is 500, `0.001` is 1), `1`, `1.` and up to three zeros (1000).
    static func qvalue(_ text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        if whole == "1" { return fraction.allSatisfy { $0 == "0" } ? 1000 : nil }
        return Int(String(fraction).padding(toLength: 3, withPad: "0", startingAt: 0))
    }
}
