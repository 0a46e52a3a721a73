import Foundation
@testable import PaySchemaCore
@_spi(Generated) import PaySchemaVocabulary
import Testing

@Suite("Exports")
struct ExportTests {
    static let modules = (try? GeneratorPipeline(schemasRoot: packageRoot.appending(path: "Schemas"), diagnosticRoot: "Schemas").run(emit: false).modules) ?? [:]

    @Test func committedLanguageSchemaIsCurrent() throws {
        let committed = try String(contentsOf: packageRoot.appending(path: "Schemas/payschema.schema.json"), encoding: .utf8)
        #expect(committed == LanguageSchema.document().serialized(), "run `swift run payschema export jsonschema` and commit Schemas/payschema.schema.json")
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
        #expect(Set(paths?.keys.map { $0 } ?? []) == ["/api/methods", "/api/payments", "/api/payments/{id}"])
        let create = schemas?["CreatePaymentRequest"] as? [String: Any]
        #expect(create?["required"] as? [String] == ["description", "amount"])
        let amount = (create?["properties"] as? [String: Any])?["amount"] as? [String: Any]
        #expect(amount?["exclusiveMinimum"] as? Int == 0)
        #expect(amount?["multipleOf"] as? Double == 0.01)
        let status = schemas?["PaymentStatus"] as? [String: Any]
        #expect(status?["x-open-enum"] as? Bool == true)
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
        let document = SchemaExport.openAPI(Array(Self.modules.values).sorted { $0.name < $1.name }).serialized()
        let currencyFields = document.components(separatedBy: "\"$ref\": \"#/components/schemas/PayCurrencyCode\"").count - 1
        #expect(currencyFields > 5)
        #expect(document.components(separatedBy: "\"XOF\"").count - 1 == 1)
        #expect(document.components(separatedBy: "\"NL\"").count - 1 == 1)
        let inline = SchemaExport.jsonSchemas(try #require(Self.modules["PayPalPayments"]), sharedCodeLists: false)
        #expect(!inline.contains { $0.name == "PayCurrencyCode.schema.json" })
        #expect(inline.contains { $0.document.serialized().contains("\"XOF\"") })
    }
}
