import Foundation
import HTTPTypes
import PaymentMocks
import PaymentSchemasRuntime
import PaymentSchemasVocabulary

/// One exchange as `GET /__admin/requests/<n>` shows it to the inspector: the journal entry, the
/// request and the answer with headers and bodies redacted (``ExchangeRedaction``: every field the
/// schemas mark `sensitive`, every credential header, every card-length digit run), the generated
/// types and the verdict, the state changes it caused, and a curl command with placeholders for
/// the secrets. Built when asked, from the journal's record; nothing unredacted leaves.
enum SandboxExchangeDetail {
    /// The headers a curl command leaves out: the client and the connection set them.
    static let transportHeaders: Set<String> = [
        "content-length", "host", "connection", "accept-encoding", "user-agent", "transfer-encoding",
    ]

    /// The detail's JSON.
    static func json(entry: SandboxJournalEntry, record: SandboxExchangeRecord?, base: String, transitions: [PayJSON]) -> PayJSON {
        var members: [String: PayJSON] = [
            "sequence": .number(String(entry.sequence)), "time": .string(ISO8601DateFormatter().string(from: entry.time)),
            "provider": .string(entry.provider), "method": .string(entry.method), "path": .string(entry.path),
            "status": .number(String(entry.status)), "scenario": entry.scenario.map(PayJSON.string) ?? .null,
            "fault": entry.fault.map(PayJSON.string) ?? .null, "milliseconds": .number(String(entry.milliseconds)),
            "transitions": .array(transitions),
        ]
        guard let record else {
            members["kept"] = false
            members["note"] =
                "the journal no longer keeps this exchange's headers and bodies (it keeps the most recent within 16 MiB of bodies)"
            return .object(members)
        }
        members["kept"] = true
        let requestType = header(record.request.headerFields, .contentType)
        let target = ExchangeRedaction.target(record.request.path ?? "/")
        members["request"] = [
            "target": .string(target),
            "headers": headers(record.request.headerFields),
            "body": record.requestBody.map { .string(ExchangeRedaction.body($0, contentType: requestType)) }
                ?? .string("(\(record.requestBytes) bytes: larger than the journal keeps)"),
            "bytes": .number(String(record.requestBytes)),
        ]
        members["response"] = [
            "status": .number(String(record.status)),
            "headers": headers(record.responseHeaders),
            "body": .string(ExchangeRedaction.body(record.responseBody, contentType: header(record.responseHeaders, .contentType))),
            "bytes": .number(String(record.responseBytes)),
        ]
        members["replayable"] = .bool(record.replayable)
        members["replayOf"] = record.replayOf.map { .number(String($0)) } ?? .null
        if let verdict = record.verdict {
            members["verdict"] = [
                "outcome": .string(verdict.outcome),
                "operationID": verdict.operationID.map(PayJSON.string) ?? .null,
                "requestType": verdict.requestType.map(PayJSON.string) ?? .null,
                "responseType": verdict.responseType.map(PayJSON.string) ?? .null,
                "rule": verdict.rule.map(PayJSON.string) ?? .null,
                "violations": .array(
                    verdict.violations.map { ["path": .string($0.path), "rule": .string($0.rule), "message": .string($0.message)] }),
            ]
        } else {
            members["verdict"] = .null
        }
        members["curl"] = .string(curl(record, target: target, base: base))
        return .object(members)
    }

    /// Header fields as `[[name, value]]`, credentials redacted.
    static func headers(_ fields: HTTPFields) -> PayJSON {
        .array(
            fields.map { field in
                .array([
                    .string(ExchangeRedaction.headerName(field.name.rawName)),
                    .string(ExchangeRedaction.header(field.name.rawName, field.value)),
                ])
            })
    }

    static func header(_ fields: HTTPFields, _ name: HTTPField.Name) -> String? { fields[name] }

    /// `curl` sending the request again: credentials as shell variables (`$AUTHORIZATION`, or
    /// `Bearer $AUTHORIZATION`), secret body fields as `<redacted>`, every value single-quoted.
    static func curl(_ record: SandboxExchangeRecord, target: String, base: String) -> String {
        var lines = ["curl -X \(record.request.method.rawValue) " + quoted(base + target)]
        var placeholders: [String] = []
        for field in record.request.headerFields where !transportHeaders.contains(field.name.canonicalName) {
            let name = ExchangeRedaction.headerName(field.name.rawName)
            let value = ExchangeRedaction.header(field.name.rawName, field.value)
            if ExchangeRedaction.isSecretHeader(field.name.rawName) {
                let variable = "$" + name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? String($0) : "_" }.joined()
                if !placeholders.contains(variable) { placeholders.append(variable) }
                let prefix = value.components(separatedBy: ExchangeRedaction.placeholder).first ?? ""
                // The client's text stays in single quotes; only the variable is expanded.
                lines.append("-H " + quoted("\(name): \(prefix)") + "\"\(variable)\"")
                continue
            }
            lines.append("-H " + quoted("\(name): \(value)"))
        }
        if let body = record.requestBody, !body.isEmpty {
            lines.append(
                "--data-raw " + quoted(ExchangeRedaction.body(body, contentType: record.request.headerFields[.contentType], pretty: false)))
        }
        let command = lines.joined(separator: " \\\n  ")
        guard !placeholders.isEmpty || command.contains(ExchangeRedaction.placeholder) else { return command }
        let note =
            "# Set " + (placeholders.isEmpty ? "" : placeholders.joined(separator: ", ") + " and replace ")
            + "every <redacted> with your own values: secrets are never shown."
        return note + "\n" + command
    }

    /// `text` in single quotes for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
