import CLITestSupport
import Foundation
import PaymentMocks
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the real providers refuse, `payflow serve` refuses over a real socket, in the providers' own
/// words: every rule of `docs/provider-rules.md` marked raised is provoked here by name.
@Suite("Provider rules over the socket", .serialized)
struct ProviderRulesSocketTests {
    typealias Served = SandboxHardeningTests.Served

    /// The status, the error's name and message, and every detail's issue and description.
    struct Refusal: Equatable, CustomStringConvertible {
        var status: Int
        var name: String?
        var message: String?
        var issues: [String]
        var descriptions: [String]
        var description: String { "\(status) \(name ?? "-") \(issues)" }
    }

    static func refusal(_ answer: (Int, [String: String], Data)) throws -> Refusal {
        let object = try JSONSerialization.jsonObject(with: answer.2) as? [String: Any] ?? [:]
        let details = object["details"] as? [[String: Any]] ?? []
        return Refusal(
            status: answer.0, name: object["name"] as? String, message: object["message"] as? String,
            issues: details.compactMap { $0["issue"] as? String }, descriptions: details.compactMap { $0["description"] as? String })
    }

    static func order(_ value: String, _ currency: String = "USD") -> String {
        #"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":""# + currency + #"","value":""# + value + #""}}]}"#
    }

    static let unprocessable = "The requested action could not be performed, semantically incorrect, or failed business validation."
    static let invalidRequest = "Request is not well-formed, syntactically incorrect, or violates schema."

