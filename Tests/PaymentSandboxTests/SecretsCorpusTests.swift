import Foundation
import PaymentFlowsCore
import PaymentMocks
import PaymentServerCore
import Testing

@testable import PaymentSandbox

/// A corpus of secrets (a card number, a security code, a password, a token, an API key, a private
/// key) in every encoding a client can write them (plain, split by any separator, percent-encoded,
/// JSON escapes, XML references, XML escaped inside XML, CDATA, namespaced and attribute XML, form fields in any
/// case, multipart parts), in well-formed and malformed bodies of every content type, in header
/// names and values, the scenario header and path ids, sent over a socket to every route of every
/// provider. Nothing of it appears in any admin answer (the journal, every exchange in full with
/// its copied curl, the state), the inspector's page as served with and without script, or the
/// lines `payflow serve` prints.
@Suite("Secrets corpus", .serialized)
struct SecretsCorpusTests {
    typealias Live = SandboxInspectorTests.Live

    static let card = "4111111111111111"
    static let securityCode = "7391"
    static let password = "Hunter2CorpusPassword"
    static let token = "tokCorpusSecret42x"
    static let apiKey = "keyCorpusApiValue77"
    static let keyMaterial = "MIIEvQCorpusPrivateKeyMaterialAB"
    static let privateKey = "-----BEGIN PRIVATE KEY-----\n\(keyMaterial)\n-----END PRIVATE KEY-----"

    /// The card number split by every separator a client may use.
    static let cards = [
        card, "4111 1111 1111 1111", "4111-1111-1111-1111", "4111.1111.1111.1111", "4111_1111_1111_1111", "4111/1111/1111/1111",
        "4111\t1111\t1111\t1111", "4111\n1111\n1111\n1111", "4111 - 1111 - 1111 - 1111",
    ]

    /// `text` as JSON writes it inside a string.
    static func jsonString(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }

