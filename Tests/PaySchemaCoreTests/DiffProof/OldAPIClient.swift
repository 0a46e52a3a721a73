@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// Swift written against the generated API of one schema revision, the way an app uses it: every
/// type constructed from all its fields, every field read with its type and written, every enum,
/// union and error catalog switched over exhaustively, every scalar built, unwrapped and (when it
/// takes literals) written as a literal, every operation called with all its parameters and its
/// body types named. Compiled against another revision's generated code, it fails exactly when
/// that revision breaks Swift source.
struct OldAPIClient {
    let module: CheckedSchemas

    /// The client's source.
    var source: String {
        var lines = ["import Foundation", "@_spi(Generated) import PaymentSchemasRuntime", ""]
        let emitter = module.resolved.files.first.map {
            SwiftEmitter(resolved: $0, config: .standard, placeholders: Placeholders(module.resolved))
        }
        for file in module.resolved.files {
            for type in file.types {
                lines += uses(of: type, emitter!)
            }
            for catalog in file.errorCatalogs {
                lines += uses(of: catalog)
            }
        }
        for operation in module.resolved.files.flatMap(\.operations) {
            lines += call(operation, emitter!)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func uses(of type: ResolvedDecl, _ emitter: SwiftEmitter) -> [String] {
        let name = type.name
        switch type.kind {
        case .structure(let decl):
            let fields = decl.fields
            let parameters = fields.enumerated().map { "_ p\($0.offset): \(SwiftRenderer.render(emitter.swiftType(of: $0.element)))" }
            var body = [
                "func use\(name)(_ value: \(name)\(parameters.isEmpty ? "" : ", ")\(parameters.joined(separator: ", "))) -> \(name) {"
            ]
            body.append("    var copy = value")
            for (index, field) in fields.enumerated() {
                let member = Naming.escaped(field.name)
                body.append("    let read\(index): \(SwiftRenderer.render(emitter.swiftType(of: field))) = value.\(member)")
                body.append("    copy.\(member) = read\(index)")
                body.append("    copy.\(member) = p\(index)")
            }
            body.append("    _ = copy")
            let arguments = fields.enumerated().map { "\(Naming.escaped($0.element.name)): p\($0.offset)" }
            body.append("    return \(name)(\(arguments.joined(separator: ", ")))")
            body.append("}")
            // Each encoding's API: query coding, the XML document's root element.
            if decl.supports(.query) {
                body.append("func query\(name)(_ value: \(name)) throws -> \(name) { try \(name)(queryItems: try value.queryItems()) }")
                body.append("func parse\(name)(_ text: String) throws -> \(name) { try \(name)(query: text) }")
            }
            if decl.xmlRoot != nil {
                body.append("func root\(name)() -> String { \(name).xmlRootElement }")
            }
            return body + [""]
        case .enumeration(let decl):
            var body = ["func use\(name)(_ value: \(name)) -> Int {", "    switch value {"]
            for (index, enumCase) in decl.cases.enumerated() {
                body.append("    case .\(Naming.escaped(enumCase.name)): return \(index)")
            }
            if decl.isOpen { body.append("    case .unknown(let raw): _ = raw; return -1") }
            body.append("    }")
            body.append("}")
            let raw = decl.cases.first.map { rawLiteral($0.value) } ?? (decl.rawType == .int ? "0" : "\"\"")
            body.append("func make\(name)() -> \(name)? { \(name)(rawValue: \(raw)) }")
            body.append("func raw\(name)(_ value: \(name)) -> \(decl.rawType.rawValue) { value.rawValue }")
            if let first = decl.cases.first {
                body.append(
                    "func is\(name)First(_ value: \(name)) -> Bool { if case .\(Naming.escaped(first.name)) = value { return true }; return false }"
                )
            }
            return body + [""]
        case .union(let decl):
            var body = ["func use\(name)(_ value: \(name)) -> Int {", "    switch value {"]
            for (index, variant) in decl.variants.enumerated() {
                body.append(
                    "    case .\(Naming.escaped(variant.caseName))(let payload): let typed: \(variant.structure.name) = payload; _ = typed; return \(index)"
                )
            }
            body.append("    }")
            body.append("}")
            for variant in decl.variants {
                body.append(
                    "func make\(name)\(Naming.upperFirst(variant.caseName))(_ payload: \(variant.structure.name)) -> \(name) { .\(Naming.escaped(variant.caseName))(payload) }"
                )
            }
            return body + [""]
        case .scalar(let decl):
            let base = SwiftRenderer.render(emitter.swiftType(.primitive(decl.base)))
            var body = [
                "func use\(name)(_ value: \(name), _ raw: \(base)) -> \(base) {",
                "    let made = \(name)(rawValue: raw)",
                "    let unwrapped: \(base) = value.rawValue",
                "    _ = made",
                "    return unwrapped",
                "}",
            ]
            if decl.takesLiterals {
                body.append("func literal\(name)() -> \(name) { \(decl.base == .string ? "\"x\"" : "1") }")
            }
            return body + [""]
        }
    }

    private func uses(of catalog: ResolvedCatalog) -> [String] {
        let name = catalog.name
        var body = ["func use\(name)(_ value: \(name)) -> Int {", "    switch value {"]
        for (index, code) in catalog.codes.enumerated() {
            body.append("    case .\(Naming.escaped(code.name)): return \(index)")
        }
        body.append("    }")
        body.append("}")
        body.append("func make\(name)(_ code: String) -> \(name)? { \(name)(code: code) }")
        body.append(
            "func describe\(name)(_ value: \(name)) -> (String, Int, String?) { (value.code, value.errorCode, value.message(language: \"en\")) }"
        )
        return body + [""]
    }

    /// Every parameter the generated initializer takes, path placeholders without a declaration included.
    private func call(_ operation: ResolvedOperation, _ emitter: SwiftEmitter) -> [String] {
        let name = operation.typeName
        let declared = operation.parameters
        let parameters = declared.enumerated().map {
            "_ p\($0.offset): \(SwiftRenderer.render(emitter.swiftType($0.element.type)))\($0.element.required ? "" : "?")"
        }
        let arguments = declared.enumerated().map { "\(Naming.escaped($0.element.name)): p\($0.offset)" }
        var body = ["func call\(name)(\(parameters.joined(separator: ", "))) -> \(name) {"]
        body.append("    let operation = \(name)(\(arguments.joined(separator: ", ")))")
        for (index, parameter) in declared.enumerated() {
            body.append(
                "    let read\(index): \(SwiftRenderer.render(emitter.swiftType(parameter.type)))\(parameter.required ? "" : "?") = operation.\(Naming.escaped(parameter.name))"
            )
            body.append("    _ = read\(index)")
        }
        body.append("    let request: \(operation.request?.name ?? "PayNoBody").Type = \(name).RequestBody.self")
        body.append("    let response: \(operation.response?.name ?? "PayNoBody").Type = \(name).ResponseBody.self")
        body.append("    let errorBody: \(operation.errorBody?.name ?? "PayNoBody").Type = \(name).ErrorBody.self")
        body.append(
            "    _ = (request, response, errorBody, \(name).method, \(name).pathTemplate, operation.path, operation.queryItems, operation.headerFields)"
        )
        body.append("    return operation")
        body.append("}")
        return body + [""]
    }

    private func rawLiteral(_ value: RawValue) -> String {
        switch value {
        case .string(let text): return Naming.literal(text)
        case .int(let number): return String(number)
        }
    }
}
