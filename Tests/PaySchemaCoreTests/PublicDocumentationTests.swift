import Foundation
import Testing

/// Every public declaration the package ships, written or generated, carries a `///` comment: the
/// line before it (attributes aside) is documentation. DocC renders what is there; this finds what
/// is not, with the file and line.
@Suite struct PublicDocumentationTests {
    /// A line that declares something public or open, after any attributes and modifiers; imports
    /// and extensions (which document nothing of their own) are not declarations here.
    static let declaration = try! NSRegularExpression(
        pattern:
            #"^(@[A-Za-z_]+(\([^)]*\))?\s+)*((final|nonisolated|override|required|convenience|static|mutating|indirect|dynamic)\s+)*(public|open)\s+(?!import\b|extension\b)"#
    )

    /// The undocumented public declarations of the Swift files under `folder`, as `file:line: text`.
    static func undocumented(under folder: String) throws -> (declarations: Int, missing: [String]) {
        let root = packageRoot.appending(path: folder)
        guard let files = FileManager.default.enumerator(atPath: root.path) else { return (0, []) }
        var declarations = 0
        var missing: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") && !file.contains(".build") {
            let lines = try String(contentsOf: root.appending(path: file), encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { continue }
                declarations += 1
                var previous = index - 1
                while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
                if previous < 0 || !lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    missing.append("\(folder)/\(file):\(index + 1): \(text)")
                }
            }
        }
        return (declarations, missing)
    }

    @Test(arguments: ["Sources", "Generated"])
    func everyPublicDeclarationIsDocumented(folder: String) throws {
        let (declarations, missing) = try Self.undocumented(under: folder)
        // The scan must find the package's declarations, or it could not fail.
        #expect(declarations > 500, "only \(declarations) public declarations found under \(folder)")
        #expect(missing.isEmpty, "undocumented:\n\(missing.joined(separator: "\n"))")
    }
}
