import Foundation
import PayPalPayments
import PaymentSchemasVocabulary
import PaymentServerCore

/// PayPal's business rules on a schema-valid create-order body, and the purchase units an order
/// keeps: every rule the contract's create-order 422 list states on the fields we model, each
/// worded as that list words it (``PayPalIssue``).
extension MockPayPalServer {
    /// A unit as PayPal keeps and returns it: everything the merchant server sent (amount and its
    /// breakdown, items, shipping, payee, description, its own ids, payment instruction,
    /// supplementary data, and the members no field models), nothing dropped.
    static func storedUnit(_ unit: PurchaseUnitRequest) -> PurchaseUnitResponse {
        var stored = PurchaseUnitResponse(
            referenceId: unit.referenceId ?? "default", amount: unit.amount, payee: unit.payee, unitDescription: unit.unitDescription,
            customId: unit.customId, invoiceId: unit.invoiceId, softDescriptor: unit.softDescriptor, items: unit.items,
            shipping: unit.shipping)
        stored.paymentInstruction = unit.paymentInstruction
        stored.supplementaryData = unit.supplementaryData
        // What no field models (a member beyond PayPal's document) comes back too.
        stored.unknownMembers = unit.unknownMembers
        return stored
    }

    /// Every refusal of `body`, in the order PayPal's list gives them: for each unit its amounts
    /// (above zero, within the currency's decimals and PayPal's ceiling, in a currency PayPal
    /// processes, the unit's one currency), its payee (named), its items and breakdown
    /// (`item_total` and `tax_total` present when items need them and equal to what the items add
    /// up to, the total equal to the breakdown, no donation beside goods), its shipping (a known
    /// country, exactly one option selected, priced as the breakdown's shipping); then across
    /// units: one currency, one shipping type and one address among those the units declare, a
    /// distinct `reference_id` on each, no donation among several units, and intent `CAPTURE`.
    static func createOrderRefusals(_ body: CreateOrderRequest) -> [ErrorDetail] {
        var details: [ErrorDetail] = []
        let units = body.purchaseUnits
        func add(_ issue: PayPalIssue, _ field: String) {
            details.append(issue.detail(for: "createOrder", field: field, location: .body))
        }
        for unit in units {
            // PayPal names a unit by its reference id, `default` for a unit sent without one.
            let path = "/purchase_units/@reference_id=='\(unit.referenceId ?? "default")'"
            let amount = unit.amount
            if let total = decimal(amount.value) {
                if total <= 0 {
                    add(.cannotBeZeroOrNegative, path + "/amount/value")
                } else if total > Self.maximumAmount {
                    add(.maxValueExceeded, path + "/amount/value")
                }
            }
            let amounts = moneys(of: unit)
            for (field, money) in amounts {
                if !CurrencyPrecision.payPal.allows(money.value, in: money.currencyCode) {
                    let none = CurrencyPrecision.payPal.digits(of: money.currencyCode) == 0
                    add(none ? .decimalsNotSupported : .decimalPrecision, path + field + "/value")
                }
            }
            if !PayPalIssue.supportedCurrencies.contains(amount.currencyCode) { add(.invalidCurrencyCode, path + "/amount/currency_code") }
            if let other = amounts.first(where: { $0.money.currencyCode != amount.currencyCode }) {
                add(.multiCurrencyOrder, path + other.field + "/currency_code")
            }
            if let payee = unit.payee, payee.emailAddress == nil, payee.merchantId == nil { add(.payeeAccountInvalid, path + "/payee") }
            itemRefusals(unit, path: path, add: add)
            shippingRefusals(unit, path: path, add: add)
        }
        if Set(units.map(\.amount.currencyCode)).count > 1 { add(.multiCurrencyOrder, "/purchase_units/1/amount/currency_code") }
        if Set(units.compactMap { $0.shipping?.type }).count > 1 {
            add(.multipleShippingTypeNotSupported, "/purchase_units/1/shipping/type")
        }
        if Set(units.compactMap { $0.shipping?.address }).count > 1 {
            add(.multipleShippingAddressNotSupported, "/purchase_units/1/shipping/address")
        }
        if units.count > 1 {
            if units.contains(where: { $0.referenceId == nil }) {
                add(.referenceIDRequired, "/purchase_units")
            } else if Set(units.compactMap(\.referenceId)).count != units.count {
                add(.duplicateReferenceID, "/purchase_units")
            }
            if units.contains(where: { ($0.items ?? []).contains { $0.category == .donation } }) {
                add(.donationItemsNotSupported, "/purchase_units")
            }
            if body.intent == .authorize { add(.unsupportedIntent, "/intent") }
        }
        return details
    }

