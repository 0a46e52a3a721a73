import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// Decodes the fields of one generated type, collecting every problem instead of stopping at the
/// first, so a bad payload reports all of its violations with their paths.
///
/// Generated `init(from:)` implementations call ``required(_:_:)`` and ``optional(_:_:)`` for each
/// field and then ``finish()``, which throws a ``PayloadDecodingError`` when anything went wrong.
@_spi(Generated)
public struct PayDecodingContainer {
    /// The members of the value's object in the package's tree (a JSON object or an XML element):
    /// every field is read straight from them, one lookup per field. There is one path: under
    /// ``PayWire`` the tree is the parsed document; under another decoder (an app's own
    /// `JSONDecoder`, say) the value is first rebuilt as a tree from what that decoder offers
    /// (numbers through `Decimal`, never `Double`), so the same readers, rules and errors apply.
    @usableFromInline let members: [String: PayJSON]
    /// The tree decoder of this value, for nested values and paths.
    let tree: PayJSONTreeDecoder
    /// The wire format the payload uses.
    public let format: WireFormat
    var codingPath: [any CodingKey] { tree.codingPath }
    @usableFromInline var path: PayPath { PayPath(codingPath: codingPath) }
    /// Problems found so far.
    public private(set) var issues: [PayloadIssue] = []
    /// The members the type's fields read (every other member is kept, `unknownMembers()`): in an
    /// object small enough to scan, a bit per member at its position in `members`' order, so no
    /// list is allocated per object; in a larger one, the names read, in the order read.
    @usableFromInline var readPositions: UInt64 = 0
    /// The names read in an object too large to scan (`[String: PayJSON].isScanned` is false).
    @usableFromInline var readNames: [String] = []
    /// Modelled members read in a spelling the type does not write (`PaySpelling`), by the
    /// field's wire name.
    @usableFromInline var spellings: [String: PaySpelling] = [:]

    /// Opens the object of `decoder`'s value.
    public init(_ decoder: any Decoder) throws {
        let tree: PayJSONTreeDecoder
        if let own = PayJSONTreeDecoder.own(decoder) {
            tree = own
        } else {
            do {
                tree = PayJSONTreeDecoder(
                    node: try PayJSON.rebuild(from: decoder), format: WireFormat.current(decoder.userInfo), basePath: decoder.codingPath)
            } catch {
                throw PayloadDecodingError(issues: PayloadDecodingError.issues(from: error, at: PayPath(codingPath: decoder.codingPath)))
            }
        }
        self.tree = tree
        self.format = tree.format
        if case .object(let members) = tree.node {
            self.members = members
        } else if let text = tree.text(tree.node), text.allSatisfy(\.isWhitespace) {
            // An XML element without children: a value whose fields are all absent.
            self.members = [:]
        } else {
            let mismatch = PayJSONTreeDecoder.mismatch([String: PayJSON].self, tree.node, tree.codingPath)
            throw PayloadDecodingError(issues: PayloadDecodingError.issues(from: mismatch, at: PayPath(codingPath: tree.codingPath)))
        }
    }

    /// The fields as a keyed container, for the readers that need one (collections).
    @usableFromInline var container: KeyedDecodingContainer<PayCodingKey> {
        KeyedDecodingContainer(PayJSONKeyedContainer<PayCodingKey>(members: members, decoder: tree))
    }

    /// The member of a single value: in a URL query an item named twice holds a list, and a
    /// single value is its first occurrence (as a browser's form reader takes it).
    @usableFromInline
    mutating func scalarMember(_ key: PayFieldKey) -> (PayCodingKey, PayJSON)? {
        guard let (codingKey, node) = member(key) else { return nil }
        if format == .query, case .array(let occurrences) = node, let first = occurrences.first { return (codingKey, first) }
        return (codingKey, node)
    }

    /// The member named `name` (the members' `member(named:)`: a small object is scanned).
    @inlinable
    func lookup(_ name: String) -> PayJSON? { members.member(named: name) }

