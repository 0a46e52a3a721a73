extension SwiftEmitter {
    func emitUnion(_ declaration: ResolvedDecl, _ decl: ResolvedUnion) {
        let name = declaration.name
        let tags = decl.variants.map(\.tag).joined(separator: ", ")
        out.doc(paragraphs: [declaration.doc ?? "The `\(name)` variants.", "The `\(decl.discriminator)` field selects the variant: \(tags).", remark(name, file)])
        if let attribute = deprecation(declaration.lifecycle) { out.line(attribute) }
        out.declaration("enum \(name): Codable, Hashable, Sendable") {
            for variant in decl.variants {
                out.doc(variant.doc ?? "`\(decl.discriminator): \(variant.tag)`.")
                out.line("case \(Naming.escaped(variant.caseName))(\(variant.structure.name))")
            }
            out.line("")
            out.line("/// The discriminator value of the variant.")
            out.declaration("var \(discriminatorProperty(decl)): String") {
                out.switchBlock("switch self") {
                    for variant in decl.variants {
                        out.line("case .\(Naming.escaped(variant.caseName)): return \(Naming.literal(variant.tag))")
                    }
                }
            }
            out.line("")
            out.line("/// Reads `\(decl.discriminator)` and decodes the variant it names; an unknown or missing value is an error.")
            out.declaration("init(from decoder: any Decoder) throws") {
                out.line("let container = try decoder.container(keyedBy: PayCodingKey.self)")
                out.line("let key = PayCodingKey(stringValue: \(Naming.literal(decl.discriminator)))")
                out.line("let path = PayPath(codingPath: decoder.codingPath).appending(key.stringValue)")
                out.line("let tag: String")
                out.doCatch({ out.line("tag = try container.decode(String.self, forKey: key)") }, catch: {
                    out.line("throw PayloadDecodingError(issues: PayloadDecodingError.issues(from: error, at: path))")
                })
                out.switchBlock("switch tag") {
                    for variant in decl.variants {
                        out.line("case \(Naming.literal(variant.tag)): self = .\(Naming.escaped(variant.caseName))(try \(variant.structure.name)(from: decoder))")
                    }
                    out.line("default:")
                    out.line("    throw PayloadDecodingError(issues: [PayloadIssue(path: path, kind: .invalidValue, message: \"'\\(tag)' is not a variant of \(name); expected one of \(tags)\")])")
                }
            }
            out.line("")
            out.line("/// Encodes the variant's fields, discriminator included.")
            out.declaration("func encode(to encoder: any Encoder) throws") {
                out.switchBlock("switch self") {
                    for variant in decl.variants {
                        out.line("case .\(Naming.escaped(variant.caseName))(let value): try value.encode(to: encoder)")
                    }
                }
            }
        }
        if config.generates(.validators) { emitUnionValidation(declaration, decl) }
        if declaration.isSensitive {
            emitUnionRedaction(declaration, decl)
        }
    }

    func emitUnionValidation(_ declaration: ResolvedDecl, _ decl: ResolvedUnion) {
        let name = declaration.name
        out.line("")
        markDeprecatedExtension(declaration.isDeprecated)
        out.block("extension \(name): PayValidatable") {
            out.line("/// Validates the variant and checks that its discriminator matches the case.")
            out.declaration("func collectViolations(at path: PayPath, into violations: inout [ValidationViolation])") {
                out.switchBlock("switch self") {
                    for variant in decl.variants {
                        out.line("case .\(Naming.escaped(variant.caseName))(let value):")
                        let field = variant.discriminatorField
                        let read = field.map { discriminatorRead($0) } ?? "\"\""
                        out.line("    if \(read) != \(Naming.literal(variant.tag)) {")
                        out.line("        violations.append(ValidationViolation(path: path.appending(\(Naming.literal(decl.discriminator))), rule: \"discriminator\", message: \"must be '\(variant.tag)' for this variant\", value: \(read)))")
                        out.line("    }")
                        if variant.structure.needsValidation {
                            out.line("    value.collectViolations(at: path, into: &violations)")
                        }
                    }
                }
            }
        }
    }

    func emitUnionRedaction(_ declaration: ResolvedDecl, _ decl: ResolvedUnion) {
        let name = declaration.name
        out.line("")
        markDeprecatedExtension(declaration.isDeprecated)
        out.block("extension \(name): CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable") {
            out.line("/// The variant with its fields; sensitive fields are redacted.")
            out.declaration("var description: String") {
                out.switchBlock("switch self") {
                    for variant in decl.variants {
                        out.line("case .\(Naming.escaped(variant.caseName))(let value): return \"\(name).\(variant.caseName)(\\(String(reflecting: value)))\"")
                    }
                }
            }
            out.line("")
            out.line("/// Same as ``description``.")
            out.declaration("var debugDescription: String { description }")
            out.line("")
            out.line("/// A mirror whose child is the variant's (redacting) value.")
            out.declaration("var customMirror: Mirror") {
                out.switchBlock("switch self") {
                    for variant in decl.variants {
                        out.line("case .\(Naming.escaped(variant.caseName))(let value): return Mirror(self, children: [\(Naming.literal(variant.caseName)): value], displayStyle: .enum)")
                    }
                }
            }
        }
    }

    func discriminatorProperty(_ decl: ResolvedUnion) -> String {
        Naming.isMemberName(decl.discriminator) && decl.discriminator != "description" ? Naming.escaped(decl.discriminator) : "discriminator"
    }

    func discriminatorRead(_ field: ResolvedField) -> String {
        if case .named = field.type { return "value.\(storage(field)).rawValue" }
        return "value.\(storage(field))"
    }
}
