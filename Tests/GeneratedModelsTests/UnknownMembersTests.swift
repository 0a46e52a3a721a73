import AmazonPayMobile
import Foundation
import MollieCheckout
import PayPalPayments
@_spi(Generated) import PaymentSchemasRuntime
import PaymentSchemasVocabulary
import Testing

/// Nothing dropped: what a payload holds beyond a type's fields is kept (`unknownMembers`) and
/// written back in its object, a field always wins over a kept member of its name, kept values
/// never reach a description, and a type that refuses what it does not model reports each member.
@Suite("Members no field models")
struct UnknownMembersTests {
    static let order = """
        {"id":"5O190127TN364715T","status":"CREATED","intent":"CAPTURE",
         "purchase_units":[{"reference_id":"default","amount":{"currency_code":"USD","value":"99.00",
           "breakdown":{"item_total":{"currency_code":"USD","value":"99.00"},"gift_wrap":{"currency_code":"USD","value":"2.50"}}},
           "items":[{"name":"Shoes","quantity":"1","unit_amount":{"currency_code":"USD","value":"99.00"}}],
           "invoice_id":"INV-1","custom_id":"c-7",
           "supplementary_data":{"card":{"level_2":{"invoice_id":"INV-1","tax_total":{"currency_code":"USD","value":"0.00"}}}},
           "payment_instruction":{"disbursement_mode":"INSTANT"},
           "gift_message":{"text":"Happy birthday"},"loyalty":{"points":"120"}}],
         "create_time":"2024-02-01T10:00:00Z","expiration_time":"2024-02-04T10:00:00Z"}
        """

    static func json(_ data: Data) throws -> PayJSON { try PayJSONParser.parse(data) }

    @Test func membersNoFieldModelsAreKeptAndWrittenBackInTheirObject() throws {
        let order = try PayWire.readJSON(OrderResponse.self, from: Data(Self.order.utf8))
        // Members beyond PayPal's document (a later version's, a partner's) are kept.
        #expect(order.unknownMembers.members.keys.sorted() == ["expiration_time"])
        #expect(order.createTime == "2024-02-01T10:00:00Z")
        let unit = try #require(order.purchaseUnits?.first)
        // The unit's modelled fields are read; what no field models is kept, at every depth.
        #expect(unit.invoiceId == "INV-1" && unit.customId == "c-7" && unit.items?.first?.name == "Shoes")
        #expect(unit.unknownMembers.members.keys.sorted() == ["gift_message", "loyalty"])
        #expect(unit.paymentInstruction?.disbursementMode == .instant && unit.supplementaryData?.card?.level2?.invoiceId == "INV-1")
        #expect(unit.amount?.breakdown?.itemTotal?.value == "99.00")
        #expect(unit.amount?.breakdown?.unknownMembers["gift_wrap"]?["value"] == .string("2.50"))
        let written = try Self.json(PayWire.encodeJSON(order))
        #expect(written == (try Self.json(Data(Self.order.utf8))))
    }

