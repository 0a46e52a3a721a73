import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import PaymentFlowsCore
import PaymentMocks

/// The tests' name for the mocks' log capture.
typealias LogCapture = CapturedLogs

/// Wraps a transport and loses the first answer to `operationID` after the server acted.
final class LoseFirstAnswer: ClientTransport, @unchecked Sendable {
    let base: any ClientTransport
    let operationID: String
    private let lock = NSLock()
    private var lost = false

    init(_ base: any ClientTransport, operationID: String) {
        self.base = base
        self.operationID = operationID
    }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        let answer = try await base.send(request, body: body, baseURL: baseURL, operationID: operationID)
        let loseIt = lock.withLock { () -> Bool in
            guard operationID == self.operationID, !lost else { return false }
            lost = true
            return true
        }
        if loseIt { throw URLError(.timedOut) }
        return answer
    }
}
