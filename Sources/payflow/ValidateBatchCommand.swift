import ArgumentParser
import Foundation
import PaymentSchemasRuntime

/// `payflow validate-batch FILE|-`: validates many JSON payloads in one process, for differential
/// testing against other validators.
///
/// Each input line is `Module.Type<TAB>payload` (the payload as one line of JSON); each output line
/// is `valid` or `invalid<TAB>problem; problem; …`, in input order.
struct ValidateBatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate-batch",
        abstract: "Validate JSON payloads given one per line as 'Module.Type<TAB>payload'; print one verdict per line.",
        discussion: "Exit codes: 0 when every line was judged (valid or not), 2 for unreadable input or an unknown type."
    )

    @Argument(help: "The file of lines, or - for standard input.")
    var file: String

    func run() throws {
        let data = try Output.contents(of: file)
        var types = Dictionary(Registries.all.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        for type in Registries.all {
            for former in type.formerNames where types[type.module + "." + former] == nil { types[type.module + "." + former] = type }
        }
        var out = ""
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            guard let tab = line.firstIndex(of: "\t"), let type = types[String(line[..<tab])] else {
                Output.error("error: line \(number + 1) does not start with a known 'Module.Type<TAB>'")
                throw ExitCode(2)
            }
            let payload = Data(line[line.index(after: tab)...].utf8)
            do {
                let result = try type.read(payload, as: .json)
                out += result.violations.isEmpty ? "valid\n" : "invalid\t" + result.violations.map { "\($0.path) [\($0.rule)]" }.joined(separator: "; ") + "\n"
            } catch let error as PayloadDecodingError {
                out += "invalid\t" + error.issues.map { "\($0.path): \($0.kind.rawValue)" }.joined(separator: "; ") + "\n"
            }
        }
        Output.text(out)
    }
}
