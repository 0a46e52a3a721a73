import Foundation
import PaymentMocks
import PaymentServerCore

/// Rewrites the links in a provider's JSON answer so a client that follows them stays in the
/// sandbox: a hosted page's URL (`https://www.sandbox.paypal.com/webapps/helios?…`) becomes
/// `<base>/h/www.sandbox.paypal.com/webapps/helios?…`, and a provider API's own URL (PayPal's `self`
/// links on `api-m.sandbox.paypal.com`) becomes `<base>/t/<provider>/…`.
///
/// The rewrite works on the JSON text, replacing only the start of string literals, so every other
/// byte (amounts' numerals included) is kept exactly; an answer whose rewritten form would break its
/// declared type (an `https`-only field on a plain-HTTP sandbox) keeps its provider links.
struct SandboxLinks: Sendable {
    /// `(from, to)` prefixes, each `"https://host/path` → `"<base>/h/host/path`, longest first.
    let prefixes: [(from: [UInt8], to: [UInt8])]

    /// What a rewriter is built from, cheap to compare on every request: the base, the browsers
    /// serving pages with how many pages each holds (pages are only added), and the API hosts.
    struct Key: Equatable, Sendable {
        let base: URL
        let browsers: [ObjectIdentifier]
        let pageCounts: [Int]
        let apis: [String: String]

        init(base: URL, browsers: [MockBrowser], apis: [String: String]) {
            self.base = base
            self.browsers = browsers.map(ObjectIdentifier.init)
            self.pageCounts = browsers.map(\.hostedPageCount)
            self.apis = apis
        }
    }

    init(base: URL, pages: [HostedPage], apis: [String: String]) {
        let root = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        var pairs: [(String, String)] = []
        for page in pages {
            let prefix = page.pathPrefix.hasPrefix("/") ? page.pathPrefix : "/" + page.pathPrefix
            pairs.append(("\"https://\(page.host)\(prefix)", "\"\(root)\(SandboxPages.pagePath(host: page.host, path: prefix))"))
        }
        for (host, provider) in apis {
            pairs.append(("\"https://\(host)/", "\"\(root)/t/\(provider)/"))
        }
        var seen = Set<String>()
        prefixes = pairs.filter { seen.insert($0.0).inserted }.sorted { $0.0.count > $1.0.count }.map {
            (Array($0.0.utf8), Array($0.1.utf8))
        }
    }

    /// `body` with every matching link rewritten; `body` itself when it holds none.
    func rewrite(_ body: Data) -> Data {
        guard !prefixes.isEmpty else { return body }
        return body.withUnsafeBytes { bytes in
            var out: [UInt8] = []
            var copied = 0
            var index = 0
            var inString = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") && inString {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\""), !inString, Self.starts(bytes, at: index, with: Self.linkStart),
                    let pair = prefixes.first(where: { Self.starts(bytes, at: index, with: $0.from) })
                {
                    if out.isEmpty { out.reserveCapacity(bytes.count + 256) }
                    out += bytes[copied..<index]
                    out += pair.to
                    index += pair.from.count
                    copied = index
                    inString = true
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString.toggle() }
                index += 1
            }
            guard copied > 0 else { return body }
            out += bytes[copied...]
            return Data(out)
        }
    }

    /// How every prefix starts: most strings are told apart from links by this alone.
    private static let linkStart = Array(#""https://"#.utf8)

    private static func starts(_ bytes: UnsafeRawBufferPointer, at index: Int, with prefix: [UInt8]) -> Bool {
        guard index + prefix.count <= bytes.count else { return false }
        for offset in 0..<prefix.count where bytes[index + offset] != prefix[offset] { return false }
        return true
    }
}
