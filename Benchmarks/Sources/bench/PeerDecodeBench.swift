import AmazonPayMobile
import Foundation
import MollieCheckout
import OpenAPIRuntime
import PayPalPayments
import PaymentSchemasRuntime
import PeerTypes

/// Decode + validate with our generated types against decode alone with swift-openapi-generator's
/// generated types for the same exported schemas, on the providers' published payloads
/// (`../shared/real-payloads/<Module.Type>/valid/*.json`, read in place), same process, same run.
enum PeerDecodeBench {
    /// One payload type: how each side reads a payload.
    struct Entry {
        var folder: String
        var ours: (Data) throws -> Int
        var theirs: (Data) throws -> Int
        /// The payload decoded and encoded again by each side: what the side's type kept.
        var oursKept: (Data) throws -> Data
        var theirsKept: (Data) throws -> Data
    }

    /// The decoder swift-openapi-generator's `Converter` uses for JSON bodies (its
    /// `Configuration()` default: ISO 8601 dates through `ISO8601DateTranscoder`).
    static func peerDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        let transcoder = ISO8601DateTranscoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            return try transcoder.decode(try container.decode(String.self))
        }
        return decoder
    }

    static func entry<Ours: Codable & PayValidatable, Theirs: Codable>(
        _ folder: String, _ ours: Ours.Type, _ theirs: Theirs.Type, decoder: JSONDecoder
    ) -> Entry {
        Entry(
            folder: folder,
            ours: { data in
                let value = try PayWire.decodeJSON(Ours.self, from: data)
                try value.validate()
                return 1
            },
            theirs: { data in
                _ = try decoder.decode(Theirs.self, from: data)
                return 1
            },
            oursKept: { data in try PayWire.encodeJSON(try PayWire.decodeJSON(Ours.self, from: data)) },
            theirsKept: { data in try JSONEncoder().encode(try decoder.decode(Theirs.self, from: data)) })
    }

    /// The values (strings, numbers, booleans) a JSON document holds, counted through every
    /// object and array: what a type that decodes the payload and encodes it again has kept.
    static func leafCount(_ data: Data) -> Int {
        func count(_ value: Any) -> Int {
            switch value {
            case let object as [String: Any]: return object.values.reduce(0) { $0 + count($1) }
            case let array as [Any]: return array.reduce(0) { $0 + count($1) }
            case is NSNull: return 0
            default: return 1
            }
        }
        return (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])).map(count) ?? 0
    }

    static func entries() -> [Entry] {
        let decoder = peerDecoder()
        return [
            entry(
                "AmazonPayMobile.ButtonPayload", AmazonPayMobile.ButtonPayload.self, Components.Schemas.AmazonPayMobile_ButtonPayload.self,
                decoder: decoder),
            entry(
                "AmazonPayMobile.CheckoutSession", AmazonPayMobile.CheckoutSession.self,
                Components.Schemas.AmazonPayMobile_CheckoutSession.self, decoder: decoder),
            entry(
                "AmazonPayMobile.CompleteCheckoutSessionRequest", AmazonPayMobile.CompleteCheckoutSessionRequest.self,
                Components.Schemas.AmazonPayMobile_CompleteCheckoutSessionRequest.self, decoder: decoder),
            entry(
                "AmazonPayMobile.ErrorResponse", AmazonPayMobile.ErrorResponse.self,
                Components.Schemas.AmazonPayMobile_AmazonPayErrorResponse.self, decoder: decoder),
            entry(
                "AmazonPayMobile.UpdateCheckoutSessionRequest", AmazonPayMobile.UpdateCheckoutSessionRequest.self,
                Components.Schemas.AmazonPayMobile_UpdateCheckoutSessionRequest.self, decoder: decoder),
            entry(
                "MollieCheckout.MollieError", MollieCheckout.MollieError.self, Components.Schemas.MollieCheckout_MollieError.self,
                decoder: decoder),
            entry(
                "MollieCheckout.MollieIssuer", MollieCheckout.MollieIssuer.self, Components.Schemas.MollieCheckout_MollieIssuer.self,
                decoder: decoder),
            entry(
                "MollieCheckout.MolliePayment", MollieCheckout.MolliePayment.self, Components.Schemas.MollieCheckout_MolliePayment.self,
                decoder: decoder),
            entry(
                "PayPalPayments.ConfirmPaymentSourceRequest", PayPalPayments.ConfirmPaymentSourceRequest.self,
                Components.Schemas.PayPalPayments_ConfirmPaymentSourceRequest.self, decoder: decoder),
            entry(
                "PayPalPayments.ErrorResponse", PayPalPayments.ErrorResponse.self,
                Components.Schemas.PayPalPayments_PayPalErrorResponse.self, decoder: decoder),
            entry(
                "PayPalPayments.OrderResponse", PayPalPayments.OrderResponse.self, Components.Schemas.PayPalPayments_OrderResponse.self,
                decoder: decoder),
        ]
    }

    /// Markdown rows: per type, the time to read all its payloads once with each side (median of
    /// `runs`, each run reading every payload `iterations` times), and a total row.
    static func run(payloads root: URL, runs: Int) throws -> [String] {
        var lines = [
            "| payload type | payloads | values in the payloads | values kept: ours / theirs | ours: decode + validate | swift-openapi-generator: decode | ours / theirs |",
            "|---|---|---|---|---|---|---|",
        ]
        var oursTotal = 0.0
        var theirsTotal = 0.0
        var payloadTotal = 0
        var fairOurs = 0.0
        var fairTheirs = 0.0
        var fairTypes = 0
        var partial: [String] = []
        var refusedByPeer: [String] = []
        // BENCH_PEER_ONLY=<Module.Type> times one type alone (for profiling it).
        let only = ProcessInfo.processInfo.environment["BENCH_PEER_ONLY"]
        for entry in entries() where only == nil || only == entry.folder {
            let directory = root.appending(path: "\(entry.folder)/valid")
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
            var payloads: [Data] = []
            for file in files {
                let data = try Data(contentsOf: directory.appending(path: file))
                // Every payload must be read by both sides: a payload the peer refuses is left out of
                // both timings and listed, so the comparison stays like for like.
                _ = try entry.ours(data)
                do { _ = try entry.theirs(data) } catch {
                    refusedByPeer.append("\(entry.folder)/\(file)")
                    continue
                }
                payloads.append(data)
            }
            guard !payloads.isEmpty else { continue }
            var values = 0
            var oursKept = 0
            var theirsKept = 0
            for data in payloads {
                values += leafCount(data)
                oursKept += leafCount(try entry.oursKept(data))
                theirsKept += leafCount(try entry.theirsKept(data))
            }
            let bytes = payloads.reduce(0) { $0 + $1.count }
            let iterations = max(20, 400_000 / max(bytes, 1))
            var sink = 0
            var ours: [Double] = []
            var theirs: [Double] = []
            for round in 0..<runs {
                // Alternate which side goes first so neither always runs on a warmer cache.
                let oursFirst = round % 2 == 0
                for side in oursFirst ? [0, 1] : [1, 0] {
                    let read = side == 0 ? entry.ours : entry.theirs
                    let seconds = try Stats.time { for _ in 0..<iterations { for data in payloads { sink &+= try read(data) } } }
                    if side == 0 { ours.append(seconds / Double(iterations)) } else { theirs.append(seconds / Double(iterations)) }
                }
            }
            precondition(sink > 0)
            let o = Stats.summarize(ours)
            let t = Stats.summarize(theirs)
            oursTotal += o.median
            theirsTotal += t.median
            payloadTotal += payloads.count
            // Like for like only where the peer's type keeps at least what ours keeps.
            if theirsKept >= oursKept {
                fairOurs += o.median
                fairTheirs += t.median
                fairTypes += 1
            } else {
                partial.append(entry.folder)
            }
            lines.append(
                "| \(entry.folder) | \(payloads.count) | \(values) | \(oursKept) / \(theirsKept) | \(o.formatted("µs", scale: 1e6)) | \(t.formatted("µs", scale: 1e6)) | \(String(format: "%.2f×", o.median / t.median)) |"
            )
        }
        lines.append(
            "| **all types (sum of medians)** | \(payloadTotal) | | | \(String(format: "%.1f µs", oursTotal * 1e6)) | \(String(format: "%.1f µs", theirsTotal * 1e6)) | **\(String(format: "%.2f×", oursTotal / theirsTotal))** |"
        )
        lines.append(
            "| **the \(fairTypes) types where the peer keeps as much (sum of medians)** | | | | \(String(format: "%.1f µs", fairOurs * 1e6)) | \(String(format: "%.1f µs", fairTheirs * 1e6)) | **\(String(format: "%.2f×", fairOurs / fairTheirs))** |"
        )
        if !partial.isEmpty {
            lines.append("")
            lines.append(
                "Where swift-openapi-generator's type keeps fewer values than ours, it decodes less than ours does (it drops what it cannot express, such as an object whose `properties` sit beside an `anyOf` of `required` lists, or a `null` member of a union), so its time is not a like-for-like figure: \(partial.joined(separator: ", "))."
            )
        }
        if !refusedByPeer.isEmpty {
            lines.append("")
            lines.append(
                "Left out of both timings because swift-openapi-generator's types refuse them: \(refusedByPeer.joined(separator: ", ")).")
        }
        return lines
    }
}
