import Foundation
@_spi(Generated) import PaySchemaVocabulary

/// Decodes the fields of one generated type, collecting every problem instead of stopping at the
/// first, so a bad payload reports all of its violations with their paths.
///
/// Generated `init(from:)` implementations call ``required(_:_:)`` and ``optional(_:_:)`` for each
/// field and then ``finish()``, which throws a ``PayloadDecodingError`` when anything went wrong.
@_spi(Generated)
public struct PayDecodingContainer {
    /// Where the fields come from.
    enum Source {
        /// The members of an object of the package's own tree (a JSON object or an XML element,
        /// ``PayWire``): fields are read straight from them, one lookup per field, without a keyed
        /// container. Every payload the package reads takes this path.
        case tree([String: PayJSON], PayJSONTreeDecoder)
        /// Another decoder's keyed container: an app that decodes generated types with its own
        /// decoder (`JSONDecoder`, say) gets the same fields, rules and errors through it.
        case keyed(KeyedDecodingContainer<PayCodingKey>)
    }

    let source: Source
    /// The wire format the payload uses.
    public let format: WireFormat
    /// The decoder, kept to build the coding path only when a problem is recorded.
    let decoder: any Decoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    var path: PayPath { PayPath(codingPath: codingPath) }
    /// Problems found so far.
    public private(set) var issues: [PayloadIssue] = []

    /// Opens the keyed container of `decoder`.
    public init(_ decoder: any Decoder) throws {
        self.decoder = decoder
        // The package's own decoder knows its format: no `userInfo` lookup.
        if let tree = decoder as? PayJSONTreeDecoder {
            if case .object(let members) = tree.node {
                self.format = tree.format
                self.source = .tree(members, tree)
                return
            }
            if let text = tree.text(tree.node), text.allSatisfy(\.isWhitespace) {
                // An XML element without children: a value whose fields are all absent.
                self.format = .xml
                self.source = .tree([:], tree)
                return
            }
        }
        self.format = WireFormat.current(decoder.userInfo)
        do {
            self.source = .keyed(try decoder.container(keyedBy: PayCodingKey.self))
        } catch {
            throw PayloadDecodingError(issues: PayloadDecodingError.issues(from: error, at: PayPath(codingPath: decoder.codingPath)))
        }
    }

    /// The fields as a keyed container, for the readers that need one (collections, dates).
    var container: KeyedDecodingContainer<PayCodingKey> {
        switch source {
        case .tree(let members, let tree): return KeyedDecodingContainer(PayJSONKeyedContainer<PayCodingKey>(members: members, decoder: tree))
        case .keyed(let container): return container
        }
    }

    /// The member under the field's current name or, when that is absent, its first present alias.
    private func member(_ key: PayFieldKey, in members: [String: PayJSON]) -> (PayCodingKey, PayJSON)? {
        let name = key.name(for: format)
        if let node = members[name] { return (PayCodingKey(stringValue: name), node) }
        for alias in key.aliases {
            if let node = members[alias] { return (PayCodingKey(stringValue: alias), node) }
        }
        return nil
    }

    @usableFromInline
    func presentKey(_ key: PayFieldKey) -> PayCodingKey? {
        let primary = PayCodingKey(stringValue: key.name(for: format))
        if container.contains(primary) { return primary }
        for alias in key.aliases {
            let candidate = PayCodingKey(stringValue: alias)
            if container.contains(candidate) { return candidate }
        }
        return nil
    }

    @usableFromInline
    mutating func record(_ error: any Error, at codingKey: PayCodingKey) {
        issues.append(contentsOf: PayloadDecodingError.issues(from: error, at: path.appending(codingKey.stringValue)))
    }

    @usableFromInline
    mutating func recordMissing(_ key: PayFieldKey) {
        issues.append(PayloadIssue(path: path.appending(key.name(for: format)), kind: .missing, message: "required field is missing"))
    }