    /// The member named `name`, recorded as read. Each field reads its own member (the checker
    /// refuses two fields, or a field and an alias, under one name), so once every member has
    /// been read no other field has one: the fields after the last member present are not looked
    /// up (PayPal's `payment_source`: 15 fields, its one member the first). Not in a URL query,
    /// where a map's item pattern (`{key}CryptoFormat`) may match a field's own name.
    @usableFromInline
    mutating func read(_ name: String) -> PayJSON? {
        guard !readEveryMember, let (node, position) = members.located(name) else { return nil }
        if position >= 0 {
            readPositions |= 1 << position
        } else {
            readNames.append(name)
        }
        return node
    }

    /// How many members the type's fields read.
    @inlinable var readCount: Int { readPositions.nonzeroBitCount + readNames.count }

    /// Whether the fields have read every member, so no later field has one (``read(_:)``).
    @inlinable var readEveryMember: Bool { format != .query && readCount >= members.count }

    /// The member under the field's current name or, when that is absent, its first present alias.
    @usableFromInline
    mutating func member(_ key: PayFieldKey) -> (PayCodingKey, PayJSON)? {
        let name = key.name(for: format)
        if let node = read(name) {
            return (PayCodingKey(stringValue: name), node)
        }
        for alias in key.aliases {
            if let node = read(alias) {
                spellings[name] = PaySpelling(name: alias, original: node, written: .asRead)
                return (PayCodingKey(stringValue: alias), node)
            }
        }
        return nil
    }

    /// A member read as `null` for a field of key `key` that holds `nil` for it: written back as
    /// `null`, while the field is `nil`, as it came (absent would lose it).
    @usableFromInline
    mutating func keepNull(_ key: PayFieldKey, _ codingKey: PayCodingKey) {
        spellings[key.name(for: format)] = PaySpelling(name: codingKey.stringValue, original: .null, written: .absent)
    }

    /// Records that a field of key `key` whose member is absent holds `value`, its default: written
    /// back as absent while it still holds it (a default the payload did not send is not added).
    @usableFromInline
    mutating func noteDefault<T: Encodable>(_ key: PayFieldKey, _ value: T) {
        let name = key.name(for: format)
        guard format == .json, lookup(name) == nil, !key.aliases.contains(where: { lookup($0) != nil }),
            let written = PayJSONTreeEncoder.leaf(value) ?? (try? PayWire.encodeJSONValue(value))
        else { return }
        spellings[name] = PaySpelling(name: name, original: nil, written: .value(written))
    }

    /// Records that the member under `codingKey`, read as `original`, is written as `written`
    /// for the value read (a field of key `key`), when the two differ.
    @usableFromInline
    mutating func noteSpelling(_ key: PayFieldKey, _ codingKey: PayCodingKey, original: PayJSON, written: PayJSON) {
        guard original != written else { return }
        spellings[key.name(for: format)] = PaySpelling(name: codingKey.stringValue, original: original, written: .value(written))
    }

    /// The members no field read: what the type keeps without a model.
    @usableFromInline
    func unknownMembers() -> PayUnknownMembers {
        var kept: [String: PayJSON] = [:]
        for (position, (name, value)) in members.enumerated() where !wasRead(name, at: position) {
            kept[name] = value
        }
        return PayUnknownMembers(kept)
    }

    /// Whether a field read the member `name`, the `position`th of `members`.
    func wasRead(_ name: String, at position: Int) -> Bool {
        members.isScanned ? readPositions & (1 << position) != 0 : readNames.contains(name)
    }

    /// Records each member no field read as a problem: a type whose schema refuses what it does
    /// not model (`unknownMembers: refuse`).
    @usableFromInline
    mutating func refuseUnknownMembers(of typeName: String) {
        for name in unknownMembers().members.keys.sorted() {
            // A name is the client's text: one that could be a card number is not repeated.
            let shown = PayUnknownMembers.shown(name)
            issues.append(
                PayloadIssue(
                    path: path.appending(shown), kind: .unknownMember,
                    message: "unknown member '\(shown)': \(typeName) has no such field and refuses members it does not model"))
        }
    }

