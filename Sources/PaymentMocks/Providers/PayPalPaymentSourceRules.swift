import Foundation
import PayPalPayments
import PaymentSchemasRuntime
import PaymentSchemasVocabulary
import PaymentServerCore

/// PayPal's rules on a payment source of any kind (a card, with stored credentials, a network token
/// or a vault instruction; the PayPal and Venmo wallets; Apple Pay; a token; the bank methods) and
/// on the instructions an order carries with it, as the Orders document's lists word them. Each
/// rule is raised by every operation whose list holds its issue and only there: create order,
/// confirm, authorize and capture all take a payment source.
extension MockPayPalServer {
    /// What a payment source is judged against besides itself.
    struct SourceContext {
        /// The operation (ours) judging it, whose list words the issues.
        var operation: String
        /// Each purchase unit's amount, in order.
        var amounts: [PayPalMoney]
        /// Whether the order's card carries 3-D Secure results (the payer was there).
        var authenticated = false
        /// The processing instruction the order or the request carries (`ORDER_COMPLETE_ON_PAYMENT_APPROVAL`).
        var processingInstruction: String?
    }

    /// The bank methods (PayPal's alternative payment methods): paid on the payer's bank page,
    /// captured on approval, never authorized.
    static let bankMethods: Set<String> = ["bancontact", "blik", "eps", "giropay", "ideal", "mybank", "p24", "sofort", "trustly"]

    /// The methods a payment source names, by wire name, in the document's order.
    static func methods(of source: PayPalPaymentSource) -> [String] {
        let named: [(String, Bool)] = [
            ("card", source.card != nil), ("token", source.token != nil), ("paypal", source.paypal != nil),
            ("bancontact", source.bancontact != nil), ("blik", source.blik != nil), ("eps", source.eps != nil),
            ("giropay", source.giropay != nil), ("ideal", source.ideal != nil), ("mybank", source.mybank != nil),
            ("p24", source.p24 != nil), ("sofort", source.sofort != nil), ("trustly", source.trustly != nil),
            ("apple_pay", source.applePay != nil), ("google_pay", source.googlePay != nil), ("venmo", source.venmo != nil),
        ]
        return named.filter(\.1).map(\.0)
    }

    /// Every refusal of `source` in `context`: one method (none is `NO_PAYMENT_SOURCE_PROVIDED`,
    /// several `ONLY_ONE_PAYMENT_SOURCE_ALLOWED`), then the method's own rules. `transactions` are
    /// the authorizations and captures the sandbox made (what a `PAYPAL_TRANSACTION_ID` token may name).
    static func sourceRefusals(
        _ source: PayPalPaymentSource, _ context: SourceContext, transactions: (String) -> Bool, now: Date
    ) -> [ErrorDetail] {
        var details: [ErrorDetail] = []
        let operation = context.operation
        // Only where the operation's list holds the issue: each list words its own issues.
        func add(_ issue: PayPalIssue, _ field: String) {
            if let detail = issue.listedDetail(for: operation, field: field, location: .body) { details.append(detail) }
        }
        let methods = methods(of: source)
        if methods.isEmpty { add(.noPaymentSourceProvided, "/payment_source") }
        if methods.count > 1 { add(.onlyOnePaymentSourceAllowed, "/payment_source") }
        if let card = source.card {
            details += cardRefusals(card, operation: operation, now: now)
            cardCredentialRefusals(card, context, add: add)
        }
        if let wallet = source.paypal, let vault = wallet.attributes?.vault {
            if vault.storeInVault == nil { add(.vaultInstructionRequired, "/payment_source/paypal/attributes/vault/store_in_vault") }
            if wallet.experienceContext?.returnUrl == nil {
                add(.returnURLRequired, "/payment_source/paypal/experience_context/return_url")
            }
            if wallet.experienceContext?.cancelUrl == nil {
                add(.cancelURLRequired, "/payment_source/paypal/experience_context/cancel_url")
            }
        }
        if let applePay = source.applePay, let token = applePay.decryptedToken {
            applePayRefusals(token, context, add: add)
        }
        if let oneClick = source.blik?.oneClick, oneClick.aliasKey == nil, oneClick.authCode == nil || oneClick.aliasLabel == nil {
            add(.blikOneClickMissingRequiredParameter, "/payment_source/blik/one_click")
        }
        if let token = source.token {
            details += tokenRefusals(token, operation: operation, transactions: transactions)
        }
        // The instruction to complete the order on approval goes with the bank methods, and only with them.
        if let method = methods.first, methods.count == 1 {
            let completes = context.processingInstruction == PayPalProcessingInstruction.orderCompleteOnPaymentApproval.rawValue
            if bankMethods.contains(method), !completes {
                add(.orderCompleteOnPaymentApproval, "/processing_instruction")
            } else if !bankMethods.contains(method), completes {
                add(.unsupportedProcessingInstruction, "/processing_instruction")
            }
        }
        return details
    }

