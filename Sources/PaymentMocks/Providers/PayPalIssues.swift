import Foundation
import PayPalPayments
import PaymentSchemasRuntime
import PaymentSchemasVocabulary
import PaymentServerCore

/// The issues the PayPal sandbox raises, each worded exactly as PayPal's Orders v2 contract
/// (`checkout_orders_v2.json`, Apache-2.0) words it for the operation that raises it: an error's
/// `name` and `message` are fixed per status, and every `details[]` entry carries one issue from
/// the operation's own list with that list's one description. `ProviderRuleTableTests` reads the
/// contract by path and fails when a description here differs from it, or when an issue is raised
/// by an operation whose list does not hold it.
public enum PayPalIssue: String, Sendable, CaseIterable {
    // 400, the contract's schema refusals.
    /// The body is not JSON.
    case malformedRequestJSON = "MALFORMED_REQUEST_JSON"
    /// A required field or parameter is absent (or `null`).
    case missingRequiredParameter = "MISSING_REQUIRED_PARAMETER"
    /// A value of the wrong type, an unknown enum value, a bound broken.
    case invalidParameterValue = "INVALID_PARAMETER_VALUE"
    /// A value that does not match its pattern or format.
    case invalidParameterSyntax = "INVALID_PARAMETER_SYNTAX"
    /// A string too short or too long.
    case invalidStringLength = "INVALID_STRING_LENGTH"
    /// An array with too few items.
    case invalidArrayMinItems = "INVALID_ARRAY_MIN_ITEMS"
    /// An array with too many items.
    case invalidArrayMaxItems = "INVALID_ARRAY_MAX_ITEMS"
    /// A create-order carrying a `payment_source` without a `PayPal-Request-Id` header (PayPal
    /// processes such an order at once, so it must be safe to retry).
    case paypalRequestIDRequired = "PAYPAL_REQUEST_ID_REQUIRED"
    // 404.
    /// An order id that was never created.
    case invalidResourceID = "INVALID_RESOURCE_ID"
    // 422, business rules of create order.
    /// An amount of zero or below.
    case cannotBeZeroOrNegative = "CANNOT_BE_ZERO_OR_NEGATIVE"
    /// More than two decimals in a currency that has decimals.
    case decimalPrecision = "DECIMAL_PRECISION"
    /// Any decimals in a currency PayPal writes without them (HUF, JPY, TWD).
    case decimalsNotSupported = "DECIMALS_NOT_SUPPORTED"
    /// An amount over PayPal's ceiling, 999999999999999.99.
    case maxValueExceeded = "MAX_VALUE_EXCEEDED"
    /// Purchase units in different currencies.
    case multiCurrencyOrder = "MULTI_CURRENCY_ORDER"
    /// A currency that is not ISO 4217, or one PayPal does not process.
    case invalidCurrencyCode = "INVALID_CURRENCY_CODE"
    /// Several purchase units, one of them without a `reference_id`.
    case referenceIDRequired = "REFERENCE_ID_REQUIRED"
    /// Several purchase units sharing a `reference_id`.
    case duplicateReferenceID = "DUPLICATE_REFERENCE_ID"
    /// A unit's total that is not what its breakdown adds up to.
    case amountMismatch = "AMOUNT_MISMATCH"
    /// Items whose prices times quantities do not add up to the breakdown's `item_total`.
    case itemTotalMismatch = "ITEM_TOTAL_MISMATCH"
    /// Items listed without a breakdown `item_total`.
    case itemTotalRequired = "ITEM_TOTAL_REQUIRED"
    /// Items whose tax times quantities does not add up to the breakdown's `tax_total`.
    case taxTotalMismatch = "TAX_TOTAL_MISMATCH"
    /// Items with tax and no breakdown `tax_total`.
    case taxTotalRequired = "TAX_TOTAL_REQUIRED"
    /// Intent `AUTHORIZE` with several purchase units.
    case unsupportedIntent = "UNSUPPORTED_INTENT"
    /// Shipping options none of which is selected.
    case shippingOptionNotSelected = "SHIPPING_OPTION_NOT_SELECTED"
    /// Shipping options more than one of which is selected.
    case multipleShippingOptionSelected = "MULTIPLE_SHIPPING_OPTION_SELECTED"
    /// A selected shipping option whose amount is not the breakdown's `shipping`.
    case preferredShippingOptionAmountMismatch = "PREFERRED_SHIPPING_OPTION_AMOUNT_MISMATCH"
    /// Purchase units with different `shipping.type`.
    case multipleShippingTypeNotSupported = "MULTIPLE_SHIPPING_TYPE_NOT_SUPPORTED"
    /// A unit mixing donations with goods.
    case multipleItemCategories = "MULTIPLE_ITEM_CATEGORIES"
    /// Donations in an order of several purchase units.
    case donationItemsNotSupported = "DONATION_ITEMS_NOT_SUPPORTED"
    /// A breakdown part, item price or tax, or shipping option price below zero.
    case cannotBeNegative = "CANNOT_BE_NEGATIVE"
    /// Authorize or capture of an order whose selected pickup option (`PICKUP`) is for a recipient
    /// whose full name does not start with `S2S`.
    case invalidPickupAddress = "INVALID_PICKUP_ADDRESS"
    /// Purchase units shipped to different addresses.
    case multipleShippingAddressNotSupported = "MULTIPLE_SHIPPING_ADDRESS_NOT_SUPPORTED"
    /// A payee named by neither its email address nor its merchant id.
    case payeeAccountInvalid = "PAYEE_ACCOUNT_INVALID"
    /// A shipping address in a country that ISO 3166-1 does not list.
    case invalidCountryCode = "INVALID_COUNTRY_CODE"
    // 422, confirm payment source.
    /// The card's expiry month has passed.
    case cardExpired = "CARD_EXPIRED"
    /// A security code whose length does not fit the card's brand.
    case invalidSecurityCodeLength = "INVALID_SECURITY_CODE_LENGTH"
    /// Confirm on an order the payer already approved.
    case paymentAlreadyApproved = "PAYMENT_ALREADY_APPROVED"
    /// Confirm on a completed order.
    case orderCannotBeConfirmed = "ORDER_CANNOT_BE_CONFIRMED"
    /// The processor declined the card.
    case paymentSourceDeclinedByProcessor = "PAYMENT_SOURCE_DECLINED_BY_PROCESSOR"
    /// A payment source with no payment method in it (`"payment_source": {}`).
    case noPaymentSourceProvided = "NO_PAYMENT_SOURCE_PROVIDED"
    // 422, the payment sources beyond the card, stored credentials, tokens and instructions
    // (`PayPalPaymentSourceRules.swift`).
    /// A payment source naming more than one method.
    case onlyOnePaymentSourceAllowed = "ONLY_ONE_PAYMENT_SOURCE_ALLOWED"
    /// A card with neither a number, a saved card's `vault_id` nor a network token.
    case cardNumberRequired = "CARD_NUMBER_REQUIRED"
    /// A card number without its expiry.
    case cardExpiryRequired = "CARD_EXPIRY_REQUIRED"
    /// A merchant-initiated card payment (`stored_credential.payment_initiator` `MERCHANT`) carrying a security code.
    case merchantInitiatedWithSecurityCode = "MERCHANT_INITIATED_WITH_SECURITY_CODE"
    /// A merchant-initiated card payment for an order of several purchase units.
    case merchantInitiatedWithMultiplePurchaseUnits = "MERCHANT_INITIATED_WITH_MULTIPLE_PURCHASE_UNITS"
    /// A merchant-initiated card payment for an order whose card carries 3-D Secure results (the payer was there).
    case merchantInitiatedWithAuthenticationResults = "MERCHANT_INITIATED_WITH_AUTHENTICATION_RESULTS"
    /// A customer-initiated network token payment without the token's cryptogram.
    case missingCryptogram = "MISSING_CRYPTOGRAM"
    /// A merchant-initiated network token payment without `previous_network_transaction_reference`.
    case missingPreviousReference = "MISSING_PREVIOUS_REFERENCE"
    /// A PayPal wallet to vault without `experience_context.return_url`.
    case returnURLRequired = "RETURN_URL_REQUIRED"
    /// A PayPal wallet to vault without `experience_context.cancel_url`.
    case cancelURLRequired = "CANCEL_URL_REQUIRED"
    /// An Apple Pay token whose `transaction_amount` is not the order's amount.
    case applePayAmountMismatch = "APPLE_PAY_AMOUNT_MISMATCH"
    /// An Apple Pay token of `payment_data_type` `3DSECURE` without `payment_data.cryptogram`.
    case cryptogramRequired = "CRYPTOGRAM_REQUIRED"
    /// An Apple Pay token of `payment_data_type` `EMV` without `payment_data.emv_data`.
    case emvDataRequired = "EMV_DATA_REQUIRED"
    /// A BLIK one-click payment with neither an `alias_key` nor both `auth_code` and `alias_label`.
    case blikOneClickMissingRequiredParameter = "BLIK_ONE_CLICK_MISSING_REQUIRED_PARAMETER"
    /// A billing agreement token (the sandbox makes no billing agreements, so it knows none).
    case billingAgreementNotFound = "BILLING_AGREEMENT_NOT_FOUND"
    /// A Payflow `PNREF` token (the sandbox has no Payflow transactions).
    case pnrefNotFound = "PNREF_NOT_FOUND"
    /// A `PAYPAL_TRANSACTION_ID` token that is no authorization or capture the sandbox made.
    case paypalTransactionIDNotFound = "PAYPAL_TRANSACTION_ID_NOT_FOUND"
    /// A token of a type the sandbox issues none of.
    case tokenIDNotFound = "TOKEN_ID_NOT_FOUND"
    /// Authorize of an order paid with a bank method (Bancontact, BLIK, eps, giropay, iDEAL, MyBank, P24, Sofort, Trustly), which PayPal
    /// only captures.
    case unsupportedIntentForPaymentSource = "UNSUPPORTED_INTENT_FOR_PAYMENT_SOURCE"
    /// Authorize or capture with another payment method than the one the order was created with.
    case preferredPaymentSourceMismatch = "PREFERRED_PAYMENT_SOURCE_MISMATCH"
    /// A unit's platform fees adding up to more than its amount.
    case invalidPlatformFeesAmount = "INVALID_PLATFORM_FEES_AMOUNT"
    /// Shipping options beside a `shipping.type`, or for a PayPal wallet whose shipping preference
    /// is `NO_SHIPPING` or `SET_PROVIDED_ADDRESS`.
    case shippingOptionsNotSupported = "SHIPPING_OPTIONS_NOT_SUPPORTED"
    /// A `shipping.type` for a PayPal wallet whose shipping preference is `GET_FROM_FILE`.
    case unsupportedShippingType = "UNSUPPORTED_SHIPPING_TYPE"
    /// A payment instruction on an order created to authorize (it goes with the capture).
    case unsupportedPaymentInstruction = "UNSUPPORTED_PAYMENT_INSTRUCTION"
    /// A bank method without the processing instruction `ORDER_COMPLETE_ON_PAYMENT_APPROVAL`.
    case orderCompleteOnPaymentApproval = "ORDER_COMPLETE_ON_PAYMENT_APPROVAL"
    /// `ORDER_COMPLETE_ON_PAYMENT_APPROVAL` with a method the payer approves no bank payment for (card, wallets, tokens).
    case unsupportedProcessingInstruction = "UNSUPPORTED_PROCESSING_INSTRUCTION"
    /// A `payee_receivable_fx_rate_id` (the sandbox quotes no exchange rates, so it knows none).
    case invalidFXRateID = "INVALID_FX_RATE_ID"
    /// A vault request (`attributes.vault`) without `store_in_vault`.
    case vaultInstructionRequired = "VAULT_INSTRUCTION_REQUIRED"
    // 422, authorize and capture.
    /// Authorize or capture before the payer approved.
    case orderNotApproved = "ORDER_NOT_APPROVED"
    /// Authorize or capture while a 3-D Secure challenge is pending.
    case payerActionRequired = "PAYER_ACTION_REQUIRED"
    /// Authorize on an order created to capture, or capture on one created to authorize.
    case actionDoesNotMatchIntent = "ACTION_DOES_NOT_MATCH_INTENT"
    /// A second authorization.
    case orderAlreadyAuthorized = "ORDER_ALREADY_AUTHORIZED"
    /// A second capture.
    case orderAlreadyCaptured = "ORDER_ALREADY_CAPTURED"
    /// A capture of an order approved with `ORDER_COMPLETE_ON_PAYMENT_APPROVAL` while PayPal makes
    /// the capture itself.
    case orderCompletionInProgress = "ORDER_COMPLETION_IN_PROGRESS"
    /// A capture whose platform fees go to the payer's own account.
    case platformFeePayeeCannotBeSameAsPayer = "PLATFORM_FEE_PAYEE_CANNOT_BE_SAME_AS_PAYER"
    /// The processor or bank declined the instrument at capture (the `instrument-declined` scenario).
    case instrumentDeclined = "INSTRUMENT_DECLINED"
    /// The order expired before authorization (raised through `PayPal-Mock-Response` only: the
    /// sandbox keeps no clock for orders).
    case orderExpired = "ORDER_EXPIRED"
    /// A card expiry further ahead than the sandbox's threshold (``MockPayPalServer/expiryHorizonYears``).
    case invalidExpiryDate = "INVALID_EXPIRY_DATE"
    // 422, the Payments API's authorizations, captures and refunds.
    /// Capture or reauthorize of a voided authorization.
    case authorizationVoided = "AUTHORIZATION_VOIDED"
    /// Capture of an authorization past its expiration time (29 days after it was made).
    case authorizationExpired = "AUTHORIZATION_EXPIRED"
    /// Capture of an authorization already captured in full (or by a final capture), or reauthorize
    /// of one anything was captured from.
    case authorizationAlreadyCaptured = "AUTHORIZATION_ALREADY_CAPTURED"
    /// Captures adding up to more than 115% of the authorized amount (PayPal's default overage limit).
    case maxCaptureAmountExceeded = "MAX_CAPTURE_AMOUNT_EXCEEDED"
    /// A capture in another currency than its authorization.
    case authCaptureCurrencyMismatch = "AUTH_CAPTURE_CURRENCY_MISMATCH"
    /// Reauthorize of an authorization that is itself a reauthorization.
    case reauthorizationNotSupported = "REAUTHORIZATION_NOT_SUPPORTED"
    /// A reauthorization in another currency than the authorization.
    case authCurrencyMismatch = "AUTH_CURRENCY_MISMATCH"
    /// Void of an authorization captured in full.
    case previouslyCaptured = "PREVIOUSLY_CAPTURED"
    /// Void of a voided authorization.
    case previouslyVoided = "PREVIOUSLY_VOIDED"
    /// Void of a reauthorization (the original is what is voided).
    case cannotBeVoided = "CANNOT_BE_VOIDED"
    /// Refund of a capture refunded in full.
    case captureFullyRefunded = "CAPTURE_FULLY_REFUNDED"
    /// A refund in another currency than its capture.
    case refundCaptureCurrencyMismatch = "REFUND_CAPTURE_CURRENCY_MISMATCH"
    /// A refund above what is left of the capture after its earlier refunds.
    case refundAmountExceeded = "REFUND_AMOUNT_EXCEEDED"
    /// A refund more than 180 days after the capture (PayPal's refund window).
    case refundTimeLimitExceeded = "REFUND_TIME_LIMIT_EXCEEDED"
    /// A refund giving back more platform fees than the capture took less its earlier refunds', or
    /// any where the capture took none.
    case platformFeeExceeded = "PLATFORM_FEE_EXCEEDED"

