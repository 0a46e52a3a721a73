import CLITestSupport
import Foundation
import PaymentMocks
import SuiteMCommerce
import Testing

/// The sandbox's rule table for PayPal, from PayPal's own Orders v2 and Payments v2 documents: for
/// every operation the sandbox serves, every issue the document lists (400, 401, 403, 404, 409, 422, 500) is either
/// raised (worded exactly as the document words it for that operation, and provoked by name in
/// `ProviderRulesSocketTests` over a socket) or not, with the reason. `docs/provider-rules.md` is
/// this table; the test fails when the file, the code or the document disagree
/// (`PAYSCHEMA_UPDATE_RULE_TABLE=1` rewrites the file).
@Suite("Provider rule table")
struct ProviderRuleTableTests {
    /// Why an issue of PayPal's lists is not raised.
    enum Verdict: Equatable {
        /// The issue judges a payment source the document's `payment_source` does not declare.
        case otherSource
        /// The issue judges a field another version of the document declares and this one does not.
        case otherVersion
        /// The issue needs saved payment sources, which the sandbox does not keep.
        case vault
        /// The issue's document names no field, source or value it applies to.
        case unsaid
        /// The issue is a decision of PayPal's risk, compliance or account systems.
        case account
        /// The issue needs an order state the sandbox does not model.
        case state
        /// Not applicable, for the reason given.
        case notApplicable(String)
        /// Applicable and not raised yet, for the reason given.
        case notRaised(String)

        var reason: String {
            switch self {
            case .otherSource:
                return
                    "it judges a payment source this version of PayPal's document does not declare in `payment_source` (ACH or SEPA debit, pay upon invoice): a request naming one is refused by the schema"
            case .otherVersion:
                return
                    "it judges `payment_source.card.stored_credential.previous_transaction_reference`, which this version of PayPal's document does not declare (a request's member kept without a model)"
            case .vault:
                return
                    "it needs saved payment sources: the sandbox keeps no vault, so no vault id or saved token it could find, expire or mismatch exists"
            case .unsaid:
                return "PayPal's document names no field, source or value it applies to: the sandbox will not guess"
            case .account:
                return
                    "a decision of PayPal's risk, compliance or account systems about a real merchant or payer (limits, restrictions, enablement) that no document states as a rule on the request"
            case .state:
                return "it needs a state the sandbox does not model (saved orders, authorize bodies with an amount)"
            case .notApplicable(let reason), .notRaised(let reason): return reason
            }
        }

        var applicable: Bool {
            switch self {
            case .notRaised, .unsaid: return true
            default: return false
            }
        }
    }

