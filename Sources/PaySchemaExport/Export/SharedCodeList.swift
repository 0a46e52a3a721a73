import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

/// A code list a `format` names (ISO 4217 currencies, ISO 3166-1 alpha-2 countries), exported once
/// as its own schema that every field of that format references, instead of the whole list in
/// every such field (inline, the lists outweighed the rest of a large document).
package enum SharedCodeList: String, CaseIterable, Sendable {
    /// `format: iso4217`.
    case currency = "PayCurrencyCode"
    /// `format: iso3166Alpha2`.
    case country = "PayCountryCode"

    /// The format's name in the schemas.
    var format: String {
        switch self {
        case .currency: return "iso4217"
        case .country: return "iso3166Alpha2"
        }
    }

    /// Every code, sorted.
    var values: PayJSON {
        switch self {
        case .currency: return .array(ISO4217.codes.sorted().map { .string($0) })
        case .country: return .array(ISO3166.alpha2.sorted().map { .string($0) })
        }
    }

    /// The list's own schema.
    var schemaEntries: [(String, PayJSON)] {
        let what = self == .currency ? "An ISO 4217 currency code (upper case)." : "An ISO 3166-1 alpha-2 country code (upper case)."
        return [("description", .string(what)), ("type", "string"), ("enum", values), ("x-format", .string(format))]
    }

    /// The lists `documents` reference, in declaration order.
    static func used(in documents: [PayJSON], reference: ((SharedCodeList) -> String)?) -> [SharedCodeList] {
        guard let reference else { return [] }
        let references = Set(documents.flatMap { $0.references })
        return allCases.filter { references.contains(reference($0)) }
    }
}
