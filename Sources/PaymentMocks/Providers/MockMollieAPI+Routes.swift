import Foundation
import MollieCheckout
import PaymentSchemasVocabulary
import PaymentServerCore

/// The operations of Mollie's API the sandbox serves, and the state changes of its hosted checkout.
extension MockMollieAPI {
    /// The API's URL of `path` (`/v2/payments/tr_…`) as a HAL link, rewritten by `link` (where the
    /// request's client reaches the API): the one place the API's own links are made.
    static func apiLink(_ path: String, link: (URL) -> URL) -> MollieLink {
        let url = URL(string: "https://\(apiHost)\(path)") ?? URL(fileURLWithPath: path)
        return MollieLink(href: link(url), type: "application/hal+json")
    }

    /// The API's URL of `path`, as the request's client reaches it.
    private static func own(_ request: ServerRequest, _ path: String) -> MollieLink {
        apiLink(path, link: request.link)
    }

    func installRoutes() {
        let operations = MollieCheckoutSchema.operations
        transport.handle(CreateMolliePaymentOperation.self, of: operations) { [self] request, body in
            try create(body, request)
        }
        transport.handle(GetMolliePaymentOperation.self, of: operations) { [self] request, _ in
            let id = request.pathParameters["paymentId"] ?? ""
            return lock.withLock {
                executeRefunds(of: id, at: moment(request))
                return payments[id].map { Self.hal($0.payment) } ?? Self.notFound("payment", id)
            }
        }
        transport.handle(CancelMolliePaymentOperation.self, of: operations) { [self] request, _ in
            let id = request.pathParameters["paymentId"] ?? ""
            do {
                return Self.hal(try settle(id, .canceled))
            } catch HostedPageError.notFound {
                return Self.notFound("payment", id)
            } catch {
                return Self.unprocessable("The payment cannot be cancelled", rule: "MollieNotCancelable")
            }
        }
        transport.handle(ListMollieMethodsOperation.self, of: operations) { request, _ in
            let value = request.queryValue("amount[value]")
            let currency = request.queryValue("amount[currency]")
            var offers = Self.offers
            if value != nil || currency != nil {
                guard let value, let currency else {
                    return Self.refusal(
                        400, "Bad Request", "The amount needs both a value and a currency", field: "amount", rule: "MollieInvalidParameter")
                }
                guard ISO4217.codes.contains(currency) else {
                    return Self.refusal(
                        400, "Bad Request", "The amount contains an invalid currency", field: "amount.currency",
                        rule: "MollieInvalidParameter")
                }
                guard let amount = Self.exact(MollieAmount(currency: currency, value: value)) else {
                    return Self.refusal(
                        400, "Bad Request", "The amount contains an invalid value", field: "amount.value", rule: "MollieInvalidParameter")
                }
                // The limits are in euros: an amount in another currency is taken by none of these methods.
                offers = offers.filter { currency == "EUR" && $0.minimum <= amount && amount <= $0.maximum }
            }
            let issuers = request.queryValue("include") == "issuers"
            let methods = offers.map { Self.entity($0, issuers: issuers, link: request.link) }
            return Self.hal(
                MollieMethodList(
                    count: methods.count, embedded: MollieMethodsEmbedded(methods: methods),
                    links: MollieMethodListLinks(
                        linkSelf: Self.own(request, "/v2/methods"), documentation: Self.documentation ?? Self.own(request, "/v2/methods"))))
        }
        transport.handle(GetMollieMethodOperation.self, of: operations) { request, _ in
            let id = request.pathParameters["methodId"] ?? ""
            guard let offer = Self.offers.first(where: { $0.id.rawValue == id }) else { return Self.notFound("method", id) }
            return Self.hal(Self.entity(offer, issuers: request.queryValue("include") == "issuers", link: request.link))
        }
        transport.handle(CreateMollieRefundOperation.self, of: operations) { [self] request, body in
            lock.withLock { refund(request.pathParameters["paymentId"] ?? "", body, request) }
        }
        transport.handle(ListMollieRefundsOperation.self, of: operations) { [self] request, _ in
            let id = request.pathParameters["paymentId"] ?? ""
            let found = lock.withLock {
                executeRefunds(of: id, at: moment(request))
                return payments[id]
            }
            guard let held = found else { return Self.notFound("payment", id) }
            return page(of: held.refunds, payment: id, request)
        }
        transport.handle(GetMollieRefundOperation.self, of: operations) { [self] request, _ in
            let id = request.pathParameters["paymentId"] ?? ""
            let refundID = request.pathParameters["refundId"] ?? ""
            return lock.withLock {
                executeRefunds(of: id, at: moment(request))
                guard let held = payments[id] else { return Self.notFound("payment", id) }
                return held.refunds.first { $0.id == refundID }.map { Self.hal($0) } ?? Self.notFound("refund", refundID)
            }
        }
        transport.handle(CancelMollieRefundOperation.self, of: operations) { [self] request, _ in
            lock.withLock { cancelRefund(request.pathParameters["paymentId"] ?? "", request.pathParameters["refundId"] ?? "", request) }
        }
    }

