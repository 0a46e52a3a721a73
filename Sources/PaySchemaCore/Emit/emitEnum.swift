extension SwiftEmitter {
    func rawLiteral(_ value: RawValue) -> String {
        switch value {
        case .string(let text): return Naming.literal(text)
        case .int(let number): return String(number)
        }
    }

    func caseDoc(_ enumCase: EnumCaseDecl) -> [String?] {
        var paragraphs: [String?] = [enumCase.doc ?? "The wire value `\(enumCase.value.value)`."]
        if !enumCase.aliases.isEmpty {
            paragraphs.append("Also decoded from " + enumCase.aliases.map { "`\($0.value)`" }.joined(separator: ", ") + "; always encoded as `\(enumCase.value.value)`.")
        }
        if let message = enumCase.lifecycle.deprecated {
            paragraphs.append("- Important: Deprecated." + (message.isEmpty ? "" : " " + message))
        }
        return paragraphs
    }

    func valuesList(_ decl: EnumDecl) -> String {
        decl.cases.map(\.value.value.description).joined(separator: ", ")
    }

    func emitRawValueInit(_ decl: EnumDecl, rawType: String, failable: Bool) {
        out.block("public init\(failable ? "?" : "")(rawValue: \(rawType))") {
            out.switchBlock("switch rawValue") {
                for enumCase in decl.cases {
                    let values = ([enumCase.value] + enumCase.aliases).map { rawLiteral($0.value) }.joined(separator: ", ")
                    out.line("case \(values): self = .\(Naming.escaped(enumCase.name.value))")
                }
                out.line(failable ? "default: return nil" : "default: self = .unknown(rawValue)")
            }
        }
    }

    func emitClosedEnum(_ type: TypeDecl, _ decl: EnumDecl) {
        let name = type.name.value
        let rawType = decl.rawType.rawValue
        out.doc(paragraphs: [type.doc ?? "The `\(name)` values.", "Closed: a value the schema does not list fails to decode.", remark(name, file)])
        if let attribute = deprecation(type.lifecycle) { out.line(attribute) }
        if decl.cases.allSatisfy({ $0.aliases.isEmpty }) {
            // Raw values are the whole story: Swift synthesizes `init?(rawValue:)` and `allCases`,
            // `PayClosedEnum` the coding with the same error.
            out.block("public enum \(name): \(rawType), PayClosedEnum") {
                for enumCase in decl.cases {
                    out.doc(paragraphs: caseDoc(enumCase))
                    out.line("case \(Naming.escaped(enumCase.name.value)) = \(rawLiteral(enumCase.value.value))")
                }
                emitCaseRenames(decl)
            }
            emitEnumQueryValue(name)
            return
        }
        out.block("public enum \(name): \(rawType), Codable, Hashable, Sendable, CaseIterable") {
            for enumCase in decl.cases {
                out.doc(paragraphs: caseDoc(enumCase))
                out.line("case \(Naming.escaped(enumCase.name.value)) = \(rawLiteral(enumCase.value.value))")
            }
            out.line("")
            out.line("/// The case of a wire value, legacy aliases included; `nil` for values the schema does not list.")
            emitRawValueInit(decl, rawType: rawType, failable: true)
            out.line("")
            out.line("/// Decodes a listed value (or alias); anything else is an error naming the allowed values.")
            out.block("public init(from decoder: any Decoder) throws") {
                out.line("let container = try decoder.singleValueContainer()")
                out.line("let raw = try container.decode(\(rawType).self)")
                out.block("guard let value = Self(rawValue: raw) else") {
                    out.line("throw DecodingError.dataCorruptedError(in: container, debugDescription: \"'\\(raw)' is not a valid \(name); expected one of \(valuesList(decl))\")")
                }
                out.line("self = value")
            }
            out.line("")
            out.line("/// Encodes the current spelling of the value (never an alias).")
            out.block("public func encode(to encoder: any Encoder) throws") {
                out.line("var container = encoder.singleValueContainer()")
                out.line("try container.encode(rawValue)")
            }
            emitCaseRenames(decl)
        }
        emitEnumQueryValue(name)
    }

    func emitOpenEnum(_ type: TypeDecl, _ decl: EnumDecl) {
        let name = type.name.value
        let rawType = decl.rawType.rawValue
        out.doc(paragraphs: [
            type.doc ?? "The `\(name)` values.",
            "Open: a value the schema does not list decodes to ``unknown(_:)``, keeps its raw value and encodes back unchanged.",
            remark(name, file),
        ])
        if let attribute = deprecation(type.lifecycle) { out.line(attribute) }
        out.block("public enum \(name): RawRepresentable, Codable, Hashable, Sendable, CaseIterable") {
            for enumCase in decl.cases {
                out.doc(paragraphs: caseDoc(enumCase))
                out.line("case \(Naming.escaped(enumCase.name.value))")
            }
            out.line("/// A value this version of the schema does not list; the raw value is kept as received.")
            out.line("case unknown(\(rawType))")
            out.line("")
            out.line("/// Every case the schema lists (``unknown(_:)`` excluded).")
            out.line("public static let allCases: [\(name)] = [" + decl.cases.map { "." + Naming.escaped($0.name.value) }.joined(separator: ", ") + "]")
            out.line("")
            out.line("/// The case of a wire value, legacy aliases included; unlisted values become ``unknown(_:)``.")
            emitRawValueInit(decl, rawType: rawType, failable: false)
            out.line("")
            out.line("/// The wire value.")
            out.block("public var rawValue: \(rawType)") {
                out.switchBlock("switch self") {
                    for enumCase in decl.cases {
                        out.line("case .\(Naming.escaped(enumCase.name.value)): return \(rawLiteral(enumCase.value.value))")
                    }
                    out.line("case .unknown(let raw): return raw")
                }
            }
            out.line("")
            out.line("/// Whether the value is one the schema lists.")
            out.block("public var isKnown: Bool") {
                out.block("if case .unknown = self") { out.line("return false") }
                out.line("return true")
            }
            out.line("")
            out.line("/// Values are equal when their wire values are, so `unknown(\"x\")` equals the listed case `x`.")
            out.block("public static func == (lhs: \(name), rhs: \(name)) -> Bool") { out.line("lhs.rawValue == rhs.rawValue") }
            out.line("")
            out.line("/// Hashes the wire value.")
            out.block("public func hash(into hasher: inout Hasher)") { out.line("hasher.combine(rawValue)") }
            out.line("")
            out.line("/// Decodes any value; unlisted ones are kept in ``unknown(_:)``.")
            out.block("public init(from decoder: any Decoder) throws") {
                out.line("self.init(rawValue: try decoder.singleValueContainer().decode(\(rawType).self))")
            }
            out.line("")
            out.line("/// Encodes the wire value, unlisted ones exactly as received.")
            out.block("public func encode(to encoder: any Encoder) throws") {
                out.line("var container = encoder.singleValueContainer()")
                out.line("try container.encode(rawValue)")
            }
            emitCaseRenames(decl)
        }
        emitEnumQueryValue(name)
    }

    func emitCaseRenames(_ decl: EnumDecl) {
        for enumCase in decl.cases {
            for old in enumCase.lifecycle.renamedFrom {
                out.line("")
                out.line("/// The earlier name of ``\(enumCase.name.value)``.")
                out.line("@available(*, deprecated, renamed: \(Naming.literal(enumCase.name.value)))")
                out.line("public static var \(Naming.escaped(old.value)): Self { .\(Naming.escaped(enumCase.name.value)) }")
            }
        }
    }

    func emitEnumQueryValue(_ name: String) {
        out.line("")
        markDeprecatedExtension(name)
        out.line("extension \(name): PayQueryValue {}")
    }
}
