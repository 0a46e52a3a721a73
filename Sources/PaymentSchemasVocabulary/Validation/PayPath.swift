/// A location inside a payload, such as `cryptoOptions[1].format`.
public struct PayPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        /// A field or map key.
        case key(String)
        /// An array position.
        case index(Int)
    }

    /// The steps from the payload's root.
    public var components: [Component]

    /// The empty path: the payload's root.
    @inlinable public static var root: PayPath { PayPath(components: []) }

    /// Creates a path from its steps.
    @inlinable
    public init(components: [Component]) {
        self.components = components
    }

    /// Parses a dotted path such as `a.b[2].c`; used for literals in tests and fixtures.
    public init(stringLiteral value: String) {
        var parts: [Component] = []
        for segment in value.split(separator: ".") {
            var rest = Substring(segment)
            if let bracket = rest.firstIndex(of: "[") {
                let name = rest[..<bracket]
                if !name.isEmpty { parts.append(.key(String(name))) }
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    let number = rest[rest.index(after: rest.startIndex)..<close]
                    parts.append(Int(number).map(Component.index) ?? .key(String(number)))
                    rest = rest[rest.index(after: close)...]
                }
            } else if !rest.isEmpty {
                parts.append(.key(String(rest)))
            }
        }
        self.components = parts
    }

    /// Builds a path from a coder's coding path (integer keys become indices).
    public init(codingPath: [any CodingKey]) {
        self.components = codingPath.map { key in
            if let index = key.intValue { return .index(index) }
            return .key(key.stringValue)
        }
    }

    /// This path extended by a field or map key.
    @inlinable
    public func appending(_ key: String) -> PayPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// This path extended by an array position.
    @inlinable
    public func appending(index: Int) -> PayPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// The dotted form: `cryptoOptions[1].format`; the root is `$`.
    public var description: String {
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
