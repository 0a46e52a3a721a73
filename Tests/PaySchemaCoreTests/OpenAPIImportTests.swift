import Foundation
import PaymentSchemasVocabulary
import Testing

@testable import PaySchemaCore
@testable import PaySchemaImport
@testable import PaySchemaYAML

/// `payschema import openapi`'s stage: an OpenAPI document in, schemas of our language out. Every
/// construct the language cannot say is a diagnostic at the document's own line and column, what it
/// can say is translated (nullability of 3.0 and 3.1, `allOf`, enums, patterns, bounds, scale,
/// secrets, operations), and the written file passes the checker and generates Swift.
@Suite("OpenAPI import")
struct OpenAPIImportTests {
    /// A 3.1 document with every construct the language cannot say, beside ones it can.
    static let document = #"""
        openapi: 3.1.0
        info: { title: Fixture, version: "1" }
        paths:
          /things/{thing_id}:
            parameters:
              - { name: thing_id, in: path, required: true, schema: { type: string, maxLength: 10 } }
            get:
              operationId: things.get
              requestBody:
                content: { application/json: { schema: { $ref: '#/components/schemas/thing' } } }
              parameters:
                - name: filter
                  in: query
                  schema: { $ref: '#/components/schemas/thing', description: filter }
                - name: Idempotency-Key
                  in: header
                  schema: { type: string }
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/thing' } } } }
                '404': { description: no, content: { application/json: { schema: { $ref: '#/components/schemas/problem' } } } }
                default: { description: other }
        components:
          schemas:
            thing:
              type: object
              required: [id, security_code]
              properties:
                id: { type: string, pattern: '^\d{3}$' }
                security_code: { type: string }
                note: { type: [string, 'null'] }
                choice:
                  oneOf:
                    - { type: string }
                    - { type: integer }
                negated:
                  not: { type: string }
                conditional:
                  type: string
                  if: { minLength: 2 }
                grid:
                  type: array
                  items: { type: array, items: { type: string } }
                table:
                  type: object
                  additionalProperties: { type: object, additionalProperties: { type: string } }
                lookahead: { type: string, pattern: '^(?=a)b$' }
                step: { type: number, multipleOf: 0.3 }
                cents: { type: number, multipleOf: 0.01, minimum: 0 }
                tags: { type: array, items: { type: string }, uniqueItems: true }
                remote: { $ref: 'other.yaml#/components/schemas/x' }
                anything: { description: any value at all }
                bag: { type: object }
                mixed: { type: [string, integer] }
                kind: { type: string, enum: [small, large, null] }
                extras:
                  type: object
                  patternProperties: { '^x-': { type: string } }
                  properties: { a: { type: string } }
                base:
                  allOf:
                    - $ref: '#/components/schemas/problem'
                    - type: object
                      properties: { extra: { type: integer, minimum: 1 } }
            problem:
              type: object
              additionalProperties: false
              properties:
                message: { type: string, nullable: true }
                description: { type: string }
        """#

    static func run(_ text: String = document, configure: (inout ImportOptions) -> Void = { _ in }) throws -> (ImportedModule, [Diagnostic])
    {
        let (source, problems) = OpenAPISource.read(bytes: Array(text.utf8), path: "fixture.yaml")
        #expect(problems.isEmpty, "\(problems)")
        let document = try #require(source)
        var options = ImportOptions(module: "Fixture", documentName: "fixture/fixture.yaml")
        options.schemas = ["thing"]
        options.operations = ["things.get"]
        configure(&options)
        return OpenAPIImporter.run(document, options: options)
    }

    /// `line:column` of `keyword` on the first line of the document holding `needle`.
    static func location(of keyword: String, onLineWith needle: String) -> String {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: { $0.contains(needle) }), let range = lines[index].range(of: keyword) else {
            return "needle '\(needle)' not found"
        }
        return "\(index + 1):\(lines[index].distance(from: lines[index].startIndex, to: range.lowerBound) + 1)"
    }

    @Test func everyConstructTheLanguageCannotSayIsReportedWhereTheDocumentHasIt() throws {
        let (_, diagnostics) = try Self.run()
        let expected: [(keyword: String, needle: String, message: String)] = [
            ("requestBody", "requestBody:", "a GET request with a body"),
            ("{ $ref: '#/components/schemas/thing', description: filter }", "description: filter", "a parameter of type Thing (an object"),
            ("default", "default: { description: other }", "response 'default' names no status"),
            ("oneOf", "oneOf:", "`oneOf` of 2 schemas"),
            ("not", "not: { type: string }", "`not`"),
            ("if", "if: { minLength: 2 }", "`if`/`then`/`else`"),
            ("items", "items: { type: array, items:", "a list of lists"),
            ("additionalProperties", "additionalProperties: { type: object, additionalProperties:", "a map of maps"),
            ("'^(?=a)b$'", "lookahead:", "pattern left out: it looks around (`(?=…)`)"),
            ("multipleOf", "multipleOf: 0.3", "`multipleOf: 0.3` is not a power of ten"),
            ("uniqueItems", "uniqueItems: true", "`uniqueItems` is not checked"),
            ("'other.yaml#/components/schemas/x'", "remote:", "refers outside the document"),
            ("type", "mixed:", "a value of 2 types (string, integer)"),
            ("patternProperties", "patternProperties:", "`patternProperties` is not checked"),
        ]
        for item in expected {
            let at = Self.location(of: item.keyword, onLineWith: item.needle)
            #expect(
                diagnostics.contains { "\($0.location.line):\($0.location.column)" == at && $0.message.contains(item.message) },
                "no diagnostic '\(item.message)' at \(at): \(diagnostics.map(\.description).joined(separator: "\n"))")
        }
        #expect(diagnostics.count == expected.count, "\(diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(!diagnostics.contains { $0.severity == .error })
        #expect(diagnostics.allSatisfy { $0.location.file == "fixture.yaml" })
    }

    @Test func whatTheLanguageCanSayIsTranslated() throws {
        let (module, _) = try Self.run()
        let thing = try #require(module.types.first { $0.name == "Thing" })
        guard case .structure(let fields, let refuses) = thing.kind else {
            Issue.record("Thing is not a struct")
            return
        }
        #expect(!refuses)
        #expect(thing.upstream == "fixture/fixture.yaml#/components/schemas/thing")
        func field(_ wire: String) -> ImportedField? { fields.first { $0.wireName == wire } }
        #expect(field("id")?.required == true)
        #expect(field("id")?.constraints.value("pattern") == "[0-9]{3}")
        #expect(field("security_code")?.name == "securityCode")
        #expect(field("security_code")?.sensitive == true)
        #expect(field("id")?.sensitive == false && field("note")?.sensitive == false)
        #expect(field("note")?.nullable == true && field("note")?.type == "String")
        #expect(field("choice")?.type == "JSON")
        #expect(field("grid")?.type == "JSON")
        #expect(field("table")?.type == "JSON")
        // A schema that names no type (or one outside the document) admits any value, `null` too;
        // an object without members any value but `null`.
        #expect(field("anything")?.type == "JSON" && field("anything")?.nullable == true)
        #expect(field("remote")?.type == "JSON" && field("remote")?.nullable == true)
        #expect(field("bag")?.type == "JSON" && field("bag")?.nullable == false)
        #expect(field("choice")?.nullable == false)
        #expect(field("lookahead")?.constraints.value("pattern") == nil)
        #expect(field("step")?.type == "Decimal" && field("step")?.constraints.value("scale") == nil)
        #expect(field("cents")?.constraints.value("scale") == "2" && field("cents")?.constraints.value("minimum") == "0")
        #expect(field("tags")?.type == "[String]")
        #expect(field("kind")?.type == "ThingKind" && field("kind")?.nullable == true)
        #expect(field("base")?.type == "ThingBase")
        let kind = try #require(module.types.first { $0.name == "ThingKind" })
        #expect(
            kind.kind
                == .enumeration(
                    cases: [.init(name: "small", value: "small"), .init(name: "large", value: "large")], integers: false, open: true))
        #expect(kind.upstream == "fixture/fixture.yaml#/components/schemas/thing/properties/kind")
        // `allOf` merged: the referenced object's members, then the part's own.
        let base = try #require(module.types.first { $0.name == "ThingBase" })
        guard case .structure(let baseFields, _) = base.kind else {
            Issue.record("ThingBase is not a struct")
            return
        }
        #expect(baseFields.map(\.wireName) == ["message", "description", "extra"])
        #expect(baseFields.first { $0.wireName == "message" }?.nullable == true)
        #expect(baseFields.first { $0.wireName == "description" }?.name == "descriptionValue")
        #expect(baseFields.first { $0.wireName == "extra" }?.constraints.value("minimum") == "1")
        let problem = try #require(module.types.first { $0.name == "Problem" })
        guard case .structure(_, let problemRefuses) = problem.kind else {
            Issue.record("Problem is not a struct")
            return
        }
        #expect(problemRefuses)
        let operation = try #require(module.operations.first)
        #expect(operation.name == "thingsGet" && operation.method == "GET" && operation.path == "/things/{thing_id}")
        #expect(operation.request == nil && operation.response == "Thing" && operation.errorBody == "Problem")
        #expect(operation.successStatus == [200] && operation.errorStatus == [404])
        #expect(operation.parameters.map(\.wireName) == ["thing_id", "filter", "Idempotency-Key"])
        #expect(operation.parameters.first?.type == "ThingsGetThingId")
        let scalar = try #require(module.types.first { $0.name == "ThingsGetThingId" })
        #expect(scalar.kind == .scalar(base: "String", constraints: ImportedConstraints(entries: [("maxLength", "10")])))
    }

    /// The written file is a module the pipeline checks and generates Swift from, without a problem.
    /// `allOf: [$ref, …]` whose other parts only describe the reference (Mollie's
    /// `allOf: [{$ref: amount}, {description: …}]`) is the referenced type, with the describing
    /// part's doc; a part that constrains, or names a member the reference lacks, makes a struct.
    @Test func anAllOfThatOnlyDescribesItsReferenceIsTheReference() throws {
        let document = #"""
            openapi: 3.0.3
            info: { title: Fixture, version: "1" }
            paths: {}
            components:
              schemas:
                amount:
                  type: object
                  required: [currency, value]
                  properties:
                    currency: { type: string }
                    value: { type: string }
                holder:
                  type: object
                  properties:
                    described:
                      allOf:
                        - $ref: '#/components/schemas/amount'
                        - description: The amount held.
                          readOnly: true
                          x-internal: true
                      readOnly: true
                    redescribed:
                      allOf:
                        - $ref: '#/components/schemas/amount'
                        - type: object
                          properties:
                            value: { description: Ten cents is "0.10". }
                    constrained:
                      allOf:
                        - $ref: '#/components/schemas/amount'
                        - properties:
                            value: { maxLength: 10 }
                    extended:
                      allOf:
                        - $ref: '#/components/schemas/amount'
                        - properties:
                            note: { description: A member the amount lacks. }
            """#
        let (module, _) = try Self.run(document) { options in
            options.schemas = ["holder"]
            options.operations = []
        }
        let holder = try #require(module.types.first { $0.name == "Holder" })
        guard case .structure(let fields, _) = holder.kind else {
            Issue.record("Holder is not a struct")
            return
        }
        func field(_ wire: String) -> ImportedField? { fields.first { $0.wireName == wire } }
        #expect(field("described")?.type == "Amount" && field("described")?.doc == "The amount held.")
        #expect(field("redescribed")?.type == "Amount")
        #expect(field("constrained")?.type == "HolderConstrained")
        #expect(field("extended")?.type == "HolderExtended")
        #expect(module.types.map(\.name).sorted() == ["Amount", "Holder", "HolderConstrained", "HolderExtended"])
    }

    /// A parameter whose schema is a component's (Mollie's `paymentId`, `$ref: paymentToken`, in
    /// 21 operations) is one scalar named after the component, shared by every operation, as is a
    /// component parameter's (`list-limit`, in 34); one with a schema of its own keeps a scalar
    /// named after the operation and parameter.
    @Test func parametersOfOneComponentShareItsScalar() throws {
        let document = #"""
            openapi: 3.0.3
            info: { title: Fixture, version: "1" }
            paths:
              /payments/{paymentId}:
                parameters:
                  - $ref: '#/components/parameters/payment-id'
                get:
                  operationId: get-payment
                  parameters:
                    - $ref: '#/components/parameters/list-limit'
                  responses: { '200': { description: ok } }
                delete:
                  operationId: cancel-payment
                  parameters:
                    - { name: reason, in: query, schema: { type: string, maxLength: 40 } }
                  responses: { '200': { description: ok } }
              /refunds/{paymentId}:
                get:
                  operationId: get-refunds
                  parameters:
                    - { name: paymentId, in: path, required: true, schema: { $ref: '#/components/schemas/paymentToken' } }
                    - $ref: '#/components/parameters/list-limit'
                  responses: { '200': { description: ok } }
            components:
              parameters:
                payment-id:
                  name: paymentId
                  in: path
                  required: true
                  schema: { $ref: '#/components/schemas/paymentToken' }
                list-limit:
                  name: limit
                  in: query
                  schema: { type: integer, minimum: 1, maximum: 250 }
              schemas:
                paymentToken: { type: string, pattern: '^tr_.+$', description: A payment's ID. }
            """#
        let (module, _) = try Self.run(document) { options in
            options.schemas = []
            options.operations = ["get-payment", "cancel-payment", "get-refunds"]
        }
        let scalars = module.types.filter { if case .scalar = $0.kind { true } else { false } }
        #expect(scalars.map(\.name).sorted() == ["CancelPaymentReason", "ListLimitParameter", "PaymentToken"])
        #expect(scalars.first { $0.name == "PaymentToken" }?.doc == "A payment's ID.")
        for operation in module.operations {
            #expect(operation.parameters.first { $0.wireName == "paymentId" }?.type == "PaymentToken", "\(operation.name)")
        }
        #expect(
            module.operations.map { $0.parameters.first { $0.wireName == "limit" }?.type } == [
                "ListLimitParameter", nil, "ListLimitParameter",
            ])
    }

    @Test func theWrittenFileChecksAndGenerates() throws {
        let (module, _) = try Self.run()
        let text = ImportWriter.text(module)
        let root = FileManager.default.temporaryDirectory.appending(path: "import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appending(path: "Fixture"), withIntermediateDirectories: true)
        try text.write(to: root.appending(path: "Fixture/Fixture.yaml"), atomically: true, encoding: .utf8)
        let output = try GeneratorPipeline(schemasRoot: root, diagnosticRoot: "Schemas").run()
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.description).joined(separator: "\n"))\n\(text)")
        let swift = output.files["Fixture"]?.map(\.contents).joined() ?? ""
        #expect(swift.contains("public struct Thing:"))
        #expect(swift.contains("public enum ThingKind:"))
        #expect(swift.contains("struct ThingsGetOperation"))
    }

    /// The same document gives the same bytes; JSON and YAML forms of one document give one module.
    @Test func deterministicAndTheSameFromJSON() throws {
        let (first, _) = try Self.run()
        let (second, _) = try Self.run()
        #expect(ImportWriter.text(first) == ImportWriter.text(second))
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "J", "version": "1"}, "paths": {},
             "components": {"schemas": {"money": {"type": "object", "required": ["value"],
               "properties": {"value": {"type": "string", "pattern": "^\\d+(\\.\\d{2})?$"}, "note": {"type": "string", "nullable": true}}}}}}
            """#
        let yaml = """
            openapi: 3.0.3
            info: { title: J, version: "1" }
            paths: {}
            components:
              schemas:
                money:
                  type: object
                  required: [value]
                  properties:
                    value: { type: string, pattern: '^\\d+(\\.\\d{2})?$' }
                    note: { type: string, nullable: true }
            """
        let fromJSON = try Self.run(json) {
            $0.schemas = ["money"]
            $0.operations = []
        }.0
        let fromYAML = try Self.run(yaml) {
            $0.schemas = ["money"]
            $0.operations = []
        }.0
        #expect(fromJSON.types == fromYAML.types)
        #expect(
            fromJSON.types.first?.kind
                == .structure(
                    fields: [
                        ImportedField(
                            name: "value", wireName: "value", type: "String", required: true, nullable: false, sensitive: false,
                            constraints: ImportedConstraints(entries: [("pattern", "[0-9]+(\\.[0-9]{2})?")]), doc: nil),
                        ImportedField(
                            name: "note", wireName: "note", type: "String", required: false, nullable: true, sensitive: false,
                            constraints: ImportedConstraints(), doc: nil),
                    ], refusesUnknownMembers: false))
    }

    /// With `docs: own` no text of the document reaches the written file: every doc is one of our sentences.
    @Test func ownDocsCopyNothing() throws {
        let described = Self.document.replacingOccurrences(
            of: "type: object\n      required: [id", with: "type: object\n      description: A SECRET SENTENCE.\n      required: [id")
        let (module, _) = try Self.run(described) { $0.docs = .own }
        let text = ImportWriter.text(module)
        #expect(!text.contains("SECRET SENTENCE"))
        let (copied, _) = try Self.run(described)
        #expect(
            ImportWriter.text(copied).contains("A SECRET SENTENCE."), "the document's text would have been copied: the test could not fail")
    }

    /// `--sensitive`: a name given marks its string member a secret too.
    @Test func namesGivenAsSecretsAreSensitive() throws {
        let (module, _) = try Self.run { $0.sensitiveNames = ["note"] }
        guard case .structure(let fields, _) = module.types.first?.kind else {
            Issue.record("no struct")
            return
        }
        #expect(fields.first { $0.wireName == "note" }?.sensitive == true)
        #expect(fields.first { $0.wireName == "id" }?.sensitive == false)
    }

    /// `--reuse`: a schema the module already has a type for is referred to by that type's name, not
    /// imported again, and no imported type takes a name the module declares.
    @Test func aModulesOwnTypesAreReused() throws {
        let existing = """
            module: Fixture
            types:
              ProblemDetails:
                kind: struct
                upstream: { ref: "fixture/fixture.yaml#/components/schemas/problem" }
                fields: { message: String? }
              Thing:
                kind: struct
                fields: { id: String }
              Other:
                kind: struct
                upstream: { ref: "elsewhere.json#/components/schemas/thing" }
                fields: { id: String }
              Mode:
                kind: enum
                upstream: fixture/fixture.yaml#/components/schemas/mode
                cases: [test, live]
            operations:
              thingsGet: { method: GET, path: /x, response: Thing }
            """
        let reused = ReusedTypes(files: [("Fixture/Existing.yaml", Array(existing.utf8))], documentName: "fixture/fixture.yaml")
        #expect(reused.diagnostics.isEmpty)
        // The link's short form (`upstream: <ref>`) is a link too.
        #expect(reused.byPointer == ["/components/schemas/problem": "ProblemDetails", "/components/schemas/mode": "Mode"])
        #expect(reused.names == ["ProblemDetails", "Thing", "Other", "Mode", "ThingsGetOperation"])
        let (module, _) = try Self.run {
            $0.reuse = reused.byPointer
            $0.takenNames = reused.names
        }
        #expect(!module.types.contains { $0.upstream?.hasSuffix("#/components/schemas/problem") == true })
        #expect(module.operations.first?.errorBody == "ProblemDetails")
        #expect(module.types.first?.name == "Thing2" && module.types.first?.upstream?.hasSuffix("/thing") == true)
        #expect(Set(module.types.map(\.name)).isDisjoint(with: reused.names))
    }

    /// Every text the writer quotes reads back as itself: quotes, backslashes, controls, DEL, C1
    /// controls, separators, a byte-order mark, non-ASCII letters.
    @Test(arguments: [
        "plain", "a \"quoted\" \\ back", "tab\tnew\nline\r", "\u{1}\u{7F}", "\u{85}\u{9F}", "\u{2028}\u{2029}\u{FEFF}", "ÿ‘é’ 日本",
    ])
    func quotedTextReadsBackAsItself(text: String) throws {
        let loaded = YAMLLoader.load("key: " + ImportWriter.quoted(text) + "\n", file: "q.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        #expect(loaded.root?.member("key")?.scalar == text)
    }

    @Test func unknownNamesAreLocatedErrors() throws {
        let (_, diagnostics) = try Self.run {
            $0.schemas = ["thng"]
            $0.operations = ["things.gte"]
        }
        #expect(diagnostics.contains { $0.severity == .error && $0.message.contains("no schema 'thng'") && $0.message.contains("thing") })
        #expect(diagnostics.contains { $0.severity == .error && $0.message.contains("no operation 'things.gte'") })
    }

    @Test func documentsThatAreNotOpenAPIAreRefused() {
        #expect(OpenAPISource.read(bytes: Array("swagger: '2.0'\n".utf8), path: "s.yaml").1.first?.message.contains("Swagger 2.0") == true)
        #expect(
            OpenAPISource.read(bytes: Array("openapi: 2.9.0\n".utf8), path: "s.yaml").1.first?.message.contains("OpenAPI 2.9.0") == true)
        let broken = OpenAPISource.read(bytes: Array("openapi: [\n".utf8), path: "s.yaml")
        #expect(broken.0 == nil && broken.1.first?.location.file == "s.yaml")
    }

    /// ECMA-262 patterns (JSON Schema searches) in the language's whole-value subset.
    @Test(arguments: [
        (#"^\d{3}$"#, "[0-9]{3}"),
        (#"[0-9]{4}"#, "(?:" + ECMAPattern.anything + "[0-9]{4})" + ECMAPattern.anything),
        (#"^[A-Z]+"#, "[A-Z]+" + ECMAPattern.anything),
        (#"[a-z]$"#, ECMAPattern.anything + "(?:[a-z])"),
        (#"^.{2}\.$"#, ECMAPattern.ecmaDot + "{2}\\."),
        (#"^a$|^b$"#, "(?:a)|(?:b)"),
        (#"^[0-9]{1,3}?$"#, "[0-9]{1,3}"),
        (#"^[\w\-]*$"#, "[A-Za-z0-9_\\-]*"),
        (#"^\x41\u0042$"#, "AB"),
        (#"^\!\.$"#, "!\\."),
        (#"^\D$"#, "[^0-9]"),
        (#"^\(?=$"#, "\\(?="),
    ])
    func patternsAreTranslated(ecma: String, ours: String) {
        #expect(ECMAPattern.translate(ecma) == .success(ours))
        if case .success(let translated) = ECMAPattern.translate(ecma) { #expect(PatternEngine.isSupported(translated)) }
    }

    /// As ECMA-262 reads a JSON Schema pattern: its `.` takes U+0085 and stops at its four line
    /// terminators; a search looks past line breaks.
    @Test func translatedPatternsMatchWhatECMASearchesMatch() throws {
        let dot = try #require(try? ECMAPattern.translate("^.*$").get())
        #expect(PatternEngine.matches(dot, "a\u{85}b") == true)
        for breaking in ["a\nb", "a\rb", "a\u{2028}b", "a\u{2029}b"] { #expect(PatternEngine.matches(dot, breaking) == false) }
        let search = try #require(try? ECMAPattern.translate("[0-9]{4}").get())
        #expect(PatternEngine.matches(search, "line one\nyear 2026\r\n") == true)
        #expect(PatternEngine.matches(search, "no digits\n") == false)
    }

    /// A pattern that a JSON Schema search matches in any value constrains nothing; one that must
    /// find something, or is anchored at both ends, does.
    @Test func patternsThatAdmitEverythingAreNone() {
        for pattern in [".*", "^.*", "[a-z]*$", "x?", "^a$|b*", #"\d*"#] { #expect(ECMAPattern.admitsEverything(pattern), "\(pattern)") }
        for pattern in ["^.*$", "[a-z]", "^a*$", "^a$|^b*$", #"\d+"#] { #expect(!ECMAPattern.admitsEverything(pattern), "\(pattern)") }
    }

    @Test func patternsTheSubsetCannotSayAreRefused() {
        #expect(ECMAPattern.translate("^(?=a)b$") == .failure(.lookaround("(?=…)")))
        // PayPal's webhooks document: a look-ahead holding an anchor is reported as the look-ahead.
        #expect(ECMAPattern.translate(#"^(?!\d+$)\w+\S+"#) == .failure(.lookaround("(?!…)")))
        #expect(ECMAPattern.translate(#"^[\D]$"#) == .failure(.negatedShorthandInClass("D")))
        #expect(ECMAPattern.translate("^a^b$") == .failure(.innerAnchor))
        #expect(ECMAPattern.translate(#"^(a)\1$"#) == .failure(.outsideSubset))
        // The same values, told by the engine's automata (what `payschema upstream` compares with).
        #expect(PatternEngine.sameLanguage("[0-9]{1,3}", "[0-9]|[0-9][0-9]|[0-9][0-9][0-9]") == true)
        #expect(PatternEngine.sameLanguage("[0-9]{1,3}", "[0-9]{1,4}") == false)
    }
}
