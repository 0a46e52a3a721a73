// `wholedecode`: section 4b on the types both generators write from the providers' whole
// documents. Not a target of this package: `run.sh` imports PayPal's Orders v2 and Mollie's API
// document at benchmark time (`payschema import openapi --all-schemas --all-operations`, never
// committed), generates our modules (`PayPalOrders`, `MollieAPI`) and swift-openapi-generator's
// (`PeerPayPalOrders`, `PeerMollieAPI`, `--mode types`) into a package in `Benchmarks/.build-whole`,
// and compiles this file there beside `PayloadDecodeTable.swift` and `Stats.swift`.
//
//   wholedecode table PAYLOADS_DIR [RUNS]               Markdown rows
//   wholedecode pass PAYLOADS_DIR Module.Type SIDE N    N passes of one side (for valgrind)
import Foundation
import MollieAPI
import OpenAPIRuntime
import PayPalOrders
import PaymentSchemasRuntime
import PeerMollieAPI
import PeerPayPalOrders

/// Each payload folder with the type each document gives it (ours, then the peer's).
func wholeEntries() -> [PayloadDecodeTable.Entry] {
    let transcoder = ISO8601DateTranscoder()
    let decoder = PayloadDecodeTable.peerDecoder { try transcoder.decode($0) }
    func entry<Ours: Codable & PayValidatable, Theirs: Codable>(
        _ folder: String, _ ours: Ours.Type, _ theirs: Theirs.Type, _ schema: String
    ) -> PayloadDecodeTable.Entry {
        PayloadDecodeTable.entry(folder, ours, theirs, decoder: decoder, types: schema)
    }
    return [
        entry(
            "MollieCheckout.MollieError", MollieAPI.MollieErrorResponse.self, PeerMollieAPI.Components.Schemas.error_hyphen_response.self,
            "`error-response`"),
        entry(
            "MollieCheckout.MollieIssuer", MollieAPI.MollieEntityMethodIssuersItem.self,
            PeerMollieAPI.Components.Schemas.entity_hyphen_method.issuersPayloadPayload.self, "`entity-method`'s `issuers` item"),
        entry(
            "MollieCheckout.MolliePayment", MollieAPI.MolliePaymentResponse.self,
            PeerMollieAPI.Components.Schemas.payment_hyphen_response.self, "`payment-response`"),
        entry(
            "PayPalPayments.ConfirmPaymentSourceRequest", PayPalOrders.ConfirmOrderRequest.self,
            PeerPayPalOrders.Components.Schemas.confirm_order_request.self, "`confirm_order_request`"),
        entry(
            "PayPalPayments.ErrorResponse", PayPalOrders.Error404.self, PeerPayPalOrders.Components.Schemas.error_404.self, "`error_404`"),
        entry("PayPalPayments.OrderResponse", PayPalOrders.Order.self, PeerPayPalOrders.Components.Schemas.order.self, "`order`"),
    ]
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "table" where arguments.count > 1:
    let runs = arguments.count > 2 ? Int(arguments[2]) ?? 15 : 15
    for line in try PayloadDecodeTable.run(wholeEntries(), payloads: URL(fileURLWithPath: arguments[1]), runs: runs) { print(line) }
case "pass" where arguments.count > 4:
    guard let side = PayloadDecodeTable.Side(rawValue: arguments[3]), let passes = Int(arguments[4]) else { exit(2) }
    try PayloadDecodeTable.pass(
        wholeEntries(), payloads: URL(fileURLWithPath: arguments[1]), folder: arguments[2], side: side, passes: passes)
default:
    FileHandle.standardError.write(Data("usage: wholedecode table PAYLOADS_DIR [RUNS] | pass PAYLOADS_DIR Module.Type SIDE PASSES\n".utf8))
    exit(2)
}
