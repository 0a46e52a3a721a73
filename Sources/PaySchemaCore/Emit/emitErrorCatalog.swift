extension SwiftEmitter {
    func emitCatalog(_ catalog: ResolvedCatalog) {
        let name = catalog.name
        let rawType = catalog.codeType.rawValue
        var languages = [catalog.defaultLanguage]
        for code in catalog.codes {
            for message in code.messages where !languages.contains(message.language) { languages.append(message.language) }
        }
        out.doc(paragraphs: [catalog.doc ?? "The `\(name)` error codes.", "Domain `\(catalog.domain)`.", remark(name, file)])
        out.declaration("enum \(name): \(rawType), PayErrorCatalog") {
            for code in catalog.codes {
                // The checker requires a default-language message of every code that has messages.
                let text = code.messages.first(where: { $0.language == catalog.defaultLanguage })?.text ?? code.name
                var paragraphs: [String?] = ["`\(code.code)`: \(text)"]
                paragraphs.append(code.doc)
                if let message = code.lifecycle.deprecated {
                    paragraphs.append("- Important: Deprecated." + (message.isEmpty ? "" : " " + message))
                }
                out.doc(paragraphs: paragraphs)
                out.line("case \(Naming.escaped(code.name)) = \(rawLiteral(code.code))")
            }
            out.line("")
            out.line("/// The languages messages are written in, the default (`\(catalog.defaultLanguage)`) first.")
            out.declaration("static let languages = [" + languages.map(Naming.literal).joined(separator: ", ") + "]")
            out.line("")
            out.line("/// The catalog's error domain.")
            out.declaration("static let errorDomain = \(Naming.literal(catalog.domain))")
            out.line("")
            out.line("/// The provider's code.")
            out.declaration("var code: \(rawType) { rawValue }")
            out.line("")
            out.line("/// The error with `code`, `nil` for codes the catalog does not list.")
            out.declaration("init?(code: \(rawType)) { self.init(rawValue: code) }")
            out.line("")
            out.line("/// The code as an integer" + (rawType == "Int" ? "." : " (its digits: `A007` is 7)."))
            out.declaration("var errorCode: Int") {
                if rawType == "Int" {
                    out.line("rawValue")
                } else {
                    out.switchBlock("switch self") {
                        for code in catalog.codes {
                            let digits = code.code.description.filter(\.isNumber)
                            out.line("case .\(Naming.escaped(code.name)): return \(Int(digits) ?? 0)")
                        }
                    }
                }
            }
            out.line("")
            out.line("/// The error's domain.")
            let overrides = catalog.codes.filter { $0.domain != nil }
            if overrides.isEmpty {
                out.declaration("var domain: String { Self.errorDomain }")
            } else {
                out.declaration("var domain: String") {
                    out.switchBlock("switch self") {
                        for code in overrides {
                            out.line("case .\(Naming.escaped(code.name)): return \(Naming.literal(code.domain!))")
                        }
                        if overrides.count < catalog.codes.count {
                            out.line("default: return Self.errorDomain")
                        }
                    }
                }
            }
            out.line("")
            out.line("/// The message in `language`, `nil` when the catalog has none in it.")
            out.declaration("func message(language: String) -> String?") {
                out.switchBlock("switch (self, language)") {
                    for code in catalog.codes {
                        for message in code.messages {
                            out.line("case (.\(Naming.escaped(code.name)), \(Naming.literal(message.language))): return \(Naming.literal(message.text))")
                        }
                    }
                    out.line("default: return nil")
                }
            }
        }
    }
}
