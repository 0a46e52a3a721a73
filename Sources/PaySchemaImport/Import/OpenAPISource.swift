import PaySchemaLanguage
import PaySchemaYAML

/// An OpenAPI document as the importer reads it: the located tree libyaml gives for YAML and for
/// JSON alike (JSON is YAML 1.2's flow style), so every schema, property and keyword keeps the
/// line and column a diagnostic points at, and members keep the document's order.
package struct OpenAPISource: Sendable {
    /// The document's root mapping.
    let root: YAMLNode
    /// The file, as diagnostics name it.
    package let path: String
    /// `3.0` or `3.1` (the `openapi` member's major and minor version).
    package let version: String

    /// How large and deep a document may be: larger than any provider's (Mollie's is 1.4 MB),
    /// still bounded.
    static let limits: YAMLLoader.Limits = {
        var limits = YAMLLoader.Limits.standard
        limits.maxBytes = 64 << 20
        limits.maxDepth = 256
        limits.maxNodes = 8_000_000
        limits.maxKeysPerMapping = 100_000
        return limits
    }()

    /// Reads `bytes` (JSON or YAML); every problem that stops the import is a located error.
    package static func read(bytes: [UInt8], path: String) -> (OpenAPISource?, [Diagnostic]) {
        let result = YAMLLoader.load(bytes: bytes, file: path, limits: limits)
        var diagnostics = result.diagnostics.filter { $0.severity == .error }
        guard diagnostics.isEmpty else { return (nil, diagnostics) }
        guard let root = result.root, root.mapping != nil else {
            let at = result.root?.location ?? SourceLocation(file: path, line: 1, column: 1)
            return (nil, [Diagnostic(.error, "an OpenAPI document is a mapping with an `openapi` member", at: at)])
        }
        guard let versionNode = root.member("openapi"), let text = versionNode.scalar else {
            diagnostics.append(
                Diagnostic(
                    .error, "no `openapi` member: this reads OpenAPI 3.0 and 3.1 documents (a Swagger 2.0 document needs converting first)",
                    at: root.location))
            return (nil, diagnostics)
        }
        let version = text.split(separator: ".").prefix(2).joined(separator: ".")
        guard version == "3.0" || version == "3.1" else {
            return (nil, [Diagnostic(.error, "OpenAPI \(text) is not read here: 3.0 and 3.1 are", at: versionNode.location)])
        }
        return (OpenAPISource(root: root, path: path, version: version), [])
    }

    /// The node at a JSON pointer (`/components/schemas/order`), `nil` when nothing is there.
    func node(at pointer: String) -> YAMLNode? {
        guard pointer.isEmpty || pointer.hasPrefix("/") else { return nil }
        var current = root
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = Self.unescaped(raw)
            if let next = current.member(token) {
                current = next
            } else if let items = current.sequence, let index = Int(token), items.indices.contains(index) {
                current = items[index]
            } else {
                return nil
            }
        }
        return current
    }

    /// `name` as one token of a JSON pointer (`~` and `/` escaped). Foundation's replacing bridges
    /// to `NSString`, and the importer makes a token of every member's name: a name with neither
    /// character (nearly all) is its own token.
    static func pointerToken(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return name }
        return name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// One token of a JSON pointer as the name it stands for (`~1` is `/`, `~0` is `~`); a token
    /// without `~` is the name itself.
    static func unescaped(_ token: some StringProtocol) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}

extension YAMLNode {
    /// The value of the mapping entry `key`, `nil` when the node is no mapping or has no such key.
    func member(_ key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar == key }?.value
    }

    /// The key node of the mapping entry `key` (where a diagnostic about that keyword points).
    func keyNode(_ key: String) -> YAMLNode? {
        mapping?.first { $0.key.scalar == key }?.key
    }

    /// A scalar's text, `nil` for collections and null.
    var text: String? { isNull ? nil : scalar }

    /// Whether the node is the scalar `true`.
    var isTrue: Bool { scalar == "true" }
}