    /// Zero, negative and signed amounts: PayPal's 422 CANNOT_BE_ZERO_OR_NEGATIVE for what its own
    /// pattern admits (`-5.00`, `-0`, `0.00`), its 400 INVALID_PARAMETER_SYNTAX for a `+` its
    /// pattern refuses; none of them creates an order, so none is ever captured.
    @Test func payPalRefusesZeroNegativeAndSignedAmounts() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        for value in ["-5.00", "-10", "0.00", "-0", "0"] {
            let refused = try Self.refusal(
                try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: Self.order(value)))
            #expect(
                refused.status == 422 && refused.name == "UNPROCESSABLE_ENTITY" && refused.message == Self.unprocessable,
                "\(value): \(refused)")
            #expect(refused.issues == ["CANNOT_BE_ZERO_OR_NEGATIVE"], "\(value): \(refused)")
            #expect(
                refused.descriptions == [
                    "Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported."
                ])
        }
        let plus = try Self.refusal(
            try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: Self.order("+10.00")))
        #expect(plus.status == 400 && plus.name == "INVALID_REQUEST" && plus.issues == ["INVALID_PARAMETER_SYNTAX"], "\(plus)")
        #expect(plus.message == "Request is not well-formed, syntactically incorrect, or violates schema.")
        // Over the ceiling, a currency PayPal does not process, one outside ISO 4217, two currencies.
        let ceiling = try Self.refusal(
            try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: Self.order("1000000000000000.00")))
        #expect(ceiling.issues == ["MAX_VALUE_EXCEEDED"], "\(ceiling)")
        #expect(
            try Self.refusal(
                try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: Self.order("10.00", "AED"))
            ).issues == ["INVALID_CURRENCY_CODE"])
        let made = try Self.refusal(
            try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: Self.order("10.00", "ABC")))
        #expect(made.status == 422 && made.issues == ["INVALID_CURRENCY_CODE"], "\(made)")
        let two =
            #"{"intent":"CAPTURE","purchase_units":[{"reference_id":"a","amount":{"currency_code":"USD","value":"1.00"}},{"reference_id":"b","amount":{"currency_code":"EUR","value":"1.00"}}]}"#
        #expect(
            try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: two)).issues == [
                "MULTI_CURRENCY_ORDER"
            ])
        let unnamed =
            #"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"1.00"}},{"reference_id":"b","amount":{"currency_code":"USD","value":"1.00"}}]}"#
        #expect(
            try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: unnamed)).issues == [
                "REFERENCE_ID_REQUIRED"
            ])
        let same =
            #"{"intent":"CAPTURE","purchase_units":[{"reference_id":"a","amount":{"currency_code":"USD","value":"1.00"}},{"reference_id":"a","amount":{"currency_code":"USD","value":"1.00"}}]}"#
        #expect(
            try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: same)).issues == [
                "DUPLICATE_REFERENCE_ID"
            ])
        // Nothing above became an order: the journal shows no 201.
        let (_, _, journal) = try await served.http("GET", "/__admin/requests?provider=paypal")
        let statuses = ((try JSONSerialization.jsonObject(with: journal) as? [String: Any])?["requests"] as? [[String: Any]] ?? [])
            .compactMap { $0["status"] as? Int }
        #expect(!statuses.contains(201))
    }

    /// A purchase unit with everything PayPal's `purchase_unit_request` carries: amount with its
    /// breakdown, items with tax, shipping with an address and options, payee, description, soft
    /// descriptor, custom and invoice ids, and `supplementary_data` (which no field models yet).
    /// Every amount adds up as PayPal requires.
    static var wholeUnit: [String: Any] {
        [
            "reference_id": "unit-1", "description": "Two mugs and a poster", "custom_id": "CUST-7", "invoice_id": "INV-2026-0042",
            "soft_descriptor": "SHOP*MUGS",
            "supplementary_data": ["card": ["level_2": ["invoice_id": "INV-2026-0042"]]], "payee": ["merchant_id": "2J6QB8YJQSJRJ"],
            "amount": [
                "currency_code": "USD", "value": "57.48",
                "breakdown": [
                    "item_total": ["currency_code": "USD", "value": "49.98"], "tax_total": ["currency_code": "USD", "value": "4.00"],
                    "shipping": ["currency_code": "USD", "value": "5.00"], "handling": ["currency_code": "USD", "value": "1.00"],
                    "insurance": ["currency_code": "USD", "value": "0.50"], "shipping_discount": ["currency_code": "USD", "value": "1.00"],
                    "discount": ["currency_code": "USD", "value": "2.00"],
                ],
            ],
            "items": [
                [
                    "name": "Mug", "quantity": "2", "sku": "MUG-1", "category": "PHYSICAL_GOODS", "description": "Blue",
                    "unit_amount": ["currency_code": "USD", "value": "12.49"], "tax": ["currency_code": "USD", "value": "1.00"],
                ],
                [
                    "name": "Poster", "quantity": "1", "category": "DIGITAL_GOODS",
                    "unit_amount": ["currency_code": "USD", "value": "25.00"], "tax": ["currency_code": "USD", "value": "2.00"],
                ],
            ],
            "shipping": [
                "name": ["full_name": "Ada Lovelace"],
                "address": [
                    "address_line_1": "1 Main St", "admin_area_2": "San Jose", "admin_area_1": "CA", "postal_code": "95131",
                    "country_code": "US",
                ],
                "options": [
                    [
                        "id": "std", "label": "Standard", "type": "SHIPPING", "selected": true,
                        "amount": ["currency_code": "USD", "value": "5.00"],
                    ],
                    [
                        "id": "fast", "label": "Express", "type": "SHIPPING", "selected": false,
                        "amount": ["currency_code": "USD", "value": "15.00"],
                    ],
                ],
            ],
        ]
    }

    /// `wholeUnit` with `change` applied, in an order of `units` such units (each its own reference id).
    static func orderBody(intent: String = "CAPTURE", units: Int = 1, _ change: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        var unit = wholeUnit
        change(&unit)
        let list = (0..<units).map { index -> [String: Any] in
            var copy = unit
            if units > 1 { copy["reference_id"] = "unit-\(index + 1)" }
            return copy
        }
        let data = try JSONSerialization.data(withJSONObject: ["intent": intent, "purchase_units": list], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// An order with everything a purchase unit carries comes back from `GET /v2/checkout/orders/{id}`
    /// with all of it (items, breakdown, shipping, payee, invoice and custom ids), as PayPal
    /// returns what it accepted.
    @Test func anOrdersWholePurchaseUnitComesBackFromGet() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let (status, _, created) = try await served.http(
            "POST", "/t/paypal/v2/checkout/orders", headers: headers, body: try Self.orderBody())
        #expect(status == 201, "\(String(decoding: created, as: UTF8.self))")
        let id = try #require((try JSONSerialization.jsonObject(with: created) as? [String: Any])?["id"] as? String)
        let (readStatus, _, read) = try await served.http("GET", "/t/paypal/v2/checkout/orders/\(id)", headers: headers)
        #expect(readStatus == 200)
        let order = try #require(try JSONSerialization.jsonObject(with: read) as? [String: Any])
        let unit = try #require((order["purchase_units"] as? [[String: Any]])?.first)
        let sent = try JSONSerialization.data(withJSONObject: Self.wholeUnit, options: [.sortedKeys])
        let returned = try JSONSerialization.data(withJSONObject: unit, options: [.sortedKeys])
        #expect(
            String(decoding: returned, as: UTF8.self) == String(decoding: sent, as: UTF8.self), "the unit read back is not the unit sent")
    }

    /// An order sent with a payment source is processed at once: without a `PayPal-Request-Id` it is
    /// PayPal's 400 `PAYPAL_REQUEST_ID_REQUIRED` and no order; with one it is created.
    @Test func aPaymentSourceAtCreateNeedsARequestID() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        var order = try #require(try JSONSerialization.jsonObject(with: Data(try Self.orderBody().utf8)) as? [String: Any])
        order["payment_source"] = [
            "paypal": ["experience_context": ["return_url": "https://example.com/return", "cancel_url": "https://example.com/cancel"]]
        ]
        let body = String(decoding: try JSONSerialization.data(withJSONObject: order, options: [.sortedKeys]), as: UTF8.self)
        let refused = try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: body))
        #expect(refused.status == 400 && refused.message == Self.invalidRequest, "\(refused)")
        #expect(refused.issues == ["PAYPAL_REQUEST_ID_REQUIRED"], "\(refused)")
        var keyed = headers
        keyed["PayPal-Request-Id"] = "create-with-source-1"
        let (status, _, created) = try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: keyed, body: body)
        #expect(status == 201, "\(String(decoding: created, as: UTF8.self))")
    }

    /// PayPal's rules on items, breakdown and shipping, each provoked alone by name on an otherwise
    /// valid whole unit, none of them creating an order.
    @Test func payPalHoldsItemsBreakdownAndShippingToItsRules() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        func money(_ value: String, _ currency: String = "USD") -> [String: String] { ["currency_code": currency, "value": value] }
        func breakdown(_ unit: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
            var amount = unit["amount"] as? [String: Any] ?? [:]
            var parts = amount["breakdown"] as? [String: Any] ?? [:]
            change(&parts)
            amount["breakdown"] = parts
            unit["amount"] = amount
        }
        func items(_ unit: inout [String: Any], _ change: (inout [[String: Any]]) -> Void) {
            var list = unit["items"] as? [[String: Any]] ?? []
            change(&list)
            unit["items"] = list
        }
        func options(_ unit: inout [String: Any], _ change: (inout [[String: Any]]) -> Void) {
            var shipping = unit["shipping"] as? [String: Any] ?? [:]
            var list = shipping["options"] as? [[String: Any]] ?? []
            change(&list)
            shipping["options"] = list
            unit["shipping"] = shipping
        }
        let cases: [(String, String)] = [
            (
                "AMOUNT_MISMATCH",
                try Self.orderBody {
                    $0["amount"] = [
                        "currency_code": "USD", "value": "10.00", "breakdown": ($0["amount"] as? [String: Any])?["breakdown"] ?? [:],
                    ]
                }
            ),
            ("ITEM_TOTAL_MISMATCH", try Self.orderBody { unit in items(&unit) { $0[0]["quantity"] = "3" } }),
            ("ITEM_TOTAL_REQUIRED", try Self.orderBody { unit in breakdown(&unit) { $0["item_total"] = nil } }),
            ("TAX_TOTAL_MISMATCH", try Self.orderBody { unit in items(&unit) { $0[1]["tax"] = money("3.00") } }),
            ("TAX_TOTAL_REQUIRED", try Self.orderBody { unit in breakdown(&unit) { $0["tax_total"] = nil } }),
            ("SHIPPING_OPTION_NOT_SELECTED", try Self.orderBody { unit in options(&unit) { $0[0]["selected"] = false } }),
            ("MULTIPLE_SHIPPING_OPTION_SELECTED", try Self.orderBody { unit in options(&unit) { $0[1]["selected"] = true } }),
            (
                "PREFERRED_SHIPPING_OPTION_AMOUNT_MISMATCH",
                try Self.orderBody { unit in options(&unit) { $0[0]["amount"] = money("6.00") } }
            ),
            ("MULTIPLE_ITEM_CATEGORIES", try Self.orderBody { unit in items(&unit) { $0[1]["category"] = "DONATION" } }),
            ("UNSUPPORTED_INTENT", try Self.orderBody(intent: "AUTHORIZE", units: 2)),
            (
                "DONATION_ITEMS_NOT_SUPPORTED",
                try Self.orderBody(units: 2) { unit in
                    items(&unit) { list in for index in list.indices { list[index]["category"] = "DONATION" } }
                }
            ),
            ("MULTI_CURRENCY_ORDER", try Self.orderBody { unit in breakdown(&unit) { $0["handling"] = money("1.00", "EUR") } }),
            ("DECIMAL_PRECISION", try Self.orderBody { unit in breakdown(&unit) { $0["insurance"] = money("0.505") } }),
            ("CANNOT_BE_NEGATIVE", try Self.orderBody { unit in breakdown(&unit) { $0["discount"] = money("-2.00") } }),
            ("CANNOT_BE_NEGATIVE", try Self.orderBody { unit in items(&unit) { $0[0]["unit_amount"] = money("-12.49") } }),
            // Twelve digits and more reach the rules redacted (a card number's shape): still a sign.
            ("CANNOT_BE_NEGATIVE", try Self.orderBody { unit in items(&unit) { $0[1]["tax"] = money("-927252147106") } }),
            ("PAYEE_ACCOUNT_INVALID", try Self.orderBody { $0["payee"] = [String: Any]() }),
            (
                "INVALID_COUNTRY_CODE",
                try Self.orderBody { unit in
                    var shipping = unit["shipping"] as? [String: Any] ?? [:]
                    var address = shipping["address"] as? [String: Any] ?? [:]
                    address["country_code"] = "ZZ"
                    shipping["address"] = address
                    unit["shipping"] = shipping
                }
            ),
        ]
        for (issue, body) in cases {
            let refused = try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: body))
            // The status the document lists the issue under: 400 for a country code, 422 for the rules.
            let invalid = issue == "INVALID_COUNTRY_CODE"
            #expect(refused.status == (invalid ? 400 : 422), "\(issue): \(refused)")
            #expect(refused.message == (invalid ? Self.invalidRequest : Self.unprocessable), "\(issue): \(refused)")
            #expect(refused.issues.contains(issue), "\(issue): \(refused)")
        }
        // Across two units, each alone: different shipping types (without options, which a
        // shipping type excludes), different addresses.
        func twoUnits(_ change: (inout [String: Any], inout [String: Any]) -> Void) throws -> String {
            var first = Self.wholeUnit
            var second = Self.wholeUnit
            second["reference_id"] = "unit-2"
            change(&first, &second)
            let body: [String: Any] = ["intent": "CAPTURE", "purchase_units": [first, second]]
            return String(decoding: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
        }
        func shipping(_ unit: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
            var detail = unit["shipping"] as? [String: Any] ?? [:]
            change(&detail)
            unit["shipping"] = detail
        }
        let types = try twoUnits { first, second in
            shipping(&first) {
                $0["options"] = nil
                $0["type"] = "SHIPPING"
            }
            shipping(&second) {
                $0["options"] = nil
                $0["type"] = "PICKUP_IN_STORE"
            }
        }
        let addresses = try twoUnits { _, second in
            shipping(&second) { detail in
                var address = detail["address"] as? [String: Any] ?? [:]
                address["address_line_1"] = "2 Main St"
                detail["address"] = address
            }
        }
        for (issue, body) in [("MULTIPLE_SHIPPING_TYPE_NOT_SUPPORTED", types), ("MULTIPLE_SHIPPING_ADDRESS_NOT_SUPPORTED", addresses)] {
            let refused = try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: body))
            #expect(refused.issues == [issue], "\(issue): \(refused)")
        }
        // The same two units, one address and no type: an order; one unit typed and the other not
        // is no difference of types: an order too.
        #expect(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: try twoUnits { _, _ in }).0 == 201)
        let oneTyped = try twoUnits { first, second in
            shipping(&first) {
                $0["options"] = nil
                $0["type"] = "SHIPPING"
            }
            shipping(&second) { $0["options"] = nil }
        }
        #expect(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: oneTyped).0 == 201)
        let (_, _, journal) = try await served.http("GET", "/__admin/requests?provider=paypal")
        let statuses = ((try JSONSerialization.jsonObject(with: journal) as? [String: Any])?["requests"] as? [[String: Any]] ?? [])
            .compactMap { $0["status"] as? Int }
        #expect(statuses.filter { $0 == 201 }.count == 2, "only the two pairs of units that agree became orders: \(statuses)")
    }

    /// A selected pickup option for a recipient not named `S2S …`: PayPal creates the order and
    /// refuses to authorize or capture it (`INVALID_PICKUP_ADDRESS` is in those operations' lists,
    /// not in create's); named `S2S …`, it captures.
    @Test func aPickupForARecipientNotNamedShipToStoreIsNotSettled() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let cases: [(String, String, String?)] = [
            ("CAPTURE", "Ada Lovelace", "INVALID_PICKUP_ADDRESS"), ("AUTHORIZE", "Ada Lovelace", "INVALID_PICKUP_ADDRESS"),
            ("CAPTURE", "S2S Main Street Store", nil), ("AUTHORIZE", "S2S Main Street Store", nil),
        ]
        for (intent, name, expected) in cases {
            let body = try Self.orderBody(intent: intent) { unit in
                var shipping = unit["shipping"] as? [String: Any] ?? [:]
                var options = shipping["options"] as? [[String: Any]] ?? []
                options[0]["type"] = "PICKUP"
                shipping["options"] = options
                shipping["name"] = ["full_name": name]
                unit["shipping"] = shipping
            }
            let (status, _, created) = try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: body)
            #expect(status == 201)
            let id = try #require((try JSONSerialization.jsonObject(with: created) as? [String: Any])?["id"] as? String)
            let confirm = "/t/paypal/v2/checkout/orders/\(id)/confirm-payment-source"
            #expect(try await served.http("POST", confirm, headers: headers, body: SandboxHardeningTests.confirmBody).0 == 200)
            let action = intent == "CAPTURE" ? "capture" : "authorize"
            let settled = try await served.http("POST", "/t/paypal/v2/checkout/orders/\(id)/\(action)", headers: headers, body: "{}")
            if let expected {
                #expect(try Self.refusal(settled).issues == [expected], "\(action) for \(name)")
            } else {
                #expect(settled.0 == 201, "\(action) for \(name)")
            }
        }
    }

    /// Amounts in the currencies PayPal writes without decimals (HUF, JPY, TWD) are
    /// DECIMALS_NOT_SUPPORTED wherever they carry a fraction (an item's price too); three decimals
    /// in a currency with decimals stay DECIMAL_PRECISION; whole amounts are orders.
    @Test func zeroDecimalCurrenciesRefuseAnyFraction() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let decimals =
            "Currency does not support decimals. Please refer to https://developer.paypal.com/docs/api/reference/currency-codes/ for more information."
        for (value, currency, expected) in [
            ("10.50", "JPY", "DECIMALS_NOT_SUPPORTED"), ("100.5", "HUF", "DECIMALS_NOT_SUPPORTED"),
            ("3.01", "TWD", "DECIMALS_NOT_SUPPORTED"),
            ("10.505", "USD", "DECIMAL_PRECISION"), ("1000", "JPY", nil), ("1000.00", "JPY", nil), ("10.50", "EUR", nil),
        ] {
            let answer = try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: Self.order(value, currency))
            if let expected {
                let refusal = try Self.refusal(answer)
                #expect(refusal.status == 422 && refusal.issues == [expected], "\(value) \(currency): \(refusal)")
                if expected == "DECIMALS_NOT_SUPPORTED" { #expect(refusal.descriptions == [decimals]) }
            } else {
                #expect(answer.0 == 201, "\(value) \(currency)")
            }
        }
        // An item's price in yen with a fraction, the unit's totals whole.
        let body = try Self.orderBody { unit in
            unit["amount"] = ["currency_code": "JPY", "value": "3", "breakdown": ["item_total": ["currency_code": "JPY", "value": "3"]]]
            unit["items"] = [["name": "Tea", "quantity": "2", "unit_amount": ["currency_code": "JPY", "value": "1.5"]]]
            unit["shipping"] = nil
        }
        let item = try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: body)
        let itemRefusal = try Self.refusal(item)
        #expect(itemRefusal.issues.contains("DECIMALS_NOT_SUPPORTED"), "\(itemRefusal)")
        let fields = ((try JSONSerialization.jsonObject(with: item.2) as? [String: Any])?["details"] as? [[String: Any]] ?? []).compactMap {
            $0["field"] as? String
        }
        #expect(fields.contains { $0.hasSuffix("/items/0/unit_amount/value") }, "\(fields)")
    }

    /// The authentication scheme is matched without case (RFC 9110 11.1), as PayPal's API does:
    /// `basic` at the token endpoint and `bearer`/`BEARER` on the Orders API are accepted; a scheme
    /// without credentials or another scheme is PayPal's 401.
    @Test func anAuthenticationSchemeIsMatchedWithoutCase() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let basic = "basic " + Data("client:secret".utf8).base64EncodedString()
        let (tokenStatus, _, tokenBody) = try await served.http(
            "POST", "/t/paypal/v1/oauth2/token", headers: ["Authorization": basic, "Content-Type": "application/x-www-form-urlencoded"],
            body: "grant_type=client_credentials")
        #expect(tokenStatus == 200, "\(String(decoding: tokenBody, as: UTF8.self))")
        let token = try #require((try JSONSerialization.jsonObject(with: tokenBody) as? [String: Any])?["access_token"] as? String)
        for (authorization, expected) in [
            ("bearer \(token)", 201), ("BEARER  \(token)", 201), ("Bearer \(token)", 201), ("Bearer", 401), ("Bearer ", 401),
            ("Token \(token)", 401),
        ] {
            let (status, _, _) = try await served.http(
                "POST", "/t/paypal/v2/checkout/orders", headers: ["Authorization": authorization, "Content-Type": "application/json"],
                body: Self.order("1.00"))
            #expect(status == expected, "\(authorization.prefix(8)): \(status)")
        }
    }

    /// PayPal's schema refusals in its words: malformed JSON, a missing field, a string too long,
    /// each with the operation's own description; the 401 with the contract's message.
    @Test func payPalWordsItsSchemaRefusalsAsItsContract() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        let malformed = try Self.refusal(
            try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: "{\"intent\":"))
        #expect(
            malformed.status == 400 && malformed.issues == ["MALFORMED_REQUEST_JSON"]
                && malformed.descriptions == ["The request JSON is not well formed."], "\(malformed)")
        let missing = try Self.refusal(
            try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: #"{"intent":"CAPTURE"}"#))
        #expect(
            missing.issues == ["MISSING_REQUIRED_PARAMETER"] && missing.descriptions == ["A required parameter is missing."], "\(missing)")
        let order = try await served.payPalOrder(token: token)
        // A value outside its enum, a string too short, too few and too many units.
        let sell = try Self.refusal(
            try await served.http(
                "POST", "/t/paypal/v2/checkout/orders", headers: headers,
                body: Self.order("1.00").replacingOccurrences(of: "CAPTURE", with: "SELL")))
        #expect(
            sell.status == 400 && sell.issues == ["INVALID_PARAMETER_VALUE"] && sell.descriptions == ["A parameter value is not valid."],
            "\(sell)")
        let empty = #"{"intent":"CAPTURE","purchase_units":[{"reference_id":"","amount":{"currency_code":"USD","value":"1.00"}}]}"#
        let short = try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: empty))
        #expect(
            short.issues == ["INVALID_STRING_LENGTH"] && short.descriptions == ["The value of a field is either too short or too long"],
            "\(short)")
        let none = try Self.refusal(
            try await served.http(
                "POST", "/t/paypal/v2/checkout/orders", headers: headers, body: #"{"intent":"CAPTURE","purchase_units":[]}"#))
        #expect(none.issues == ["INVALID_ARRAY_MIN_ITEMS"], "\(none)")
        let unit = #"{"reference_id":"r","amount":{"currency_code":"USD","value":"1.00"}}"#
        let eleven =
            #"{"intent":"CAPTURE","purchase_units":["#
            + (0..<11).map { unit.replacingOccurrences(of: #""r""#, with: "\"r\($0)\"") }.joined(separator: ",") + "]}"
        #expect(
            try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: eleven)).issues == [
                "INVALID_ARRAY_MAX_ITEMS"
            ])
        // Confirm words the same refusal with its own list's description.
        let badExpiry = SandboxHardeningTests.confirmBody.replacingOccurrences(of: "2030-01", with: "2030-13")
        let syntax = try Self.refusal(
            try await served.http("POST", "/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source", headers: headers, body: badExpiry)
        )
        #expect(
            syntax.issues == ["INVALID_PARAMETER_SYNTAX"]
                && syntax.descriptions == ["The value of the field does not conform to the expected format."], "\(syntax)")
        let unauthorized = try Self.refusal(try await served.http("GET", "/t/paypal/v2/checkout/orders/\(order)"))
        #expect(unauthorized.status == 401 && unauthorized.name == "AUTHENTICATION_FAILURE")
        #expect(unauthorized.message == "Authentication failed due to missing authorization header, or invalid authentication credentials.")
        let unknown = try Self.refusal(try await served.http("GET", "/t/paypal/v2/checkout/orders/NEVER-CREATED", headers: headers))
        #expect(unknown.status == 404 && unknown.issues == ["INVALID_RESOURCE_ID"], "\(unknown)")
        // No issue code in any message: the message is the contract's fixed sentence.
        #expect(
            ![malformed, missing, unauthorized, unknown].contains {
                $0.message?.range(of: #"^[A-Z_]+$"#, options: .regularExpression) != nil
            })
    }

    /// The parameters PayPal's document declares are read and checked as declared (`Prefer`,
    /// `PayPal-Request-Id`, the metadata headers, `fields`), and capture and authorize take no body
    /// (the document makes it optional); a negative amount PayPal's pattern admits without an
    /// integer digit (`-.5`) is its 422, as any negative amount.
    @Test func payPalChecksItsDeclaredParametersAndOptionalBodies() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        func create(_ extra: [String: String]) async throws -> Refusal {
            try Self.refusal(
                try await served.http(
                    "POST", "/t/paypal/v2/checkout/orders", headers: headers.merging(extra) { $1 }, body: Self.order("1.00")))
        }
        let long = try await create(["Prefer": String(repeating: "=", count: 26)])
        #expect(long.status == 400 && long.issues == ["INVALID_STRING_LENGTH"], "\(long)")
        #expect(try await create(["Prefer": "return=minimal;x"]).issues == ["INVALID_PARAMETER_SYNTAX"])
        #expect(try await create(["PayPal-Request-Id": String(repeating: "r", count: 109)]).issues == ["INVALID_STRING_LENGTH"])
        #expect(try await create(["PayPal-Client-Metadata-Id": String(repeating: "m", count: 37)]).issues == ["INVALID_STRING_LENGTH"])
        #expect(
            try await create([
                "Prefer": "return=representation", "PayPal-Client-Metadata-Id": "m-1", "PayPal-Partner-Attribution-Id": "BN-1",
            ]).status == 201)
        let order = try await served.payPalOrder(token: token)
        let fields = try Self.refusal(
            try await served.http("GET", "/t/paypal/v2/checkout/orders/\(order)?fields=PAYMENT-SOURCE", headers: headers))
        // Get declares no 400 and no issue list: PayPal's default error, without details.
        #expect(fields.status == 400 && fields.name == "INVALID_REQUEST" && fields.issues.isEmpty, "\(fields)")
        #expect(try await served.http("GET", "/t/paypal/v2/checkout/orders/\(order)?fields=payment_source", headers: headers).0 == 200)
        // No body at all: what the order's state allows (not approved yet), never a malformed-JSON 400.
        let bare = try Self.refusal(
            try await served.http("POST", "/t/paypal/v2/checkout/orders/\(order)/capture", headers: ["Authorization": "Bearer \(token)"]))
        #expect(bare.status == 422 && bare.issues == ["ORDER_NOT_APPROVED"], "\(bare)")
        _ = try await served.http(
            "POST", "/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source", headers: headers,
            body: SandboxHardeningTests.confirmBody)
        #expect(
            try await served.http("POST", "/t/paypal/v2/checkout/orders/\(order)/capture", headers: ["Authorization": "Bearer \(token)"]).0
                == 201)
        let negative = try await create([:])  // a valid one, then the one without an integer digit
        #expect(negative.status == 201)
        let dot = try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: Self.order("-.5")))
        #expect(dot.status == 422 && dot.issues == ["CANNOT_BE_ZERO_OR_NEGATIVE"], "\(dot)")
        let positiveDot = try Self.refusal(
            try await served.http("POST", "/t/paypal/v2/checkout/orders", headers: headers, body: Self.order(".5")))
        #expect(
            positiveDot.status == 400 && positiveDot.issues == ["INVALID_PARAMETER_SYNTAX"],
            "a listed difference (paypal-official-differences.json): \(positiveDot)")
    }

    /// Confirm's card rules and state rules, and authorize's and capture's state rules, each with
    /// the issue the operation's list holds.
    @Test func payPalRefusesCardsAndStatesAsItsContract() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let headers = ["Authorization": "Bearer \(token)", "Content-Type": "application/json"]
        func confirm(_ order: String, _ body: String, scenario: String? = nil) async throws -> Refusal {
            var sent = headers
            if let scenario { sent["Sandbox-Scenario"] = scenario }
            return try Self.refusal(
                try await served.http("POST", "/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source", headers: sent, body: body))
        }
        let order = try await served.payPalOrder(token: token)
        let expired = try await confirm(order, SandboxHardeningTests.confirmBody.replacingOccurrences(of: "2030-01", with: "2021-03"))
        #expect(
            expired.status == 422 && expired.issues == ["CARD_EXPIRED"] && expired.descriptions == ["The card is expired"], "\(expired)")
        let amexThree = SandboxHardeningTests.confirmBody.replacingOccurrences(of: "4111111111111111", with: "378282246310005")
        #expect(try await confirm(order, amexThree).issues == ["INVALID_SECURITY_CODE_LENGTH"])
        let visaFour = SandboxHardeningTests.confirmBody.replacingOccurrences(of: #""123""#, with: #""1234""#)
        #expect(try await confirm(order, visaFour).issues == ["INVALID_SECURITY_CODE_LENGTH"])
        #expect(
            try await confirm(order, SandboxHardeningTests.confirmBody, scenario: "card-declined").issues == [
                "PAYMENT_SOURCE_DECLINED_BY_PROCESSOR"
            ])
        let far = try await confirm(order, SandboxHardeningTests.confirmBody.replacingOccurrences(of: "2030-01", with: "2099-01"))
        #expect(far.status == 422 && far.issues == ["INVALID_EXPIRY_DATE"], "\(far)")
        // A card with neither its number, a saved card nor a network token: PayPal's business rule.
        let numberless = try await confirm(order, #"{"payment_source":{"card":{"expiry":"2030-01"}}}"#)
        #expect(numberless.status == 422 && numberless.issues == ["CARD_NUMBER_REQUIRED"], "\(numberless)")
        let empty = try await confirm(order, #"{"payment_source":{}}"#)
        #expect(
            empty.status == 422 && empty.issues == ["NO_PAYMENT_SOURCE_PROVIDED"]
                && empty.descriptions == ["At least one payment method is required within the payment source."], "\(empty)")
        // Capture before approval, then approve, confirm again, capture, capture again, confirm again.
        let capture = "/t/paypal/v2/checkout/orders/\(order)/capture"
        #expect(try Self.refusal(try await served.http("POST", capture, headers: headers, body: "{}")).issues == ["ORDER_NOT_APPROVED"])
        #expect(
            try await served.http(
                "POST", "/t/paypal/v2/checkout/orders/\(order)/confirm-payment-source", headers: headers,
                body: SandboxHardeningTests.confirmBody
            ).0 == 200)
        #expect(try await confirm(order, SandboxHardeningTests.confirmBody).issues == ["PAYMENT_ALREADY_APPROVED"])
        #expect(
            try Self.refusal(try await served.http("POST", "/t/paypal/v2/checkout/orders/\(order)/authorize", headers: headers, body: "{}"))
                .issues == ["ACTION_DOES_NOT_MATCH_INTENT"])
        let declined = try Self.refusal(
            try await served.http("POST", capture, headers: headers.merging(["Sandbox-Scenario": "instrument-declined"]) { $1 }, body: "{}")
        )
        #expect(declined.status == 422 && declined.issues == ["INSTRUMENT_DECLINED"], "\(declined)")
        #expect(try await served.http("POST", capture, headers: headers, body: "{}").0 == 201)
        #expect(try Self.refusal(try await served.http("POST", capture, headers: headers, body: "{}")).issues == ["ORDER_ALREADY_CAPTURED"])
        #expect(try await confirm(order, SandboxHardeningTests.confirmBody).issues == ["ORDER_CANNOT_BE_CONFIRMED"])
        // An order created to authorize: authorized once, then ORDER_ALREADY_AUTHORIZED.
        let (_, _, created) = try await served.http(
            "POST", "/t/paypal/v2/checkout/orders", headers: headers,
            body: Self.order("5.00").replacingOccurrences(of: "CAPTURE", with: "AUTHORIZE"))
        let authorizeOrder = try #require((try JSONSerialization.jsonObject(with: created) as? [String: Any])?["id"] as? String)
        #expect(
            try await served.http(
                "POST", "/t/paypal/v2/checkout/orders/\(authorizeOrder)/confirm-payment-source", headers: headers,
                body: SandboxHardeningTests.confirmBody
            ).0 == 200)
        // Captured instead: PayPal's ACTION_DOES_NOT_MATCH_INTENT in capture's words, the order untouched.
        let mismatched = try Self.refusal(
            try await served.http("POST", "/t/paypal/v2/checkout/orders/\(authorizeOrder)/capture", headers: headers, body: "{}"))
        #expect(
            mismatched.status == 422 && mismatched.issues == ["ACTION_DOES_NOT_MATCH_INTENT"]
                && mismatched.descriptions.first?.hasPrefix("Order was created with an intent to 'AUTHORIZE'.") == true, "\(mismatched)")
        #expect(
            try await served.http("POST", "/t/paypal/v2/checkout/orders/\(authorizeOrder)/authorize", headers: headers, body: "{}").0 == 201
        )
        #expect(
            try Self.refusal(
                try await served.http("POST", "/t/paypal/v2/checkout/orders/\(authorizeOrder)/authorize", headers: headers, body: "{}")
            ).issues == ["ORDER_ALREADY_AUTHORIZED"])
        // PayPal's negative testing: `PayPal-Mock-Response` raises an issue of the operation's list.
        let mockedOrder = try await served.payPalOrder(token: token)
        let mocked = try Self.refusal(
            try await served.http(
                "POST", "/t/paypal/v2/checkout/orders/\(mockedOrder)/authorize",
                headers: headers.merging(["PayPal-Mock-Response": #"{"mock_application_codes":"ORDER_EXPIRED"}"#]) { $1 }, body: "{}"))
        #expect(
            mocked.status == 422 && mocked.issues == ["ORDER_EXPIRED"] && mocked.descriptions.first?.hasPrefix("Order is expired") == true,
            "\(mocked)")
        let ignored = try Self.refusal(
            try await served.http(
                "POST", "/t/paypal/v2/checkout/orders/\(mockedOrder)/authorize",
                headers: headers.merging(["PayPal-Mock-Response": #"{"mock_application_codes":"CARD_EXPIRED"}"#]) { $1 }, body: "{}"))
        // The order was created to capture: without the mock, authorize answers what the order's state says.
        #expect(ignored.issues == ["ACTION_DOES_NOT_MATCH_INTENT"], "a code authorize's list does not hold is ignored: \(ignored)")
        // A challenge pending: capture is PAYER_ACTION_REQUIRED.
        let challenged = try await served.payPalOrder(token: token)
        #expect(
            try await served.http(
                "POST", "/t/paypal/v2/checkout/orders/\(challenged)/confirm-payment-source",
                headers: headers.merging(["Sandbox-Scenario": "3ds-challenge"]) { $1 }, body: SandboxHardeningTests.confirmBody
            ).0 == 200)
        #expect(
            try Self.refusal(
                try await served.http("POST", "/t/paypal/v2/checkout/orders/\(challenged)/capture", headers: headers, body: "{}")
            ).issues == ["PAYER_ACTION_REQUIRED"])
    }

    /// HEAD answers wherever GET does: the same status and headers, no body.
    @Test func headAnswersWhereverGetDoes() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let token = try await served.payPalToken()
        let order = try await served.payPalOrder(token: token)
        for (path, headers) in [
            ("/", [String: String]()), ("/__admin/health", [:]), ("/__admin/requests", [:]), ("/__admin", [:]),
            ("/h/www.sandbox.paypal.com/checkoutnow?token=\(order)", [:]),
            ("/t/paypal/v2/checkout/orders/\(order)", ["Authorization": "Bearer \(token)"]),
        ] {
            let get = try await served.http("GET", path, headers: headers)
            let head = try await served.http("HEAD", path, headers: headers)
            #expect(get.0 == 200 && head.0 == 200, "\(path): GET \(get.0), HEAD \(head.0)")
            #expect(head.2.isEmpty, "\(path)")
            #expect(head.1["content-type"] == get.1["content-type"], "\(path)")
        }
    }

    /// The inspector is an HTML page served by the sandbox itself, fetching only the sandbox.
    @Test func theInspectorIsServedOffline() async throws {
        let served = try await Served.start()
        defer { served.stop() }
        let (status, headers, body) = try await served.http("GET", "/__admin")
        #expect(status == 200 && headers["content-type"]?.hasPrefix("text/html") == true)
        let page = String(decoding: body, as: UTF8.self)
        #expect(page.contains(#"<script src="/__admin/inspector.js"></script>"#))
        #expect(page.range(of: #"(src|href)=\"https?:"#, options: .regularExpression) == nil)
        // Its script, served beside it, reads the journal from the sandbox and nothing from elsewhere.
        let (scriptStatus, _, script) = try await served.http("GET", "/__admin/inspector.js")
        let text = String(decoding: script, as: UTF8.self)
        #expect(scriptStatus == 200 && text.contains("/__admin/requests"))
        #expect(text.range(of: #"https?://"#, options: .regularExpression) == nil)
    }
}
