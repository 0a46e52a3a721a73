import ArgumentParser
import Foundation
import PaymentSchemasVocabulary

/// `payschema`: generates Swift from the YAML schemas and checks them.
struct Payschema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payschema",
        abstract: "Generate Codable models, validators and error catalogs from payment schemas.",
        discussion: """
            Exit codes: 0 success, 1 problems found (schema errors, drift), 2 usage errors.
            """,
        version: PaymentSchemasVersion.current,
        subcommands: [
            GenerateCommand.self, LintCommand.self, DiffCommand.self, ExportCommand.self, UpstreamCommand.self, ImportCommand.self,
        ]
    )
}

/// Entry point: maps argument errors to exit code 2, as the CLI documents.
@main
enum PayschemaMain {
    static func main() {
        do {
            var command = try Payschema.parseAsRoot()
            try command.run()
        } catch {
            let code = Payschema.exitCode(for: error)
            let message = Payschema.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                exit(0)
            }
            if !message.isEmpty {
                FileHandle.standardError.write(Data((message + "\n").utf8))
            }
            exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

/// Output helpers shared by the subcommands.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

/// A usage problem found after parsing (a missing folder, an unknown module): exit code 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

extension UsageError {
    func report() -> ExitCode {
        Console.error("error: \(description)")
        return ExitCode(2)
    }
}
