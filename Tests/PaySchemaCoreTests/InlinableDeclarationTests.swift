import Foundation
import Testing

/// An `@inlinable` member of a `package` (or internal) type is inlined into other modules only
/// when the type itself is `@usableFromInline`: otherwise Swift 6.3 compiles it without complaint
/// and serializes no body, so every caller in another module calls it unspecialized (a generic
/// shape then asks the runtime for its metadata on each call; NOTES.md, issue 80). Every
/// `@inlinable` declaration in `Sources` sits in types that are each public or `@usableFromInline`.
@Suite struct InlinableDeclarationTests {
    /// A type declaration or extension, with how far it is indented and whether other modules may
    /// inline code that names it.
    struct Scope {
        let indent: Int
        let name: String
        let inlinable: Bool?
    }

    /// Whether a declaration's attributes and modifiers let inlined code in other modules name it
    /// (`nil` for an extension, which takes its type's answer).
    static func inlinable(attributes: Substring, modifiers: Substring, kind: Substring) -> Bool? {
        if kind == "extension" { return nil }
        return attributes.contains("@usableFromInline") || modifiers.contains("public")
    }

    /// Each `@inlinable` declaration of `files` (path and text) whose enclosing types are not all
    /// public or `@usableFromInline`, as `path:line: Type`.
    static func violations(in files: [(path: String, text: String)]) -> [String] {
        let declaration =
            #/
            ^ (?<indent> \x20*)
            (?<attributes> (@[A-Za-z]+ (\([^)]*\))? \x20+)*)
            (?<modifiers> ((public|package|internal|fileprivate|private|final|indirect) \x20+)*)
            (?<kind> struct|enum|class|protocol|extension|actor) \x20+
            (?<name> [A-Za-z_][A-Za-z0-9_.]*)
            /#
        var declared: [String: Bool] = [:]
        for file in files {
            for line in file.text.split(separator: "\n", omittingEmptySubsequences: false) {
                guard let match = line.firstMatch(of: declaration),
                    let inlinable = inlinable(attributes: match.attributes, modifiers: match.modifiers, kind: match.kind)
                else { continue }
                declared[String(match.name), default: false] = declared[String(match.name), default: false] || inlinable
            }
        }
        var found: [String] = []
        for file in files {
            var scopes: [Scope] = []
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let indent = line.prefix { $0 == " " }.count
                let trimmed = line.dropFirst(indent)
                if !trimmed.isEmpty, !trimmed.hasPrefix("}"), !trimmed.hasPrefix("//") {
                    scopes.removeAll { $0.indent >= indent }
                }
                if let match = line.firstMatch(of: declaration) {
                    let own = inlinable(attributes: match.attributes, modifiers: match.modifiers, kind: match.kind)
                    let name = String(match.name)
                    // An extension of a type `Sources` does not declare extends another module's
                    // type (`Dictionary`), which is public: only public types can be extended there.
                    let type = name.split(separator: ".").last.map(String.init) ?? name
                    scopes.append(Scope(indent: indent, name: name, inlinable: own ?? declared[type] ?? true))
                    continue
                }
                guard trimmed.hasPrefix("@inlinable") else { continue }
                if let closed = scopes.first(where: { $0.inlinable != true }) {
                    found.append("\(file.path):\(number + 1): \(closed.name)")
                }
            }
        }
        return found
    }

    @Test func everyInlinableMemberSitsInATypeOtherModulesMayInline() throws {
        let root = packageRoot.appending(path: "Sources")
        var files: [(path: String, text: String)] = []
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            files.append((String(url.path.dropFirst(packageRoot.path.count + 1)), try String(contentsOf: url, encoding: .utf8)))
        }
        #expect(files.count > 100)
        #expect(files.contains { $0.text.contains("@inlinable package") })
        #expect(Self.violations(in: files) == [])
    }

    /// The scan finds a member of a plain `package` type, of its extension and of a type nested in
    /// one, and passes those of a `@usableFromInline` or public type, and of an extension of
    /// another module's type (public: no other can be extended).
    @Test func theScanFindsWhatItLooksFor() {
        let source = """
            package struct Plain<Value> {
                @inlinable package var first: Int { 1 }
                @usableFromInline package final class Nested {
                    @inlinable init() {}
                }
            }

            extension Plain {
                @inlinable package var second: Int { 2 }
            }

            @usableFromInline package struct Shared<Value> {
                @inlinable package var third: Int { 3 }
                @usableFromInline package enum Inner {
                    @inlinable package static var fourth: Int { 4 }
                }
            }

            extension Shared {
                @inlinable package var fifth: Int { 5 }
            }

            public struct Open {
                @inlinable public var sixth: Int { 6 }
            }

            extension Dictionary where Key == String {
                @inlinable func seventh() -> Int { 7 }
            }
            """
        #expect(
            Self.violations(in: [("Sample.swift", source)]) == ["Sample.swift:2: Plain", "Sample.swift:4: Plain", "Sample.swift:9: Plain"])
    }
}
