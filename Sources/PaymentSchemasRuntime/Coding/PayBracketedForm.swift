import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// A form body (`application/x-www-form-urlencoded`) whose names nest by brackets, as PHP reads
/// one and Mollie's API takes one beside JSON: `amount[value]=10.00&amount[currency]=EUR` is the
/// object `{"amount": {"value": "10.00", "currency": "EUR"}}`, `method[]=ideal&method[]=card` the
/// list `["ideal", "card"]`, `lines[0][quantity]=2` the first element of `lines`. A `+` is a space.
/// The tree holds texts only and is decoded as a query is (every value read from its text), by the
/// same generated `init(from:)` as JSON.
public enum PayBracketedForm {
    /// The deepest nesting a name may have.
    public static let maximumDepth = 32
    /// The largest index a name may give (`lines[1000]` is refused): a form cannot make a list
    /// longer than its items.
    public static let maximumIndex = 1_000

    /// The tree of `text` (the body, without `?`).
    ///
    /// - Throws: ``PayloadDecodingError`` (kind `malformed`) for text that is not a well-formed
    ///   form, a name whose brackets do not close, or two names that make one member both a text
    ///   and an object or list.
    public static func tree(_ text: String) throws -> PayJSON {
        let items: [URLQueryItem]
        do {
            items = try PayQueryText.items(Substring(text.replacingOccurrences(of: "+", with: "%20")))
        } catch {
            throw malformed("not a well-formed form body: \(error)")
        }
        var root = Node.object([:])
        for item in items {
            let path = try segments(item.name)
            try insert(item.value ?? "", at: path[...], into: &root, name: item.name)
        }
        return root.json
    }

    /// One step of a name: a member, a list position, or `[]` (the next position).
    enum Segment: Equatable {
        case member(String)
        case index(Int)
        case next
    }

    /// `amount[value]` as `[.member("amount"), .member("value")]`.
    static func segments(_ name: String) throws -> [Segment] {
        guard let open = name.firstIndex(of: "[") else { return [.member(name)] }
        guard open != name.startIndex else { throw malformed("the form name '\(shown(name))' starts with '['") }
        var segments: [Segment] = [.member(String(name[..<open]))]
        var rest = name[open...]
        while !rest.isEmpty {
            guard rest.first == "[", let close = rest.firstIndex(of: "]") else {
                throw malformed("the brackets of the form name '\(shown(name))' do not close")
            }
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            if inner.isEmpty {
                segments.append(.next)
            } else if let index = Int(inner), inner.allSatisfy(\.isASCII), index >= 0 {
                guard index <= maximumIndex else { throw malformed("the form name '\(shown(name))' gives an index beyond \(maximumIndex)") }
                segments.append(.index(index))
            } else {
                segments.append(.member(String(inner)))
            }
            guard segments.count <= maximumDepth else {
                throw malformed("the form name '\(shown(name))' nests deeper than \(maximumDepth)")
            }
            rest = rest[rest.index(after: close)...]
        }
        return segments
    }

    /// The tree while it is built: members by name, list positions by index.
    indirect enum Node {
        case text(String)
        case object([String: Node])
        case list([Int: Node])

        /// The tree as the package's one value: a list's positions in order (gaps closed, as PHP
        /// lists them).
        var json: PayJSON {
            switch self {
            case .text(let text): return .string(text)
            case .object(let members): return .object(members.mapValues(\.json))
            case .list(let positions): return .array(positions.keys.sorted().compactMap { positions[$0]?.json })
            }
        }
    }

    private static func insert(_ value: String, at path: ArraySlice<Segment>, into node: inout Node, name: String) throws {
        guard let step = path.first else {
            // A name given twice keeps the last, as PHP does.
            if case .text = node { node = .text(value) } else { throw conflict(name) }
            return
        }
        let rest = path.dropFirst()
        switch (step, node) {
        case (.member(let key), .object(var members)):
            var child = members[key] ?? empty(for: rest.first)
            try insert(value, at: rest, into: &child, name: name)
            members[key] = child
            node = .object(members)
        case (.index(let index), .list(var positions)):
            var child = positions[index] ?? empty(for: rest.first)
            try insert(value, at: rest, into: &child, name: name)
            positions[index] = child
            node = .list(positions)
        case (.next, .list(var positions)):
            let index = (positions.keys.max() ?? -1) + 1
            guard index <= maximumIndex else { throw malformed("the form name '\(shown(name))' makes a list longer than \(maximumIndex)") }
            var child = empty(for: rest.first)
            try insert(value, at: rest, into: &child, name: name)
            positions[index] = child
            node = .list(positions)
        default:
            throw conflict(name)
        }
    }

    /// The empty node a step leads into.
    private static func empty(for step: Segment?) -> Node {
        switch step {
        case nil: return .text("")
        case .member?: return .object([:])
        case .index?, .next?: return .list([:])
        }
    }

    private static func conflict(_ name: String) -> PayloadDecodingError {
        malformed("the form name '\(shown(name))' makes a member both a text and an object or list")
    }

    private static func malformed(_ message: String) -> PayloadDecodingError {
        PayloadDecodingError(issues: [PayloadIssue(path: .root, kind: .malformed, message: message)])
    }

    /// A name as an error may show it: one holding six digits or more is a client's text that could
    /// be a card number, shown as `<redacted>` (as ``PayUnknownMembers`` shows kept names).
    private static func shown(_ name: String) -> String { PayUnknownMembers.shown(name) }
}
