import Foundation
import PaySchemaLanguage
import PaySchemaYAML

/// Reads one YAML mapping of a schema, reporting unknown keys (with a suggestion) and values of
/// the wrong shape at the offending node.
package struct MappingReader {
    package let node: YAMLNode
    private let entries: [YAMLEntry]
    /// The first entry of each key, for large mappings; small ones (most: a field's `{ type: … }`)
    /// are scanned, which costs less than building a dictionary.
    private let index: [String: Int]?
    /// Each entry's key text (`nil` for a collection key), searched without copying the nodes.
    private let keyTexts: [String?]
    /// Bit `n` set when a key of `n` bytes is present (`n` capped at 63): most keys a reader asks
    /// for are absent, and one test answers most of those without looking at any entry.
    private let keyLengthBits: UInt64

    /// Wraps `node`; reports an error and returns `nil` when it is not a mapping.
    package init?(_ node: YAMLNode, what: @autoclosure () -> String, diagnostics: inout Diagnostics) {
        guard let entries = node.mapping else {
            diagnostics.error("\(what()) must be a mapping, found \(node.kindDescription)", at: node.location)
            return nil
        }
        self.node = node
        self.entries = entries
        keyTexts = entries.map(\.key.scalar)
        keyLengthBits = keyTexts.reduce(0) { bits, text in text.map { bits | Self.lengthBit($0) } ?? bits }
        if entries.count > 8 {
            var index: [String: Int] = [:]
            index.reserveCapacity(entries.count)
            for (position, entry) in entries.enumerated() {
                guard let key = entry.key.scalar, index[key] == nil else { continue }
                index[key] = position
            }
            self.index = index
        } else {
            self.index = nil
        }
    }

    /// The position of the first entry whose key is `key`.
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        guard keyLengthBits & Self.lengthBit(key) != 0 else { return nil }
        // A length (read, not counted, from a native string) tells most keys apart before any
        // text is compared.
        let length = key.utf8.count
        for position in keyTexts.indices {
            if let text = keyTexts[position], text.utf8.count == length, text == key { return position }
        }
        return nil
    }

    /// The bit of `keyLengthBits` for a key of this text's length.
    private static func lengthBit(_ text: String) -> UInt64 { 1 << UInt64(min(text.utf8.count, 63)) }

    /// Keys in document order (scalar keys only).
    package var keys: [YAMLNode] { entries.compactMap { $0.key.scalar == nil ? nil : $0.key } }

    /// Reports every key not in `known`, suggesting the closest known key.
    package func rejectUnknownKeys(_ known: Set<String>, in what: @autoclosure () -> String, diagnostics: inout Diagnostics) {
        rejectKeys(where: { !known.contains($0) }, known: known, in: what, diagnostics: &diagnostics)
    }

    /// Reports every key not in `known`, suggesting the closest known key.
    package func rejectUnknownKeys(_ known: KnownKeys, in what: @autoclosure () -> String, diagnostics: inout Diagnostics) {
        rejectKeys(where: { !known.contains($0) }, known: known.all, in: what, diagnostics: &diagnostics)
    }

    /// Reports every key `isUnknown` says is not among `known`.
    private func rejectKeys(
        where isUnknown: (String) -> Bool, known: Set<String>, in what: () -> String, diagnostics: inout Diagnostics
    ) {
        for offset in keyTexts.indices {
            guard let text = keyTexts[offset], isUnknown(text) else { continue }
            let key = entries[offset].key
            var hint = Suggestions.hint(for: text, in: known.sorted())
            if hint.isEmpty, self[text]?.isNull == true, text.contains(" ") || text.hasSuffix(".") {
                hint = "; if this is the rest of a text value, quote the whole text: a comma ends a value inside '{ }'"
            }
            diagnostics.error("unknown key '\(text)' in \(what())\(hint)", at: key.location)
        }
    }

    /// The value node of `key`.
    package subscript(_ key: String) -> YAMLNode? { position(of: key).map { entries[$0].value } }

    /// A string value; reports collections given where text is expected.
    package func string(_ key: String, diagnostics: inout Diagnostics) -> Located<String>? {
        guard let value = self[key], !value.isNull else { return nil }
        guard let text = value.scalar else {
            diagnostics.error("'\(key)' must be text, found \(value.kindDescription)", at: value.location)
            return nil
        }
        return Located(text, at: value.location)
    }

    /// Documentation text, trimmed of trailing newlines from block scalars.
    package func doc(diagnostics: inout Diagnostics) -> String? {
        guard let text = string("doc", diagnostics: &diagnostics)?.value else { return nil }
        // Text that starts and ends with a visible ASCII character has nothing to trim.
        if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return text
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A boolean value (`true` or `false`).
    package func bool(_ key: String, diagnostics: inout Diagnostics) -> Located<Bool>? {
        guard let value = self[key] else { return nil }
        switch value.scalar {
        case "true"?: return Located(true, at: value.location)
        case "false"?: return Located(false, at: value.location)
        default:
            diagnostics.error(
                "'\(key)' must be true or false, found \(value.scalar.map { "'\($0)'" } ?? value.kindDescription)", at: value.location)
            return nil
        }
    }

    /// A non-negative integer value.
    package func count(_ key: String, diagnostics: inout Diagnostics) -> Located<Int>? {
        guard let value = self[key] else { return nil }
        guard let text = value.scalar, let number = Int(text), number >= 0 else {
            diagnostics.error(
                "'\(key)' must be a non-negative integer, found \(value.scalar.map { "'\($0)'" } ?? value.kindDescription)",
                at: value.location)
            return nil
        }
        return Located(number, at: value.location)
    }

    /// A list of strings; a single scalar counts as a one-item list.
    package func strings(_ key: String, diagnostics: inout Diagnostics) -> [Located<String>] {
        guard let value = self[key], !value.isNull else { return [] }
        if let text = value.scalar { return [Located(text, at: value.location)] }
        guard let items = value.sequence else {
            diagnostics.error("'\(key)' must be a list of names, found \(value.kindDescription)", at: value.location)
            return []
        }
        var result: [Located<String>] = []
        for item in items {
            if let text = item.scalar {
                result.append(Located(text, at: item.location))
            } else {
                diagnostics.error("'\(key)' items must be text, found \(item.kindDescription)", at: item.location)
            }
        }
        return result
    }

    /// A value from a closed set of spellings; reports others with a suggestion.
    package func choice<T>(_ key: String, _ options: [(String, T)], diagnostics: inout Diagnostics) -> Located<T>?
    where T: Sendable & Hashable {
        guard let text = string(key, diagnostics: &diagnostics) else { return nil }
        if let match = options.first(where: { $0.0 == text.value }) {
            return Located(match.1, at: text.location)
        }
        let names = options.map(\.0)
        diagnostics.error(
            "'\(key)' must be one of \(names.joined(separator: ", ")); found '\(text.value)'\(Suggestions.hint(for: text.value, in: names))",
            at: text.location)
        return nil
    }

    /// `deprecated` (true or a message) and `renamedFrom` (a name or a list of names).
    package func lifecycle(diagnostics: inout Diagnostics) -> Lifecycle {
        var lifecycle = Lifecycle()
        if let value = self["deprecated"] {
            switch value.scalar {
            case "true"?: lifecycle.deprecated = ""
            case "false"?: lifecycle.deprecated = nil
            case let text? where value.isNull == false: lifecycle.deprecated = text
            default: diagnostics.error("'deprecated' must be true, false or a message, found \(value.kindDescription)", at: value.location)
            }
        }
        lifecycle.renamedFrom = strings("renamedFrom", diagnostics: &diagnostics)
        return lifecycle
    }
}
