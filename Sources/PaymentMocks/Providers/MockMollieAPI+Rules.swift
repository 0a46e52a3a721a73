import MollieCheckout

extension MockMollieAPI {
    /// Every refusal of Mollie's API the sandbox serves, in Mollie's error shape, and the ones
    /// Mollie's document lists that the sandbox does not raise, each with the reason. Mollie's
    /// bodies carry no error code; the codes are the names the sandbox's verdicts use.
    public static let ruleTable = ProviderRuleTable(
        provider: "mollie-api", title: "Mollie's API (payments, methods, refunds)",
        source:
            "Mollie's API document (`../shared/contracts/mollie/specs.yaml`: create-payment 422, 429, 503; get-payment 404, 429; cancel-payment 404, 422, 429; list-methods 400, 429; get-method 400, 404, 429; create-refund 404, 409, 422, 429; list-refunds 400, 404, 429; get-refund 404, 429; cancel-refund 404, 429, a refund canceled only while `queued` or `pending`), its bearer API keys, and the details Mollie's API answers as merchants have published them (`The specified amount cannot be refunded`, field `amount.value`).",
        rules: [
            ProviderRule(
                "MollieUnauthorized", status: 401,
                when:
                    "no `Authorization: Bearer test_…` key (a live key, another scheme or no key): `Missing authentication, or failed to authenticate`"
            ),
            ProviderRule(
                "MollieNotFound", status: 404,
                operations: [
                    "getMolliePayment", "cancelMolliePayment", "getMollieMethod", "createMollieRefund", "listMollieRefunds",
                    "getMollieRefund", "cancelMollieRefund",
                ],
                when:
                    "a payment, method or refund that does not exist (`No payment exists with token tr_….`), or a path the API does not serve"
            ),
            ProviderRule("MollieMethodNotAllowed", status: 405, when: "a method the path does not take"),
            ProviderRule(
                "MollieInvalidParameter", status: 400, operations: ["listMollieMethods", "listMollieRefunds"],
                when:
                    "a query parameter out of its rules: an amount without its currency or with the wrong decimals, a `limit` outside 1 to 250"
            ),
            ProviderRule(
                "MollieInvalidCursor", status: 400, operations: ["listMollieRefunds"],
                when: "`from` is not one of the payment's refunds (`Invalid cursor value`)"),
            ProviderRule(
                "MollieValidationFailed", status: 422, operations: ["createMolliePayment", "createMollieRefund"],
                when:
                    "a body field breaks the schema, one problem named at a time with its dotted field: `The 'description' field is missing`, `The amount contains an invalid value` (not exactly the currency's decimals, or not above zero), `The amount contains an invalid currency`"
            ),
            ProviderRule(
                "MollieLinesMismatch", status: 422, operations: ["createMolliePayment"],
                when:
                    "order lines whose total amounts do not add up to the payment's amount, or in another currency (the rule Mollie's reference states for `lines`; the words are ours)"
            ),
            ProviderRule(
                "MollieInvalidMethod", status: 422, operations: ["createMolliePayment"],
                when: "a method the profile does not offer (`The payment method is invalid`)"),
            ProviderRule(
                "MollieInvalidIssuer", status: 422, operations: ["createMolliePayment"],
                when: "an issuer that is not one of the method's (`The issuer is invalid`)"),
            ProviderRule(
                "MollieAmountBelowMinimum", status: 422, operations: ["createMolliePayment"],
                when: "a euro amount below the method's minimum (every method's when none is chosen)"),
            ProviderRule(
                "MollieAmountAboveMaximum", status: 422, operations: ["createMolliePayment"],
                when: "a euro amount above the method's maximum (every method's when none is chosen)"),
            ProviderRule(
                "MollieNotCancelable", status: 422, operations: ["cancelMolliePayment"],
                when: "a payment that is no longer open (`The payment cannot be cancelled`)"),
            ProviderRule(
                "MollieNotRefundable", status: 422, operations: ["createMollieRefund"],
                when: "a payment that is not paid (`The specified amount cannot be refunded`)"),
            ProviderRule(
                "MollieRefundCurrencyMismatch", status: 422, operations: ["createMollieRefund"],
                when: "a refund in another currency than the payment's (`The amount contains an invalid currency`)"),
            ProviderRule(
                "MollieRefundAmountExceeded", status: 422, operations: ["createMollieRefund"],
                when:
                    "more than what is left of the payment after its refunds (`The specified amount cannot be refunded`, field `amount.value`); refunds made at once each see the others'"
            ),
            ProviderRule(
                "MollieRefundNotCancelable", status: 422, operations: ["cancelMollieRefund"],
                when:
                    "a refund no longer `queued` or `pending` (executed two hours after it was made, or canceled): Mollie's document says it cannot be canceled and gives no status for that; the sandbox answers as cancel-payment does (422)"
            ),
            ProviderRule(
                "MollieDuplicateRefund", status: 409, operations: ["createMollieRefund"],
                when: "two identical refunds of one payment in short succession",
                .notApplicable(
                    "Mollie's document names no window or identity for a duplicate; the sandbox replays `Idempotency-Key` instead (a retry with the key answers the first refund, never a second one)"
                )),
            ProviderRule(
                "MollieRateLimit", status: 429, when: "Mollie's rate limit",
                .notApplicable("the sandbox has no request quota; the fault plan (`Sandbox-Fault`) plays outages")),
            ProviderRule(
                "MollieMethodUnavailable", status: 503, operations: ["createMolliePayment"],
                when: "Mollie's 503: the payment platform for the method is temporarily unavailable",
                .notApplicable("an outage, not a rule on the request: the fault plan's `serverError` answers 503")),
        ])
}