    /// A card's stored credentials, network token and vault instruction: a merchant-initiated
    /// payment carries no security code, is for one purchase unit and follows no 3-D Secure
    /// challenge; a network token carries its cryptogram when the payer initiates and the
    /// previous network transaction when the merchant does; a vault request says `store_in_vault`.
    private static func cardCredentialRefusals(
        _ card: CardPaymentSource, _ context: SourceContext, add: (PayPalIssue, String) -> Void
    ) {
        let merchant = card.storedCredential?.paymentInitiator == .merchant
        if merchant {
            if card.securityCode != nil { add(.merchantInitiatedWithSecurityCode, "/payment_source/card/security_code") }
            if context.amounts.count > 1 {
                add(.merchantInitiatedWithMultiplePurchaseUnits, "/payment_source/card/stored_credential/payment_initiator")
            }
            if context.authenticated {
                add(.merchantInitiatedWithAuthenticationResults, "/payment_source/card/stored_credential/payment_initiator")
            }
        }
        if let token = card.networkToken {
            if !merchant, token.cryptogram == nil { add(.missingCryptogram, "/payment_source/card/network_token/cryptogram") }
            if merchant, card.storedCredential?.previousNetworkTransactionReference == nil {
                add(.missingPreviousReference, "/payment_source/card/stored_credential/previous_network_transaction_reference")
            }
        }
        if let vault = card.attributes?.vault, vault.storeInVault == nil {
            add(.vaultInstructionRequired, "/payment_source/card/attributes/vault/store_in_vault")
        }
    }

    /// An Apple Pay token decrypted by the merchant: the amount the payer saw is the order's, and
    /// its payment data carries what its type needs (a cryptogram for `3DSECURE`, EMV data for `EMV`).
    private static func applePayRefusals(
        _ token: PayPalApplePayDecryptedTokenData, _ context: SourceContext, add: (PayPalIssue, String) -> Void
    ) {
        if let seen = token.transactionAmount, let first = context.amounts.first {
            let total = context.amounts.reduce(Decimal(0)) { $0 + (decimal($1.value) ?? 0) }
            if seen.currencyCode != first.currencyCode || decimal(seen.value) != total {
                add(.applePayAmountMismatch, "/payment_source/apple_pay/decrypted_token/transaction_amount")
            }
        }
        switch token.paymentDataType {
        case .value3dsecure? where token.paymentData?.cryptogram == nil:
            add(.cryptogramRequired, "/payment_source/apple_pay/decrypted_token/payment_data/cryptogram")
        case .emv? where token.paymentData?.emvData == nil:
            add(.emvDataRequired, "/payment_source/apple_pay/decrypted_token/payment_data/emv_data")
        default: break
        }
    }

    /// A token names a billing agreement, a Payflow transaction or a PayPal transaction: the
    /// sandbox makes no billing agreements and has no Payflow history, so only a PayPal
    /// transaction it made (an authorization or a capture) is found. Where the operation's list
    /// holds no issue for what is not found, it is the list's `INVALID_PARAMETER_VALUE`.
    private static func tokenRefusals(_ token: PayPalToken, operation: String, transactions: (String) -> Bool) -> [ErrorDetail] {
        let issue: PayPalIssue?
        switch token.type.rawValue {
        case "BILLING_AGREEMENT": issue = .billingAgreementNotFound
        case "PNREF": issue = .pnrefNotFound
        case "PAYPAL_TRANSACTION_ID": issue = transactions(token.id) ? nil : .paypalTransactionIDNotFound
        default: issue = .tokenIDNotFound
        }
        guard let issue else { return [] }
        let listed = issue.listed(in: operation) ?? .invalidParameterValue
        return [listed.detail(for: operation, field: "/payment_source/token/id", location: .body)]
    }

