import PaySchemaLanguage
import PaySchemaModel

extension SwiftEmitter {
    func unionDeclarations(_ declaration: ResolvedDecl, _ decl: ResolvedUnion) -> [SwiftDeclaration] {
        let name = declaration.name
        let tags = decl.variants.map(\.tag).joined(separator: ", ")
        let cases = decl.variants.map { variant in
            enumCase(SwiftDoc(variant.doc ?? "`\(decl.discriminator): \(variant.tag)`."), variant.caseName, payload: variant.structure.name)
        }
        let discriminator = computed(
            "The discriminator value of the variant.", discriminatorProperty(decl), "String",
            .lines([
                .switchStatement(
                    .selfValue, decl.variants.map { SwiftSwitchCase([.enumCase($0.caseName, binding: nil)], .returning(.string($0.tag))) })
            ]))
        let key = SwiftExpression.identifier("key")
        let path = SwiftExpression.identifier("path")
        let decoder = SwiftExpression.identifier("decoder")
        let issues = { (value: SwiftExpression) in SwiftExpression.construct("PayloadDecodingError", SwiftArgument("issues", value)) }
        var variants = decl.variants.map { variant in
            SwiftSwitchCase(
                [.value(.string(variant.tag))],
                .inline(
                    .assignment(
                        .selfValue,
                        .call(
                            .implicitMember(variant.caseName),
                            [
                                SwiftArgument(.tryExpression(.construct(variant.structure.name, SwiftArgument("from", decoder))))
                            ]))))
        }
        let unknown = SwiftExpression.interpolation([
            .text("'"), .value(.identifier("tag")), .text("' is not a variant of \(name); expected one of \(tags)"),
        ])
        variants.append(
            .otherwise(
                .lines([
                    .throwStatement(
                        issues(
                            .array(
                                [
                                    .construct(
                                        "PayloadIssue", SwiftArgument("path", path), SwiftArgument("kind", .implicitMember("invalidValue")),
                                        SwiftArgument("message", unknown))
                                ], .oneLine)))
                ])))
        let decoding = initializer(
            SwiftDoc("Reads `\(decl.discriminator)` and decodes the variant it names; an unknown or missing value is an error."),
            [SwiftParameter("from", "decoder", type: "any Decoder")], throws: true,
            .lines([
                .constant(
                    "container", value: .tryExpression(.call(decoder, "container", SwiftArgument("keyedBy", .metatype("PayCodingKey"))))),
                .constant("key", value: .construct("PayCodingKey", SwiftArgument("stringValue", .string(decl.discriminator)))),
                .constant(
                    "path",
                    value: .call(
                        .construct("PayPath", SwiftArgument("codingPath", .member(decoder, "codingPath"))), "appending",
                        SwiftArgument(.member(key, "stringValue")))),
                .constant("tag", type: "String", value: nil),
                .doCatch(
                    [
                        .assignment(
                            .identifier("tag"),
                            .tryExpression(
                                .call(.identifier("container"), "decode", SwiftArgument(.metatype("String")), SwiftArgument("forKey", key)))
                        )
                    ],
                    catch: [
                        .throwStatement(
                            issues(
                                .call(
                                    .type("PayloadDecodingError"), "issues", SwiftArgument("from", .identifier("error")),
                                    SwiftArgument("at", path))))
                    ]),
                .switchStatement(.identifier("tag"), variants),
            ]))
        let encoding = function(
            SwiftDoc("Encodes the variant's fields, discriminator included."), "encode",
            [SwiftParameter("to", "encoder", type: "any Encoder")], throws: true,
            .lines([
                .switchStatement(
                    .selfValue,
                    decl.variants.map { variant in
                        SwiftSwitchCase(
                            [.enumCase(variant.caseName, binding: "value")],
                            .inline(
                                .expression(
                                    .tryExpression(.call(.identifier("value"), "encode", SwiftArgument("to", .identifier("encoder")))))))
                    })
            ]))
        var declarations = [
            SwiftDeclaration(
                doc: SwiftDoc(
                    declaration.doc ?? "The `\(name)` variants.", "The `\(decl.discriminator)` field selects the variant: \(tags).",
                    remark(name, file)),
                attributes: deprecation(declaration.lifecycle),
                kind: .type(
                    .enum, name: name, conformances: ["Codable", "Hashable", "Sendable"],
                    members: [cases, [discriminator], [decoding], [encoding]]))
        ]
        if config.generates(.validators) { declarations.append(unionValidation(declaration, decl)) }
        if declaration.isSensitive { declarations.append(unionRedaction(declaration, decl)) }
        return declarations
    }