    /// Every issue of the served operations' lists that the sandbox does not raise, and why.
    static let notRaised: [String: Verdict] = [
        "AGREEMENT_ALREADY_CANCELLED": .notApplicable(
            "the sandbox makes no billing agreements: a billing agreement token is BILLING_AGREEMENT_NOT_FOUND first"),
        "ALIAS_DECLINED_BY_PROCESSOR": .account,
        "AMOUNT_CANNOT_BE_SPECIFIED": .state,
        "AUTHORIZATION_AMOUNT_EXCEEDED": .state,
        "AUTHORIZATION_CURRENCY_MISMATCH": .state,
        "AUTH_CAPTURE_NOT_ENABLED": .account,
        "BANK_NOT_SUPPORTED_FOR_VERIFICATION": .otherSource,
        "BILLING_ADDRESS_INVALID": .account,
        "BILLING_AGREEMENT_ID_MISMATCH": .notApplicable(
            "the sandbox makes no billing agreements: a billing agreement token is BILLING_AGREEMENT_NOT_FOUND first"),
        "CARD_BRAND_NOT_SUPPORTED": .account,
        "CARD_TYPE_NOT_SUPPORTED": .account,
        "CITY_REQUIRED": .notApplicable("which countries need a city is PayPal's address table, which its document does not publish"),
        "COMPLIANCE_VIOLATION": .account,
        "CONSENT_NEEDED": .account,
        "COUNTRY_NOT_SUPPORTED_BY_PAYMENT_SOURCE": .unsaid,
        "CURRENCY_NOT_SUPPORTED_FOR_BANK": .otherSource,
        "CURRENCY_NOT_SUPPORTED_FOR_CARD_TYPE": .account,
        "CURRENCY_NOT_SUPPORTED_FOR_COUNTRY": .account,
        "DECLINED_DUE_TO_RELATED_TXN": .account,
        "DEVICE_DATA_NOT_AVAILABLE": .otherSource,
        "DOMESTIC_TRANSACTION_REQUIRED": .account,
        "DUPLICATE_INVOICE_ID": .account,
        "GOOGLE_PAY_GATEWAY_MERCHANT_ID_MISMATCH": .notApplicable(
            "it judges the encrypted Google Pay token, which only PayPal decrypts; this document declares `google_pay` as an empty schema (kept as a JSON value)"
        ),
        "IBAN_COUNTRY_NOT_SUPPORTED": .otherSource,
        "IDENTIFIER_NOT_FOUND": .unsaid,
        "INCOMPATIBLE_PARAMETER_VALUE": .unsaid,
        "INVALID_ACCOUNT_STATUS": .account,
        "INVALID_GOOGLE_PAY_TOKEN": .notApplicable(
            "it judges the encrypted Google Pay token, which only PayPal decrypts; this document declares `google_pay` as an empty schema (kept as a JSON value)"
        ),
        "INVALID_IBAN": .otherSource,
        "INVALID_PAYEE_PRICING_TIER_ID": .account,
        "INVALID_PAYER_ID": .notApplicable(
            "it judges `payer.payer_id`; `payer` is deprecated in the document and kept as a member no field models"),
        "INVALID_PLATFORM_FEES_ACCOUNT": .account,
        "INVALID_PREVIOUS_TRANSACTION_REFERENCE": .otherVersion,
        "INVALID_STRING_MAX_LENGTH": .notApplicable("confirm answers INVALID_STRING_LENGTH, which its list also holds, for both bounds"),
        "ITEM_CATEGORY_NOT_SUPPORTED_BY_PAYMENT_SOURCE": .unsaid,
        "MAX_AUTHORIZATION_COUNT_EXCEEDED": .state,
        "MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED": .account,
        "MISMATCHED_VAULT_ID_TO_PAYMENT_SOURCE": .vault,
        "MISSING_PICKUP_ADDRESS": .notRaised(
            "which `shipping.type` values need a pickup address the document does not say (the sandbox will not guess)"),
        "NOT_ELIGIBLE_FOR_PAYPAL_TRANSACTION_ID_PROCESSING": .account,
        "NOT_ELIGIBLE_FOR_PNREF_PROCESSING": .account,
        "NOT_ELIGIBLE_FOR_TOKEN_PROCESSING": .account,
        "NOT_ENABLED_FOR_APPLE_PAY": .account,
        "NOT_ENABLED_FOR_BANK_PROCESSING": .account,
        "NOT_ENABLED_FOR_CARD_PROCESSING": .account,
        "NOT_ENABLED_FOR_GOOGLE_PAY": .account,
        "NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE": .account,
        "NOT_SUPPORTED": .unsaid,
        "ONE_OF_PARAMETERS_REQUIRED": .unsaid,
        "ONE_OF_THE_PARAMETERS_REQUIRED": .unsaid,
        "ONLY_ONE_BANK_SOURCE_ALLOWED": .otherSource,
        "ORDER_CANNOT_BE_SAVED": .state,
        "ORDER_COMPLETED_OR_VOIDED": .notApplicable(
            "a completed order meets ACTION_DOES_NOT_MATCH_INTENT or ORDER_ALREADY_AUTHORIZED first; voided orders are not modelled"),
        "ORDER_IS_PENDING_APPROVAL": .state,
        "PAYEE_ACCOUNT_LOCKED_OR_CLOSED": .account,
        "PAYEE_ACCOUNT_NOT_VERIFIED": .account,
        "PAYEE_ACCOUNT_RESTRICTED": .account,
        "PAYEE_BLOCKED_TRANSACTION": .account,
        "PAYEE_COUNTRY_NOT_SUPPORTED_FOR_PAYMENT_SOURCE": .account,
        "PAYEE_FX_RATE_ID_CURRENCY_MISMATCH": .notApplicable(
            "the sandbox quotes no exchange rates: an FX rate id is INVALID_FX_RATE_ID at create first"),
        "PAYEE_FX_RATE_ID_EXPIRED": .notApplicable(
            "the sandbox quotes no exchange rates: an FX rate id is INVALID_FX_RATE_ID at create first"),
        "PAYEE_NOT_ENABLED_FOR_BANK_PROCESSING": .account,
        "PAYEE_NOT_ENABLED_FOR_CARD_PROCESSING": .account,
        "PAYEE_PRICING_TIER_ID_NOT_ENABLED": .account,
        "PAYER_ACCOUNT_LOCKED_OR_CLOSED": .account,
        "PAYER_ACCOUNT_RESTRICTED": .account,
        "PAYER_CANNOT_PAY": .account,
        "PAYMENT_SOURCE_CANNOT_BE_USED": .account,
        "PAYMENT_SOURCE_INFO_CANNOT_BE_VERIFIED": .account,
        "PAYMENT_SOURCE_MISMATCH": .otherVersion,
        "PAYMENT_SOURCE_NOT_SUPPORTED": .unsaid,
        "PAYMENT_TYPE_NOT_SUPPORTED_FOR_INTENT": .notApplicable(
            "an authorization of an order created to capture (or the reverse) is ACTION_DOES_NOT_MATCH_INTENT, which the same list holds for it"
        ),
        "PAYPAL_TRANSACTION_ID_EXPIRED": .notApplicable(
            "a PayPal transaction id expires four years after its transaction; every one the sandbox knows is from its own run"),
        "PERMISSION_DENIED": .account,
        "PERMISSION_DENIED_FOR_DONATION_ITEMS": .account,
        "PLATFORM_FEES_NOT_SUPPORTED": .account,
        "PNREF_EXPIRED": .notApplicable("the sandbox has no Payflow transactions: a PNREF token is PNREF_NOT_FOUND first"),
        "POSTAL_CODE_REQUIRED": .notApplicable(
            "which countries need a postal code is PayPal's address table, which its document does not publish"),
        "PREVIOUS_TRANSACTION_REFERENCE_HAS_CHARGEBACK": .otherVersion,
        "PREVIOUS_TRANSACTION_REFERENCE_VOIDED": .otherVersion,
        "REDIRECT_PAYER_FOR_ALTERNATE_FUNDING": .account,
        "REFERENCED_CARD_EXPIRED": .vault,
        "REQUIRED_PARAMETER_FOR_CUSTOMER_INITIATED_PAYMENT": .unsaid,
        "REQUIRED_PARAMETER_FOR_PAYMENT_SOURCE": .unsaid,
        "SAVE_ORDER_NOT_SUPPORTED": .state,
        "SETUP_ERROR_FOR_BANK": .account,
        "SHIPPING_ADDRESS_INVALID": .notApplicable(
            "PayPal's verification of a real address against its postal data, which no document states as a rule"),
        "SHIPPING_TYPE_NOT_SUPPORTED_FOR_CLIENT": .account,
        "TOKEN_EXPIRED": .vault,
        "TRANSACTION_BLOCKED_BY_PAYEE": .account,
        "TRANSACTION_LIMIT_EXCEEDED": .account,
        "TRANSACTION_RECEIVING_LIMIT_EXCEEDED": .account,
        "TRANSACTION_REFUSED": .account,
        "VAULT_INSTRUCTION_DUPLICATED": .unsaid,
        // The Payments API's lists.
        "AUTHORIZATION_DENIED": .notApplicable("the sandbox never denies an authorization: every one it makes is CREATED"),
        "MAX_CAPTURE_COUNT_EXCEEDED": .notApplicable(
            "the document states no count of captures; the sandbox bounds an authorization's captures by their amount (MAX_CAPTURE_AMOUNT_EXCEEDED)"
        ),
        "PREVIOUS_REQUEST_IN_PROGRESS": .notApplicable(
            "the sandbox performs the requests on a resource one at a time, under one lock: none is in progress when the next arrives"),
        "CURRENCY_MISMATCH": .notApplicable(
            "a refund in another currency than its capture is REFUND_CAPTURE_CURRENCY_MISMATCH, the list's own issue for it"),
        "REFUND_NOT_ALLOWED": .notApplicable("every capture the sandbox makes is COMPLETED, which PayPal refunds"),
        "REFUND_AMOUNT_TOO_LOW": .notApplicable(
            "it judges a currency conversion into the payee's account; the sandbox settles in the capture's currency"),
        "REFUND_FAILED_INSUFFICIENT_FUNDS": .account,
        "PARTIAL_REFUND_NOT_ALLOWED": .account,
        "MAX_NUMBER_OF_REFUNDS_EXCEEDED": .notApplicable(
            "the document states no number of refunds; the sandbox bounds a capture's refunds by their amount (REFUND_AMOUNT_EXCEEDED)"),
        "PENDING_CAPTURE": .notApplicable("every capture the sandbox makes is COMPLETED at once; none is PENDING"),
        "REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK": .notApplicable("chargebacks are the card network's and the buyer's, not the API's"),
        "TRANSACTION_DISPUTED": .notApplicable("disputes are opened by buyers in PayPal's resolution center, not through the API"),
        "REFUND_IS_RESTRICTED": .account,
        "PLATFORM_FEE_NOT_ENABLED": .account,
    ]