    /// `POST /v2/payments`: the amount with exactly its currency's decimals, a method the profile
    /// offers with an issuer of its own, an amount within the method's limits (every method's
    /// when none is chosen); then an open payment whose checkout is the hosted page.
    private func create(_ body: MolliePaymentRequest, _ request: ServerRequest) throws -> ServerResponse {
        guard ISO4217.codes.contains(body.amount.currency) else {
            return Self.unprocessable("The amount contains an invalid currency", field: "amount.currency", rule: "MollieValidationFailed")
        }
        guard let value = Self.exact(body.amount), value > 0 else {
            return Self.unprocessable("The amount contains an invalid value", field: "amount.value", rule: "MollieValidationFailed")
        }
        // Order lines are in the payment's currency and their totals add up to its amount.
        if let lines = body.lines, !lines.isEmpty {
            guard lines.allSatisfy({ $0.totalAmount.currency == body.amount.currency && $0.unitPrice.currency == body.amount.currency })
            else {
                return Self.unprocessable(
                    "The currency of the lines does not match the payment's", field: "lines", rule: "MollieLinesMismatch")
            }
            let totals = lines.compactMap { Self.exact($0.totalAmount) }
            guard totals.count == lines.count, totals.reduce(0, +) == value else {
                return Self.unprocessable(
                    "The amount of the payment does not match the sum of the lines' total amounts", field: "amount",
                    rule: "MollieLinesMismatch")
            }
        }
        var limits = Self.offers
        if let method = body.method {
            guard let offer = Self.offers.first(where: { $0.id == method }) else {
                return Self.unprocessable("The payment method is invalid", field: "method", rule: "MollieInvalidMethod")
            }
            limits = [offer]
            if let issuer = body.issuer, !offer.issuers.contains(where: { $0.id == issuer }) {
                return Self.unprocessable("The issuer is invalid", field: "issuer", rule: "MollieInvalidIssuer")
            }
        }
        if body.amount.currency == "EUR" {
            if let minimum = limits.map(\.minimum).min(), value < minimum {
                return Self.unprocessable("The amount is lower than the minimum.", field: "amount", rule: "MollieAmountBelowMinimum")
            }
            if let maximum = limits.map(\.maximum).max(), value > maximum {
                return Self.unprocessable("The amount is higher than the maximum.", field: "amount", rule: "MollieAmountAboveMaximum")
            }
        }
        let payment = open(body, link: request.link)
        return Self.hal(payment, status: 201)
    }

    /// Opens a payment for `body`: the demo backend's payments come here too, so the hosted page,
    /// the API and the backend read one state.
    func open(_ body: MolliePaymentRequest, link: (URL) -> URL) -> MolliePayment {
        lock.withLock {
            let number = nextPayment
            nextPayment += 1
            let id = "tr_" + String(format: "%010d", number * 7_919)
            let created = Date()
            let page = body.method.map { "checkout/\($0.rawValue)/\(id)" } ?? "checkout/select-method/\(id)"
            func url(_ text: String) -> MollieLink? {
                URL(string: text).map { MollieLink(href: link($0), type: "text/html") }
            }
            var payment = MolliePayment(
                id: id, mode: .test, createdAt: created, status: .open, isCancelable: true,
                amount: MollieAmount(currency: body.amount.currency, value: body.amount.value),
                paymentDescription: body.paymentDescription, method: body.method, issuer: body.issuer, locale: body.locale,
                cancelUrl: body.cancelUrl, metadata: body.metadata, redirectUrl: body.redirectUrl, webhookUrl: body.webhookUrl,
                sequenceType: body.sequenceType ?? .oneoff, expiresAt: created.addingTimeInterval(15 * 60), profileId: "pfl_QkEhN94Ba",
                links: MolliePaymentLinks(
                    linkSelf: Self.apiLink("/v2/payments/\(id)", link: link),
                    checkout: url("https://\(Self.checkoutHost)/\(page)"),
                    dashboard: url("https://my.mollie.com/dashboard/payments/\(id)"), documentation: Self.documentation))
            Self.keep(body, in: &payment, created: created, link: link)
            payments[id] = Held(payment: payment)
            transport.ledger.note("payment", id: id, state: payment.status.rawValue)
            return payment
        }
    }