    /// The items against the breakdown: `item_total` (and `tax_total` when an item carries tax)
    /// present and equal to what the items add up to, the unit's total equal to the breakdown, and
    /// no donation beside goods.
    private static func itemRefusals(_ unit: PurchaseUnitRequest, path: String, add: (PayPalIssue, String) -> Void) {
        let items = unit.items ?? []
        let breakdown = unit.amount.breakdown
        if !items.isEmpty {
            // A quantity is a whole number of at most ten digits (the schema's pattern), so every
            // product below is exact in `Decimal`.
            let itemTotal = items.reduce(Decimal(0)) { sum, item in
                sum + (decimal(item.unitAmount.value) ?? 0) * (decimal(item.quantity) ?? 0)
            }
            if let stated = breakdown?.itemTotal {
                if decimal(stated.value) != itemTotal { add(.itemTotalMismatch, path + "/amount/breakdown/item_total/value") }
            } else {
                add(.itemTotalRequired, path + "/amount/breakdown/item_total")
            }
            if items.contains(where: { $0.tax != nil }) {
                let taxTotal = items.reduce(Decimal(0)) { sum, item in
                    sum + (item.tax.flatMap { decimal($0.value) } ?? 0) * (decimal(item.quantity) ?? 0)
                }
                if let stated = breakdown?.taxTotal {
                    if decimal(stated.value) != taxTotal { add(.taxTotalMismatch, path + "/amount/breakdown/tax_total/value") }
                } else {
                    add(.taxTotalRequired, path + "/amount/breakdown/tax_total")
                }
            }
            let categories = Set(items.compactMap(\.category))
            if categories.contains(.donation) && categories.count > 1 { add(.multipleItemCategories, path + "/items") }
        }
        if let breakdown {
            func part(_ money: PayPalMoney?) -> Decimal { money.flatMap { decimal($0.value) } ?? 0 }
            let added =
                part(breakdown.itemTotal) + part(breakdown.taxTotal) + part(breakdown.shipping) + part(breakdown.handling)
                + part(breakdown.insurance) - part(breakdown.shippingDiscount) - part(breakdown.discount)
            if decimal(unit.amount.value) != added { add(.amountMismatch, path + "/amount/value") }
        }
    }

    /// The shipping: an address in a country ISO 3166-1 lists (or PayPal's `C2`), and exactly one
    /// option selected, priced as the breakdown's shipping.
    private static func shippingRefusals(_ unit: PurchaseUnitRequest, path: String, add: (PayPalIssue, String) -> Void) {
        if let country = unit.shipping?.address?.countryCode, country != "C2", PayFormat.iso3166Alpha2.problem(with: country) != nil {
            add(.invalidCountryCode, path + "/shipping/address/country_code")
        }
        let options = unit.shipping?.options ?? []
        guard !options.isEmpty else { return }
        let selected = options.filter(\.selected)
        if selected.isEmpty {
            add(.shippingOptionNotSelected, path + "/shipping/options")
        } else if selected.count > 1 {
            add(.multipleShippingOptionSelected, path + "/shipping/options")
        } else if let price = selected[0].amount,
            decimal(price.value) != (unit.amount.breakdown?.shipping.flatMap { decimal($0.value) } ?? 0)
        {
            add(.preferredShippingOptionAmountMismatch, path + "/amount/breakdown/shipping/value")
        }
    }

    /// Every amount of a unit with where it is: the total, the breakdown's parts, each item's
    /// price and tax, each shipping option's price.
    private static func moneys(of unit: PurchaseUnitRequest) -> [(field: String, money: PayPalMoney)] {
        var found: [(field: String, money: PayPalMoney)] = [
            ("/amount", PayPalMoney(currencyCode: unit.amount.currencyCode, value: unit.amount.value))
        ]
        if let breakdown = unit.amount.breakdown {
            let parts: [(String, PayPalMoney?)] = [
                ("item_total", breakdown.itemTotal), ("tax_total", breakdown.taxTotal), ("shipping", breakdown.shipping),
                ("handling", breakdown.handling), ("insurance", breakdown.insurance), ("shipping_discount", breakdown.shippingDiscount),
                ("discount", breakdown.discount),
            ]
            found += parts.compactMap { name, money in money.map { ("/amount/breakdown/" + name, $0) } }
        }
        for (index, item) in (unit.items ?? []).enumerated() {
            found.append(("/items/\(index)/unit_amount", item.unitAmount))
            if let tax = item.tax { found.append(("/items/\(index)/tax", tax)) }
        }
        for (index, option) in (unit.shipping?.options ?? []).enumerated() {
            if let amount = option.amount { found.append(("/shipping/options/\(index)/amount", amount)) }
        }
        return found
    }

    /// Authorize's and capture's refusal of an order whose selected shipping option is a pickup
    /// (`PICKUP`) for a recipient whose full name does not start with `S2S` ("ship to store"), as
    /// those operations' lists word it; `nil` when every unit passes.
    /// Also the refusal of platform fees paid to the payer's own account (the wallet's account id
    /// or email address as the fee's payee): "the payer cannot pay themselves".
    static func settlementRefusal(_ order: OrderResponse, operation: String) -> ServerResponse? {
        let wallets = [
            order.paymentSource?.paypal.map { ($0.accountId, $0.emailAddress) },
            order.paymentSource?.venmo.map { ($0.accountId, $0.emailAddress) },
        ]
        let payer = Set(wallets.compactMap { $0 }.flatMap { [$0.0, $0.1] }.compactMap { $0?.lowercased() })
        for (index, unit) in (order.purchaseUnits ?? []).enumerated() where !payer.isEmpty {
            for (fee, platformFee) in (unit.paymentInstruction?.platformFees ?? []).enumerated() {
                let payee = [platformFee.payee?.merchantId, platformFee.payee?.emailAddress].compactMap { $0?.lowercased() }
                guard payee.contains(where: payer.contains),
                    let detail = PayPalIssue.platformFeePayeeCannotBeSameAsPayer.listedDetail(
                        for: operation, field: "/purchase_units/\(index)/payment_instruction/platform_fees/\(fee)/payee", location: .body)
                else { continue }
                return PayPalIssue.answer(operation, status: 422, [detail])
            }
        }
        for unit in order.purchaseUnits ?? [] {
            guard let shipping = unit.shipping, shipping.options?.contains(where: { $0.selected && $0.type == .pickup }) == true,
                shipping.name?.fullName?.hasPrefix("S2S") != true
            else { continue }
            return PayPalIssue.invalidPickupAddress.answer(
                operation, field: "/purchase_units/@reference_id=='\(unit.referenceId ?? "default")'/shipping/name/full_name",
                location: .body)
        }
        return nil
    }
}