    /// Where an issue the sandbox raises for some operations is in another operation's list and
    /// not raised there, why (the general note is that the operation's body does not carry what
    /// it judges).
    static let notRaisedFor: [String: [String: Verdict]] = [
        "refundCapture": [
            "CANNOT_BE_NEGATIVE": .notApplicable(
                "refund has one amount, which must be above zero: a negative one is CANNOT_BE_ZERO_OR_NEGATIVE, also in refund's list")
        ],
        "captureAuthorization": [
            "INVALID_STRING_MAX_LENGTH": .notApplicable("capture answers INVALID_STRING_LENGTH, which its list also holds, for both bounds")
        ],
        "reauthorizeAuthorization": [
            "INVALID_STRING_MAX_LENGTH": .notApplicable(
                "reauthorize answers INVALID_STRING_LENGTH, which its list also holds, for both bounds")
        ],
    ]

    /// `../shared/contracts/paypal/checkout_orders_v2.json`, when it is there.
    static let document: URL? = SharedReference.path("contracts/paypal/checkout_orders_v2.json")
    /// `../shared/contracts/paypal/payments_payment_v2.json`, when it is there.
    static let paymentsDocument: URL? = SharedReference.path("contracts/paypal/payments_payment_v2.json")

    /// The operations the sandbox serves from the Orders document: ours, its path and method there.
    static let ordersServed: [(String, String, String)] = [
        ("createOrder", "/v2/checkout/orders", "post"), ("getOrder", "/v2/checkout/orders/{id}", "get"),
        ("confirmPaymentSource", "/v2/checkout/orders/{id}/confirm-payment-source", "post"),
        ("authorizeOrder", "/v2/checkout/orders/{id}/authorize", "post"), ("captureOrder", "/v2/checkout/orders/{id}/capture", "post"),
    ]

