import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A client of a running sandbox's admin API (`payflow webhooks …`): every request says
/// `X-Sandbox-Client: 1` and, when given, the token `payflow serve` printed.
package struct SandboxAdminClient: Sendable {
    /// The sandbox's base URL (`http://127.0.0.1:8080`).
    package let base: URL
    /// The admin token, needed beyond loopback.
    package let token: String?

    /// A client of the sandbox at `base`.
    package init(base: URL, token: String? = nil) {
        self.base = base
        self.token = token
    }

    /// Why a request to the admin API failed.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        package let description: String
    }

    /// Sends `method` to `/__admin/<path>` with a JSON `body`; the status and the answer's bytes.
    package func send(_ method: String, _ path: String, json body: Data? = nil) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: base.appending(path: "__admin/" + path).absoluteString)
        request.method = HTTPMethod(rawValue: method)
        request.headers.add(name: "X-Sandbox-Client", value: "1")
        if let token { request.headers.add(name: "X-Sandbox-Token", value: token) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            let bytes = try await response.body.collect(upTo: 16 << 20)
            return (Int(response.status.code), Data(buffer: bytes))
        } catch {
            throw Failure(description: "could not reach the sandbox at \(base.absoluteString): is `payflow serve` running there?")
        }
    }
}