    @usableFromInline
    mutating func record(_ error: any Error, at codingKey: PayCodingKey) {
        issues.append(contentsOf: PayloadDecodingError.issues(from: error, at: path.appending(codingKey.stringValue)))
    }

    /// Records the problems of `error`, thrown while decoding the value at `path`.
    @usableFromInline
    mutating func appendIssues(from error: any Error, at path: PayPath) {
        issues.append(contentsOf: PayloadDecodingError.issues(from: error, at: path))
    }

    @usableFromInline
    mutating func recordMissing(_ key: PayFieldKey) {
        issues.append(PayloadIssue(path: path.appending(key.name(for: format)), kind: .missing, message: "required field is missing"))
    }

    /// Decodes a required field; records an issue and returns `nil` when it is missing or invalid.
    ///
    /// The common case is one lookup, as in synthesized `Codable`; aliases are tried only when the
    /// current name is absent. Decimals, URLs and strings that accept numbers go through the
    /// package's strict readers. Inlinable, as are the other field readers, so each generated
    /// module gets a copy specialized for its field types (no generic metadata lookups per field).
    @inlinable
    public mutating func required<T: Decodable>(_ type: T.Type, _ key: PayFieldKey) -> T? {
        guard let (codingKey, node) = scalarMember(key) else {
            recordMissing(key)
            return fallback(T.self)
        }
        return field(T.self, key, node, codingKey) ?? fallback(T.self)
    }

    /// What a field that failed holds: nothing in a strict decode, a placeholder in a partial one
    /// (``PayPartialDecoding``), so the rest of the value can still be built and validated.
    @inlinable
    func fallback<T: Decodable>(_ type: T.Type) -> T? {
        PayPartialDecoding.isActive ? PayPartialDecoding.placeholder(T.self) : nil
    }

    /// Decodes an optional field; absent gives `nil`, `null` gives `nil` where the schema allows it
    /// (``PayFieldKey/nullable``) and a violation otherwise, anything invalid records an issue.
    @inlinable
    public mutating func optional<T: Decodable>(_ type: T.Type, _ key: PayFieldKey) -> T? {
        guard let (codingKey, node) = scalarMember(key) else { return nil }
        // XML has no null: an optional field's empty element is an absent value (a string is empty).
        if T.self != String.self, isEmptyText(node) { return nil }
        if case .null = node {
            if key.nullable { keepNull(key, codingKey) } else { recordNull(at: codingKey) }
            return nil
        }
        return field(T.self, key, node, codingKey) ?? fallback(T.self)
    }

    /// Decodes a field that must be present but may be `null` (`required: true` with
    /// `nullable: true`): absent is a missing field, `null` gives `nil`, anything invalid records
    /// an issue.
    @inlinable
    public mutating func present<T: Decodable>(_ type: T.Type, _ key: PayFieldKey) -> T? {
        guard let (codingKey, node) = scalarMember(key) else {
            recordMissing(key)
            return nil
        }
        if case .null = node {
            if !key.nullable { recordNull(at: codingKey) }
            return nil
        }
        return field(T.self, key, node, codingKey)
    }

    /// Whether `node` is XML's empty text (never in JSON; in a query `x=` is an empty value, read as
    /// the field's type reads it).
    @usableFromInline
    func isEmptyText(_ node: PayJSON) -> Bool { format == .xml && tree.text(node)?.isEmpty == true }

    @usableFromInline
    mutating func recordNull(at codingKey: PayCodingKey) {
        issues.append(
            PayloadIssue(
                path: path.appending(codingKey.stringValue), kind: .null, message: "null is not allowed here; omit the field instead"))
    }

