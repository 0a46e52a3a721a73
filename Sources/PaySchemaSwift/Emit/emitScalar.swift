import PaySchemaLanguage
import PaySchemaModel

extension SwiftEmitter {
    /// The literal protocol a scalar conforms to and its initializer's parameter; `nil` when it
    /// takes no literals (see ``ResolvedScalar/takesLiterals``).
    func scalarLiteralProtocol(_ decl: ResolvedScalar) -> (conformance: String, parameter: SwiftParameter)? {
        guard decl.takesLiterals else { return nil }
        let base = decl.base
        switch base {
        case .string: return ("ExpressibleByStringLiteral", SwiftParameter("stringLiteral", "value", type: "String"))
        case .int, .int64: return ("ExpressibleByIntegerLiteral", SwiftParameter("integerLiteral", "value", type: .named(base.rawValue)))
        default: return nil
        }
    }

    /// The bases the standard library codes for a `RawRepresentable` type (the bare value), so a
    /// scalar over one declares no coding of its own.
    static let standardCodedScalarBases: Set<SchemaPrimitive> = [.string, .int, .int64, .double, .bool]

    func scalarDeclarations(_ type: ResolvedDecl, _ decl: ResolvedScalar) -> [SwiftDeclaration] {
        let name = type.name
        let base = decl.base.rawValue
        // `PayScalar` supplies the unlabelled initializer and the descriptions; the standard
        // library's `RawRepresentable` defaults code a scalar over a base it knows.
        var conformances = ["PayScalar", "Codable", "Hashable", "Sendable"]
        let literal = scalarLiteralProtocol(decl)
        if let literal { conformances.append(literal.conformance) }
        if decl.sensitive { conformances.append("CustomReflectable") }
        conformances.append("PayQueryValue")
        let validates = !decl.constraints.isEmpty && config.generates(.validators)
        if decl.constraints.isEmpty { conformances.append("PayAlwaysValid") }
        if validates { conformances.append("PayValidatable") }
        var paragraphs: [String?] = [type.doc ?? "A `\(base)` with the constraints of `\(name)`."]
        if decl.sensitive {
            paragraphs.append("- Note: Sensitive. The value never appears in descriptions, mirrors, logs or validation messages.")
        }
        paragraphs.append(remark(name, file))
        let wrap = SwiftBody.inline(.assignment(member("rawValue"), .identifier("rawValue")))
        var members: [[SwiftDeclaration]] = [
            [property(SwiftDoc("The wrapped value."), SwiftProperty(name: "rawValue", type: .named(base)))],
            [
                initializer(
                    SwiftDoc("Wraps a value; call `validate()` to check the constraints."),
                    [SwiftParameter("rawValue", type: .named(base))], wrap)
            ],
        ]
        if let literal {
            members.append([
                initializer(
                    SwiftDoc(
                        decl.constraints.isEmpty ? "Wraps a literal." : "Wraps a literal; call `validate()` to check the constraints."),
                    [literal.parameter], .inline(.assignment(member("rawValue"), .identifier("value"))))
            ])
        }
        if !Self.standardCodedScalarBases.contains(decl.base) {
            members.append([
                initializer(
                    SwiftDoc("Decodes the bare value."), [SwiftParameter("from", "decoder", type: "any Decoder")], throws: true,
                    .lines([
                        .assignment(
                            member("rawValue"),
                            .tryExpression(
                                .call(
                                    .call(.identifier("decoder"), "singleValueContainer"), "decode", SwiftArgument(.metatype(.named(base))))
                            ))
                    ]))
            ])
            members.append([
                function(
                    SwiftDoc("Encodes the bare value."), "encode", [SwiftParameter("to", "encoder", type: "any Encoder")], throws: true,
                    .lines([
                        .variable("container", value: .call(.identifier("encoder"), "singleValueContainer")),
                        .expression(.tryExpression(.call(.identifier("container"), "encode", "rawValue"))),
                    ]))
            ])
        }
        let placeholder = SwiftExpression.member(.type("PayRedaction"), "placeholder")
        if decl.sensitive {
            members.append([computed("Always `<redacted>`: the value is a secret.", "description", "String", .value(placeholder))])
            members.append([
                computed(
                    "Always `<redacted>`: the value is a secret.", "debugDescription", "String",
                    .value(.interpolation([.text("\(name)("), .value(placeholder), .text(")")])))
            ])
            members.append([
                computed(
                    "A mirror without the value.", "customMirror", "Mirror",
                    .value(
                        .construct(
                            "Mirror", SwiftArgument(.selfValue),
                            SwiftArgument(
                                "children",
                                .dictionary([SwiftDictionaryEntry(key: .string("rawValue"), value: .construct("PayRedaction.Redacted"))])),
                            SwiftArgument("displayStyle", .implicitMember("struct")))))
            ])
        }
        if validates {
            // The checks live in the scalar itself (not an extension): one declaration per type.
            let constants = ruleConstants(prefix: "value", decl.constraints, in: type)
            members.append([
                collectViolations(
                    "Appends a violation for each constraint the value breaks.",
                    primitiveChecks(
                        value: .identifier("rawValue"), primitive: decl.base, constraints: decl.constraints,
                        sensitive: decl.sensitive, path: .identifier("path"), rules: constants.names))
            ])
            members.append(constants.declarations)
        }
        return [
            SwiftDeclaration(
                doc: SwiftDoc(paragraphs: paragraphs), attributes: deprecation(type.lifecycle),
                kind: .type(.struct, name: name, conformances: conformances, members: members))
        ]
    }
}