    /// `text` percent-encoded, every byte but letters.
    static func percent(_ text: String) -> String {
        text.utf8.map { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }

    /// The bodies: each with its content type, well-formed and malformed.
    static func bodies(card: String) -> [(type: String, body: String)] {
        let escapedDigits = card.unicodeScalars.map { ("0"..."9").contains($0) ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
        let json = """
            {"intent":"CAPTURE","payment_source":{"card":{"number":"\(jsonString(card))","security_code":"\(securityCode)","expiry":"2030-01"}},\
            "password":"\(password)","apiKey":"\(apiKey)","client_secret":"\(token)","note":"card \(jsonString(card))",\
            "pem":"\(jsonString(privateKey))","cvv2":"\(securityCode)","Security_Code":"\(securityCode)","X_Api_Key":"\(apiKey)",\
            "escaped":"\(escapedDigits)","amount":\(card.filter(\.isNumber)),"\(card.filter(\.isNumber))":"key"}
            """
        let form =
            "CLIENT_SECRET=\(token)&Security_Code=\(securityCode)&cvv2=\(securityCode)&Pass-Word=\(password)&card=\(percent(card))"
            + "&pem=\(percent(privateKey))&apiKey=\(apiKey)&note=\(card.replacingOccurrences(of: " ", with: "+"))"
        let references = card.unicodeScalars.map { ("0"..."9").contains($0) ? "&#\($0.value);" : String($0) }.joined()
        let hexReferences = securityCode.unicodeScalars.map { "&#x\(String($0.value, radix: 16));" }.joined()
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><P xmlns:ns="urn:x"><ns:password>\(password)</ns:password><cvv>\(hexReferences)</cvv>\
            <card number="\(card)" cvv="\(securityCode)"/><ccNum>\(references)</ccNum><note><![CDATA[card \(card)]]></note>\
            <authKey>\(apiKey)</authKey><password >\(password)</password ><pem>\(privateKey)</pem><x a="\(references)">\(card)</x>\
            <payload>&lt;cvv&gt;\(securityCode)&lt;/cvv&gt;</payload></P>
            """
        let boundary = "CorpusBoundary7"
        let multipart = [
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\n\(password)\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"cvv\"\r\n\r\n\(securityCode)\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"key\"; filename=\"k.pem\"\r\nContent-Type: application/x-pem-file\r\n\r\n\(privateKey)\r\n",
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n\(json)\r\n",
            "--\(boundary)--\r\n",
        ].joined()
        return [
            ("application/json", json),
            ("application/json", String(json.dropLast(2))),
            ("application/x-www-form-urlencoded", form),
            ("text/plain", form),
            ("application/xml", xml),
            ("application/xml", String(xml.dropLast(4)).replacingOccurrences(of: "<x a=", with: "<x <a=")),
            ("multipart/form-data; boundary=\(boundary)", multipart),
            ("text/plain", "password \(password) cvv: \(securityCode) token=\(token); card \(card)"),
        ]
    }

    /// The header fields of every request: credentials under many names, a card number in a
    /// header's name and in the scenario.
    static func headers(card: String, authorization: String) -> [(String, String)] {
        [
            ("Authorization", authorization), ("X-Api_Key", apiKey), ("X-Access-Key", apiKey), ("X-Auth", token), ("X-Session", token),
            ("PayPal-Auth-Assertion", token), ("X-\(card.filter(\.isNumber))", "1"),
            ("Sandbox-Scenario", card.replacingOccurrences(of: "\n", with: " ")),
            ("Cookie", "session=\(token)"), ("X-Custom", "password=\(password)"),
        ]
    }

    /// One request's bytes.
    static func request(_ method: String, _ target: String, headers: [(String, String)], type: String?, body: String?) -> [UInt8] {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value.replacingOccurrences(of: "\t", with: " "))\r\n" }
        if let type { head += "Content-Type: \(type)\r\n" }
        let bytes = Array((body ?? "").utf8)
        head += "Content-Length: \(bytes.count)\r\n\r\n"
        return Array(head.utf8) + bytes
    }

    /// `text` with every encoding undone: JSON escapes, XML references, percent-encoding, and the
    /// separators between digits, so a secret written any way is found as it is.
    static func plain(_ text: String) -> String {
        var plain = text.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\t", with: "\t")
            .replacingOccurrences(of: "\\/", with: "/")
        plain = plain.replacingOccurrences(of: #"\\u00([0-7][0-9a-fA-F])"#, with: "%$1", options: .regularExpression)
        for (pattern, radix) in [(#"&#x([0-9a-fA-F]+);"#, 16), (#"&#([0-9]+);"#, 10)] {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: plain, range: NSRange(plain.startIndex..., in: plain)).reversed() {
                guard let whole = Range(match.range, in: plain), let digits = Range(match.range(at: 1), in: plain),
                    let value = UInt32(plain[digits], radix: radix), let scalar = Unicode.Scalar(value)
                else { continue }
                plain.replaceSubrange(whole, with: String(Character(scalar)))
            }
        }
        plain = plain.replacingOccurrences(of: "+", with: " ")
        plain = plain.removingPercentEncoding ?? plain
        return plain
    }

    /// The secrets `text` shows, by name.
    static func leaks(in text: String) -> [String] {
        let plain = plain(text)
        let digits = plain.replacingOccurrences(of: #"(?<=[0-9])[\s\-._/\\+,]{1,3}(?=[0-9])"#, with: "", options: .regularExpression)
        var found: [String] = []
        /// The secret's name and the text around it.
        func note(_ name: String, _ text: String, _ secret: String) {
            guard let range = text.range(of: secret) else { return }
            let start = text.index(range.lowerBound, offsetBy: -80, limitedBy: text.startIndex) ?? text.startIndex
            let end = text.index(range.upperBound, offsetBy: 20, limitedBy: text.endIndex) ?? text.endIndex
            found.append("\(name) (…\(text[start..<end])…)")
        }
        note("card number", digits, card)
        for (name, secret) in [
            ("security code", securityCode), ("password", password), ("token", token), ("API key", apiKey),
            ("private key", keyMaterial),
        ] {
            note(name, plain, secret)
        }
        return found
    }

    @Test func theCorpusLeavesNoTraceInTheAdminThePageOrServesOutput() async throws {
        // The corpus's own detector finds each secret in each encoding it is sent in.
        for card in Self.cards {
            for (type, body) in Self.bodies(card: card) {
                #expect(Self.leaks(in: body).contains { $0.hasPrefix("card number") }, "\(type): \(body.prefix(80))")
            }
        }
        let live = try await Live.start()
        defer { Task { await live.running.stop() } }
        let printed = LockIsolated<[String]>([])
        for entry in live.providers.entries {
            // What `payflow serve` prints: the same observer, the same lines.
            entry.transport.observer = { line in printed.withValue { $0.append(line) } }
        }
        let realToken = try #require(
            try await live.json(
                "POST", "/t/paypal/v1/oauth2/token",
                headers: ["Authorization": "Basic aWQ6c2VjcmV0", "Content-Type": "application/x-www-form-urlencoded"],
                body: "grant_type=client_credentials")["access_token"] as? String)
        let port = try #require(live.base.port)
        var routes: [(String, String)] = []
        for entry in live.providers.entries {
            for operation in entry.transport.operations {
                routes.append((operation.method.rawValue, "/t/\(entry.id)" + operation.pathTemplate))
            }
        }
        #expect(routes.count >= 20, "\(routes)")
        var sent = 0
        for (index, card) in Self.cards.enumerated() {
            let authorization = index.isMultiple(of: 2) ? "Bearer \(realToken)" : "Weird\(Self.token) \(Self.token)"
            let pathID = index.isMultiple(of: 3) ? Self.card : Self.percent(card)
            for (routeIndex, (method, template)) in routes.enumerated() {
                let target =
                    template.replacingOccurrences(of: #"\{[^}]+\}"#, with: pathID, options: .regularExpression)
                    + "?password=\(Self.password)&n=\(Self.percent(card))"
                let bodies = Self.bodies(card: card)
                // Every body on every route over the corpus's cards, spread so each card meets each body.
                let (type, body) = bodies[(routeIndex + index) % bodies.count]
                let headers = Self.headers(card: card, authorization: authorization)
                let reply = try await RawSocket.exchange(
                    port: port, [Self.request(method, target, headers: headers, type: type, body: body)])
                #expect(reply.status != nil && reply.status != 500, "\(method) \(template): \(reply.text.prefix(200))")
                sent += 1
            }
        }
        // Requests that make a client's text an id the state shows: MIT's token payment reference.
        for (type, body) in Self.bodies(card: Self.card) {
            for target in ["/t/mit/mcommerce/v1/payWithToken", "/t/mollie/api/payments/\(Self.card)"] {
                _ = try await RawSocket.exchange(
                    port: port,
                    [Self.request("POST", target, headers: Self.headers(card: Self.card, authorization: "x"), type: type, body: body)])
                sent += 1
            }
        }
        // A client's text as a resource's id (MIT's token payment notes the client's reference), in every encoding.
        for card in Self.cards {
            live.providers.mit.transport.ledger.note("token payment", id: card, state: "approved password=\(Self.password)")
        }
        let state = String(decoding: try await live.http("GET", "/__admin/state").body, as: UTF8.self)
        #expect(state.components(separatedBy: "\"id\":\"<redacted>\"").count > Self.cards.count, "\(state.prefix(2_000))")
        // What the admin shows: the journal, every exchange in full with its curl, the state, the page.
        var texts: [(String, String)] = []
        for path in ["/__admin/requests", "/__admin/state", "/__admin/", "/__admin/inspector.js"] {
            let (status, data) = try await live.http("GET", path)
            #expect(status == 200, "\(path)")
            texts.append((path, String(decoding: data, as: UTF8.self)))
        }
        let journal = try await live.journal()
        #expect(journal.count >= sent, "\(journal.count) of \(sent) exchanges journaled")
        for entry in journal {
            let sequence = try #require(entry["sequence"] as? Int)
            let (_, data) = try await live.http("GET", "/__admin/requests/\(sequence)")
            texts.append(("/__admin/requests/\(sequence)", String(decoding: data, as: UTF8.self)))
        }
        texts.append(("serve's output", printed.value.joined(separator: "\n")))
        #expect(printed.value.count >= sent / 2, "\(printed.value.count) lines printed")
        var shown: [String] = []
        for (path, text) in texts {
            let leaks = Self.leaks(in: text)
            if !leaks.isEmpty { shown.append("\(path) shows the \(leaks.joined(separator: ", "))") }
        }
        #expect(shown.isEmpty, "\(shown.count) answers show a secret:\n\(shown.prefix(5).joined(separator: "\n\n"))")
        // The bodies were kept and shown (redacted), not dropped: the corpus did reach the inspector.
        let details = texts.filter { $0.0.hasPrefix("/__admin/requests/") }.map(\.1).joined()
        #expect(details.components(separatedBy: ExchangeRedaction.placeholder).count > sent * 3)
    }
}
