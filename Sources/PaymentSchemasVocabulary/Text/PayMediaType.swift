/// The JSON media types, one rule for the schema language (`responseMediaType`) and the servers that
/// read a `Content-Type` (`HTTPMediaType.isJSON`).
public enum PayMediaType {
    /// Whether `essence` (`type/subtype`, lowercased, without parameters) is JSON:
    /// `application/json`, or a JSON-based type named with RFC 6839's `+json` suffix after a
    /// non-empty subtype (Mollie's `application/hal+json`).
    public static func isJSON(essence: String) -> Bool {
        essence == "application/json"
            || (essence.hasPrefix("application/") && essence.hasSuffix("+json") && essence.count > "application/+json".count)
    }
}
