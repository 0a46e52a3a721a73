import ArgumentParser
import Foundation
import PaymentSchemasRuntime
import PaymentSchemasVocabulary

/// `payflow`: runs the integrations' flows against mock providers and validates payloads.
struct Payflow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payflow",
        abstract: "Run every integration's flows against mock providers, and validate payloads with the generated types.",
        discussion: "Exit codes: 0 success, 1 failed scenarios or invalid payload, 2 usage errors.",
        version: PaymentSchemasVersion.current,
        subcommands: [
            RunCommand.self, ServeCommand.self, ValidateCommand.self, ValidateBatchCommand.self, ListCommand.self, WebhooksCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}

/// Entry point: maps argument errors to exit code 2.
@main
enum PayflowMain {
    static func main() async {
        do {
            var command = try Payflow.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = Payflow.exitCode(for: error)
            let message = Payflow.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                exit(0)
            }
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

enum Output {
    static func line(_ text: String = "") { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
    static func text(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

    /// The bytes of `file`, or of standard input for `-`; exit code 2 when it cannot be read.
    static func contents(of file: String) throws -> Data {
        if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        if let problem = unreadable(file) {
            error("error: \(problem)")
            throw ExitCode(2)
        }
        guard let contents = FileManager.default.contents(atPath: file) else {
            error("error: cannot read '\(file)'")
            throw ExitCode(2)
        }
        return contents
    }

    /// Why `file` cannot be read (missing, a folder, no permission), or `nil` when it can.
    static func unreadable(_ file: String) -> String? {
        guard file != "-" else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else { return "no such file: '\(file)'" }
        if isDirectory.boolValue { return "'\(file)' is a folder, not a file" }
        if !FileManager.default.isReadableFile(atPath: file) { return "'\(file)' exists but is not readable (permission denied)" }
        return nil
    }

    /// `value` as one line of JSON (sorted keys, slashes unescaped), written by the package's one
    /// JSON writer (`PayWire`, `PayJSONWriter`), as every other `--format json` report is.
    static func json<T: Encodable>(_ value: T) -> String {
        (try? PayWire.encodeJSONText(value)) ?? "{}"
    }
    static func error(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}

/// Text for people, or JSON for scripts.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
