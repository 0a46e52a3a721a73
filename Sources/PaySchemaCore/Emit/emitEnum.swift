extension SwiftEmitter {
    func rawLiteral(_ value: RawValue) -> String {
        switch value {
        case .string(let text): return Naming.literal(text)
        case .int(let number): return String(number)
        }
    }

    func caseDoc(_ enumCase: ResolvedEnumCase) -> [String?] {
        var paragraphs: [String?] = [enumCase.doc ?? "The wire value `\(enumCase.value)`."]
        if !enumCase.aliases.isEmpty {
            paragraphs.append("Also decoded from " + enumCase.aliases.map { "`\($0)`" }.joined(separator: ", ") + "; always encoded as `\(enumCase.value)`.")
        }
        if let message = enumCase.lifecycle.deprecated {
            paragraphs.append("- Important: Deprecated." + (message.isEmpty ? "" : " " + message))
        }
        return paragraphs
    }

    func emitRawValueInit(_ decl: ResolvedEnum, rawType: String, failable: Bool) {
        out.declaration("init\(failable ? "?" : "")(rawValue: \(rawType))") {
            out.switchBlock("switch rawValue") {
                for enumCase in decl.cases {
                    let values = ([enumCase.value] + enumCase.aliases).map(rawLiteral).joined(separator: ", ")
                    out.line("case \(values): self = .\(Naming.escaped(enumCase.name))")
                }
                out.line(failable ? "default: return nil" : "default: self = .unknown(rawValue)")
            }
        }
    }

    func emitClosedEnum(_ type: ResolvedDecl, _ decl: ResolvedEnum) {
        let name = type.name
        let rawType = decl.rawType.rawValue
        out.doc(paragraphs: [type.doc ?? "The `\(name)` values.", "Closed: a value the schema does not list fails to decode.", remark(name, file)])
        if let attribute = deprecation(type.lifecycle) { out.line(attribute) }
        // Swift synthesizes `allCases` and, without aliases, `init?(rawValue:)`; `PayClosedEnum`
        // supplies the coding with the error that names the allowed values.
        out.declaration("enum \(name): \(rawType), PayClosedEnum, PayQueryValue") {
            for enumCase in decl.cases {
                out.doc(paragraphs: caseDoc(enumCase))
                out.line("case \(Naming.escaped(enumCase.name)) = \(rawLiteral(enumCase.value))")
            }
            if decl.cases.contains(where: { !$0.aliases.isEmpty }) {
                out.line("")
                out.line("/// The case of a wire value, legacy aliases included; `nil` for values the schema does not list.")
                emitRawValueInit(decl, rawType: rawType, failable: true)
            }
            if config.generates(.shims) { emitCaseRenames(decl) }
        }
    }

    func emitOpenEnum(_ type: ResolvedDecl, _ decl: ResolvedEnum) {
        let name = type.name
        let rawType = decl.rawType.rawValue
        out.doc(paragraphs: [
            type.doc ?? "The `\(name)` values.",
            "Open: a value the schema does not list decodes to ``unknown(_:)``, keeps its raw value and encodes back unchanged.",
            remark(name, file),
        ])
        if let attribute = deprecation(type.lifecycle) { out.line(attribute) }
        // `PayOpenEnum` supplies equality and hashing by wire value, `isKnown` and the coding.
        out.declaration("enum \(name): PayOpenEnum, PayQueryValue") {
            for enumCase in decl.cases {
                out.doc(paragraphs: caseDoc(enumCase))
                out.line("case \(Naming.escaped(enumCase.name))")
            }
            out.line("/// A value this version of the schema does not list; the raw value is kept as received.")
            out.line("case unknown(\(rawType))")
            out.line("")
            out.line("/// Every case the schema lists (``unknown(_:)`` excluded).")
            out.declaration("static let allCases: [\(name)] = [" + decl.cases.map { "." + Naming.escaped($0.name) }.joined(separator: ", ") + "]")
            out.line("")
            out.line("/// The case of a wire value, legacy aliases included; unlisted values become ``unknown(_:)``.")
            emitRawValueInit(decl, rawType: rawType, failable: false)
            out.line("")
            out.line("/// The wire value.")
            out.declaration("var rawValue: \(rawType)") {
                out.switchBlock("switch self") {
                    for enumCase in decl.cases {
                        out.line("case .\(Naming.escaped(enumCase.name)): return \(rawLiteral(enumCase.value))")
                    }
                    out.line("case .unknown(let raw): return raw")
                }
            }
            if config.generates(.shims) { emitCaseRenames(decl) }
        }
    }

    func emitCaseRenames(_ decl: ResolvedEnum) {
        for enumCase in decl.cases {
            for old in enumCase.lifecycle.renamedFrom {
                out.line("")
                out.line("/// The earlier name of ``\(enumCase.name)``.")
                out.line("@available(*, deprecated, renamed: \(Naming.literal(enumCase.name)))")
                out.declaration("static var \(Naming.escaped(old)): Self { .\(Naming.escaped(enumCase.name)) }")
            }
        }
    }
}