    func unionValidation(_ declaration: ResolvedDecl, _ decl: ResolvedUnion) -> SwiftDeclaration {
        let cases = decl.variants.map { variant -> SwiftSwitchCase in
            let read = variant.discriminatorField.map(discriminatorRead) ?? .string("")
            let violation = SwiftExpression.construct(
                "ValidationViolation",
                SwiftArgument("path", .call(.identifier("path"), "appending", SwiftArgument(.string(decl.discriminator)))),
                SwiftArgument("rule", .string("discriminator")),
                SwiftArgument("message", .string("must be '\(variant.tag)' for this variant")),
                SwiftArgument("value", read))
            var body: [SwiftStatement] = [
                .ifStatement(
                    [.expression(.binary(read, "!=", .string(variant.tag)))],
                    .lines([.expression(.call(.identifier("violations"), "append", SwiftArgument(violation)))]))
            ]
            if variant.structure.needsValidation {
                body.append(
                    .expression(
                        .call(
                            .identifier("value"), "collectViolations", SwiftArgument("at", .identifier("path")),
                            SwiftArgument("into", .inoutReference(.identifier("violations"))))))
            }
            return SwiftSwitchCase([.enumCase(variant.caseName, binding: "value")], .lines(body))
        }
        let collect = collectViolations(
            "Validates the variant and checks that its discriminator matches the case.", [.switchStatement(.selfValue, cases)])
        return extensionOf(declaration.name, deprecated: declaration.isDeprecated, conformances: ["PayValidatable"], members: [[collect]])
    }

    /// `switch self { case .variant(let value): return answer(variant) … }` over every variant.
    func variantSwitch(_ decl: ResolvedUnion, _ answer: (ResolvedVariant) -> SwiftExpression) -> SwiftBody {
        .lines([
            .switchStatement(
                .selfValue,
                decl.variants.map { variant in SwiftSwitchCase([.enumCase(variant.caseName, binding: "value")], .returning(answer(variant)))
                })
        ])
    }

    func unionRedaction(_ declaration: ResolvedDecl, _ decl: ResolvedUnion) -> SwiftDeclaration {
        let name = declaration.name
        let description = computed(
            "The variant with its fields; sensitive fields are redacted.", "description", "String",
            variantSwitch(decl) { variant in
                .interpolation([
                    .text("\(name).\(variant.caseName)("),
                    .value(.construct("String", SwiftArgument("reflecting", .identifier("value")))), .text(")"),
                ])
            })
        let debugDescription = computed("Same as ``description``.", "debugDescription", "String", .value(.identifier("description")))
        let mirror = computed(
            "A mirror whose child is the variant's (redacting) value.", "customMirror", "Mirror",
            variantSwitch(decl) { variant in
                .construct(
                    "Mirror", SwiftArgument(.selfValue),
                    SwiftArgument(
                        "children", .dictionary([SwiftDictionaryEntry(key: .string(variant.caseName), value: .identifier("value"))])),
                    SwiftArgument("displayStyle", .implicitMember("enum")))
            })
        return extensionOf(
            name, deprecated: declaration.isDeprecated,
            conformances: ["CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable"],
            members: [[description], [debugDescription], [mirror]])
    }

    func discriminatorProperty(_ decl: ResolvedUnion) -> String {
        Naming.isMemberName(decl.discriminator) && decl.discriminator != "description" ? decl.discriminator : "discriminator"
    }

    func discriminatorRead(_ field: ResolvedField) -> SwiftExpression {
        if case .named = field.type { return .member(.member(.identifier("value"), storage(field)), "rawValue") }
        return .member(.identifier("value"), storage(field))
    }
}