    /// Decodes a required field; records an issue and returns `nil` when it is missing or invalid.
    ///
    /// The common case is one lookup, as in synthesized `Codable`; aliases are tried only when the
    /// current name is absent. Decimals, URLs and strings that accept numbers go through the
    /// package's strict readers whatever decoder is in use.
    public mutating func required<T: Decodable>(_ type: T.Type, _ key: PayFieldKey) -> T? {
        if case .tree(let members, let tree) = source {
            guard let (codingKey, node) = member(key, in: members) else {
                recordMissing(key)
                return fallback(T.self)
            }
            return treeField(T.self, key, node, codingKey, tree) ?? fallback(T.self)
        }
        let container = self.container
        let primary = PayCodingKey(stringValue: key.name(for: format))
        do {
            return try decodeValue(T.self, key, primary)
        } catch DecodingError.keyNotFound(let missing, let context) where Self.isThisField(missing, context, primary, depth: codingPath.count) {
            for alias in key.aliases {
                let candidate = PayCodingKey(stringValue: alias)
                guard container.contains(candidate) else { continue }
                do {
                    return try decodeValue(T.self, key, candidate)
                } catch {
                    record(error, at: candidate)
                    return fallback(T.self)
                }
            }
            recordMissing(key)
            return fallback(T.self)
        } catch {
            record(error, at: primary)
            return fallback(T.self)
        }
    }

    /// What a field that failed holds: nothing in a strict decode, a placeholder in a partial one
    /// (``PayPartialDecoding``), so the rest of the value can still be built and validated.
    func fallback<T: Decodable>(_ type: T.Type) -> T? {
        PayPartialDecoding.isActive ? PayPartialDecoding.placeholder(T.self) : nil
    }

    /// Whether a `keyNotFound` is about this container's field, not a same-named key deeper in the
    /// value (JSONDecoder reports the container's path; XMLCoder appends the missing key to it).
    static func isThisField(_ missing: any CodingKey, _ context: DecodingError.Context, _ primary: PayCodingKey, depth: Int) -> Bool {
        guard missing.stringValue == primary.stringValue else { return false }
        let path = context.codingPath
        return path.count == depth || (path.count == depth + 1 && path.last?.stringValue == primary.stringValue)
    }

    /// Decodes an optional field; absent gives `nil`, `null` gives `nil` where the schema allows it
    /// (``PayFieldKey/nullable``) and a violation otherwise, anything invalid records an issue.
    public mutating func optional<T: Decodable>(_ type: T.Type, _ key: PayFieldKey) -> T? {
        if case .tree(let members, let tree) = source {
            guard let (codingKey, node) = member(key, in: members) else { return nil }
            // XML has no null: an optional field's empty element is an absent value (a string is empty).
            if T.self != String.self, tree.text(node)?.isEmpty == true { return nil }
            if case .null = node {
                if !key.nullable { recordNull(at: codingKey) }
                return nil
            }
            return treeField(T.self, key, node, codingKey, tree) ?? fallback(T.self)
        }
        let container = self.container
        let primary = PayCodingKey(stringValue: key.name(for: format))
        if container.contains(primary) { return optionalValue(T.self, key, primary) }
        for alias in key.aliases {
            let candidate = PayCodingKey(stringValue: alias)
            if container.contains(candidate) { return optionalValue(T.self, key, candidate) }
        }
        return nil
    }