    /// The operations the sandbox serves from the Payments document.
    static let paymentsServed: [(String, String, String)] = [
        ("getAuthorization", "/v2/payments/authorizations/{authorization_id}", "get"),
        ("captureAuthorization", "/v2/payments/authorizations/{authorization_id}/capture", "post"),
        ("reauthorizeAuthorization", "/v2/payments/authorizations/{authorization_id}/reauthorize", "post"),
        ("voidAuthorization", "/v2/payments/authorizations/{authorization_id}/void", "post"),
        ("getCapture", "/v2/payments/captures/{capture_id}", "get"), ("refundCapture", "/v2/payments/captures/{capture_id}/refund", "post"),
        ("getRefund", "/v2/payments/refunds/{refund_id}", "get"),
    ]

    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// One row: an operation, a status, an issue, the document's description, and what we do.
    struct Row {
        var operation: String
        var status: String
        var issue: String
        var description: String
        var raised: Bool
        var note: String
    }

    /// The document's lists for the served operations, in its order.
    static func rows(_ json: [String: Any], served: [(String, String, String)] = ordersServed) throws -> [Row] {
        let paths = try #require(json["paths"] as? [String: Any])
        let schemas = try #require((json["components"] as? [String: Any])?["schemas"] as? [String: Any])
        var rows: [Row] = []
        for (operation, path, method) in served {
            let responses = try #require(((paths[path] as? [String: Any])?[method] as? [String: Any])?["responses"] as? [String: Any])
            for status in responses.keys.sorted() {
                let schema =
                    (((responses[status] as? [String: Any])?["content"] as? [String: Any])?["application/json"] as? [String: Any])?[
                        "schema"] as? [String: Any]
                for part in schema?["allOf"] as? [[String: Any]] ?? [] {
                    guard let reference = (part["$ref"] as? String)?.split(separator: "/").last.map(String.init),
                        !reference.hasPrefix("error_")
                    else { continue }
                    let items =
                        (((schemas[reference] as? [String: Any])?["properties"] as? [String: Any])?["details"] as? [String: Any])?["items"]
                        as? [String: Any]
                    for entry in items?["anyOf"] as? [[String: Any]] ?? [] {
                        let properties = entry["properties"] as? [String: Any]
                        let issue = ((properties?["issue"] as? [String: Any])?["enum"] as? [String])?.first ?? ""
                        let description = ((properties?["description"] as? [String: Any])?["enum"] as? [String])?.first ?? ""
                        let ours = PayPalIssue(rawValue: issue)?.descriptions[operation]
                        let raisedElsewhere = PayPalIssue(rawValue: issue).map { Array($0.descriptions.keys).sorted() } ?? []
                        let note: String
                        if ours != nil {
                            note = "raised"
                        } else if let verdict = notRaisedFor[operation]?[issue] ?? notRaised[issue] {
                            note = (verdict.applicable ? "not raised: " : "n/a: ") + verdict.reason
                        } else if !raisedElsewhere.isEmpty {
                            note =
                                "n/a: raised by " + raisedElsewhere.joined(separator: ", ")
                                + ", whose bodies carry what it judges; this operation's body does not in our types"
                        } else {
                            note = "UNDECIDED"
                        }
                        rows.append(
                            Row(
                                operation: operation, status: status, issue: issue, description: description, raised: ours != nil,
                                note: note))
                    }
                }
            }
            // What the operation raises beyond its list, each with where PayPal gives it.
            for (issue, operations) in PayPalIssue.beyondTheDocument.sorted(by: { $0.key < $1.key }) {
                guard let source = operations[operation], let raised = PayPalIssue(rawValue: issue),
                    let description = raised.descriptions[operation]
                else { continue }
                rows.append(
                    Row(
                        operation: operation, status: String(raised.status), issue: issue, description: description, raised: true,
                        note: "raised, beyond the document's list: " + source))
            }
        }
        return rows
    }

