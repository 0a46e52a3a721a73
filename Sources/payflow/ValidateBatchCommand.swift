import ArgumentParser
import Foundation
import PaymentSchemasRuntime
import PaymentSchemasVocabulary

/// `payflow validate-batch FILE|-`: validates many JSON payloads in one process, for differential
/// testing against other validators.
///
/// Each input line is `Module.Type<TAB>payload` (the payload as one line of JSON); each output line
/// is `valid`, `invalid<TAB>problem; problem; …` or `error<TAB>why` (a line that names no known type
/// or has no tab), in input order. One bad line is that line's verdict: the batch always finishes.
/// With `--echo` a valid line's verdict also carries the value as its type writes it back
/// (`valid<TAB>{…}`, one line of JSON): what a decode and encode keep of each payload.
struct ValidateBatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate-batch",
        abstract: "Validate JSON payloads given one per line as 'Module.Type<TAB>payload'; print one verdict per line.",
        discussion: """
            Verdicts: valid, invalid<TAB>problems, or error<TAB>why for a malformed line (the batch goes on); \
            with --echo, valid<TAB>the value written back as one line of JSON. \
            With --format json each verdict is one JSON object per line: {line, verdict, type, problems|error}.
            Exit codes: 0 when every line was judged (valid, invalid or malformed), 2 for unreadable input.
            """
    )

    @Argument(help: "The file of lines, or - for standard input.")
    var file: String

    @Option(help: "text (valid / invalid<TAB>… / error<TAB>…) or json (one object per line).")
    var format: OutputFormat = .text

    @Flag(help: "With each valid verdict, the value as its type writes it back (one line of JSON; `echo` in --format json).")
    var echo = false

    /// One line's verdict as `--format json` prints it.
    struct Verdict: Encodable {
        var line: Int
        var verdict: String
        var type: String?
        var problems: [String]?
        var error: String?
        /// With `--echo`, a valid payload as its type writes it back.
        var echo: String?
    }

    func validate() throws {
        if let problem = Output.unreadable(file) { throw ValidationError(problem) }
    }

    func run() throws {
        let data = try Output.contents(of: file)
        var types = Dictionary(Registries.all.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        for type in Registries.all {
            for former in type.formerNames where types[type.module + "." + former] == nil { types[type.module + "." + former] = type }
        }
        var out = ""
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            var verdict = Verdict(line: number + 1, verdict: "valid")
            if let tab = line.firstIndex(of: "\t") {
                let name = String(line[..<tab])
                verdict.type = name
                if let type = types[name] {
                    let payload = Data(line[line.index(after: tab)...].utf8)
                    do {
                        let result = try type.read(payload, as: .json)
                        if !result.violations.isEmpty {
                            verdict.verdict = "invalid"
                            verdict.problems = result.violations.map { "\($0.path) [\($0.rule)]" }
                        } else if echo {
                            verdict.echo = result.reencoded.map { (try? PayJSONParser.parse($0).jsonText) ?? "" } ?? ""
                        }
                    } catch let error as PayloadDecodingError {
                        verdict.verdict = "invalid"
                        // A syntax error keeps its position, as `validate` prints it.
                        verdict.problems =
                            error.issues.map {
                                $0.kind == .malformed ? "\($0.path): \($0.kind.rawValue): \($0.message)" : "\($0.path): \($0.kind.rawValue)"
                            }
                            + error.violations.map { "\($0.path) [\($0.rule)]" }
                    } catch {
                        verdict.verdict = "error"
                        verdict.error = "could not be read: \(Swift.type(of: error))"
                    }
                } else {
                    verdict.verdict = "error"
                    verdict.error = "unknown type '\(String(name.prefix(120)))'" + ValidateCommand.suggestions(for: name)
                }
            } else {
                verdict.verdict = "error"
                verdict.error = "the line does not start with 'Module.Type<TAB>'"
            }
            switch format {
            case .json:
                out += Output.json(verdict) + "\n"
            case .text:
                switch verdict.verdict {
                case "valid": out += "valid" + (verdict.echo.map { "\t" + $0 } ?? "") + "\n"
                case "invalid": out += "invalid\t" + (verdict.problems ?? []).joined(separator: "; ") + "\n"
                default: out += "error\tline \(number + 1): " + (verdict.error ?? "") + "\n"
                }
            }
        }
        Output.text(out)
    }
}
