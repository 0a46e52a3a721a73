import Foundation
import Testing

/// The DocC articles show code that compiles: every `swift` block of every catalog under
/// `Sources/*/*.docc` appears, line for line (indentation aside), in this target's sources, which
/// `swift build` compiles in Swift 6 with zero warnings. Each module has a catalog with an article.
@Suite("DocC articles")
struct DocCArticleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalogs = ["MCSCommerceWeb", "SuiteMCommerce", "AmazonPayMobile", "PayPalPayments", "MollieCheckout", "PaymentSchemasRuntime"]

    /// Lines without their indentation, blank lines dropped.
    static func normalized(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The `swift` code blocks of a Markdown text.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Whether `needle` is a contiguous run of `haystack`.
    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in haystack[start..<(start + needle.count)].elementsEqual(needle) }
    }

    @Test func everyArticleBlockIsCompiledCode() throws {
        let folder = Self.packageRoot.appending(path: "Tests/GuideSamplesTests")
        let sources = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "DocCArticleTests.swift" }
            .map { Self.normalized(try String(contentsOf: $0, encoding: .utf8)) }
        var checked = 0
        for module in Self.catalogs {
            let catalog = Self.packageRoot.appending(path: "Sources/\(module)/\(module).docc")
            let pages = try FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "md" }
            #expect(pages.contains { $0.lastPathComponent == "\(module).md" }, "\(module) has no landing page")
            if module != "PaymentSchemasRuntime" {
                #expect(pages.count >= 2, "\(module) has no article")
            }
            for page in pages {
                for block in Self.swiftBlocks(in: try String(contentsOf: page, encoding: .utf8)) {
                    checked += 1
                    let lines = Self.normalized(block)
                    #expect(sources.contains { Self.contains($0, lines) }, "\(module)/\(page.lastPathComponent): a code block that no compiled source holds:\n\(block)")
                }
            }
        }
        #expect(checked >= 13)
    }
}