    /// The table as Markdown.
    static func markdown(_ rows: [Row]) -> String {
        var text = """
            # Provider rules

            What each provider documents that it refuses, and what `payflow serve` does with it. Generated
            by `ProviderRuleTableTests` (`PAYSCHEMA_UPDATE_RULE_TABLE=1 swift test --filter ProviderRuleTableTests`
            rewrites it): PayPal's sections from its Orders v2 and Payments v2 documents, the others from the tables in
            `Sources/PaymentMocks/Providers` (`ruleTable`). A raised PayPal issue is answered with exactly the
            status, name, message, issue and description the document gives for that operation, and is provoked
            by name over a socket in `Tests/PaymentSandboxTests/ProviderRulesSocketTests.swift` (the Payments
            API's in `PayPalPaymentsSocketTests.swift`, the payment sources' in `PayPalPaymentSourcesSocketTests.swift`).
            Every issue of PayPal's lists, raised or not, is also answered on request, as PayPal's negative
            testing answers it: `PayPal-Mock-Response: {"mock_application_codes":"<ISSUE>"}` on a request of
            the operation gives the list's status and words (`PayPalNegativeTestingSocketTests` sends every
            one); every raised row
            of the other tables is provoked over a socket in `ProviderRuleTablesSocketTests.swift`, which also
            checks that the sandbox's journal names exactly the raised codes.

            | provider | raised | applicable | not applicable |
            |---|---|---|---|
            \(Self.paypalSections.map { title, operations in
                let own = rows.filter { operations.contains($0.operation) }
                return "| PayPal \(title) | \(own.filter(\.raised).count) | \(own.filter { $0.raised || $0.note.hasPrefix("not raised") }.count) | \(own.filter { !$0.raised && !$0.note.hasPrefix("not raised") }.count) |"
            }.joined(separator: "\n"))
            \(Self.otherTables.map { "| \($0.title) | \($0.counts.raised) | \($0.counts.applicable) | \($0.counts.notApplicable) |" }.joined(separator: "\n"))

            """
        for (title, operations) in Self.paypalSections {
            text += "\n## PayPal \(title)\n"
            for operation in operations { text += section(operation, rows) }
        }
        return text + Self.otherTables.map(\.markdown).joined()
    }

