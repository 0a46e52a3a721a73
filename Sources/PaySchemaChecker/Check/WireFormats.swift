@_spi(Generated) import PaymentSchemasVocabulary

/// The encodings a struct lists, as one bit per ``WireFormat``: the checker asks "does this type
/// speak XML?" several times for every field, and a bit test answers without hashing.
struct WireFormats: OptionSet, Sendable {
    let rawValue: UInt8

    /// The one-format set of `format`.
    init(_ format: WireFormat) {
        switch format {
        case .json: rawValue = 1
        case .xml: rawValue = 2
        case .query: rawValue = 4
        }
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The formats of a list of encodings (a repeated one counts once).
    init(_ formats: some Sequence<WireFormat>) {
        self = formats.reduce(into: []) { $0.insert(WireFormats($1)) }
    }

    /// Every format.
    static let all = WireFormats(WireFormat.allCases)

    /// Whether `format` is among these.
    func contains(_ format: WireFormat) -> Bool { contains(WireFormats(format)) }

    /// The formats in declaration order (json, xml, query): the order diagnostics are reported in.
    var members: [WireFormat] { WireFormat.allCases.filter { contains($0) } }
}
