extension SwiftEmitter {
    /// The literal protocol a scalar conforms to and its initializer's parameter; `nil` when it
    /// takes no literals (see ``ResolvedScalar/takesLiterals``).
    func scalarLiteralProtocol(_ decl: ResolvedScalar) -> (String, String)? {
        guard decl.takesLiterals else { return nil }
        let base = decl.base
        switch base {
        case .string: return ("ExpressibleByStringLiteral", "stringLiteral value: String")
        case .int, .int64: return ("ExpressibleByIntegerLiteral", "integerLiteral value: \(base.rawValue)")
        default: return nil
        }
    }

    func emitScalar(_ type: ResolvedDecl, _ decl: ResolvedScalar) {
        let name = type.name
        let base = decl.base.rawValue
        var conformances = ["RawRepresentable", "Codable", "Hashable", "Sendable"]
        let literal = scalarLiteralProtocol(decl)
        if let literal { conformances.append(literal.0) }
        conformances.append(contentsOf: ["CustomStringConvertible", "CustomDebugStringConvertible"])
        if decl.sensitive { conformances.append("CustomReflectable") }
        conformances.append("PayQueryValue")
        if decl.constraints.isEmpty { conformances.append("PayAlwaysValid") }
        var paragraphs: [String?] = [type.doc ?? "A `\(base)` with the constraints of `\(name)`."]
        if decl.sensitive { paragraphs.append("- Note: Sensitive. The value never appears in descriptions, mirrors, logs or validation messages.") }
        paragraphs.append(remark(name, file))
        out.doc(paragraphs: paragraphs)
        if let attribute = deprecation(type.lifecycle) { out.line(attribute) }
        out.declaration("struct \(name): \(conformances.joined(separator: ", "))") {
            out.line("/// The wrapped value.")
            out.declaration("var rawValue: \(base)")
            out.line("")
            out.line("/// Wraps a value; call `validate()` to check the constraints.")
            out.declaration("init(rawValue: \(base)) { self.rawValue = rawValue }")
            out.line("")
            out.line("/// Wraps a value; call `validate()` to check the constraints.")
            out.declaration("init(_ rawValue: \(base)) { self.rawValue = rawValue }")
            if let literal {
                out.line("")
                out.line(decl.constraints.isEmpty ? "/// Wraps a literal." : "/// Wraps a literal; call `validate()` to check the constraints.")
                out.declaration("init(\(literal.1)) { self.rawValue = value }")
            }
            out.line("")
            out.line("/// Decodes the bare value.")
            out.declaration("init(from decoder: any Decoder) throws") {
                out.line("self.rawValue = try decoder.singleValueContainer().decode(\(base).self)")
            }
            out.line("")
            out.line("/// Encodes the bare value.")
            out.declaration("func encode(to encoder: any Encoder) throws") {
                out.line("var container = encoder.singleValueContainer()")
                out.line("try container.encode(rawValue)")
            }
            out.line("")
            if decl.sensitive {
                out.line("/// Always `<redacted>`: the value is a secret.")
                out.declaration("var description: String { PayRedaction.placeholder }")
                out.line("")
                out.line("/// Always `<redacted>`: the value is a secret.")
                out.declaration("var debugDescription: String { \"\(name)(\\(PayRedaction.placeholder))\" }")
                out.line("")
                out.line("/// A mirror without the value.")
                out.declaration("var customMirror: Mirror { Mirror(self, children: [\"rawValue\": PayRedaction.Redacted()], displayStyle: .struct) }")
            } else {
                out.line("/// The wrapped value as text.")
                out.declaration("var description: String { String(describing: rawValue) }")
                out.line("")
                out.line("/// `\(name)(value)`.")
                out.declaration("var debugDescription: String { \"\(name)(\\(String(reflecting: rawValue)))\" }")
            }
        }
        if !decl.constraints.isEmpty, config.generates(.validators) {
            out.line("")
            markDeprecatedExtension(type.lifecycle.deprecated != nil)
            emitScalarValidation(name, decl)
        }
    }

    func emitScalarValidation(_ name: String, _ decl: ResolvedScalar) {
        out.block("extension \(name): PayValidatable") {
            out.line("/// Appends a violation for each constraint the value breaks.")
            out.declaration("func collectViolations(at path: PayPath, into violations: inout [ValidationViolation])") {
                emitPrimitiveChecks(value: "rawValue", primitive: decl.base, constraints: decl.constraints, secret: decl.sensitive ? ", sensitive: true" : "", path: "path", rulesPrefix: "Rules.value")
            }
            _ = emitRuleConstants([(prefix: "value", constraints: decl.constraints)])
        }
    }
}