    /// The issues an operation raises that its list in PayPal's document does not hold, with
    /// where PayPal gives them (a page of its, or its answer as recorded): the rule table shows
    /// them as raised beyond the document, and its test requires a source for each.
    public static let beyondTheDocument: [String: [String: String]] = [
        "DECIMALS_NOT_SUPPORTED": [
            "createOrder":
                "PayPal's Orders troubleshooting page (developer.paypal.com/api/rest/integration/orders-api/troubleshooting) lists it for currencies without decimals, its currency codes page names HUF, JPY and TWD; the description is the one PayPal's generated server SDKs carry for it (`DecimalsNotSupportedDescriptionEnum`)"
        ],
        "ACTION_DOES_NOT_MATCH_INTENT": [
            "captureOrder":
                "PayPal's 422 to a capture of an order created to authorize, as an integrator recorded it (Zen Cart's PayPal module, its fix notes for wallet captures); the document lists the issue for authorize only"
        ],
    ]

    /// The contract's operation ids of the sandbox's operations (`orders.create`, …): the Orders
    /// document's, then the Payments document's.
    public static let contractOperations: [String: String] = [
        "createOrder": "orders.create", "confirmPaymentSource": "orders.confirm", "authorizeOrder": "orders.authorize",
        "captureOrder": "orders.capture", "getOrder": "orders.get", "getAuthorization": "authorizations.get",
        "captureAuthorization": "authorizations.capture", "reauthorizeAuthorization": "authorizations.reauthorize",
        "voidAuthorization": "authorizations.void", "getCapture": "captures.get", "refundCapture": "captures.refund",
        "getRefund": "refunds.get",
    ]