    /// A whole number written with a fraction or an exponent is an integer (JSON Schema's reading)
    /// and comes back as it came while the field holds it; a changed field is written plainly.
    @Test func aWholeNumberWithAFractionComesBackAsItCame() throws {
        var frequency = try PayWire.readJSON(RecurringFrequency.self, from: Data(#"{"unit":"Month","value":1.0}"#.utf8))
        #expect(frequency.value == 1)
        #expect(try Self.json(PayWire.encodeJSON(frequency)) == ["unit": "Month", "value": .number("1.0")])
        frequency.value = 2
        #expect(try Self.json(PayWire.encodeJSON(frequency)) == ["unit": "Month", "value": .number("2")])
        let exponent = try PayWire.readJSON(RecurringFrequency.self, from: Data(#"{"unit":"Week","value":2e1}"#.utf8))
        let exponentWritten = try Self.json(PayWire.encodeJSON(exponent))
        #expect(exponent.value == 20 && exponentWritten["value"] == .number("2e1"))
        #expect(throws: PayloadDecodingError.self) {
            try PayWire.readJSON(RecurringFrequency.self, from: Data(#"{"unit":"Week","value":1.5}"#.utf8))
        }
    }

    /// A type a request shares with answers keeps what it does not model, unless it is read as a
    /// request that refuses unknown members at every depth (Amazon Pay's operations say so).
    @Test func aSharedTypeRefusesUnknownMembersOnlyInAStrictRequest() throws {
        let text = Data(
            #"{"paymentIntent":"Authorize","chargeAmount":{"amount":"10","currencyCode":"USD","rounding":"up"},"installments":3}"#.utf8)
        let kept = try PayWire.readJSON(PaymentDetails.self, from: text)
        #expect(kept.unknownMembers.members.keys.sorted() == ["installments"] && kept.chargeAmount?.unknownMembers.count == 1)
        do {
            _ = try PayStrictReading.refusingUnknownMembers { try PayWire.decodeJSON(PaymentDetails.self, from: text) }
            Issue.record("a strict read took members no field models")
        } catch let error as PayloadDecodingError {
            let refused = error.issues.filter { $0.kind == .unknownMember }.map(\.path.description).sorted()
            #expect(refused == ["chargeAmount.rounding", "installments"], "\(error.issues)")
        }
        #expect(UpdateCheckoutSessionOperation.refusesUnknownMembers && !GetCheckoutSessionOperation.refusesUnknownMembers)
    }

    @Test func aReaderThatNeverWritesBackCanDropWhatNoFieldModels() throws {
        let text = Data(Self.order.utf8)
        let dropped = try PayStrictReading.discardingUnknownMembers { try PayWire.readJSON(OrderResponse.self, from: text) }
        let kept = try PayWire.readJSON(OrderResponse.self, from: text)
        let unit = try #require(dropped.purchaseUnits?.first)
        // Every modelled field is read as when the members are kept; nothing else is held, at any depth.
        #expect(dropped.unknownMembers.isEmpty && unit.unknownMembers.isEmpty && unit.amount?.breakdown?.unknownMembers.isEmpty == true)
        #expect(unit.invoiceId == "INV-1" && unit.items?.first?.name == "Shoes" && dropped.createTime == kept.createTime)
        #expect(!kept.unknownMembers.isEmpty && kept.purchaseUnits?.first?.unknownMembers.count == 2)
        let written = try Self.json(PayWire.encodeJSON(dropped))
        let writtenUnit = try #require(written["purchase_units"]?.arrayElements?.first)
        #expect(written["expiration_time"] == nil && writtenUnit["gift_message"] == nil && writtenUnit["loyalty"] == nil)
        #expect(writtenUnit["invoice_id"] == .string("INV-1"))
        // Refusing wins over dropping: a strict request still reports every member it does not model.
        let request = Data(#"{"paymentIntent":"Authorize","installments":3}"#.utf8)
        #expect(throws: PayloadDecodingError.self) {
            try PayStrictReading.discardingUnknownMembers {
                try PayStrictReading.refusingUnknownMembers { try PayWire.decodeJSON(PaymentDetails.self, from: request) }
            }
        }
    }

    @Test func aFieldWinsOverAKeptMemberOfItsName() throws {
        var order = try PayWire.readJSON(OrderResponse.self, from: Data(Self.order.utf8))
        order.unknownMembers["id"] = "from-a-kept-member"
        order.unknownMembers["status"] = .null
        let written = try Self.json(PayWire.encodeJSON(order))
        #expect(written["id"] == .string("5O190127TN364715T"))
        #expect(written["status"] == .string("CREATED"))
        #expect(written["expiration_time"] == .string("2024-02-04T10:00:00Z"))
    }

    @Test func keptValuesNeverReachADescriptionAMirrorOrADump() throws {
        var order = try PayWire.readJSON(OrderResponse.self, from: Data(Self.order.utf8))
        order.unknownMembers["card_number"] = "4111111111111111"
        order.unknownMembers["4111 1111 1111 1111"] = "cvv 123"
        var dumped = ""
        dump(order, to: &dumped)
        for shown in [String(describing: order), String(reflecting: order), dumped, "\(order.unknownMembers)"] {
            #expect(!shown.contains("4111"), "\(shown)")
            #expect(!shown.contains("123"), "\(shown)")
            #expect(!shown.contains("2024-02-04"), "\(shown)")
        }
        #expect(order.unknownMembers.description == "[3 kept: <redacted>, card_number, expiration_time]")
    }

    @Test func nullsAmountsAndDatesComeBackAsTheyCameUntilAFieldChanges() throws {
        let payment = """
            {"resource":"payment","id":"tr_KQb4E3WfpA","mode":"test","createdAt":"2021-12-14T12:53:25+00:00",
             "amount":{"value":"10.00","currency":"EUR"},"description":"Order 1","method":null,"metadata":null,
             "status":"open","profileId":"pfl_fFdmWR2qQU","sequenceType":"oneoff","redirectUrl":"https://example.com",
             "_links":{"self":{"href":"https://api.mollie.com/v2/payments/tr_KQb4E3WfpA","type":"application/hal+json"}}}
            """
        var decoded = try PayWire.readJSON(MolliePayment.self, from: Data(payment.utf8))
        #expect(decoded.method == nil)
        #expect(try Self.json(PayWire.encodeJSON(decoded)) == (try Self.json(Data(payment.utf8))))
        // A field set by code is written the type's way, and the null it replaced is gone.
        decoded.createdAt = Date(timeIntervalSince1970: 0)
        decoded.method = .ideal
        let written = try Self.json(PayWire.encodeJSON(decoded))
        #expect(written["createdAt"] != .string("2021-12-14T12:53:25+00:00"))
        #expect(written["method"] == .string("ideal"))
        #expect(written["metadata"] == .null)
        // A reader that drops what no field models drops how the members were spelled too: the
        // `null` the payload sent for an absent method is not written back.
        let dropped = try PayStrictReading.discardingUnknownMembers { try PayWire.readJSON(MolliePayment.self, from: Data(payment.utf8)) }
        let droppedWritten = try Self.json(PayWire.encodeJSON(dropped))
        #expect(droppedWritten["method"] == nil && droppedWritten["id"] == .string("tr_KQb4E3WfpA"))
        #expect(try Self.json(PayWire.encodeJSON(try PayWire.readJSON(MolliePayment.self, from: Data(payment.utf8))))["method"] == .null)
    }

    @Test func aDefaultThePayloadDidNotSendIsNotAddedUntilTheFieldChanges() throws {
        let sent = #"{"returnUrl":"https://shop.example/3ds/ok","cancelUrl":"https://shop.example/3ds/cancel"}"#
        var request = try PayWire.readJSON(ThreeDSecureRequest.self, from: Data(sent.utf8))
        #expect(request.sca == .whenRequired)
        #expect(try Self.json(PayWire.encodeJSON(request)) == (try Self.json(Data(sent.utf8))))
        request.sca = .always
        #expect(try Self.json(PayWire.encodeJSON(request))["sca"] == .string("SCA_ALWAYS"))
        // Built by code, a default is written as the type writes it.
        let built = ThreeDSecureRequest(returnUrl: request.returnUrl, cancelUrl: request.cancelUrl)
        #expect(try Self.json(PayWire.encodeJSON(built))["sca"] == .string("SCA_WHEN_REQUIRED"))
    }

    /// A type whose schema says `unknownMembers: refuse`, as the generator writes one.
    struct Strict: Codable, Hashable, Sendable, PayFieldValidating, PayFieldDecoding {
        var id: String
        var unknownMembers = PayUnknownMembers()
        static let payRefusesUnknownMembers = true
        static let payPlaceholder = Strict(id: "")

        init(id: String) { self.id = id }

        mutating func visitFields<Phase: PayFieldPhase>(_ fields: inout PayFieldVisitor<Phase>) {
            fields.text(&self.id, "id", required: true, minLength: 2)
        }
    }

    @Test func aTypeThatRefusesWhatItDoesNotModelReportsEveryMemberWithTheOtherProblems() throws {
        let error = try #require(throws: PayloadDecodingError.self) {
            try PayWire.readJSON(Strict.self, from: Data(#"{"id":"x","extra":1,"4111111111111111":"y"}"#.utf8))
        }
        #expect(error.issues.map(\.kind) == [.unknownMember, .unknownMember])
        #expect(error.issues.allSatisfy { $0.message.contains("Strict has no such field") })
        #expect(!"\(error)".contains("4111111111111111"))
        #expect("\(error)".contains("extra"))
        #expect(error.violations.map(\.rule) == ["minLength"])
        #expect(try PayWire.readJSON(Strict.self, from: Data(#"{"id":"ok"}"#.utf8)).id == "ok")
    }
}
