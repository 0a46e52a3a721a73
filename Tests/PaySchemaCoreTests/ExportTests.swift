import Foundation
@_spi(Generated) import PaymentSchemasVocabulary
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

@Suite("Exports")
struct ExportTests {
    static let modules =
        (try? GeneratorPipeline(schemasRoot: packageRoot.appending(path: "Schemas"), diagnosticRoot: "Schemas").run(emit: false).modules)
        ?? [:]

    /// The language's `.` (any character but a line break) is exported as a class, so a Python
    /// client reads it as ECMA-262 does: a carriage return is not a `.` in either.
    @Test func aDotIsExportedAsTheClassItMeans() throws {
        let portable = SchemaExport.portable(#"a.b[.]\.c.*"#)
        #expect(portable == #"a[^\n\r\u0085\u2028\u2029]b[.]\.c[^\n\r\u0085\u2028\u2029]*"#)
        let expression = try Regex("^(?:" + SchemaExport.portable(".*") + ")$")
        #expect(try expression.wholeMatch(in: "any text") != nil)
        #expect(try expression.wholeMatch(in: "carriage\rreturn") == nil)
    }

    @Test func committedLanguageSchemaIsCurrent() throws {
        let committed = try String(contentsOf: packageRoot.appending(path: "Schemas/payschema.schema.json"), encoding: .utf8)
        #expect(
            committed == LanguageSchema.document().serialized(),
            "run `swift run payschema export jsonschema` and commit Schemas/payschema.schema.json")
    }

    /// The editor schema allows exactly the keys the parser takes, object by object, so a bundled
    /// schema file never shows an error the generator would not report (CI also validates every
    /// bundled file against the committed document with Python's `jsonschema`).
    @Test func languageSchemaAllowsExactlyTheParsersKeys() {
        let expected: [(String, Set<String>)] = [
            ("file", SchemaParser.fileKeys), ("struct", SchemaParser.structKeys), ("enum", SchemaParser.enumKeys),
            ("union", SchemaParser.unionKeys),
            ("scalar", SchemaParser.scalarKeys), ("field", SchemaParser.fieldKeys), ("catalog", SchemaParser.catalogKeys),
            ("operation", SchemaParser.operationKeys), ("legacyAPI", SchemaParser.legacyAPIKeys),
        ]
        for (definition, keys) in expected {
            #expect(LanguageSchema.properties(of: definition) == keys, "\(definition): the language schema and the parser disagree")
        }
    }

