import Foundation
import Hummingbird

/// The baseline of the sandbox's throughput: a bare Hummingbird route that answers a fixed JSON
/// body, with nothing read, routed by schemas or validated. `bench bare-server PORT` serves it
/// until killed; run.sh puts it beside `payflow serve` under the same wrk load.
enum BareServer {
    static func run(port: Int) async throws {
        let router = Router()
        let body = ByteBuffer(string: #"{"id":"5O190127TN364715T","status":"APPROVED"}"#)
        router.get("/bare") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
        }
        router.post("/bare") { request, _ in
            _ = try await request.body.collect(upTo: 1 << 20)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
        }
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "bare"),
            onServerRunning: { _ in print("bare server on http://127.0.0.1:\(port)") })
        try await app.runService()
    }
}
