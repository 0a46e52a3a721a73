/// Why a server's routes could not answer a request: stable cases a carrier (the sandbox) maps to
/// its own answers.
public enum ServerRouteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No route matched: a request nothing expects.
    case unexpectedRequest(String)
    /// A handler asked for a decoded body its route does not provide (a bug in the server, never the client's).
    case noDecodedBody(String)

    /// A readable explanation.
    public var description: String {
        switch self {
        case .unexpectedRequest(let request): return "unexpected request \(request): no route matches"
        case .noDecodedBody(let message): return "server bug: \(message)"
        }
    }
}
