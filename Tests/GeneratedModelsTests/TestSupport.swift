import Foundation
import PaymentSchemasRuntime
import Testing

/// UTF-8 bytes of a JSON or XML literal.
func data(_ text: String) -> Data { Data(text.utf8) }

/// Decodes JSON with the generated decoders' settings.
func decodeJSON<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try PayWire.decodeJSON(T.self, from: data(text))
}

/// Encodes to sorted-key JSON text.
func encodeJSON<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try PayWire.encodeJSON(value), as: UTF8.self)
}

/// Re-serializes JSON text with sorted keys so two documents can be compared.
func canonicalJSON(_ text: String) throws -> String {
    func normalized(_ value: PayJSON) -> PayJSON {
        switch value {
        case .number(let numeral): return .number(value.decimalValue.map(PayDecimalText.plain) ?? numeral)
        case .array(let elements): return .array(elements.map(normalized))
        case .object(let members): return .object(members.mapValues(normalized))
        default: return value
        }
    }
    return normalized(try PayJSONParser.parse(text)).jsonText
}

/// The issues a decode throws, as `path: kind` strings.
func decodingIssues<T: Decodable>(_ type: T.Type, _ text: String) -> [String] {
    do {
        _ = try decodeJSON(T.self, text)
        return []
    } catch let error as PayloadDecodingError {
        return error.issues.map { "\($0.path): \($0.kind.rawValue)" }
    } catch {
        return ["unexpected \(error)"]
    }
}

/// The violations of a value as `path [rule]` strings.
func violationSummary(_ value: some PayValidatable) -> [String] {
    value.violations.map { "\($0.path) [\($0.rule)]" }
}

/// Everything a value can print about itself: description, debug description, dump and interpolation.
func everythingPrinted(_ value: Any) -> String {
    var dumped = ""
    dump(value, to: &dumped)
    return [String(describing: value), String(reflecting: value), dumped, "\(value)"].joined(separator: "\n")
}

/// Whether code can write a `T` as a string literal, asked at run time so the compiler does not
/// answer it (and warn) while compiling the test.
func takesStringLiterals<T>(_ type: T.Type) -> Bool {
    type is any ExpressibleByStringLiteral.Type
}