    @Test func openAPIHasEveryTypeAndOperation() throws {
        let mollie = try #require(Self.modules["MollieCheckout"])
        let text = SchemaExport.openAPI([mollie]).serialized()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any]
        // Every type, and the currency list once (Mollie's amounts name `format: iso4217`).
        #expect(schemas?.count == mollie.types.count + 1)
        #expect((schemas?["PayCurrencyCode"] as? [String: Any])?["enum"] as? [String] == ISO4217.codes.sorted())
        let paths = document["paths"] as? [String: Any]
        // The demo backend's paths and Mollie's own API's (served under their own prefixes).
        #expect(
            Set(paths?.keys.map { $0 } ?? []) == [
                "/api/methods", "/api/payments", "/api/payments/{id}", "/v2/payments", "/v2/payments/{paymentId}", "/v2/methods",
                "/v2/methods/{methodId}", "/v2/payments/{paymentId}/refunds", "/v2/payments/{paymentId}/refunds/{refundId}",
            ])
        let create = schemas?["CreatePaymentRequest"] as? [String: Any]
        #expect(create?["required"] as? [String] == ["description", "amount"])
        let amount = (create?["properties"] as? [String: Any])?["amount"] as? [String: Any]
        #expect(amount?["exclusiveMinimum"] as? Int == 0)
        #expect(amount?["multipleOf"] as? Double == 0.01)
        let status = schemas?["PaymentStatus"] as? [String: Any]
        #expect(status?["x-open-enum"] as? Bool == true)
    }

    /// Every link names an operation of the same document and, for each parameter, one that
    /// operation takes (`path.orderID`), read from a key the success body's schema has.
    @Test func linksLeadToOperationsAndParametersThatExist() throws {
        var linked = 0
        for module in Self.modules.values {
            let text = SchemaExport.openAPI([module]).serialized()
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let schemas = (document["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
            var operations: [String: (path: String, parameters: Set<String>)] = [:]
            for (path, item) in document["paths"] as? [String: [String: Any]] ?? [:] {
                for (_, value) in item {
                    guard let operation = value as? [String: Any], let id = operation["operationId"] as? String else { continue }
                    var names = Set(
                        (operation["parameters"] as? [[String: Any]] ?? []).compactMap { p in
                            (p["in"] as? String).flatMap { place in (p["name"] as? String).map { "\(place).\($0)" } }
                        })
                    for placeholder in path.split(separator: "{").dropFirst() { names.insert("path." + placeholder.prefix { $0 != "}" }) }
                    operations[id] = (path, names)
                }
            }
            for (path, item) in document["paths"] as? [String: [String: Any]] ?? [:] {
                for (_, value) in item {
                    guard let operation = value as? [String: Any] else { continue }
                    for (status, response) in operation["responses"] as? [String: [String: Any]] ?? [:] {
                        guard let links = response["links"] as? [String: [String: Any]] else { continue }
                        // The body in whichever JSON media type the operation answers (Mollie's `application/hal+json`).
                        let content = (response["content"] as? [String: [String: Any]])?.first?.value
                        let reference = (content?["schema"] as? [String: Any])?["$ref"] as? String
                        for (name, link) in links {
                            linked += 1
                            let target = try #require(
                                operations[link["operationId"] as? String ?? ""],
                                "\(module.name) \(path) \(status): link \(name) to an unknown operation")
                            for (parameter, expression) in link["parameters"] as? [String: String] ?? [:] {
                                #expect(
                                    target.parameters.contains(parameter),
                                    "\(module.name) \(path) → \(target.path): no parameter \(parameter)")
                                // The pointer's first key is a property of the success body's schema.
                                let first =
                                    expression.dropFirst("$response.body#/".count).split(separator: "/").first.map(String.init) ?? ""
                                let body = reference.flatMap { schemas[String($0.split(separator: "/").last ?? "")] as? [String: Any] }
                                #expect(
                                    (body?["properties"] as? [String: Any])?[first] != nil,
                                    "\(module.name) \(path): \(expression) is not in the body")
                            }
                        }
                    }
                }
            }
        }
        // PayPal's order (create: 4 links on 2 statuses, get: 3), Amazon's session (3 + 2 + 2), its
        // charge's capture (1) and refund (2), Mollie's backend payment (1 on 2 statuses), Mollie's API
        // payment (4: get, cancel, refund, list refunds) and refund (2: get, cancel), and MIT's tokenization session (1).
        #expect(linked == 30)
        let mollie = try #require(Self.modules["MollieCheckout"])
        #expect(SchemaExport.openAPI([mollie]).serialized().contains(#""path.id": "$response.body#/data/id""#))
    }

    /// The exported URL pattern and `PayURLText` read a bracketed host the same way (what an
    /// independent client checks against the contract is what the sandbox accepts).
    @Test(arguments: [
        "http://[::1]:8080/", "http://[2001:db8::7]/", "http://[::ffff:192.0.2.1]/", "http://[v7.fe80::a+en1]/",
        "https://[1:2:3:4:5:6:7:8]/", "http://[::1.2.3.004]/", "https://[::1.2.3.040]/", "hTtPS://[::B7FA:3.251.17.040]:000367220/",
        "https://[::1.2.3.4]:000367220/", "http://[::]/", "http://[1:2:3:4:5:6:7::]/",
        "http://[::1:2:3:4:5:6:7]/", "http://[1:2:3:4:5:6:1.2.3.4]/", "http://[v1.a:b!]/", "HttpS://%dfM@[%25fA%254A]",
        "http://[::1%25eth0]/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[1::2::3]/", "http://[:1]/", "http://[]/",
        "http://[v.x]/", "http://[::1.2.3.256]/", "http://[::1.2.3]/", "http://[V7.x]/", "http://[v7.]/", "http://[vg.x]/",
        "http://[1:2:3:4:5:6:7:8::]/", "http://[::12345]/", "http://[1.2.3.4::]/", "http://[v1.a%41]/", "g+nAqQP://jk%C21@[]/%29O%af&",
        "HTtPS://CX%44';@%Da%ee;V0%92p@[::]/%ceZi1", "https://a@b@c/", "https://a/b?c#d?e/f", "https://a/b#c#d",
        "Https://T%A5%C6%1ed%6Ek%AFqJ%5C@[vFef.VLC]##T$7%Ca%ae", "https://a@b/", "https://a:b@c:1/", "https://@c/",
    ])
    func theExportedURLPatternAgreesWithTheReader(_ text: String) throws {
        let pattern = try NSRegularExpression(pattern: SchemaExport.absoluteURLPattern)
        let matches = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        #expect(matches == (PayURLText.problem(in: text, allowRelative: false) == nil))
    }

    @Test func noObjectRepeatsAKey() throws {
        for module in Self.modules.values {
            let text = SchemaExport.openAPI([module]).serialized()
            var stack: [Set<String>] = []
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if let colon = trimmed.range(of: "\": "), trimmed.hasPrefix("\"") {
                    let key = String(trimmed[trimmed.index(after: trimmed.startIndex)..<colon.lowerBound])
                    if stack.isEmpty { stack.append([]) }
                    let inserted = stack[stack.count - 1].insert(key).inserted
                    #expect(inserted, "\(module.name): duplicate key \(key)")
                }
                if trimmed.hasSuffix("{") { stack.append([]) }
                if trimmed.hasPrefix("}") { _ = stack.popLast() }
            }
        }
    }

    /// A type that keeps what it does not model says nothing (JSON Schema's default allows other
    /// members); one whose schema says `unknownMembers: refuse` says `additionalProperties: false`,
    /// and its generated struct says it refuses (`payRefusesUnknownMembers`).
    @Test func aTypeThatRefusesMembersItDoesNotModelSaysSo() throws {
        let yaml = """
            types:
              Kept:
                kind: struct
                fields:
                  id: String
              Strict:
                kind: struct
                unknownMembers: refuse
                fields:
                  id: String
            """
        let (checked, diagnostics) = check(["Snippet.yaml": yaml])
        let module = try #require(checked?.resolved, "\(diagnostics)")
        let documents = SchemaExport.jsonSchemas(module)
        let kept = try #require(documents.first { $0.name == "Kept.schema.json" }).document.serialized()
        let strict = try #require(documents.first { $0.name == "Strict.schema.json" }).document.serialized()
        #expect(!kept.contains("additionalProperties"))
        #expect(strict.contains("\"additionalProperties\": false"))
        let swift = generate(yaml)
        #expect(swift.components(separatedBy: "public static let payRefusesUnknownMembers = true").count == 2)
        #expect(swift.components(separatedBy: "public var unknownMembers: PayUnknownMembers = PayUnknownMembers()").count == 3)
        // Anything else is a located error.
        let (_, wrong) = check(["Snippet.yaml": yaml.replacingOccurrences(of: "unknownMembers: refuse", with: "unknownMembers: drop")])
        #expect(wrong.map(\.description).contains { $0.hasPrefix("Snippet.yaml:8:") && $0.contains("unknownMembers") })
    }

    @Test func jsonSchemasReferenceEachOtherByFile() throws {
        let paypal = try #require(Self.modules["PayPalPayments"])
        let documents = SchemaExport.jsonSchemas(paypal)
        let formerNames = paypal.files.flatMap(\.types).flatMap(\.lifecycle.renamedFrom)
        // Every type, each former name, and each code list PayPal's fields use, once.
        #expect(documents.count == paypal.types.count + formerNames.count + 2)
        #expect(Set(documents.map(\.name)).isSuperset(of: ["PayCurrencyCode.schema.json", "PayCountryCode.schema.json"]))
        let alias = try #require(documents.first { $0.name == "ErrorResponse.schema.json" }).document.serialized()
        #expect(alias.contains("\"$ref\": \"PayPalErrorResponse.schema.json\"") && alias.contains("\"deprecated\": true"))
        let card = try #require(documents.first { $0.name == "Card.schema.json" }).document.serialized()
        #expect(card.contains("\"$ref\": \"PayPalAddress.schema.json\""))
        #expect(card.contains("\"x-sensitive\": true"))
        #expect(card.contains("\"pattern\": \"^(?:0[1-9]|1[0-2])$\""))
    }

    /// Each code list is written once and referenced: the whole export of every module names the
    /// 182 currencies once, however many fields take a currency.
    @Test func codeListsAreSharedComponents() throws {
        let document = SchemaExport.openAPI(Self.modules.values.sorted { $0.name < $1.name }).serialized()
        let currencyFields = document.components(separatedBy: "\"$ref\": \"#/components/schemas/PayCurrencyCode\"").count - 1
        #expect(currencyFields > 5)
        #expect(document.components(separatedBy: "\"XOF\"").count - 1 == 1)
        #expect(document.components(separatedBy: "\"NL\"").count - 1 == 1)
        let inline = SchemaExport.jsonSchemas(try #require(Self.modules["PayPalPayments"]), sharedCodeLists: false)
        #expect(!inline.contains { $0.name == "PayCurrencyCode.schema.json" })
        #expect(inline.contains { $0.document.serialized().contains("\"XOF\"") })
    }

    /// `responseMediaType` names the answers' media type (a `+json` one, as Mollie's
    /// `application/hal+json`): the export declares it for the success and the error bodies; a
    /// media type that is not JSON is a located error.
    @Test func anOperationsAnswersCarryTheMediaTypeItNames() throws {
        let yaml = """
            types:
              Thing:
                kind: struct
                fields:
                  id: String
              Problem:
                kind: struct
                fields:
                  detail: String
            operations:
              getThing:
                method: GET
                path: /things/{id}
                response: Thing
                errorBody: Problem
                errorStatus: [404]
                responseMediaType: application/hal+json
            """
        let (checked, diagnostics) = check(["Snippet.yaml": yaml])
        let module = try #require(checked?.resolved, "\(diagnostics)")
        #expect(module.files.flatMap(\.operations).first?.responseMediaType == "application/hal+json")
        let text = SchemaExport.openAPI([module]).serialized()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let responses =
            (((document["paths"] as? [String: Any])?["/things/{id}"] as? [String: Any])?["get"] as? [String: Any])?["responses"]
            as? [String: [String: Any]]
        for status in ["200", "404"] {
            let content = responses?[status]?["content"] as? [String: Any]
            #expect(content.map { Array($0.keys) } == ["application/hal+json"], "\(status): \(String(describing: content))")
        }
        // Without it, JSON; anything but a JSON type is refused where it is written.
        let (plain, _) = check(["Snippet.yaml": yaml.replacingOccurrences(of: "\n    responseMediaType: application/hal+json", with: "")])
        #expect(plain?.resolved.files.flatMap(\.operations).first?.responseMediaType == "application/json")
        let (_, wrong) = check(["Snippet.yaml": yaml.replacingOccurrences(of: "application/hal+json", with: "text/html")])
        #expect(
            wrong.map(\.description).contains {
                $0.hasPrefix("Snippet.yaml:17:") && $0.contains("'responseMediaType' must be a JSON media type")
            })
    }

    /// `unknownMembers: refuse` on an operation: its request body refers to closed variants of
    /// every struct it reaches (`<Type>.request`, `additionalProperties: false`), while the types
    /// stay open where answers use them; the generated operation says so, and the keyword without
    /// a request is a located error.
    @Test func anOperationThatRefusesUnknownMembersExportsClosedRequestVariants() throws {
        let yaml = """
            types:
              Price:
                kind: struct
                fields:
                  amount: String
              Details:
                kind: struct
                fields:
                  price: Price
                  note: String
              UpdateRequest:
                kind: struct
                unknownMembers: refuse
                fields:
                  details: Details
              Session:
                kind: struct
                fields:
                  details: Details
            operations:
              update:
                method: PATCH
                path: /sessions/{id}
                request: UpdateRequest
                unknownMembers: refuse
                response: Session
            """
        let (checked, diagnostics) = check(["Snippet.yaml": yaml])
        let module = try #require(checked?.resolved, "\(diagnostics)")
        #expect(module.files.flatMap(\.operations).first?.refusesUnknownMembers == true)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(SchemaExport.openAPI([module]).serialized().utf8)) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        #expect(Set(schemas.keys.filter { $0.hasSuffix(".request") }) == ["UpdateRequest.request", "Details.request", "Price.request"])
        for name in ["UpdateRequest.request", "Details.request", "Price.request"] {
            #expect(schemas[name]?["additionalProperties"] as? Bool == false, "\(name)")
        }
        // The shared types stay open for the answer, which refers to them.
        #expect(schemas["Details"]?["additionalProperties"] == nil && schemas["Price"]?["additionalProperties"] == nil)
        let details = (schemas["Details.request"]?["properties"] as? [String: Any])?["price"]
        #expect("\(details ?? "")".contains("#/components/schemas/Price.request"))
        let patch = ((document["paths"] as? [String: Any])?["/sessions/{id}"] as? [String: Any])?["patch"] as? [String: Any]
        let body = "\((patch?["requestBody"] as? [String: Any]) ?? [:])"
        #expect(body.contains("#/components/schemas/UpdateRequest.request"), "\(body)")
        let answer = "\((patch?["responses"] as? [String: Any]) ?? [:])"
        #expect(answer.contains("#/components/schemas/Session") && !answer.contains(".request"))
        // Without a request there is nothing to refuse: a located error.
        let bodiless = yaml.replacingOccurrences(of: "    request: UpdateRequest\n", with: "")
        let (_, errors) = check(["Snippet.yaml": bodiless])
        #expect(
            errors.map(\.description).contains { $0.hasPrefix("Snippet.yaml:24:") && $0.contains("has no 'request' body") }, "\(errors)")
    }
}
