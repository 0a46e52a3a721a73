@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// The `main.swift` of a small program built with one revision's generated code. It reads commands
/// from standard input, one per line, and answers each on one line:
///
/// - `read <format> <Type> <base64 payload>`: decodes with the generated type (through the module's
///   registry), validates, and answers `ok <base64 re-encoding> <enum values read as .unknown>` or
///   `rejected <reason>`;
/// - `send <operation>`: builds the operation with every parameter set and answers
///   `request <method> <path> <query names> <header names> <request body> <response body>`;
/// - `receive <operation> <request…>`: answers `ok` when this revision's operation accepts that
///   request (same method, path matching its template, every required parameter present, same body
///   types), else `rejected <reason>`.
///
/// Fields are separated by tabs; unknown types and operations answer `missing`.
struct WireDriver {
    let module: CheckedSchemas

    var source: String {
        let emitter = module.resolved.files.first.map {
            SwiftEmitter(resolved: $0, config: .standard, placeholders: Placeholders(module.resolved))
        }
        var operations: [String] = []
        for operation in module.resolved.files.flatMap(\.operations) {
            guard let emitter else { break }
            let name = operation.typeName
            let parameters = operation.parameters
            var arguments: [String] = []
            var supported = true
            for parameter in parameters {
                guard let value = sampleExpression(parameter.type, emitter) else {
                    supported = false
                    break
                }
                arguments.append("\(Naming.escaped(parameter.name)): \(value)")
            }
            guard supported else { continue }
            let required = parameters.filter { $0.required && $0.place != .path }.map {
                "\"\($0.place.rawValue):\($0.wireName.lowercased())\""
            }
            operations.append(
                "    \(Naming.literal(operation.name)): (\(name)(\(arguments.joined(separator: ", "))), [\(required.joined(separator: ", "))], \(Naming.literal(operation.request?.name ?? "PayNoBody")), \(Naming.literal(operation.response?.name ?? "PayNoBody"))),"
            )
        }
        return """
            import Foundation
            @_spi(Generated) import PaymentSchemasRuntime

            let operations: [String: (operation: any PayOperation, required: [String], request: String, response: String)] = [\(operations.isEmpty ? ":" : "\n" + operations.joined(separator: "\n") + "\n")]

            let registry = \(module.name)Schema.types\(module.types.values.contains { $0.lifecycle.deprecated != nil } ? " + \(module.name)Schema.deprecatedTypes" : "")

            func pathMatches(_ path: String, _ template: String) -> Bool {
                let a = path.split(separator: "/", omittingEmptySubsequences: false)
                let b = template.split(separator: "/", omittingEmptySubsequences: false)
                return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($1.hasPrefix("{") && $1.hasSuffix("}") && !$0.isEmpty) }
            }

            func oneLine(_ error: any Error) -> String {
                String(describing: error).replacingOccurrences(of: "\\n", with: " ").replacingOccurrences(of: "\\t", with: " ")
            }

            while let line = readLine() {
                let parts = line.split(separator: "\\t", omittingEmptySubsequences: false).map(String.init)
                switch parts.first {
                case "read" where parts.count == 4:
                    guard let format = WireFormat(rawValue: parts[1]), let type = registry.first(where: { $0.name == parts[2] }), let payload = Data(base64Encoded: parts[3]) else {
                        print("missing")
                        continue
                    }
                    do {
                        let result = try type.read(payload, as: format)
                        if result.violations.isEmpty {
                            // How many enum values this revision reads as `.unknown`: a value the
                            // writer knew that the reader does not is read differently.
                            var dumped = ""
                            dump(result.value, to: &dumped)
                            let unknowns = dumped.components(separatedBy: ".unknown").count - 1
                            // Two revisions' readings compare by value: written in each schema's spelling.
                            print("ok\\t" + (result.reencodedInSchemaSpelling?.base64EncodedString() ?? "") + "\\t\\(unknowns)")
                        } else {
                            print("rejected\\t" + result.violations.map { "\\($0)" }.joined(separator: "; ").replacingOccurrences(of: "\\n", with: " "))
                        }
                    } catch {
                        print("rejected\\t" + oneLine(error))
                    }
                case "send" where parts.count == 2:
                    guard let entry = operations[parts[1]] else { print("missing"); continue }
                    let operation = entry.operation
                    let query = operation.queryItems.map { "query:" + $0.name.lowercased() }
                    let headers = operation.headerFields.map { "header:" + $0.name.lowercased() }
                    print(["request", type(of: operation).method.rawValue, operation.path, (query + headers).joined(separator: ","), entry.request, entry.response].joined(separator: "\\t"))
                case "receive" where parts.count == 7:
                    guard let entry = operations[parts[1]] else { print("missing"); continue }
                    let operation = type(of: entry.operation)
                    let sent = Set(parts[4].split(separator: ",").map(String.init))
                    if parts[2] != operation.method.rawValue {
                        print("rejected\\tmethod \\(parts[2]) is not \\(operation.method.rawValue)")
                    } else if !pathMatches(parts[3], operation.pathTemplate) {
                        print("rejected\\tpath \\(parts[3]) does not match \\(operation.pathTemplate)")
                    } else if let missing = entry.required.first(where: { !sent.contains($0) }) {
                        print("rejected\\trequired parameter \\(missing) is missing")
                    } else if parts[5] != entry.request || parts[6] != entry.response {
                        print("rejected\\tbody types \\(parts[5]) → \\(parts[6]) are not \\(entry.request) → \\(entry.response)")
                    } else {
                        print("ok")
                    }
                default:
                    print("missing")
                }
            }

            """
    }

    private func sampleExpression(_ type: ResolvedType, _ emitter: SwiftEmitter) -> String? {
        switch type {
        case .primitive(let primitive):
            switch primitive {
            case .string: return "\"v1\""
            case .int, .int64, .double, .decimal: return "1"
            case .bool: return "true"
            case .uuid: return "UUID()"
            case .date: return "Date(timeIntervalSince1970: 0)"
            default: return nil
            }
        case .named(let reference):
            let name = reference.name
            switch module.type(name)?.kind {
            case .enumeration(let decl)?: return decl.cases.first.map { "\(name).\(Naming.escaped($0.name.value))" }
            case .scalar(let decl)?: return sampleExpression(.primitive(decl.base.value), emitter).map { "\(name)(rawValue: \($0))" }
            default: return nil
            }
        default: return nil
        }
    }
}