    /// The PayPal documents' sections of the table, each with its operations in order.
    static let paypalSections: [(String, [String])] = [
        ("Orders v2", ordersServed.map(\.0)), ("Payments v2", paymentsServed.map(\.0)),
    ]

    /// One operation's rows as Markdown.
    static func section(_ operation: String, _ rows: [Row]) -> String {
        let own = rows.filter { $0.operation == operation }
        let raised = own.filter(\.raised).count
        let open = own.filter { $0.note.hasPrefix("not raised") }.count
        var text =
            "\n### `\(operation)` (\(PayPalIssue.contractOperations[operation] ?? operation)): \(raised) raised, \(open) applicable and not raised, \(own.count - raised - open) not applicable\n\n"
        text += "| status | issue | ours |\n|---|---|---|\n"
        for row in own { text += "| \(row.status) | `\(row.issue)` | \(row.note) |\n" }
        return text
    }

    /// The tables of the providers without a machine-readable contract.
    static let otherTables = [
        MockPayPalServer.genericRuleTable, MockPayPalServer.oauthRuleTable, MockAmazonPayServer.ruleTable, MockMollieBackend.ruleTable,
        MockMollieAPI.ruleTable, MockMITServer.ruleTable, MockSRCCheckout.ruleTable,
    ]

    /// Every table without a contract holds each code once, gives every wire row a status, raises
    /// every row that applies, and is in `docs/provider-rules.md` as it is (with or without `../shared`).
    @Test func theOtherProvidersTablesRaiseEveryApplicableRowAndAreDocumented() throws {
        let file = try String(contentsOf: Self.packageRoot.appending(path: "docs/provider-rules.md"), encoding: .utf8)
        for table in Self.otherTables {
            let codes = table.rules.map(\.code)
            #expect(Set(codes).count == codes.count, "\(table.provider): a code is listed twice")
            #expect(table.counts.raised == table.counts.applicable, "\(table.provider): an applicable row is not raised")
            #expect(!table.raisedCodes.isEmpty)
            #expect(
                file.contains(table.markdown),
                "docs/provider-rules.md is stale for \(table.provider): PAYSCHEMA_UPDATE_RULE_TABLE=1 swift test --filter ProviderRuleTableTests"
            )
        }
        // MIT's table is its four catalogs, code for code.
        let catalogs =
            SuiteInitializationError.allCases.map(\.code) + SuitePaymentError.allCases.map(\.code)
            + SuiteAuthenticationError.allCases.map(\.code) + SuiteTokenPaymentError.allCases.map(\.code)
        #expect(MockMITServer.ruleTable.rules.map(\.code) == catalogs)
    }

    @Test(.enabled(if: document != nil, "../shared/contracts is absent: PayPal's issue lists were NOT checked"))
    func everyIssueOfTheServedOperationsIsRaisedInItsWordsOrExplained() throws {
        let data = try Data(contentsOf: try #require(Self.document))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paymentsData = try Data(contentsOf: try #require(Self.paymentsDocument))
        let payments = try #require(try JSONSerialization.jsonObject(with: paymentsData) as? [String: Any])
        let rows = try Self.rows(json) + Self.rows(payments, served: Self.paymentsServed)
        #expect(rows.count > 330)
        // Every issue of the lists is in the catalog PayPal-Mock-Response answers from, at the
        // list's status and in its words, and the catalog holds nothing else.
        let listed = rows.filter { !$0.note.hasPrefix("raised, beyond") }
        for row in listed {
            let entry = PayPalIssueCatalog.lists[row.operation]?[row.issue]
            #expect(entry?.status == Int(row.status), "\(row.operation) \(row.issue): the catalog's status is not the list's")
            // A repeated issue keeps its first words; a list without words takes the document's.
            let first = listed.first { $0.operation == row.operation && $0.issue == row.issue }
            #expect(
                first?.description.isEmpty == true || entry?.description == first?.description,
                "\(row.operation) \(row.issue): the catalog's words are not the list's")
        }
        let catalogued = PayPalIssueCatalog.lists.values.reduce(0) { $0 + $1.count }
        #expect(catalogued == Set(listed.map { $0.operation + " " + $0.issue }).count, "the catalog holds an issue no list holds")
        // No issue of the lists is left undecided.
        #expect(rows.filter { $0.note == "UNDECIDED" }.map(\.issue) == [])
        // Every issue the sandbox raises is in the list of each operation that raises it, with the
        // document's own description, and is provoked over the socket by name.
        let socketTests =
            try String(
                contentsOf: Self.packageRoot.appending(path: "Tests/PaymentSandboxTests/ProviderRulesSocketTests.swift"), encoding: .utf8)
            + String(contentsOf: Self.packageRoot.appending(path: "Tests/PaymentSandboxTests/SandboxHardeningTests.swift"), encoding: .utf8)
            + String(
                contentsOf: Self.packageRoot.appending(path: "Tests/PaymentSandboxTests/PayPalPaymentsSocketTests.swift"), encoding: .utf8)
            + String(
                contentsOf: Self.packageRoot.appending(path: "Tests/PaymentSandboxTests/PayPalPaymentSourcesSocketTests.swift"),
                encoding: .utf8)
        for issue in PayPalIssue.allCases {
            for (operation, description) in issue.descriptions {
                let listed = rows.first { $0.operation == operation && $0.issue == issue.rawValue }
                #expect(listed != nil, "\(operation) raises \(issue.rawValue), which its list does not hold")
                // Where the document lists the issue without words (refund's lists, for some), ours
                // are the ones it gives the issue elsewhere in the same document (PayPalIssue.payments).
                #expect(
                    listed?.description == description || listed?.description == "",
                    "\(operation) \(issue.rawValue): ours \"\(description)\", PayPal's \"\(listed?.description ?? "")\"")
            }
            let provoked = socketTests.contains("\"\(issue.rawValue)\"")
            #expect(provoked, "\(issue.rawValue) is raised but no socket test provokes it by name")
        }
        // An issue raised beyond an operation's list is one the list does not hold, with a source.
        for (issue, operations) in PayPalIssue.beyondTheDocument {
            for (operation, source) in operations {
                #expect(
                    PayPalIssue(rawValue: issue)?.descriptions[operation] != nil,
                    "\(issue) is beyond \(operation)'s list and not raised there")
                #expect(!source.isEmpty)
                let inList = rows.contains { $0.operation == operation && $0.issue == issue && !$0.note.hasPrefix("raised, beyond") }
                #expect(!inList, "\(operation)'s list holds \(issue): it is not beyond the document")
            }
        }
        // A reason kept for an issue the sandbox now raises, or one no list holds, is stale.
        for issue in Self.notRaised.keys {
            #expect(PayPalIssue(rawValue: issue) == nil, "\(issue) is raised and still has a reason")
            #expect(rows.contains { $0.issue == issue }, "\(issue) is in no served operation's list")
        }
        for (operation, verdicts) in Self.notRaisedFor {
            for issue in verdicts.keys {
                #expect(PayPalIssue(rawValue: issue)?.descriptions[operation] == nil, "\(operation) raises \(issue) and still has a reason")
                #expect(rows.contains { $0.operation == operation && $0.issue == issue }, "\(issue) is not in \(operation)'s list")
            }
        }
        let file = Self.packageRoot.appending(path: "docs/provider-rules.md")
        let text = Self.markdown(rows)
        if ProcessInfo.processInfo.environment["PAYSCHEMA_UPDATE_RULE_TABLE"] == "1" {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(
            try String(contentsOf: file, encoding: .utf8) == text,
            "docs/provider-rules.md is stale: PAYSCHEMA_UPDATE_RULE_TABLE=1 swift test --filter ProviderRuleTableTests")
    }
}