    /// What the merchant sent that Mollie answers back on the payment, nothing dropped: the
    /// addresses, the order lines (as Mollie answers a line), the country and capture options, the
    /// platform's fee, customer and mandate, and each route with the id and links Mollie gives it.
    static func keep(_ body: MolliePaymentRequest, in payment: inout MolliePayment, created: Date, link: (URL) -> URL) {
        payment.billingAddress = body.billingAddress
        payment.shippingAddress = body.shippingAddress
        payment.lines = body.lines?.map(answered)
        payment.restrictPaymentMethodsToCountry = body.restrictPaymentMethodsToCountry
        payment.captureMode = body.captureMode.map { MollieCaptureModeResponse(rawValue: $0.rawValue) }
        payment.captureDelay = body.captureDelay
        payment.applicationFee = body.applicationFee
        payment.customerId = body.customerId
        payment.mandateId = body.mandateId
        let paymentID = payment.id
        func own(_ path: String) -> MollieLink { apiLink("/v2/payments/\(paymentID)\(path)", link: link) }
        payment.routing = body.routing?.enumerated().map { index, route in
            let routeID = "rt_" + paymentID.dropFirst(3) + String(index + 1)
            return MollieEntityPaymentRouteResponse(
                resource: "route", id: routeID, mode: .test, amount: route.amount,
                destination: MollieEntityPaymentRouteResponseDestination(
                    type: MollieRouteDestinationTypeResponse(rawValue: route.destination.type.rawValue),
                    organizationId: route.destination.organizationId),
                createdAt: PayDateFormat.iso8601().format(created), releaseDate: route.releaseDate,
                links: MollieEntityPaymentRouteResponseLinks(selfValue: own("/routes/\(routeID)"), payment: own("")))
        }
    }

    /// An order line as sent, as Mollie answers it (the same members; a recurring line's schedule
    /// is the subscription's, not the payment's).
    static func answered(_ line: MolliePaymentLineItem) -> MolliePaymentLineItemResponse {
        MolliePaymentLineItemResponse(
            type: line.type.map { MolliePaymentLineTypeResponse(rawValue: $0.rawValue) }, descriptionValue: line.descriptionValue,
            quantity: line.quantity, quantityUnit: line.quantityUnit, unitPrice: line.unitPrice, discountAmount: line.discountAmount,
            totalAmount: line.totalAmount, vatRate: line.vatRate, vatAmount: line.vatAmount, sku: line.sku,
            categories: line.categories?.map { MollieLineCategoriesResponse(rawValue: $0.rawValue) }, imageUrl: line.imageUrl,
            productUrl: line.productUrl)
    }

    /// Moves an open payment to `status` (the hosted checkout, or a cancel through the API): the
    /// time of the change, and once paid what is refunded and what is left. A payment that is no
    /// longer open keeps its status (``HostedPageError/conflict(_:)``); an unknown one is not found.
    @discardableResult
    func settle(_ id: String, _ status: PaymentStatus) throws -> MolliePayment {
        try lock.withLock {
            guard var held = payments[id] else { throw HostedPageError.notFound }
            guard held.payment.status == .open else {
                throw HostedPageError.conflict("the payment is \(held.payment.status.rawValue); only an open payment can change")
            }
            let now = Date()
            held.payment.status = status
            held.payment.isCancelable = false
            held.payment.expiresAt = nil
            switch status {
            case .paid:
                held.payment.paidAt = now
                held.payment.amountRefunded = Self.amount(0, held.payment.amount.currency)
                held.payment.amountRemaining = held.payment.amount
            case .canceled: held.payment.canceledAt = now
            case .failed: held.payment.failedAt = now
            case .expired: held.payment.expiredAt = PayDateFormat.iso8601().format(now)
            default: break
            }
            payments[id] = held
            transport.ledger.note("payment", id: id, state: status.rawValue)
            announce(held.payment)
            return held.payment
        }
    }