    /// The value of an optional field that is present: `nil` for `null` (a violation unless the
    /// field is nullable), the value otherwise.
    private mutating func optionalValue<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, _ codingKey: PayCodingKey) -> T? {
        let container = self.container
        do {
            if try container.decodeNil(forKey: codingKey) {
                if !key.nullable { recordNull(at: codingKey) }
                return nil
            }
            return try decodeValue(T.self, key, codingKey)
        } catch {
            record(error, at: codingKey)
            return fallback(T.self)
        }
    }

    mutating func recordNull(at codingKey: PayCodingKey) {
        issues.append(PayloadIssue(path: path.appending(codingKey.stringValue), kind: .null, message: "null is not allowed here; omit the field instead"))
    }

    /// Decodes one field value, routing decimals, URLs and number-accepting strings through the
    /// strict readers.
    @usableFromInline
    func decodeValue<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, _ codingKey: PayCodingKey) throws -> T {
        let container = self.container
        if T.self == Decimal.self, let value = try decimal(key.decimal, forKey: codingKey) as? T { return value }
        if T.self == URL.self, let value = try url(relative: key.relativeURL, text: container.decode(String.self, forKey: codingKey), at: codingKey) as? T {
            return value
        }
        if T.self == String.self, format == .json, key.decimal.accepts.contains(.number),
           let value = try numeralOrString(key.decimal, node: container.decode(PayJSON.self, forKey: codingKey), at: codingKey) as? T {
            return value
        }
        return try container.decode(T.self, forKey: codingKey)
    }

    /// A tree member's value, or `nil` with the problem recorded.
    private mutating func treeField<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, _ node: PayJSON, _ codingKey: PayCodingKey, _ tree: PayJSONTreeDecoder) -> T? {
        do {
            return try treeValue(T.self, key, node, codingKey, tree)
        } catch {
            record(error, at: codingKey)
            return nil
        }
    }

    /// ``decodeValue(_:_:_:)`` for a member of the package's JSON tree: the same readers and errors,
    /// reading the node in hand.
    func treeValue<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, _ node: PayJSON, _ codingKey: PayCodingKey, _ tree: PayJSONTreeDecoder) throws -> T {
        if T.self == Decimal.self, let value = try decimal(key.decimal, node: node, at: codingKey) as? T { return value }
        if T.self == URL.self {
            guard case .string(let text) = node else { throw PayJSONTreeDecoder.mismatch(String.self, node, tree.path(appending: codingKey)) }
            if let value = try url(relative: key.relativeURL, text: text, at: codingKey) as? T { return value }
        }
        if T.self == String.self, key.decimal.accepts.contains(.number),
           let value = try numeralOrString(key.decimal, node: node, at: codingKey) as? T {
            return value
        }
        return try tree.unbox(node, as: T.self, key: codingKey)
    }

    func decimal(_ rule: PayDecimalRule, forKey codingKey: PayCodingKey) throws -> Decimal {
        if format == .json {
            return try decimal(rule, node: container.decode(PayJSON.self, forKey: codingKey), at: codingKey)
        }
        return try decimal(rule, text: container.decode(String.self, forKey: codingKey), at: codingKey)
    }

    /// A JSON decimal: a number or a decimal string, as the field's rule allows.
    func decimal(_ rule: PayDecimalRule, node: PayJSON, at codingKey: PayCodingKey) throws -> Decimal {
        switch node {
        case .string(let text) where format == .xml: return try decimal(rule, text: text, at: codingKey)
        case .number(let numeral) where rule.decimalForms.contains(.number): return try decimal(rule, text: numeral, at: codingKey)
        case .string(let string) where rule.decimalForms.contains(.string): return try decimal(rule, text: string, at: codingKey)
        case .null: throw DecodingError.valueNotFound(Decimal.self, .init(codingPath: codingPath + [codingKey], debugDescription: "value is null"))
        default:
            let expected = rule.decimalForms.map { $0 == .number ? "a number" : "a decimal string" }.joined(separator: " or ")
            throw DecodingError.typeMismatch(Decimal.self, .init(codingPath: codingPath + [codingKey], debugDescription: "expected \(expected), found \(node.typeName)"))
        }
    }

    func decimal(_ rule: PayDecimalRule, text: String, at codingKey: PayCodingKey) throws -> Decimal {
        switch rule.check(text) {
        case .success(let value): return value
        case .failure(let violation):
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [codingKey], debugDescription: violation.message))
        }
    }

    func url(relative: Bool, text: String, at codingKey: PayCodingKey) throws -> URL {
        if let problem = PayURLText.problem(in: text, allowRelative: relative) {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [codingKey], debugDescription: "'\(text)' \(problem)"))
        }
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [codingKey], debugDescription: "'\(text)' is not a URL"))
        }
        return url
    }

    func numeralOrString(_ rule: PayDecimalRule, node: PayJSON, at codingKey: PayCodingKey) throws -> String {
        switch node {
        case .string(let text) where rule.accepts.contains(.string) || format == .xml: return text
        case .number(let numeral): return numeral
        case .null: throw DecodingError.valueNotFound(String.self, .init(codingPath: codingPath + [codingKey], debugDescription: "value is null"))
        case let node:
            throw DecodingError.typeMismatch(String.self, .init(codingPath: codingPath + [codingKey], debugDescription: "expected a number or a string, found \(node.typeName)"))
        }
    }

    /// The key under which a collection field has a value; records a missing field, or a `null`
    /// where the schema does not allow one, and returns `nil` for both.
    mutating func presentValueKey(_ key: PayFieldKey, required: Bool) -> PayCodingKey? {
        guard let codingKey = presentKey(key) else {
            if required { recordMissing(key) }
            return nil
        }
        guard (try? container.decodeNil(forKey: codingKey)) == true else { return codingKey }
        if required {
            issues.append(PayloadIssue(path: path.appending(codingKey.stringValue), kind: .null, message: "value is null"))
        } else if !key.nullable {
            recordNull(at: codingKey)
        }
        return nil
    }

    /// Decodes a list field element by element so that every bad element is reported.
    public mutating func list<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, required: Bool) -> [T]? {
        let partial = PayPartialDecoding.isActive
        guard let codingKey = presentValueKey(key, required: required) else { return required && partial ? [] : nil }
        let listPath = path.appending(codingKey.stringValue)
        do {
            var unkeyed = try container.nestedUnkeyedContainer(forKey: codingKey)
            var values: [T] = []
            var failed = false
            if let count = unkeyed.count { values.reserveCapacity(count) }
            while !unkeyed.isAtEnd {
                let index = unkeyed.currentIndex
                do {
                    values.append(try unkeyed.decode(T.self))
                } catch {
                    failed = true
                    issues.append(contentsOf: PayloadDecodingError.issues(from: error, at: listPath.appending(index: index)))
                    if unkeyed.currentIndex == index { _ = try? unkeyed.decode(PaySkippedValue.self) }
                    if unkeyed.currentIndex == index { break }
                    // Later elements keep their positions, so their violations keep their paths.
                    if partial, let placeholder = PayPartialDecoding.placeholder(T.self) { values.append(placeholder) }
                }
            }
            return failed && !partial ? nil : values
        } catch {
            record(error, at: codingKey)
            return partial ? [] : nil
        }
    }

    /// Decodes a set field from a list; a repeated element is reported, not silently merged.
    public mutating func set<T: Decodable & Hashable>(_ type: T.Type, _ key: PayFieldKey, required: Bool) -> Set<T>? {
        guard let values = list(T.self, key, required: required) else { return nil }
        var seen = Set<T>()
        var failed = false
        for (index, value) in values.enumerated() where !seen.insert(value).inserted {
            failed = true
            issues.append(PayloadIssue(path: path.appending(key.name(for: format)).appending(index: index), kind: .invalidValue, message: "repeats an earlier element; a set holds each value once"))
        }
        return failed && !PayPartialDecoding.isActive ? nil : seen
    }

    /// Decodes a string-keyed map field entry by entry so that every bad entry is reported.
    public mutating func map<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, required: Bool) -> [String: T]? {
        let partial = PayPartialDecoding.isActive
        guard let codingKey = presentValueKey(key, required: required) else { return required && partial ? [:] : nil }
        do {
            let nested = try container.nestedContainer(keyedBy: PayCodingKey.self, forKey: codingKey)
            var values: [String: T] = [:]
            var failed = false
            for entryKey in nested.allKeys {
                do {
                    values[entryKey.stringValue] = try nested.decode(T.self, forKey: entryKey)
                } catch {
                    failed = true
                    issues.append(contentsOf: PayloadDecodingError.issues(from: error, at: path.appending(codingKey.stringValue).appending(entryKey.stringValue)))
                }
            }
            return failed && !partial ? nil : values
        } catch {
            record(error, at: codingKey)
            return partial ? [:] : nil
        }
    }

    /// Decodes a date field written as text in `format`.
    public mutating func date(_ key: PayFieldKey, format dateFormat: PayDateFormat, required: Bool) -> Date? {
        if let date = dateValue(key, format: dateFormat, required: required) { return date }
        // A partial decode holds the epoch where a required date failed (its path is reported).
        return required && PayPartialDecoding.isActive ? Date(timeIntervalSince1970: 0) : nil
    }

    private mutating func dateValue(_ key: PayFieldKey, format dateFormat: PayDateFormat, required: Bool) -> Date? {
        let codingKey: PayCodingKey
        let text: String?
        if case .tree(let members, let tree) = source {
            guard let (memberKey, node) = member(key, in: members) else {
                if required { recordMissing(key) }
                return nil
            }
            codingKey = memberKey
            switch node {
            case .string("") where format == .xml && !required: return nil
            case .string(let string): text = string
            case .null: text = nil
            default:
                record(PayJSONTreeDecoder.mismatch(String.self, node, tree.path(appending: memberKey)), at: memberKey)
                return nil
            }
        } else {
            guard let presentKey = presentKey(key) else {
                if required { recordMissing(key) }
                return nil
            }
            codingKey = presentKey
            do {
                text = try container.decodeIfPresent(String.self, forKey: presentKey)
            } catch {
                record(error, at: presentKey)
                return nil
            }
        }
        guard let text else {
            if required {
                issues.append(PayloadIssue(path: path.appending(codingKey.stringValue), kind: .null, message: "value is null"))
            } else if !key.nullable {
                recordNull(at: codingKey)
            }
            return nil
        }
        guard let date = dateFormat.parse(text) else {
            issues.append(PayloadIssue(
                path: path.appending(codingKey.stringValue), kind: .invalidValue,
                message: "'\(text)' is not a date in the format \(dateFormat.name)"))
            return nil
        }
        return date
    }

    /// Decodes a list of dates written as text in `format`.
    public mutating func dateList(_ key: PayFieldKey, format dateFormat: PayDateFormat, required: Bool) -> [Date]? {
        guard let texts = list(String.self, key, required: required) else { return nil }
        var dates: [Date] = []
        var failed = false
        for (index, text) in texts.enumerated() {
            if let date = dateFormat.parse(text) {
                dates.append(date)
            } else {
                failed = true
                if PayPartialDecoding.isActive { dates.append(Date(timeIntervalSince1970: 0)) }
                issues.append(PayloadIssue(
                    path: path.appending(key.name(for: format)).appending(index: index), kind: .invalidValue,
                    message: "'\(text)' is not a date in the format \(dateFormat.name)"))
            }
        }
        return failed && !PayPartialDecoding.isActive ? nil : dates
    }

    /// Throws every recorded problem, if there is any; in a partial decode (``PayPartialDecoding``)
    /// hands them to its collector instead, so the value is still built.
    public func finish() throws {
        guard !issues.isEmpty else { return }
        if let collector = PayPartialDecoding.collector {
            collector.add(issues)
            return
        }
        throw PayloadDecodingError(issues: issues)
    }

    /// The error to throw when a required value is unexpectedly absent after ``finish()`` passed.
    public func incomplete() -> PayloadDecodingError {
        PayloadDecodingError(issues: issues.isEmpty
            ? [PayloadIssue(path: path, kind: .invalidValue, message: "payload is incomplete")]
            : issues)
    }
}

/// Accepts and ignores any value; used to step over a bad list element.
@_spi(Generated)
public struct PaySkippedValue: Decodable, Sendable {
    /// Consumes nothing.
    public init(from decoder: any Decoder) throws {}
}
