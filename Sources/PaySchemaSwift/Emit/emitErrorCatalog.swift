import PaySchemaLanguage
import PaySchemaModel

extension SwiftEmitter {
    func catalog(_ catalog: ResolvedCatalog) -> SwiftDeclaration {
        let name = catalog.name
        let rawType = catalog.codeType.rawValue
        var languages = [catalog.defaultLanguage]
        for code in catalog.codes {
            for message in code.messages where !languages.contains(message.language) { languages.append(message.language) }
        }
        let cases = catalog.codes.map { code -> SwiftDeclaration in
            // The checker requires a default-language message of every code that has messages.
            let text = code.messages.first(where: { $0.language == catalog.defaultLanguage })?.text ?? code.name
            var paragraphs: [String?] = ["`\(code.code)`: \(text)", code.doc]
            if let message = code.lifecycle.deprecated {
                paragraphs.append("- Important: Deprecated." + (message.isEmpty ? "" : " " + message))
            }
            return enumCase(SwiftDoc(paragraphs: paragraphs), code.name, rawValue: rawLiteral(code.code))
        }
        let errorCode: SwiftStatement
        if rawType == "Int" {
            errorCode = .expression(.identifier("rawValue"))
        } else {
            errorCode = .switchStatement(
                .selfValue,
                catalog.codes.map { code in
                    SwiftSwitchCase(
                        [.enumCase(code.name, binding: nil)],
                        .returning(.number(String(Int(code.code.description.filter(\.isNumber)) ?? 0))))
                })
        }
        let errorDomain = SwiftExpression.member(.type("Self"), "errorDomain")
        let overrides = catalog.codes.compactMap { code in code.domain.map { (code.name, $0) } }
        let domain: SwiftDeclaration
        if overrides.isEmpty {
            domain = computed("The error's domain.", "domain", "String", .value(errorDomain))
        } else {
            var cases = overrides.map { SwiftSwitchCase([.enumCase($0.0, binding: nil)], .returning(.string($0.1))) }
            if overrides.count < catalog.codes.count { cases.append(.otherwise(.returning(errorDomain))) }
            domain = computed("The error's domain.", "domain", "String", .lines([.switchStatement(.selfValue, cases)]))
        }
        var messages = catalog.codes.flatMap { code in
            code.messages.map { message in
                SwiftSwitchCase(
                    [.tuple([.enumCase(code.name, binding: nil), .value(.string(message.language))])], .returning(.string(message.text)))
            }
        }
        messages.append(.otherwise(.returning(.nilLiteral)))
        let members: [[SwiftDeclaration]] = [
            cases,
            [
                constant(
                    "The languages messages are written in, the default (`\(catalog.defaultLanguage)`) first.", "languages",
                    .array(languages.map { .string($0) }, .oneLine))
            ],
            [constant("The catalog's error domain.", "errorDomain", .string(catalog.domain))],
            [computed("The provider's code.", "code", .named(rawType), .value(.identifier("rawValue")))],
            [
                initializer(
                    SwiftDoc("The error with `code`, `nil` for codes the catalog does not list."), failable: true,
                    [SwiftParameter("code", type: .named(rawType))],
                    .inline(.expression(.call(.initializerReference(.selfValue), [SwiftArgument("rawValue", .identifier("code"))]))))
            ],
            [
                computed(
                    "The code as an integer" + (rawType == "Int" ? "." : " (its digits: `A007` is 7)."), "errorCode", "Int",
                    .lines([errorCode]))
            ],
            [domain],
            [
                function(
                    SwiftDoc("The message in `language`, `nil` when the catalog has none in it."), "message",
                    [SwiftParameter("language", type: "String")],
                    returns: .optional("String"), .lines([.switchStatement(.tuple([.selfValue, .identifier("language")]), messages)]))
            ],
        ]
        return SwiftDeclaration(
            doc: SwiftDoc(catalog.doc ?? "The `\(name)` error codes.", "Domain `\(catalog.domain)`.", remark(name, file)),
            kind: .type(.enum, name: name, conformances: [rawType, "PayErrorCatalog"], members: members))
    }
}