    /// A member's value, or `nil` with the problem recorded.
    @inlinable
    mutating func field<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, _ node: PayJSON, _ codingKey: PayCodingKey) -> T? {
        do {
            let read = try value(T.self, key, node, codingKey)
            if T.self == Decimal.self, let amount = read as? Decimal {
                noteDecimalSpelling(amount, key, codingKey, node)
            } else if T.self == String.self, case .number = node, let text = read as? String {
                // A string field that accepts a number writes text: the number is written back as one.
                noteSpelling(key, codingKey, original: node, written: .string(text))
            } else if case .number(let text) = node, text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
                T.self is any BinaryInteger.Type, let integer = read as? any BinaryInteger
            {
                // (The node first: the type test is a conformance lookup in the runtime, which
                // specialization does not fold away, so it runs only for a number with a fraction
                // or an exponent.)
                // A whole number written with a fraction or an exponent (`1.0`, `1e3`) is written back so.
                noteSpelling(key, codingKey, original: node, written: .number("\(integer)"))
            }
            return read
        } catch {
            record(error, at: codingKey)
            return nil
        }
    }

    /// An amount read as a number where the type writes text (or the reverse), or with other
    /// digits than the type writes (`10` for `10.00`), is written back as it came while the field
    /// holds it.
    @usableFromInline
    mutating func noteDecimalSpelling(_ amount: Decimal, _ key: PayFieldKey, _ codingKey: PayCodingKey, _ node: PayJSON) {
        guard format == .json, let text = try? key.decimal.text(amount, format: format) else { return }
        noteSpelling(key, codingKey, original: node, written: key.decimal.writes == .number ? .number(text) : .string(text))
    }

    /// One field's value, routing decimals, URLs and number-accepting strings through the strict
    /// readers.
    @inlinable
    func value<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, _ node: PayJSON, _ codingKey: PayCodingKey) throws -> T {
        if T.self == Decimal.self, let value = try decimal(key.decimal, node: node, at: codingKey) as? T { return value }
        if T.self == URL.self, let value = try url(key, node: node, at: codingKey) as? T { return value }
        if T.self == String.self, key.decimal.accepts.contains(.number),
            let value = try numeralOrString(key.decimal, node: node, at: codingKey) as? T
        {
            return value
        }
        return try unbox(node, as: T.self, key: codingKey)
    }

    /// Any other value, through the tree decoder.
    @usableFromInline
    func unbox<T: Decodable>(_ node: PayJSON, as type: T.Type, key codingKey: PayCodingKey) throws -> T {
        try tree.unbox(node, as: T.self, key: codingKey)
    }

    /// A URL field's value: a string the strict URL reader accepts.
    @usableFromInline
    func url(_ key: PayFieldKey, node: PayJSON, at codingKey: PayCodingKey) throws -> URL {
        guard case .string(let text) = node else { throw PayJSONTreeDecoder.mismatch(String.self, node, tree.path(appending: codingKey)) }
        return try url(relative: key.relativeURL, text: text, at: codingKey)
    }

    /// A JSON decimal: a number or a decimal string, as the field's rule allows.
    @usableFromInline
    func decimal(_ rule: PayDecimalRule, node: PayJSON, at codingKey: PayCodingKey) throws -> Decimal {
        switch node {
        case .string(let text) where format != .json: return try decimal(rule, text: text, at: codingKey)
        case .number(let numeral) where rule.decimalForms.contains(.number): return try decimal(rule, text: numeral, at: codingKey)
        case .string(let string) where rule.decimalForms.contains(.string): return try decimal(rule, text: string, at: codingKey)
        case .null:
            throw DecodingError.valueNotFound(Decimal.self, .init(codingPath: codingPath + [codingKey], debugDescription: "value is null"))
        default:
            let expected = rule.decimalForms.map { $0 == .number ? "a number" : "a decimal string" }.joined(separator: " or ")
            throw DecodingError.typeMismatch(
                Decimal.self, .init(codingPath: codingPath + [codingKey], debugDescription: "expected \(expected), found \(node.typeName)"))
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

    @usableFromInline
    func numeralOrString(_ rule: PayDecimalRule, node: PayJSON, at codingKey: PayCodingKey) throws -> String {
        switch node {
        case .string(let text) where rule.accepts.contains(.string) || format != .json: return text
        case .number(let numeral): return numeral
        case .null:
            throw DecodingError.valueNotFound(String.self, .init(codingPath: codingPath + [codingKey], debugDescription: "value is null"))
        case let node:
            throw DecodingError.typeMismatch(
                String.self,
                .init(codingPath: codingPath + [codingKey], debugDescription: "expected a number or a string, found \(node.typeName)"))
        }
    }

    /// The key under which a collection field has a value, and the value; records a missing field,
    /// or a `null` where the schema does not allow one, and returns `nil` for both.
    @usableFromInline
    mutating func presentMember(_ key: PayFieldKey, required: Bool) -> (PayCodingKey, PayJSON)? {
        guard let (codingKey, node) = member(key) else {
            if required { recordMissing(key) }
            return nil
        }
        guard case .null = node else { return (codingKey, node) }
        // A required field that may be null ("present but null") holds `nil`.
        if required && key.nullable { return nil }
        if required {
            issues.append(PayloadIssue(path: path.appending(codingKey.stringValue), kind: .null, message: "value is null"))
        } else if !key.nullable {
            recordNull(at: codingKey)
        } else {
            keepNull(key, codingKey)
        }
        return nil
    }

    /// Decodes a list field element by element so that every bad element is reported.
    @inlinable
    public mutating func list<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, required: Bool) -> [T]? {
        let partial = PayPartialDecoding.isActive
        guard let (codingKey, node) = presentMember(key, required: required) else { return required && partial ? [] : nil }
        let listPath = path.appending(codingKey.stringValue)
        do {
            let list = try listElements(node, codingKey, key)
            var values: [T] = []
            var failed = false
            values.reserveCapacity(list.elements.count)
            for index in list.elements.indices {
                do {
                    values.append(try list.decode(T.self, at: index))
                } catch {
                    failed = true
                    appendIssues(from: error, at: listPath.appending(index: index))
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
            issues.append(
                PayloadIssue(
                    path: path.appending(key.name(for: format)).appending(index: index), kind: .invalidValue,
                    message: "repeats an earlier element; a set holds each value once"))
        }
        return failed && !PayPartialDecoding.isActive ? nil : seen
    }

    /// The elements of the list `node` under `codingKey` (present: ``presentMember(_:required:)``
    /// found it), each read straight from the tree: in a URL query its text is split as the field's
    /// key says (`PayQueryTree.list(_:style:)`), in XML a single element is a list of one.
    @usableFromInline
    func listElements(_ node: PayJSON, _ codingKey: PayCodingKey, _ key: PayFieldKey) throws -> PayListElements {
        var node = node
        if format == .query { node = PayQueryTree.list(node, style: key.queryList) }
        let decoder = PayJSONTreeDecoder(node: node, parent: tree, key: codingKey)
        return PayListElements(elements: try decoder.elements(), decoder: decoder)
    }

    /// A map whose query items are named by a pattern (`{key}CryptoFormat`): every item the pattern
    /// matches is an entry, its list split as the field's key says; `nil` when none matches.
    mutating func patternMap<T: Decodable>(
        _ type: T.Type, _ key: PayFieldKey, affixes: (prefix: String, suffix: String), required: Bool
    ) -> [String: T]? {
        var values: [String: T] = [:]
        var found = false
        var failed = false
        for name in members.keys.sorted()
        where name.hasPrefix(affixes.prefix) && name.hasSuffix(affixes.suffix) && name.count > affixes.prefix.count + affixes.suffix.count {
            guard let node = read(name) else { continue }
            found = true
            let entry = String(name.dropFirst(affixes.prefix.count).dropLast(affixes.suffix.count))
            do {
                values[entry] = try tree.unbox(
                    PayQueryTree.list(node, style: key.queryList), as: T.self, key: PayCodingKey(stringValue: name))
            } catch {
                failed = true
                appendIssues(from: error, at: path.appending(name))
            }
        }
        guard found else {
            if required { recordMissing(key) }
            return required && PayPartialDecoding.isActive ? [:] : nil
        }
        return failed && !PayPartialDecoding.isActive ? nil : values
    }

    /// Decodes a string-keyed map field entry by entry so that every bad entry is reported.
    public mutating func map<T: Decodable>(_ type: T.Type, _ key: PayFieldKey, required: Bool) -> [String: T]? {
        let partial = PayPartialDecoding.isActive
        if format == .query, let affixes = PayQueryTree.keyPattern(key.query) {
            return patternMap(T.self, key, affixes: affixes, required: required)
        }
        guard let (codingKey, _) = presentMember(key, required: required) else { return required && partial ? [:] : nil }
        do {
            let nested = try container.nestedContainer(keyedBy: PayCodingKey.self, forKey: codingKey)
            var values: [String: T] = [:]
            var failed = false
            for entryKey in nested.allKeys {
                do {
                    values[entryKey.stringValue] = try nested.decode(T.self, forKey: entryKey)
                } catch {
                    failed = true
                    issues.append(
                        contentsOf: PayloadDecodingError.issues(
                            from: error, at: path.appending(codingKey.stringValue).appending(entryKey.stringValue)))
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
        guard let (memberKey, node) = scalarMember(key) else {
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
        guard let text else {
            if required && !key.nullable {
                issues.append(PayloadIssue(path: path.appending(codingKey.stringValue), kind: .null, message: "value is null"))
            } else if !key.nullable {
                recordNull(at: codingKey)
            } else if !required {
                keepNull(key, codingKey)
            }
            return nil
        }
        guard let date = dateFormat.parse(text) else {
            issues.append(
                PayloadIssue(
                    path: path.appending(codingKey.stringValue), kind: .invalidValue,
                    message: "'\(text)' is not a date in the format \(dateFormat.name)"))
            return nil
        }
        // The same instant in another notation (`+00:00` for `Z`, fewer fraction digits) is
        // written back as it came while the field holds it.
        noteSpelling(key, codingKey, original: node, written: .string(dateFormat.format(date)))
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
                issues.append(
                    PayloadIssue(
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

    /// Hands `value` the members no field read (or, for a type that refuses them, records each
    /// as a problem), then throws every problem recorded, as ``finish()`` does. What every
    /// generated decoder ends with.
    @inlinable
    public mutating func finishReading<T: PayFieldVisiting>(into value: inout T) throws {
        let kept = settleUnknownMembers(of: T.self)
        if !kept.isEmpty { value.unknownMembers = kept }
        try finish()
    }

    /// The members no field read, for `T` to keep; for a type that refuses them, none, each
    /// recorded as a problem instead. Call it after the last field and before ``finish()``.
    @inlinable
    public mutating func settleUnknownMembers<T: PayFieldVisiting>(of type: T.Type) -> PayUnknownMembers {
        guard members.count > readCount || !spellings.isEmpty else { return PayUnknownMembers() }
        let refuses = T.payRefusesUnknownMembers || PayStrictReading.refusesUnknownMembers
        if !refuses && PayStrictReading.discardsUnknownMembers { return PayUnknownMembers() }
        var kept = PayUnknownMembers()
        kept.spellings = spellings
        guard members.count > readCount else { return kept }
        if refuses {
            refuseUnknownMembers(of: String(describing: T.self))
            return kept
        }
        kept.members = unknownMembers().members
        return kept
    }

    /// The error to throw when a required value is unexpectedly absent after ``finish()`` passed.
    public func incomplete() -> PayloadDecodingError {
        PayloadDecodingError(
            issues: issues.isEmpty
                ? [PayloadIssue(path: path, kind: .invalidValue, message: "payload is incomplete")]
                : issues)
    }
}

/// The elements of a list field, read one by one into the list's element type
/// (``PayDecodingContainer/list(_:_:required:)``), each with its index in its coding path.
@usableFromInline
struct PayListElements {
    /// The elements, as the tree holds them.
    @usableFromInline let elements: [PayJSON]
    /// The decoder of the list itself: the parent of each element's path.
    let decoder: PayJSONTreeDecoder

    init(elements: [PayJSON], decoder: PayJSONTreeDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    /// The element at `index` read as `T`.
    @usableFromInline
    func decode<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        try decoder.unbox(elements[index], as: T.self, key: PayCodingKey(intValue: index))
    }
}
