import CLITestSupport
import Foundation
import Testing

/// The CLI tells everything in one run, for people and scripts: one verdict per batch line whatever
/// the line holds, JSON output, `--version`, arguments checked before any work, suggestions by edit
/// distance, a busy port named as such. Each runs the real executables.
@Suite("payflow and payschema CLI contract")
struct PayflowCLIContractTests {
    @Test func bothToolsPrintTheirVersion() throws {
        for tool in ["payflow", "payschema"] {
            let result = try CLIRunner.run(tool, ["--version"])
            #expect(result.status == 0)
            #expect(
                result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).range(
                    of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression) != nil, "\(tool): \(result.stdout)")
        }
    }

    /// A malformed line or an unknown type is that line's verdict; the lines after it are judged.
    @Test func validateBatchNeverAborts() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "batch.tsv")
        try [
            "PayPalPayments.OrderResponse\t{\"id\":\"1\",\"status\":\"CREATED\"}",
            "no tab on this line",
            "PayPalPayments.OrderRespons\t{}",
            "PayPalPayments.OrderResponse\t{\"id\":\"1\"}",
            "PayPalPayments.OrderResponse\t{not json",
        ].joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let text = try CLIRunner.run("payflow", ["validate-batch", file.path])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(lines)")
        #expect(lines[0] == "valid")
        #expect(lines[1].hasPrefix("error\tline 2: "))
        #expect(lines[2].hasPrefix("error\tline 3: unknown type 'PayPalPayments.OrderRespons'; did you mean PayPalPayments.OrderResponse"))
        #expect(lines[3] == "invalid\tstatus: missing")
        // A syntax error keeps its position, as `validate` prints it.
        #expect(lines[4].hasPrefix("invalid\t$: malformed: not well-formed JSON: 1:2: "), "\(lines[4])")

        let json = try CLIRunner.run("payflow", ["validate-batch", file.path, "--format", "json"])
        #expect(json.status == 0)
        let verdicts = try json.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(verdicts.map { $0["verdict"] as? String } == ["valid", "error", "error", "invalid", "invalid"])
        #expect(verdicts.map { $0["line"] as? Int } == [1, 2, 3, 4, 5])
        #expect((verdicts[3]["problems"] as? [String]) == ["status: missing"])

        let missing = try CLIRunner.run("payflow", ["validate-batch", directory.appending(path: "nope.tsv").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file"))
    }

    /// `validate --format json`: every problem with its path, for scripts.
    @Test func validateWritesJSON() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "order.json")
        try #"{"id":"5","status":"CREATED","links":[{"href":"a b","rel":"self"},{"href":"https://x.example","rel":""}]}"#.write(
            to: file, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run("payflow", ["validate", "PayPalPayments.OrderResponse", file.path, "--format", "json"])
        #expect(result.status == 1)
        let verdict = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(verdict["valid"] as? Bool == false)
        #expect(verdict["type"] as? String == "PayPalPayments.OrderResponse")
        let paths = (verdict["problems"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.contains("links[0].href"), "\(paths)")
        // Empty standard input is not an order: invalid, still one JSON verdict.
        // Usage errors are JSON too (exit 2): an unknown type, an unreadable file.
        let unknown = try CLIRunner.run("payflow", ["validate", "PayPalPayments.OrderRespons", file.path, "--format", "json"])
        #expect(unknown.status == 2 && unknown.stderr.isEmpty, "\(unknown.stderr)")
        let usage = try JSONSerialization.jsonObject(with: Data(unknown.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(
            (usage["error"] as? String)?.hasPrefix("unknown type 'PayPalPayments.OrderRespons'; did you mean PayPalPayments.OrderResponse")
                == true, "\(unknown.stdout)")
        let absent = try CLIRunner.run(
            "payflow", ["validate", "PayPalPayments.OrderResponse", directory.appending(path: "absent.json").path, "--format", "json"])
        #expect(absent.status == 2)
        #expect(
            ((try JSONSerialization.jsonObject(with: Data(absent.stdout.utf8)) as? [String: Any])?["error"] as? String)?.contains(
                "no such file") == true, "\(absent.stdout)")
        let empty = try CLIRunner.run("payflow", ["validate", "PayPalPayments.OrderResponse", "-", "--format", "json"])
        #expect(empty.status == 1)
        #expect((try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [String: Any])?["valid"] as? Bool == false)
    }

    /// `payflow validate` takes MIT's JSON beans as its web-service guide writes them, the amount a
    /// string with two decimals, and refuses a third decimal naming the field.
    @Test func validateTakesMITsBeansWithStringAmounts() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "bean.json")
        try
            #"{"response":"approved","foliocpagos":"3612345","auth":"123456","reference":"FACTURA-0001","amount":"150.00","cc_number":"1111"}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let valid = try CLIRunner.run("payflow", ["validate", "SuiteMCommerce.BeanPaymentWithToken", file.path])
        #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        let request = directory.appending(path: "request.json")
        try
            #"{"branch":"01","company":"SX001","country":"MEX","user":"U","password":"P","merchant":"1234","currency":"MXN","operationType":"6","reference":"R-1","amount":"150.001"}"#
            .write(to: request, atomically: true, encoding: .utf8)
        let invalid = try CLIRunner.run("payflow", ["validate", "SuiteMCommerce.BeanTokenization", request.path])
        #expect(invalid.status == 1)
        #expect(invalid.stdout.contains("amount"), "\(invalid.stdout)")
        #expect(!invalid.stdout.contains("\"P\""), "the password is not echoed")
    }

    /// One run reports decoding problems and the constraint violations of the rest together: a
    /// payload with a missing field and a too-short currency elsewhere needs one round, not two.
    @Test func validateReportsDecodingAndConstraintProblemsTogether() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "payment.json")
        let description = String(repeating: "d", count: 300)
        try #"{"description":"\#(description)","amount":"ten","method":"ideal"}"#.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run("payflow", ["validate", "MollieCheckout.CreatePaymentRequest", file.path, "--format", "json"])
        #expect(result.status == 1)
        let verdict = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        let problems = (verdict["problems"] as? [[String: Any]] ?? []).map {
            "\($0["path"] as? String ?? "") \($0["kind"] as? String ?? "") \($0["rule"] as? String ?? "-")"
        }
        #expect(problems == ["amount typeMismatch -", "description constraint maxLength"], "\(problems)")

        // Nested: the amount's value is missing (decoding), its currency breaks its pattern
        // (constraint, beside it), and the placeholder standing in for the value reports nothing.
        let nested = directory.appending(path: "nested.json")
        try
            #"{"amount":{"currency":"EURO"},"id":"tr_1","mode":"test","createdAt":"2024-01-01T00:00:00+00:00","status":"open","description":"d"}"#
            .write(to: nested, atomically: true, encoding: .utf8)
        let text = try CLIRunner.run("payflow", ["validate", "MollieCheckout.MolliePayment", nested.path])
        #expect(text.status == 1)
        #expect(text.stdout.contains("amount.value: missing: required field is missing"), "\(text.stdout)")
        #expect(text.stdout.contains("amount.currency: format.iso4217: "), "\(text.stdout)")
        #expect(text.stdout.contains("2 problems"), "\(text.stdout)")

        // validate-batch reports the same problems on the line.
        let batch = directory.appending(path: "batch.tsv")
        try ("MollieCheckout.CreatePaymentRequest\t" + (try String(contentsOf: file, encoding: .utf8))).write(
            to: batch, atomically: true, encoding: .utf8)
        let lines = try CLIRunner.run("payflow", ["validate-batch", batch.path])
        #expect(lines.stdout == "invalid\tamount: typeMismatch; description [maxLength]\n", "\(lines.stdout)")
    }

    /// Arguments are checked before any work, each with the reason.
    @Test func argumentsAreCheckedBeforeWork() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try CLIRunner.run(
            "payflow", ["validate", "PayPalPayments.OrderResponse", directory.appending(path: "absent.json").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file"))
        let folder = try CLIRunner.run("payflow", ["validate", "PayPalPayments.OrderResponse", directory.path])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("is a folder, not a file"))
        let port = try CLIRunner.run("payflow", ["serve", "--port=70000"])
        #expect(port.status == 2)
        #expect(port.stderr.contains("--port must be between 0 and 65535"))
        let negative = try CLIRunner.run("payflow", ["serve", "--port=-1"])
        #expect(negative.status == 2)
    }

    /// A port something already listens on is named as such, before the sandbox starts.
    @Test func busyPortIsNamed() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0)
        #expect(listen(listener, 1) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try CLIRunner.run("payflow", ["serve", "--port", String(port)])
        #expect(result.status == 2)
        #expect(result.stderr.contains("port \(port) on 127.0.0.1 is already in use"), "\(result.stderr)")
    }

    /// Suggestions rank module-qualified names by edit distance, abbreviations included.
    @Test func misspelledTypesGetCloseSuggestions() throws {
        let short = try CLIRunner.run("payflow", ["validate", "PayPalPayments.Ordr", "-"])
        #expect(short.status == 2)
        #expect(
            short.stderr.contains("did you mean PayPalPayments.OrderIntent, PayPalPayments.OrderResponse, PayPalPayments.OrderStatus?"),
            "\(short.stderr)")
        #expect(!short.stderr.contains("Card"))
        let typo = try CLIRunner.run("payflow", ["validate", "MollieCheckout.MolliePaymnt", "-"])
        #expect(typo.stderr.contains("did you mean MollieCheckout.MolliePayment"), "\(typo.stderr)")
        let nothing = try CLIRunner.run("payflow", ["validate", "Xyzzy", "-"])
        #expect(!nothing.stderr.contains("did you mean"))
    }

    @Test func listWritesJSON() throws {
        let result = try CLIRunner.run("payflow", ["list", "--format", "json"])
        #expect(result.status == 0)
        let listing = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        let types = (listing["types"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(types.contains("PayPalPayments.OrderResponse") && types.count > 100)
        #expect((listing["scenarios"] as? [Any])?.isEmpty == false)
        #expect((listing["faults"] as? [String])?.contains("timeout") == true)
    }
}
