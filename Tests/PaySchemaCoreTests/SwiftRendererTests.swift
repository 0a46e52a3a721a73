import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// The typed Swift layer in, exact text out: the renderer alone decides indentation, braces,
/// access levels, attribute order and escaping.
@Suite("Swift renderer")
struct SwiftRendererTests {
    @Test func stringLiteralsAndInterpolationsAreEscapedByTheRenderer() {
        #expect(SwiftRenderer.render(.string("say \"hi\"\n\\ \u{8}")) == #""say \"hi\"\n\\ \u{8}""#)
        let message = SwiftExpression.interpolation([.text("'"), .value(.identifier("tag")), .text("' is not \"known\"")])
        #expect(SwiftRenderer.render(message) == #""'\(tag)' is not \"known\"""#)
    }

    @Test func namesAreEscapedWhereSwiftNeedsIt() {
        // A declared or referenced name: every keyword in backticks.
        #expect(SwiftRenderer.render(.identifier("default")) == "`default`")
        #expect(SwiftRenderer.render(.identifier("amount")) == "amount")
        // After a dot, Swift reads keywords as names except init, self, Type and Protocol.
        #expect(SwiftRenderer.render(.implicitMember("open")) == ".open")
        #expect(SwiftRenderer.render(.member(.selfValue, "default")) == "self.default")
        #expect(SwiftRenderer.render(.member(.identifier("x"), "Type")) == "x.`Type`")
        #expect(SwiftRenderer.render(.initializerReference(.selfValue)) == "self.init")
        // An argument label: only inout, var and let need backticks.
        #expect(
            SwiftRenderer.render(.call(.type("F"), [SwiftArgument("in", .implicitMember("header")), SwiftArgument("var", .bool(true))]))
                == "F(in: .header, `var`: true)")
    }

    @Test func accessLevelComesFromTheConfigurationAndOnlyForTheAPI() {
        let type = SwiftDeclaration(
            doc: SwiftDoc("A."),
            kind: .type(
                .struct, name: "A", conformances: ["Sendable"],
                members: [
                    [SwiftDeclaration(kind: .property(SwiftProperty(name: "id", type: "String")))],
                    [SwiftDeclaration(visibility: .unspecified, kind: .property(SwiftProperty(name: "_old", type: "Int")))],
                    [SwiftDeclaration(visibility: .private, kind: .typeAlias(name: "T", type: "Int"))],
                ]))
        #expect(
            SwiftRenderer.render(type, access: .public) == """
                /// A.
                public struct A: Sendable {
                    public var id: String

                    var _old: Int

                    private typealias T = Int
                }

                """)
        #expect(
            SwiftRenderer.render(type, access: .package).hasPrefix("/// A.\npackage struct A: Sendable {\n    package var id: String\n"))
        #expect(SwiftRenderer.render(type, access: .internal).hasPrefix("/// A.\nstruct A: Sendable {\n    var id: String\n"))
    }

    @Test func attributesHaveOneOrderWhateverOrderTheyAreGivenIn() {
        let api = SwiftDeclaration(
            attributes: [.mainActor, .deprecated(message: "Use \"B\".")], visibility: .unspecified,
            kind: .type(.protocol, name: "P", conformances: [], members: []))
        #expect(
            SwiftRenderer.render(api) == """
                @available(*, deprecated, message: "Use \\"B\\".")
                @MainActor
                protocol P {
                }

                """)
        let renamed = SwiftDeclaration(
            attributes: [.renamed(to: "b"), .deprecated(message: "")], kind: .property(SwiftProperty(name: "a", type: "Int")))
        #expect(
            SwiftRenderer.render(renamed) == "@available(*, deprecated, renamed: \"b\")\n@available(*, deprecated)\npublic var a: Int\n")
    }

    @Test func documentationParagraphsAndParameters() {
        let doc = SwiftDoc(paragraphs: ["First line.\nSecond line.   ", nil, "", "- Note: Last."], parameters: [("id", "The id.")])
        let declaration = SwiftDeclaration(
            doc: doc, kind: .initializer(SwiftInitializer(parameters: [SwiftParameter("id", type: "String")], body: .lines([]))))
        #expect(
            SwiftRenderer.render(declaration) == """
                /// First line.
                /// Second line.
                ///
                /// - Note: Last.
                ///
                /// - Parameters:
                ///   - id: The id.
                public init(id: String) {
                }

                """)
    }

    @Test func bodiesInlineOrOnLinesAndSwitchCasesAlignedWithTheSwitch() {
        let cases = [
            SwiftSwitchCase([.enumCase("a", binding: "value")], .returning(.identifier("value"))),
            SwiftSwitchCase([.tuple([.enumCase("b", binding: nil), .value(.string("en"))])], .lines([.continueStatement])),
            .otherwise(.inline(.throwStatement(.construct("E")))),
        ]
        let function = SwiftDeclaration(
            kind: .function(
                SwiftFunction(
                    name: "f", signature: .parameters([SwiftParameter("_", "x", type: "Int")], throws: true, returns: "Int"),
                    body: .lines([
                        .guardStatement([.optionalBinding("y", .identifier("x"))], else: .inline(.returnStatement(.number("0")))),
                        .switchStatement(.tuple([.selfValue, .identifier("language")]), cases),
                        .forIn(
                            .tuple([.name("index"), .name("item")]), in: .call(.identifier("items"), "enumerated"),
                            .lines([
                                .ifStatement([.expression(.binary(.identifier("item"), "==", .nilLiteral))], .inline(.continueStatement))
                            ])),
                        .doCatch(
                            [.expression(.tryExpression(.call(.identifier("g"), [])))], catch: [.throwStatement(.identifier("error"))]),
                    ]))))
        #expect(
            SwiftRenderer.render(function, access: .internal) == """
                func f(_ x: Int) throws -> Int {
                    guard let y = x else { return 0 }
                    switch (self, language) {
                    case .a(let value): return value
                    case (.b, "en"):
                        continue
                    default: throw E()
                    }
                    for (index, item) in items.enumerated() {
                        if item == nil { continue }
                    }
                    do {
                        try g()
                    } catch {
                        throw error
                    }
                }

                """)
    }

    @Test func wrappedCollectionsCallsAndClosuresIndentFromTheLineTheyStartOn() {
        let inner = SwiftExpression.array([.call(.type("P"), [SwiftArgument(.string("x"))])], .wrapped)
        let list = SwiftDeclaration(
            kind: .property(
                SwiftProperty(
                    isStatic: true, isConstant: true, name: "all", type: "[D]",
                    value: .array(
                        [
                            .call(.type("D"), [SwiftArgument("parameters", inner)]),
                            .call(.type("D"), [SwiftArgument("parameters", .array([], .wrapped))]),
                        ], .wrapped))))
        let closure = SwiftClosure(
            parameters: [SwiftParameter("source", type: "[K]?")], returns: "[G]?",
            body: .lines([
                .guardStatement([.optionalBinding("source", nil)], else: .inline(.returnStatement(.nilLiteral))),
                .returnStatement(
                    .trailingClosure(
                        .member(.identifier("source"), "map"),
                        SwiftClosure(body: .value(.construct("G", SwiftArgument("key", .identifier("$0"))))))),
            ]))
        let build = SwiftDeclaration(
            kind: .function(
                SwiftFunction(
                    name: "make", signature: .parameters([], throws: false, returns: "T"),
                    body: .lines([
                        .expression(
                            .wrappedCall(
                                .type("T"),
                                [
                                    SwiftArgument("groups", .call(.closure(closure), [SwiftArgument(.written("self.kinds"))])),
                                    SwiftArgument("flag", .bool(false)),
                                ])),
                        .expression(.wrappedCall(.type("U"), [])),
                    ]))))
        let type = SwiftDeclaration(kind: .type(.enum, name: "E", conformances: [], members: [[], [list], [], [build]]))
        #expect(
            SwiftRenderer.render(type) == """
                public enum E {
                    public static let all: [D] = [
                        D(parameters: [
                            P("x"),
                        ]),
                        D(parameters: [
                        ]),
                    ]

                    public func make() -> T {
                        T(
                            groups: { (source: [K]?) -> [G]? in
                                guard let source else { return nil }
                                return source.map { G(key: $0) }
                            }(self.kinds),
                            flag: false
                        )
                        U()
                    }
                }

                """)
    }

    @Test func outputLongerThanTheFirstBufferIsWrittenWhole() {
        // The renderer starts with a 4 KiB buffer for a single declaration: 300 documented
        // properties (about 25 KiB, multi-byte text included) make it grow several times.
        let count = 300
        let properties = (0..<count).map { index in
            SwiftDeclaration(
                doc: SwiftDoc("Montant n° \(index) — exact, jamais arrondi."),
                kind: .property(SwiftProperty(name: "amount\(index)", type: "Decimal")))
        }
        let rendered = SwiftRenderer.render(
            SwiftDeclaration(kind: .type(.struct, name: "Totals", conformances: [], members: [properties])), access: .public)
        let expected =
            "public struct Totals {\n"
            + (0..<count).map { "    /// Montant n° \($0) — exact, jamais arrondi.\n    public var amount\($0): Decimal\n" }.joined()
            + "}\n"
        #expect(rendered.utf8.count > 4 * 4096)
        #expect(rendered == expected)
    }

    @Test func aFileIsCommentsImportsThenDeclarationsEachAfterABlankLine() {
        let file = SwiftFile(
            comments: ["Generated."], imports: [SwiftImport("Foundation"), SwiftImport("Runtime", spi: "Generated")],
            declarations: [
                SwiftDeclaration(kind: .typeAlias(name: "A", type: "Int")),
                SwiftDeclaration(visibility: .unspecified, kind: .type(.extension, name: "A", conformances: ["P"], members: [])),
            ])
        #expect(
            SwiftRenderer.render(file) == """
                // Generated.

                import Foundation
                @_spi(Generated) import Runtime

                public typealias A = Int

                extension A: P {
                }

                """)
    }
}

/// The keyword table the renderer asks for every name agrees with the keyword list.
@Suite("Keywords")
struct KeywordTests {
    @Test func everyKeywordIsFoundAndNothingElse() {
        for keyword in Naming.keywords {
            #expect(Naming.isKeyword(keyword), "\(keyword)")
            #expect(Naming.isKeyword(keyword + "s") == Naming.keywords.contains(keyword + "s"))
            #expect(Naming.isKeyword(keyword.uppercased()) == Naming.keywords.contains(keyword.uppercased()))
        }
        for name in ["", "a", "amount", "Default", "self_", "precedencegroups", "ünicode"] {
            #expect(!Naming.isKeyword(name), "\(name)")
        }
    }
}