    /// What PayPal's document states on a payment source that our language cannot say, held here
    /// as PayPal holds it: the lengths of the return and cancel URLs of confirm's application
    /// context and of a card's experience context (10 to 4,000 characters; a URL field keeps no
    /// length), each outside them the operation's `INVALID_STRING_LENGTH` (400); and the wallets' and
    /// customers' email addresses against the document's `email` pattern (beyond the language's
    /// regular subset, so the import left it out), each that does not match it
    /// `INVALID_PARAMETER_SYNTAX` (400).
    static func unsayableRefusals(_ source: PayPalPaymentSource?, context: ApplicationContext?, operation: String) -> [ErrorDetail] {
        var details: [ErrorDetail] = []
        let urls: [(String, URL?)] = [
            ("/application_context/return_url", context?.returnUrl), ("/application_context/cancel_url", context?.cancelUrl),
            ("/payment_source/card/experience_context/return_url", source?.card?.experienceContext?.returnUrl),
            ("/payment_source/card/experience_context/cancel_url", source?.card?.experienceContext?.cancelUrl),
        ]
        if PayPalIssue.invalidStringLength.isListed(in: operation) {
            for (field, url) in urls {
                guard let length = url?.absoluteString.count, length < 10 || length > 4_000 else { continue }
                details.append(PayPalIssue.invalidStringLength.detail(for: operation, field: field, location: .body))
            }
        }
        let emails: [(String, String?)] = [
            ("/payment_source/paypal/email_address", source?.paypal?.emailAddress),
            ("/payment_source/paypal/attributes/customer/email_address", source?.paypal?.attributes?.customer?.emailAddress),
            ("/payment_source/venmo/email_address", source?.venmo?.emailAddress),
            ("/payment_source/venmo/attributes/customer/email_address", source?.venmo?.attributes?.customer?.emailAddress),
            ("/payment_source/card/attributes/customer/email_address", source?.card?.attributes?.customer?.emailAddress),
        ]
        if PayPalIssue.invalidParameterSyntax.isListed(in: operation), let pattern = emailPattern {
            for (field, email) in emails {
                guard let email, pattern.firstMatch(in: email, range: NSRange(email.startIndex..., in: email)) == nil else { continue }
                details.append(PayPalIssue.invalidParameterSyntax.detail(for: operation, field: field, location: .body))
            }
        }
        return details
    }

    /// PayPal's `email` pattern, as its document writes it (searched, as JSON Schema searches).
    static let emailPattern = try? NSRegularExpression(
        pattern:
            #"(?:[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*|(?:[\x01-\x08\x0b\x0c\x0e-\x1f\x21\x23-\x5b\x5d-\x7f]|\[\x01-\x09\x0b\x0c\x0e-\x7f])*")@(?:(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?|\[(?:(?:(2(5[0-5]|[0-4][0-9])|1[0-9][0-9]|[1-9]?[0-9]))\.){3}(?:(2(5[0-5]|[0-4][0-9])|1[0-9][0-9]|[1-9]?[0-9])|[a-zA-Z0-9-]*[a-zA-Z0-9]:(?:[\x01-\x08\x0b\x0c\x0e-\x1f\x21-\x5a\x53-\x7f]|\[\x01-\x09\x0b\x0c\x0e-\x7f])+)\])"#
    )

    /// The order-wide rules of create order on what a unit's payment instruction and the PayPal
    /// wallet's experience context carry: platform fees within the unit's amount, no FX rate id
    /// (the sandbox quotes none), no payment instruction on an order to authorize, and shipping
    /// options (never beside a `shipping.type`) and types only with the shipping preferences that
    /// take them.
    static func instructionRefusals(_ body: CreateOrderRequest) -> [ErrorDetail] {
        var details: [ErrorDetail] = []
        func add(_ issue: PayPalIssue, _ field: String) {
            details.append(issue.detail(for: "createOrder", field: field, location: .body))
        }
        let preference = body.paymentSource?.paypal?.experienceContext?.shippingPreference
        for unit in body.purchaseUnits {
            let path = "/purchase_units/@reference_id=='\(unit.referenceId ?? "default")'"
            if let instruction = unit.paymentInstruction {
                let fees = (instruction.platformFees ?? []).reduce(Decimal(0)) { $0 + (decimal($1.amount.value) ?? 0) }
                if let total = decimal(unit.amount.value), fees > total {
                    add(.invalidPlatformFeesAmount, path + "/payment_instruction/platform_fees")
                }
                if instruction.payeeReceivableFxRateId != nil {
                    add(.invalidFXRateID, path + "/payment_instruction/payee_receivable_fx_rate_id")
                }
                if body.intent == .authorize { add(.unsupportedPaymentInstruction, path + "/payment_instruction") }
            }
            let options = !(unit.shipping?.options ?? []).isEmpty
            if options, unit.shipping?.type != nil || preference == .noShipping || preference == .setProvidedAddress {
                add(.shippingOptionsNotSupported, path + "/shipping/options")
            }
            if preference == .getFromFile, unit.shipping?.type != nil { add(.unsupportedShippingType, path + "/shipping/type") }
        }
        return details
    }

