import Foundation
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaYAML

/// `Schemas/breaking-changes.yaml`: intentional breaks, each keyed by rule and element path with a
/// reason. Matching changes are reported as accepted; an entry that matches nothing is itself
/// reported, so the file never rots.
///
/// ```yaml
/// accepted:
///   - rule: FIELD_REMOVED
///     path: MollieCheckout.Payment.issuer
///     reason: The backend stopped sending issuers in v2 (ticket 123).
/// severity:                      # per-rule overrides of the reported severity
///   ENUM_CASE_ADDED: error
///   DOCUMENTATION_CHANGED: info
/// ```
package struct AcceptedChanges: Sendable {
    /// One accepted change.
    package struct Entry: Sendable, Hashable {
        /// The rule.
        package var rule: DiffRule
        /// The element path.
        package var path: String
        /// Why the break is intended.
        package var reason: String
        /// Where the entry is written.
        package var location: SourceLocation
    }

    /// The entries.
    package var entries: [Entry] = []
    /// Severity overrides by rule (`error`, `warning`, `info`).
    package var severities: [DiffRule: Diagnostic.Severity] = [:]

    /// No accepted changes.
    package init() {}

    /// Reads the file; problems are diagnostics at their nodes.
    package static func load(_ text: String, file: String) -> (AcceptedChanges, [Diagnostic]) {
        var diagnostics = Diagnostics()
        var result = AcceptedChanges()
        let loaded = YAMLLoader.load(text, file: file)
        diagnostics.append(contentsOf: loaded.diagnostics)
        guard let root = loaded.root, let reader = Mapping(root, what: "breaking-changes.yaml", diagnostics: &diagnostics) else {
            return (result, diagnostics.all)
        }
        reader.rejectUnknownKeys(["accepted", "severity"], in: "breaking-changes.yaml", diagnostics: &diagnostics)
        let rules = DiffRule.allCases.map(\.rawValue)
        if let overrides = reader["severity"], !overrides.isNull,
            let mapping = Mapping(overrides, what: "'severity'", diagnostics: &diagnostics)
        {
            let levels: [(String, Diagnostic.Severity)] = [("error", .error), ("warning", .warning), ("info", .note)]
            for key in mapping.entries.map(\.key) {
                guard let name = key.scalar else { continue }
                guard let rule = DiffRule(rawValue: name) else {
                    diagnostics.error("unknown rule '\(name)'\(Suggestions.hint(for: name, in: rules))", at: key.location)
                    continue
                }
                guard let level = mapping.string(name, diagnostics: &diagnostics) else { continue }
                if let match = levels.first(where: { $0.0 == level.text }) {
                    result.severities[rule] = match.1
                } else {
                    let names = levels.map(\.0)
                    diagnostics.error(
                        "'\(name)' must be one of \(names.joined(separator: ", ")); found '\(level.text)'\(Suggestions.hint(for: level.text, in: names))",
                        at: level.location)
                }
            }
        }
        guard let list = reader["accepted"], !list.isNull else { return (result, diagnostics.all) }
        guard let items = list.sequence else {
            diagnostics.error("'accepted' must be a list of {rule, path, reason}", at: list.location)
            return (result, diagnostics.all)
        }
        for item in items {
            guard let entry = Mapping(item, what: "an accepted change", diagnostics: &diagnostics) else { continue }
            entry.rejectUnknownKeys(["rule", "path", "reason"], in: "an accepted change", diagnostics: &diagnostics)
            guard let rule = entry.string("rule", diagnostics: &diagnostics), let path = entry.string("path", diagnostics: &diagnostics),
                let reason = entry.string("reason", diagnostics: &diagnostics), !reason.text.trimmingCharacters(in: .whitespaces).isEmpty
            else {
                diagnostics.error("an accepted change needs 'rule', 'path' and a non-empty 'reason'", at: item.location)
                continue
            }
            guard let known = DiffRule(rawValue: rule.text) else {
                diagnostics.error("unknown rule '\(rule.text)'\(Suggestions.hint(for: rule.text, in: rules))", at: rule.location)
                continue
            }
            result.entries.append(Entry(rule: known, path: path.text, reason: reason.text, location: item.location))
        }
        return (result, diagnostics.all)
    }

    /// One mapping of the file, read with the schema parser's words for what is wrong (the schema
    /// parser's own reader is the syntax module's, which the diff does not import).
    struct Mapping {
        let entries: [YAMLEntry]

        init?(_ node: YAMLNode, what: String, diagnostics: inout Diagnostics) {
            guard let entries = node.mapping else {
                diagnostics.error("\(what) must be a mapping, found \(node.kindDescription)", at: node.location)
                return nil
            }
            self.entries = entries
        }

        subscript(_ key: String) -> YAMLNode? { entries.first { $0.key.scalar == key }?.value }

        func rejectUnknownKeys(_ known: Set<String>, in what: String, diagnostics: inout Diagnostics) {
            for key in entries.map(\.key) {
                guard let text = key.scalar, !known.contains(text) else { continue }
                diagnostics.error("unknown key '\(text)' in \(what)\(Suggestions.hint(for: text, in: known.sorted()))", at: key.location)
            }
        }

        /// A text value with where it is written; `nil` when absent or null, and a problem when it is
        /// a collection.
        func string(_ key: String, diagnostics: inout Diagnostics) -> (text: String, location: SourceLocation)? {
            guard let value = self[key], !value.isNull else { return nil }
            guard let text = value.scalar else {
                diagnostics.error("'\(key)' must be text, found \(value.kindDescription)", at: value.location)
                return nil
            }
            return (text, value.location)
        }
    }

    /// Marks accepted changes and appends a `STALE_ACCEPTANCE` change for each entry that matched nothing.
    package func apply(to changes: [SchemaChange]) -> [SchemaChange] {
        var result = changes
        var used = Set<Int>()
        for index in result.indices {
            if let severity = severities[result[index].rule] { result[index].severity = severity }
            if let match = entries.firstIndex(where: { $0.rule == result[index].rule && $0.path == result[index].path }) {
                result[index].acceptedBecause = entries[match].reason
                used.insert(match)
            }
        }
        for (index, entry) in entries.enumerated() where !used.contains(index) {
            result.append(
                SchemaChange(
                    rule: .staleAcceptance, severity: .warning, wire: .compatible, source: .compatible, path: entry.path,
                    message: "the accepted \(entry.rule.rawValue) at \(entry.path) matches no change; remove the entry",
                    location: entry.location))
        }
        return result
    }
}
