import AmazonPayMobile
import ArgumentParser
import Foundation
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import PaymentMocks
import PaymentScenarios
import PaymentSchemasRuntime
import PaymentSchemasVocabulary
import SuiteMCommerce

/// Every module's type registry.
enum Registries {
    static let all: [PaySchemaType] =
        MCSCommerceWebSchema.types + SuiteMCommerceSchema.types + AmazonPayMobileSchema.types
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

    @Option(help: "text, or json for scripts: {type, valid, problems: [{path, kind, rule, message}], echo}.")
    var format: OutputFormat = .text

    @Flag(
        help: ArgumentHelp(
            "Also print the value as the type writes it back (JSON or XML, members it does not model included).",
            discussion: "What a decode and encode keep of the payload; nothing is printed when it does not decode."))
    var echo = false

    /// One problem found in the payload, decoding or constraint.
    struct Problem: Encodable {
        var path: String
        var kind: String
        var rule: String?
        var message: String
    }

    /// A usage error as `--format json` prints it (exit 2): no verdict, the reason.
    struct UsageError: Encodable {
        var type: String
        var valid: Bool?
        var error: String
        var hint: String
    }

    /// The verdict as `--format json` prints it.
    struct Verdict: Encodable {
        var type: String
        var encoding: String
        var valid: Bool
        var problems: [Problem]
        /// With `--echo`: the value as the type writes it back (absent when it did not decode).
        var echo: String?
    }

    func validate() throws {
        if let problem = Output.unreadable(file) {
            guard format == .json else { throw ValidationError(problem) }
            Output.line(
                Output.json(UsageError(type: type, valid: nil, error: problem, hint: "give a readable file, or - for standard input")))
            throw ExitCode(2)
        }
    }

    func run() throws {
        guard let schemaType = Self.type(named: type) else {
            let message = "unknown type '\(type)'" + Self.suggestions(for: type)
            if format == .json {
                // Scripts read one JSON verdict whatever happened.
                Output.line(Output.json(UsageError(type: type, valid: nil, error: message, hint: "`payflow list` shows every type")))
            } else {
                Output.error("error: " + message)
                Output.error("`payflow list` shows every type")
            }
            throw ExitCode(2)
        }
        let data = try Output.contents(of: file)
        let wire =
            encoding.map { WireFormat(rawValue: $0.rawValue) ?? .json }
            ?? Self.format(for: file, default: schemaType.formats.first ?? .json)
        var problems: [Problem] = []
        var written: String?
        do {
            let result = try schemaType.read(data, as: wire)
            problems = result.violations.map(Problem.init)
            written = result.reencoded.map { String(decoding: $0, as: UTF8.self) }
        } catch let error as PayloadDecodingError {
            // Decoding problems and the constraint violations of the parts that decoded, together.
            problems =
                error.issues.map { Problem(path: $0.path.description, kind: $0.kind.rawValue, rule: nil, message: $0.message) }
                + error.violations.map(Problem.init)
        }
        switch format {
        case .json:
            Output.line(
                Output.json(
                    Verdict(
                        type: schemaType.qualifiedName, encoding: wire.rawValue, valid: problems.isEmpty, problems: problems,
                        echo: echo ? written : nil)))
        case .text:
            if echo, let written { Output.line(written) }
            if problems.isEmpty {
                Output.line("\(type): valid \(wire.rawValue)")
            } else {
                for problem in problems { Output.line("\(problem.path): \(problem.rule ?? problem.kind): \(problem.message)") }
                Output.line("\(type): \(problems.count) problem\(problems.count == 1 ? "" : "s") in \(wire.rawValue)")
            }
        }
        if !problems.isEmpty { throw ExitCode(1) }
    }

    /// The registered type called `name` (`Module.Type`, a former name, or an unambiguous bare name).
    static func type(named name: String) -> PaySchemaType? {
        Registries.all.first { $0.qualifiedName == name } ?? Registries.all.first { $0.matches(name) }
    }

    /// `; did you mean …?` with the closest module-qualified names by edit distance (the type part
    /// and the whole name both count), or nothing when none is close.
    static func suggestions(for name: String) -> String {
        let needle = name.lowercased()
        let bare = needle.split(separator: ".").last.map(String.init) ?? needle
        let ranked = Registries.all.map { type -> (name: String, distance: Int) in
            let qualified = type.qualifiedName.lowercased()
            let typePart = qualified.split(separator: ".").last.map(String.init) ?? qualified
            // A name typed short (`Ordr`) is close to the start of the names it abbreviates.
            let start = distance(String(typePart.prefix(bare.count)), bare) + 1
            return (type.qualifiedName, min(distance(qualified, needle), distance(typePart, bare), start))
        }
        let limit = max(2, bare.count / 3)
        let close = ranked.filter { $0.distance <= limit }.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3)
        return close.isEmpty ? "" : "; did you mean \(close.map(\.name).joined(separator: ", "))?"
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
        let a = Array(a)
        let b = Array(b)
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
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every type payflow validates and every scenario it runs.")

    @Option(help: "text, or json for scripts: {types, scenarios, requestScenarios, faults}.")
    var format: OutputFormat = .text

    /// What `--format json` prints.
    struct Listing: Encodable {
        struct TypeEntry: Encodable {
            var name: String
            var kind: String
            var encodings: [String]
        }
        struct ScenarioEntry: Encodable {
            var id: String
            var summary: String
            var expected: String
        }
        struct RequestScenarioEntry: Encodable {
            var provider: String
            var name: String
            var summary: String
            var operations: [String]
        }
        var version: String
        var types: [TypeEntry]
        var scenarios: [ScenarioEntry]
        var requestScenarios: [RequestScenarioEntry]
        var faults: [String]
    }

    func run() throws {
        if format == .json {
            Output.line(
                Output.json(
                    Listing(
                        version: PaymentSchemasVersion.current,
                        types: Registries.all.map {
                            .init(name: $0.qualifiedName, kind: $0.kind.rawValue, encodings: $0.formats.map(\.rawValue))
                        },
                        scenarios: ScenarioCatalog.all.map { .init(id: $0.id, summary: $0.summary, expected: "\($0.expectation)") },
                        requestScenarios: ServeCommand.requestScenarios.map {
                            .init(provider: $0.provider, name: $0.name, summary: $0.summary, operations: $0.operations)
                        },
                        faults: MockFault.allCases.map(\.rawValue))))
            return
        }
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
        Output.line(
            "Per-request faults: Sandbox-Fault: \(MockFault.allCases.map(\.rawValue).joined(separator: " | ")); Sandbox-Delay: <milliseconds>"
        )
    }
}

extension ValidateCommand.Problem {
    /// A broken constraint as a problem (its value shown only when the rule showed it: never a secret).
    init(_ violation: ValidationViolation) {
        self.init(
            path: violation.path.description, kind: "constraint", rule: violation.rule,
            message: violation.message + (violation.value.map { " (value: \($0))" } ?? ""))
    }
}