    /// `POST /v2/payments/{id}/refunds`, under the lock: a paid payment only, in its currency, with
    /// the currency's decimals, never more than what is left of it (refunds made at once each see
    /// the others'); then a pending refund, and the payment's refunded and remaining amounts follow.
    private func refund(_ id: String, _ body: MollieRefundRequest, _ request: ServerRequest) -> ServerResponse {
        guard var held = payments[id] else { return Self.notFound("payment", id) }
        let payment = held.payment
        guard payment.status == .paid, let total = Self.exact(payment.amount) else {
            return Self.unprocessable("The specified amount cannot be refunded", field: "amount.value", rule: "MollieNotRefundable")
        }
        guard body.amount.currency == payment.amount.currency else {
            return Self.unprocessable(
                "The amount contains an invalid currency", field: "amount.currency", rule: "MollieRefundCurrencyMismatch")
        }
        guard let value = Self.exact(body.amount), value > 0 else {
            return Self.unprocessable("The amount contains an invalid value", field: "amount.value", rule: "MollieValidationFailed")
        }
        let refunded = payment.amountRefunded.flatMap(Self.exact) ?? 0
        guard value <= total - refunded else {
            return Self.unprocessable("The specified amount cannot be refunded", field: "amount.value", rule: "MollieRefundAmountExceeded")
        }
        let refundID = "re_" + String(format: "%010d", nextRefund * 6_007)
        nextRefund += 1
        let refund = MollieRefund(
            id: refundID, mode: .test, refundDescription: body.refundDescription ?? "",
            amount: MollieAmount(currency: body.amount.currency, value: body.amount.value), metadata: body.metadata,
            paymentId: id, status: .pending, createdAt: Date(), externalReference: body.externalReference,
            routingReversals: body.routingReversals,
            links: MollieRefundLinks(
                linkSelf: Self.own(request, "/v2/payments/\(id)/refunds/\(refundID)"), payment: Self.own(request, "/v2/payments/\(id)"),
                documentation: Self.documentation ?? Self.own(request, "/v2/payments/\(id)/refunds")))
        held.refunds.append(refund)
        if held.refunds.count > Self.refundsPerPayment * 4 { held.refunds.removeFirst(held.refunds.count - Self.refundsPerPayment * 4) }
        held.payment.amountRefunded = Self.amount(refunded + value, payment.amount.currency)
        held.payment.amountRemaining = Self.amount(total - refunded - value, payment.amount.currency)
        held.payment.links?.refunds = Self.own(request, "/v2/payments/\(id)/refunds")
        payments[id] = held
        transport.ledger.note("refund", id: refundID, state: refund.status.rawValue)
        transport.ledger.note("payment", id: id, state: refunded + value == total ? "refunded" : "partially refunded")
        return Self.hal(refund, status: 201)
    }

    /// One page of `refunds`, oldest first: from the refund `from` names (a cursor that is not one
    /// of the payment's is a 400), `limit` of them (1 to 250, 50 without it), with links to the
    /// pages before and after.
    private func page(of refunds: [MollieRefund], payment id: String, _ request: ServerRequest) -> ServerResponse {
        var limit = 50
        if let text = request.queryValue("limit") {
            // The schema bounds it (1 to 250; MollieListLimit): a value out of them was refused before.
            limit = Int(text) ?? limit
        }
        var start = 0
        if let from = request.queryValue("from") {
            guard let index = refunds.firstIndex(where: { $0.id == from }) else {
                return Self.refusal(400, "Bad Request", "Invalid cursor value", field: "from", rule: "MollieInvalidCursor")
            }
            start = index
        }
        let shown = Array(refunds[start..<min(refunds.count, start + limit)])
        let path = "/v2/payments/\(id)/refunds"
        func at(_ index: Int) -> MollieLink { Self.own(request, "\(path)?from=\(refunds[index].id)&limit=\(limit)") }
        return Self.hal(
            MollieRefundList(
                count: shown.count, embedded: MollieRefundsEmbedded(refunds: shown),
                links: MollieListLinks(
                    linkSelf: Self.own(request, request.queryValue("from").map { "\(path)?from=\($0)&limit=\(limit)" } ?? path),
                    previous: start > 0 ? at(max(0, start - limit)) : nil,
                    next: start + limit < refunds.count ? at(start + limit) : nil,
                    documentation: Self.documentation ?? Self.own(request, path))))
    }
}
