import AmazonPayMobile
import ArgumentParser
import Foundation
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import PaymentMocks
import PaymentScenarios
import PaymentSchemasRuntime
import SuiteMCommerce

/// Every module's type registry.
enum Registries {
    static let all: [PaySchemaType] = MCSCommerceWebSchema.types + SuiteMCommerceSchema.types + AmazonPayMobileSchema.types
        + PayPalPaymentsSchema.types + MollieCheckoutSchema.types
}

/// `payflow validate Module.Type FILE|-`: decodes, validates and reports every violation.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Decode a payload with a generated type and print every problem with its path.",
        discussion: "Exit codes: 0 valid, 1 invalid, 2 usage errors (an unknown type is listed with suggestions)."
    )

    enum Encoding: String, ExpressibleByArgument, CaseIterable {
        case json, xml, query
    }

    @Argument(help: "The type, as Module.Type (e.g. MollieCheckout.CreatePaymentRequest).")
    var type: String

    @Argument(help: "The payload file, or - for standard input.")
    var file: String

    @Option(help: "json, xml or query (default: from the file extension; .query and .url are queries).")
    var encoding: Encoding?

    func run() throws {
        guard let schemaType = Registries.all.first(where: { $0.qualifiedName == type }) ?? Registries.all.first(where: { $0.matches(type) }) else {
            let names = Registries.all.map(\.qualifiedName)
            let needle = type.lowercased()
            let close = names.filter { name in
                let lowered = name.lowercased()
                return lowered.contains(needle) || needle.contains(lowered.split(separator: ".").last.map(String.init) ?? "~")
                    || Self.distance(lowered, needle) <= 3
            }.prefix(5)
            Output.error("error: unknown type '\(type)'" + (close.isEmpty ? "" : "; did you mean \(close.joined(separator: ", "))?"))
            Output.error("`payflow list` shows every type")
            throw ExitCode(2)
        }
        let data = try Output.contents(of: file)
        let format = encoding.map { WireFormat(rawValue: $0.rawValue)! } ?? Self.format(for: file, default: schemaType.formats.first ?? .json)
        do {
            let result = try schemaType.read(data, as: format)
            if result.violations.isEmpty {
                Output.line("\(type): valid \(format.rawValue)")
                return
            }
            for violation in result.violations {
                Output.line("\(violation.path): \(violation.rule): \(violation.message)" + (violation.value.map { " (value: \($0))" } ?? ""))
            }
            Output.line("\(type): \(result.violations.count) violation\(result.violations.count == 1 ? "" : "s")")
            throw ExitCode(1)
        } catch let error as PayloadDecodingError {
            for issue in error.issues { Output.line("\(issue.path): \(issue.kind.rawValue): \(issue.message)") }
            Output.line("\(type): \(error.issues.count) problem\(error.issues.count == 1 ? "" : "s") decoding \(format.rawValue)")
            throw ExitCode(1)
        }
    }

    static func format(for file: String, default fallback: WireFormat) -> WireFormat {
        switch (file as NSString).pathExtension.lowercased() {
        case "json": return .json
        case "xml": return .xml
        case "query", "url": return .query
        default: return fallback
        }
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// `payflow list`: every type and flow.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List every type payflow validates and every scenario it runs.")

    func run() throws {
        Output.line("Types (payflow validate <Module.Type> FILE):")
        for type in Registries.all {
            Output.line("  \(type.qualifiedName)  [\(type.kind.rawValue); \(type.formats.map(\.rawValue).joined(separator: ", "))]")
        }
        Output.line()
        Output.line("Scenarios (payflow run --scenario <provider/name>):")
        for scenario in ScenarioCatalog.all {
            Output.line("  \(scenario.id)  \(scenario.summary)  [expected \(scenario.expectation)]")
        }
        Output.line()
        Output.line("Per-request scenarios of payflow serve (header Sandbox-Scenario: <name> on a request to /t/<provider>/…):")
        for scenario in ServeCommand.requestScenarios {
            Output.line("  \(scenario.provider)/\(scenario.name)  \(scenario.summary)  [\(scenario.operations.joined(separator: ", "))]")
        }
        Output.line("Per-request faults: Sandbox-Fault: \(MockFault.allCases.map(\.rawValue).joined(separator: " | ")); Sandbox-Delay: <milliseconds>")
    }
}
