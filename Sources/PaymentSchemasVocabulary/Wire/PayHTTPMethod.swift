/// An HTTP method of a schema operation.
public enum PayHTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// GET
    case get = "GET"
    /// POST
    case post = "POST"
    /// PUT
    case put = "PUT"
    /// PATCH
    case patch = "PATCH"
    /// DELETE
    case delete = "DELETE"
}