    /// PayPal's business rules on a schema-valid card (one without its number and expiry, a saved
    /// card or a network token is `CARD_NUMBER_REQUIRED` or `CARD_EXPIRY_REQUIRED` as its type's
    /// `requireAnyOf` reads it: ``PayPalIssue/businessIssue(for:in:)``): an expiry month not yet passed (`CARD_EXPIRED`, judged in UTC)
    /// nor beyond
    /// ``expiryHorizonYears`` (`INVALID_EXPIRY_DATE`); a security code of the brand's length, four
    /// digits for American Express (`34`, `37`) and three for the others
    /// (`INVALID_SECURITY_CODE_LENGTH`). Each only where `operation`'s list holds it.
    private static func cardRefusals(_ card: CardPaymentSource, operation: String, now: Date) -> [ErrorDetail] {
        var details: [ErrorDetail] = []
        func add(_ issue: PayPalIssue, _ field: String) {
            if let detail = issue.listedDetail(for: operation, field: field, location: .body) { details.append(detail) }
        }
        let parts = (card.expiry ?? "").split(separator: "-")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let today = calendar.dateComponents([.year, .month], from: now)
        if parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), let thisYear = today.year, let thisMonth = today.month,
            (year, month) < (thisYear, thisMonth)
        {
            add(.cardExpired, "/payment_source/card/expiry")
        } else if parts.count == 2, let year = Int(parts[0]), let thisYear = today.year, year > thisYear + expiryHorizonYears {
            add(.invalidExpiryDate, "/payment_source/card/expiry")
        }
        if let code = card.securityCode, let number = card.number {
            let amex = number.hasPrefix("34") || number.hasPrefix("37")
            if code.count != (amex ? 4 : 3) { add(.invalidSecurityCodeLength, "/payment_source/card/security_code") }
        }
        return details
    }

    /// The payment source as PayPal returns it on the order: a card by its brand, type, last digits,
    /// name and expiry (never its number or security code); a wallet or bank method by what
    /// identifies the payer (the request's experience context, attributes and secrets are not
    /// returned); `nil` for the sources the document's answer has no member for (Apple Pay, Google
    /// Pay, tokens).
    static func answeredSource(_ source: PayPalPaymentSource, payerID: String) -> PaymentSourceResponse? {
        if let card = source.card {
            let number = card.number ?? card.networkToken?.number ?? ""
            let brand = card.brand?.rawValue ?? (number.hasPrefix("4") ? "VISA" : number.hasPrefix("3") ? "AMEX" : "MASTERCARD")
            var answered = CardResponse(
                lastDigits: number.isEmpty ? card.lastDigits : String(number.suffix(4)), brand: brand, type: "CREDIT")
            answered.name = card.name
            answered.expiry = card.expiry ?? card.networkToken?.expiry
            return PaymentSourceResponse(card: answered)
        }
        guard let method = methods(of: source).first, ["card", "apple_pay", "google_pay", "token"].contains(method) == false,
            case .object(let all)? = try? PayWire.encodeJSONValue(source), case .object(var members)? = all[method]
        else { return nil }
        // What configures the payment, or is a secret, is not the payer's and is not returned.
        for key in ["experience_context", "attributes", "vault_id", "billing_agreement_id", "one_click", "level_0", "phone"] {
            members[key] = nil
        }
        if method == "paypal" || method == "venmo" {
            members["account_id"] = .string(payerID)
            if method == "paypal" { members["account_status"] = .string("VERIFIED") }
        }
        return try? PayWire.decodeJSON(PaymentSourceResponse.self, from: .object([method: .object(members)]))
    }

    /// The exact value of a decimal text the schema admitted.
    static func decimal(_ text: String) -> Decimal? {
        if case .success(let reading) = PayDecimalText.read(text) { return reading.value }
        return nil
    }
}

/// What an order was created and paid with: the method its create order named (which its
/// authorize or capture must match), the method it was approved or paid with, and the processing
/// instruction it carries.
struct OrderSource: Sendable {
    /// The method the create-order request named, if it named one.
    var created: String?
    /// The method the order was confirmed or paid with.
    var method: String?
    /// The processing instruction (`ORDER_COMPLETE_ON_PAYMENT_APPROVAL`, `NO_INSTRUCTION`).
    var instruction: String?
    /// Whether the payer approved an order PayPal completes on approval and the capture PayPal makes
    /// on the merchant's behalf is still to be made: the next call that touches the order makes it.
    var completionPending = false

    /// Whether PayPal completes the order itself once the payer approves it.
    var completesOnApproval: Bool { instruction == "ORDER_COMPLETE_ON_PAYMENT_APPROVAL" }
}