    /// The Payments API's operations (ours) whose lists take an amount: capture, reauthorize, refund.
    static let paymentsAmountOperations = ["captureAuthorization", "reauthorizeAuthorization", "refundCapture"]

    /// Where the Payments document lists an issue for refund without wording it (its refund lists
    /// give a description for some issues only), the sandbox words it as the same document words it
    /// for capture: `ProviderRuleTableTests` holds the sandbox to the document's words where there
    /// are some.
    static func payments(_ description: String, _ operations: [String] = paymentsAmountOperations) -> [String: String] {
        all(operations, description)
    }

    /// The operations (our ids) whose contract list holds this issue and that raise it, with the
    /// description the list gives it there.
    public var descriptions: [String: String] {
        switch self {
        case .malformedRequestJSON:
            return Self.all(
                ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"], "The request JSON is not well formed.")
        case .missingRequiredParameter:
            return [
                "createOrder": "A required parameter is missing.", "confirmPaymentSource": "A required field / parameter is missing",
                "authorizeOrder": "A required field / parameter is missing", "captureOrder": "A required field / parameter is missing",
            ].merging(Self.payments("A required field / parameter is missing.")) { $1 }
        case .invalidParameterValue:
            return Self.all(["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"], "A parameter value is not valid.")
                .merging(["captureAuthorization": "The value of a field is invalid."]) { $1 }
        case .invalidParameterSyntax:
            var descriptions = Self.all(
                ["createOrder", "authorizeOrder", "captureOrder"], "The value of a field does not conform to the expected format.")
            descriptions["confirmPaymentSource"] = "The value of the field does not conform to the expected format."
            return descriptions.merging(Self.payments("The value of a field does not conform to the expected format.")) { $1 }
        case .invalidStringLength:
            return Self.all(
                ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "The value of a field is either too short or too long"
            ).merging(Self.payments("The value of a field is either too short or too long.")) { $1 }
        case .invalidArrayMinItems: return ["createOrder": "The number of items in an array parameter is too small."]
        case .invalidArrayMaxItems: return ["createOrder": "The number of items in an array parameter is too large."]
        case .paypalRequestIDRequired:
            return [
                "createOrder":
                    "A PayPal-Request-Id is required if you are trying to process payment for an Order. Please specify a PayPal-Request-Id or Create the Order without a 'payment_source' specified."
            ]
        case .invalidResourceID:
            // Confirm's contract declares no 404: its refusal of an unknown order carries no detail.
            return Self.all(
                [
                    "getOrder", "authorizeOrder", "captureOrder", "getAuthorization", "captureAuthorization", "reauthorizeAuthorization",
                    "voidAuthorization", "getCapture", "refundCapture", "getRefund",
                ],
                "Specified resource ID does not exist. Please check the resource ID and try again.")
        case .cannotBeZeroOrNegative:
            return Self.payments(
                "Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.",
                ["createOrder"] + Self.paymentsAmountOperations)
        case .decimalPrecision:
            return Self.payments(
                "If the currency supports decimals, only two decimal place precision is supported.",
                ["createOrder"] + Self.paymentsAmountOperations)
        case .maxValueExceeded: return ["createOrder": "Should be less than or equal to 999999999999999.99."]
        case .multiCurrencyOrder:
            return [
                "createOrder":
                    "Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code."
            ]
        case .invalidCurrencyCode:
            return [
                "createOrder":
                    "Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes."
            ].merging(
                Self.payments(
                    "Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/docs/api/reference/currency-codes/ for list of supported currency codes."
                )
            ) { $1 }
        case .referenceIDRequired:
            return ["createOrder": "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided."]
        case .duplicateReferenceID: return ["createOrder": "`reference_id` must be unique if multiple `purchase_unit` are provided."]
        case .amountMismatch:
            return ["createOrder": "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount."]
        case .itemTotalMismatch:
            return ["createOrder": "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit."]
        case .itemTotalRequired:
            return [
                "createOrder":
                    "If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required."
            ]
        case .taxTotalMismatch: return ["createOrder": "Should equal sum of (tax * quantity) across all items for a given purchase_unit."]
        case .taxTotalRequired:
            return [
                "createOrder":
                    "If item details are specified (items.tax_total and items.quantity) corresponding amount.breakdown.tax_total is required."
            ]
        case .unsupportedIntent:
            return ["createOrder": "`intent=AUTHORIZE` is not supported for multiple purchase units. Only `intent=CAPTURE` is supported."]
        case .shippingOptionNotSelected: return ["createOrder": "At least one of the shipping.option should be set to 'selected = true'."]
        case .multipleShippingOptionSelected: return ["createOrder": "Only one shipping.option can be set to 'selected = true'."]
        case .preferredShippingOptionAmountMismatch:
            return [
                "createOrder": "The amount provided in the preferred shipping option should match the amount provided in amount breakdown"
            ]
        case .multipleShippingTypeNotSupported: return ["createOrder": "Different `shipping.type` are not supported across purchase units."]
        case .multipleItemCategories:
            return [
                "createOrder":
                    #"For a given 'purchase_unit' the 'items.category' could be either "PHYSICAL_GOODS" and/or "DIGITAL_GOODS" or just "DONATION".  'items.category' as "DONATION" cannot be combined with items with either "PHYSICAL_GOODS" or "DIGITAL_GOODS"."#
            ]
        case .cannotBeNegative:
            return [
                "createOrder":
                    "Must be greater than or equal to 0. If the currency supports decimals, only two decimal place precision is supported."
            ]
        case .invalidPickupAddress:
            return Self.all(
                ["authorizeOrder", "captureOrder"],
                "If the 'shipping_option.type' is set as 'PICKUP' then the 'shipping_detail.name.full_name' should start with 'S2S' meaning Ship To Store. Example: 'S2S My Store'."
            )
        case .payeeAccountInvalid:
            return [
                "createOrder":
                    "Payee account specified is invalid. Please check the `payee.email_address` or `payee.merchant_id` specified and try again. Ensure that either  `payee.merchant_id` or `payee.email_address` is specified."
            ]
        case .multipleShippingAddressNotSupported: return ["createOrder": "Multiple shipping addresses are not supported."]
        case .invalidCountryCode:
            return [
                "createOrder":
                    "Country code is invalid. Please refer to https://developer.paypal.com/api/rest/reference/country-codes/ for a list of supported country codes."
            ]
        case .donationItemsNotSupported:
            return [
                "createOrder":
                    #"If 'purchase_unit' has "DONATION" as the 'items.category' then the Order can at most have one purchase_unit. Multiple purchase_units are not supported if either of them have at least one items with category as "DONATION"."#
            ]
        case .cardExpired: return Self.all(["createOrder", "confirmPaymentSource"], "The card is expired")
        case .invalidSecurityCodeLength:
            return Self.all(
                ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "The security_code length is invalid for the specified card brand.")
        case .paymentAlreadyApproved:
            return [
                "confirmPaymentSource":
                    "The payment has already been approved.  Please capture the order, or create and confirm a new order with this payment source."
            ]
        case .orderCannotBeConfirmed: return ["confirmPaymentSource": "An order with status = 'COMPLETED' cannot be confirmed again."]
        case .paymentSourceDeclinedByProcessor:
            return Self.all(
                ["createOrder", "confirmPaymentSource"],
                "The provided payment source is declined by the processor. Please try again with a different payment source by creating a new order."
            )
        case .orderNotApproved:
            return [
                "authorizeOrder":
                    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call.",
                "captureOrder":
                    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
            ]
        case .payerActionRequired:
            return Self.all(
                ["authorizeOrder", "captureOrder"], "Transaction cannot complete successfully, instruct the buyer to return to PayPal.")
        case .actionDoesNotMatchIntent:
            return [
                "authorizeOrder":
                    "Order was created with an intent to 'CAPTURE'. Please use v2/checkout/orders/order_id/capture to complete the transaction or alternately Create an order with an intent of 'AUTHORIZE'.",
                "captureOrder":
                    "Order was created with an intent to 'AUTHORIZE'. Please use v2/checkout/orders/order_id/authorize to perform authorization or alternately Create an order with an intent of 'CAPTURE'.",
            ]
        case .decimalsNotSupported:
            return Self.payments(
                "Currency does not support decimals. Please refer to https://developer.paypal.com/docs/api/reference/currency-codes/ for more information.",
                ["createOrder"] + Self.paymentsAmountOperations)
        case .orderAlreadyAuthorized:
            return ["authorizeOrder": "Order already authorized.If 'intent=AUTHORIZE' only one authorization per order is allowed."]
        case .orderAlreadyCaptured:
            return ["captureOrder": "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed."]
        case .platformFeePayeeCannotBeSameAsPayer:
            return [
                "captureOrder":
                    "The payer cannot pay themselves. The recipient account of the platform fees must be different from the payer account."
            ]
        case .orderCompletionInProgress:
            return [
                "captureOrder":
                    "The order was created with processing_instruction of ORDER_COMPLETE_ON_PAYMENT_APPROVAL. The customer has approved the payment and PayPal is still in the process of capturing the order on your behalf as instructed. Please try your request again."
            ]
        case .noPaymentSourceProvided: return ["confirmPaymentSource": "At least one payment method is required within the payment source."]
        case .orderExpired:
            return [
                "authorizeOrder":
                    "Order is expired and hence cannot be authorized. Please contact Customer Support if you need to increase your order validity period."
            ]
        case .invalidExpiryDate:
            return Self.all(
                ["createOrder", "confirmPaymentSource"],
                "Expiry date is invalid. Expiry date should be a date in future and within the threshold for the payment source.")
        case .onlyOnePaymentSourceAllowed:
            return Self.all(["confirmPaymentSource"], "More than one payment method within the payment source is not supported.")
        case .cardNumberRequired:
            return Self.all(
                ["confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "The card number is required when attempting to process payment with card.")
        case .cardExpiryRequired:
            return Self.all(
                ["confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "The card expiry is required when attempting to process payment with card.")
        case .merchantInitiatedWithSecurityCode:
            return Self.all(
                ["createOrder", "authorizeOrder", "captureOrder"],
                "`stored_payment_source.payment_initiator` = `MERCHANT` is not supported if `payment_source.card.security_code` is present in the order. `security_code` can be present in the order only when customer is the payment initiator. It is semantically incorrect to perform a merchant initiated payment with `security_code` is the order."
            )
        case .merchantInitiatedWithMultiplePurchaseUnits:
            return Self.all(
                ["createOrder", "authorizeOrder", "captureOrder"],
                "`stored_payment_source.payment_initiator` = `MERCHANT` is not supported if more than one purchase_unit is present in the Order. Merchant initiated payments are not supported from orders with more than one purchase_unit. Please retry the request with multiple Order requests (one for each purchase_unit)."
            )
        case .merchantInitiatedWithAuthenticationResults:
            return Self.all(
                ["createOrder", "authorizeOrder", "captureOrder"],
                "`stored_payment_source.payment_initiator` = `MERCHANT` is not supported if 3D-Secure authentication results are present in the order. 3D-Secure authentication results can be present in the order only when customer is the payment initiator. It is semantically incorrect to perform a merchant initiated payment with 3D-Secure authentication results is the order."
            )
        case .missingCryptogram:
            return Self.all(
                ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "Cryptogram is mandatory for any customer initiated network token transactions.")
        case .missingPreviousReference:
            return Self.all(
                ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "For Merchant initiated network token transactions, either the payment_source.card.stored_credential.previous_network_transaction_reference or payment_source.card.stored_credential.previous_transaction_reference must be included in the request."
            )
        case .returnURLRequired:
            return Self.all(
                ["confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "The return url is required when attempting to vault this source.")
        case .cancelURLRequired:
            return Self.all(
                ["confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "The cancel url is required when attempting to vault this source.")
        case .applePayAmountMismatch:
            return Self.all(
                ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "The 'amount' specified in the Order should match the amount that was viewed and authorized by the payer/buyer on Apple Pay. If the amount has changed, please redirect the buyer to authorize the order again via Apple Pay."
            )
        case .cryptogramRequired:
            return Self.all(["createOrder", "confirmPaymentSource"], "Cryptogram is required if authentication method is CRYPTOGRAM 3DS.")
        case .emvDataRequired:
            return Self.all(["createOrder", "confirmPaymentSource"], "EMV Data is required if authentication method is EMV.")
        case .blikOneClickMissingRequiredParameter:
            return Self.all(
                ["createOrder", "confirmPaymentSource"],
                "Blik's one_click flow requires one_click.auth_code and one_click.alias_label parameters for the buyer's first transaction. For all subsequent transactions,only the one_click.alias_key parameter is required."
            )
        case .billingAgreementNotFound:
            return Self.all(["createOrder", "authorizeOrder", "captureOrder"], "The requested Billing Agreement token was not found.")
        case .pnrefNotFound:
            return Self.all(
                ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "Specified `pnref` was not found. Verify the value and try the request again.")
        case .paypalTransactionIDNotFound:
            return Self.all(
                ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "Specified `paypal_transaction_id` was not found. Verify the value and try the request again.")
        case .tokenIDNotFound:
            return Self.all(
                ["authorizeOrder", "captureOrder"], "Specified token was not found. Verify the token and try the request again.")
        case .unsupportedIntentForPaymentSource:
            return Self.all(
                ["authorizeOrder"],
                "`intent=AUTHORIZE` is not supported for the specified payment_source. Only `intent=CAPTURE` is supported.")
        case .preferredPaymentSourceMismatch:
            return Self.all(
                ["authorizeOrder", "captureOrder"],
                "Payment Source must exactly match the Preferred Payment Source that was provided during order creation.")
        case .invalidPlatformFeesAmount:
            return Self.all(["createOrder"], "The platform_fees amount cannot be greater than order amount.")
        case .shippingOptionsNotSupported:
            return Self.all(
                ["createOrder"],
                "Shipping options are not supported when `shipping.type` is specified or when 'application_context.shipping_preference' is set as 'NO_SHIPPING' or 'SET_PROVIDED_ADDRESS'."
            )
        case .unsupportedShippingType:
            return Self.all(
                ["createOrder"],
                "The provided `shipping.type` is only supported for `application_context.shipping_preference`=`SET_PROVIDED_ADDRESS` or `NO_SHIPPING`."
            )
        case .unsupportedPaymentInstruction:
            return Self.all(
                ["createOrder"],
                "You must provide the payment instruction when you capture an authorized payment for `intent=AUTHORIZE`. For details, see <a href=\"/docs/api/payments/v2/#authorizations_capture\">Capture authorization</a>. For `intent=CAPTURE`, send the payment instruction when you create the order."
            )
        case .orderCompleteOnPaymentApproval:
            return [
                "createOrder":
                    "A processing_instruction of `ORDER_COMPLETE_ON_PAYMENT_APPROVAL` is required for the specified payment_source. Please refer to the integration guide https://developer.paypal.com/docs/limited-release/alternative-payment-methods-with-orders/ for more details",
                "confirmPaymentSource":
                    "A processing_instruction of `ORDER_COMPLETE_ON_PAYMENT_APPROVAL` is required for the specified payment_source.",
            ]
        case .unsupportedProcessingInstruction:
            return Self.all(
                ["createOrder", "confirmPaymentSource"],
                "The specified processing_instruction is not supported for the given payment_source. Please refer to https://developer.paypal.com/api/orders/v2/#definition-processing_instruction for the list of payment_source that can be specified with this value."
            )
        case .invalidFXRateID:
            return Self.all(
                ["createOrder"],
                "The specific FX Rate ID is not valid. This could be either because we are not able to look up the FX Rate based on this ID or it could be because the ID belongs to another API Caller."
            )
        case .vaultInstructionRequired:
            return Self.all(
                ["createOrder", "confirmPaymentSource", "authorizeOrder", "captureOrder"],
                "Vault instruction is required. Please use `vault.store_in_vault` to provide vault instruction.")
        case .authorizationVoided:
            return Self.payments(
                "A voided authorization cannot be captured or reauthorized. ", ["captureAuthorization", "reauthorizeAuthorization"])
        case .authorizationExpired: return ["captureAuthorization": "An expired authorization cannot be captured."]
        case .authorizationAlreadyCaptured:
            return Self.payments("Authorization has previously been captured.", ["captureAuthorization", "reauthorizeAuthorization"])
        case .maxCaptureAmountExceeded:
            return [
                "captureAuthorization":
                    "Capture amount exceeds allowable limit. Please contact customer service or your account manager to request the change to your overage limit. The default overage limit is 115%, which allows the sum of all captures to be up to 115% of the order amount. The ability to over capture is subjected to regulatory approvals."
            ]
        case .authCaptureCurrencyMismatch:
            return ["captureAuthorization": "Currency of capture must be the same as currency of authorization."]
        case .reauthorizationNotSupported:
            return [
                "reauthorizeAuthorization":
                    "A reauthorize cannot be attempted on an authorization_id that is the result of a prior reauthorization or on an authorization made on an Order saved using the `v2/orders/id/save` API."
            ]
        case .authCurrencyMismatch:
            return [
                "reauthorizeAuthorization":
                    "The currency specified during reauthorization should be the same as the currency specified in the original authorization. Please check the currency of the authorization for which you are trying to reauthorize and try again."
            ]
        case .previouslyCaptured: return ["voidAuthorization": "Authorization has been previously captured and hence cannot be voided."]
        case .previouslyVoided: return ["voidAuthorization": "Authorization has been previously voided and hence cannot be voided again."]
        case .cannotBeVoided:
            return ["voidAuthorization": "A reauthorization cannot be voided. Please void the original parent authorization."]
        case .captureFullyRefunded: return ["refundCapture": "The capture has already been fully refunded"]
        case .refundCaptureCurrencyMismatch: return ["refundCapture": "Refund must be in the same currency as the capture"]
        case .refundAmountExceeded:
            return ["refundCapture": "The refund amount must be less than or equal to the capture amount that has not yet been refunded."]
        case .refundTimeLimitExceeded: return ["refundCapture": "You are over the time limit to perform a refund on this capture"]
        case .platformFeeExceeded:
            return [
                "refundCapture":
                    "Platform fee amount specified exceeds the amount that is available for refund. You can only refund up to the available platform fee amount. This error is also returned when no platform_fee was specified or was zero when the payment was captured."
            ]
        case .instrumentDeclined:
            return [
                "captureOrder":
                    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment."
            ]
        }
    }

    private static func all(_ operations: [String], _ description: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: operations.map { ($0, description) })
    }

    /// The status this issue is answered with.
    public var status: Int {
        switch self {
        case .malformedRequestJSON, .missingRequiredParameter, .invalidParameterValue, .invalidParameterSyntax, .invalidStringLength,
            .invalidArrayMinItems, .invalidArrayMaxItems, .invalidCountryCode, .paypalRequestIDRequired:
            return 400
        case .invalidResourceID: return 404
        default: return 422
        }
    }

    /// The `name` and `message` PayPal's contract fixes for each error status.
    static func heading(status: Int) -> (name: String, message: String) {
        switch status {
        case 400: return ("INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.")
        case 401:
            return (
                "AUTHENTICATION_FAILURE",
                "Authentication failed due to missing authorization header, or invalid authentication credentials."
            )
        case 403: return ("NOT_AUTHORIZED", "Authorization failed due to insufficient permissions.")
        case 404: return ("RESOURCE_NOT_FOUND", "The specified resource does not exist.")
        case 409: return ("RESOURCE_CONFLICT", "The server has detected a conflict while processing this request.")
        case 500: return ("INTERNAL_SERVER_ERROR", "An internal server error occurred.")
        default:
            return (
                "UNPROCESSABLE_ENTITY",
                "The requested action could not be performed, semantically incorrect, or failed business validation."
            )
        }
    }

    /// Whether `operation`'s list holds this issue: each list words its own issues, and the sandbox
    /// raises an issue only where its operation's list holds it.
    func isListed(in operation: String) -> Bool { descriptions[operation] != nil }

    /// This issue where `operation`'s list holds it, else `nil`.
    func listed(in operation: String) -> PayPalIssue? { isListed(in: operation) ? self : nil }

    /// ``detail(for:field:location:)`` where `operation`'s list holds this issue, else `nil`.
    func listedDetail(for operation: String, field: String? = nil, location: ErrorLocation? = nil) -> ErrorDetail? {
        isListed(in: operation) ? detail(for: operation, field: field, location: location) : nil
    }

    /// One `details[]` entry for `operation`: this issue with the description the operation's list
    /// gives it (none where the list lacks the issue, which the rule-table test forbids).
    func detail(for operation: String, field: String? = nil, location: ErrorLocation? = nil) -> ErrorDetail {
        ErrorDetail(field: field, issue: rawValue, location: location, issueDescription: descriptions[operation])
    }

    /// PayPal's error answer for `operation` carrying `details`, all of one status.
    static func answer(_ operation: String, status: Int, _ details: [ErrorDetail]) -> ServerResponse {
        let heading = heading(status: status)
        var answer = ServerResponse.json(
            PayPalErrorResponse(
                name: heading.name, message: heading.message, debugId: "b1d1f06c7246c", details: details.isEmpty ? nil : details),
            status: status)
        let issues = details.compactMap(\.issue)
        answer.rule = issues.isEmpty ? heading.name : issues.joined(separator: ", ")
        return answer
    }

    /// PayPal's answer raising this issue once for `operation`.
    func answer(_ operation: String, field: String? = nil, location: ErrorLocation? = nil) -> ServerResponse {
        Self.answer(operation, status: status, [detail(for: operation, field: field, location: location)])
    }

    /// The issue PayPal raises for one violation of our types' constraints on `operation`: `nil` for
    /// a violation that PayPal's own schema admits and that is a business rule there (a negative
    /// amount, a three-letter currency outside ISO 4217), which ``businessIssue(for:in:)`` answers.
    static func schemaIssue(for violation: PayRequestViolation, in operation: String) -> PayPalIssue? {
        if businessIssue(for: violation, in: operation) != nil { return nil }
        let issue: PayPalIssue
        switch violation.rule {
        case "malformed": issue = .malformedRequestJSON
        case "missing", "null", "required", "requireAnyOf": issue = .missingRequiredParameter
        case "minLength", "maxLength": issue = .invalidStringLength
        case "minItems": issue = .invalidArrayMinItems
        case "maxItems": issue = .invalidArrayMaxItems
        case "pattern": issue = .invalidParameterSyntax
        case let rule where rule.hasPrefix("format."): issue = .invalidParameterSyntax
        default: issue = .invalidParameterValue
        }
        return issue.listed(in: operation) ?? .invalidParameterValue
    }

    /// The business issue (422) PayPal answers for a violation its own schema admits: a card
    /// without what identifies it (its number and expiry, a saved card, a network token), an amount written with a minus sign (PayPal's
    /// pattern `-?[0-9]+…`
    /// takes it; a unit's total must be above zero, every other amount of the unit at least zero) and a three-character currency that is
    /// not ISO 4217 (PayPal's schema takes any three
    /// characters).
    static func businessIssue(for violation: PayRequestViolation, in operation: String? = nil) -> PayPalIssue? {
        // Only where the operation's list holds the issue: elsewhere the violation is the schema's.
        let issue = anyBusinessIssue(for: violation)
        guard let issue, let operation else { return issue }
        return issue.listed(in: operation)
    }

    /// The business issue a violation is, whichever operation's list holds it.
    private static func anyBusinessIssue(for violation: PayRequestViolation) -> PayPalIssue? {
        guard violation.location == .body else { return nil }
        // A card with neither a number and its expiry, a `vault_id` nor a network token (the
        // card type's `requireAnyOf`, whose message says what it still needs): PayPal's schema
        // takes it, its business rule refuses it where the operation's list holds the rule.
        if violation.rule == "requireAnyOf", violation.field.hasSuffix("card") {
            return violation.message.hasPrefix("needs expiry") ? .cardExpiryRequired : .cardNumberRequired
        }
        // A decimal with a minus sign is what the format's own words say (a value that looks like a
        // card number reaches us redacted, so its text cannot say it), or, for a text our reader
        // refuses, PayPal's pattern after the sign (`-.5`).
        let value = violation.value ?? ""
        let signed = violation.message == Self.signedDecimalProblem || (value.hasPrefix("-") && admitsPayPalAmount(value.dropFirst()))
        if violation.rule == "format.decimalString", violation.field.hasSuffix(".value"), signed {
            // A unit's total must be above zero; its breakdown's parts, its items' prices and
            // taxes and its shipping options' prices at least zero.
            let part = ["breakdown.", "items[", "options["].contains { violation.field.contains($0) }
            return part ? .cannotBeNegative : violation.field.hasSuffix("amount.value") ? .cannotBeZeroOrNegative : nil
        }
        if violation.rule == "format.iso4217", violation.field.hasSuffix("currency_code"), violation.value?.unicodeScalars.count == 3 {
            return .invalidCurrencyCode
        }
        return nil
    }

    /// What the decimal format says of a decimal written with a minus sign.
    static let signedDecimalProblem = PayFormat.decimalString.problem(with: "-1")

    /// Whether `text` (after a minus sign) matches PayPal's amount pattern without its sign:
    /// `[0-9]+` or `[0-9]*.[0-9]+` (so `-.5` is a negative amount to PayPal, refused by its rule).
    static func admitsPayPalAmount(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = { (part: Substring) in part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
        guard parts.allSatisfy(digits) else { return false }
        return parts.count == 1 ? !parts[0].isEmpty : !parts[1].isEmpty
    }

    /// The currencies PayPal processes (its REST API's currency codes page): a valid ISO 4217 code
    /// outside this list is `INVALID_CURRENCY_CODE`.
    public static let supportedCurrencies: Set<String> = [
        "AUD", "BRL", "CAD", "CNY", "CZK", "DKK", "EUR", "HKD", "HUF", "ILS", "JPY", "MYR", "MXN", "TWD", "NZD", "NOK", "PHP", "PLN", "GBP",
        "SGD", "SEK", "CHF", "THB", "USD",
    ]
}
