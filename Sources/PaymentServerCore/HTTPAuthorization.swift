import Foundation

/// An `Authorization` header read as RFC 9110 11.4 writes it: `auth-scheme 1*SP credentials`, the
/// scheme compared without case (11.1: `bearer`, `Bearer` and `BEARER` are one scheme). The one
/// reader of the header for every mock provider and the sandbox's admin.
public enum HTTPAuthorization {
    /// The credentials after `scheme` (any case, one or more spaces between), `nil` when the header
    /// is absent, names another scheme or carries no credentials.
    public static func credentials(_ header: String?, scheme: String) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].caseInsensitiveCompare(scheme) == .orderedSame else { return nil }
        let credentials = parts[1].trimmingCharacters(in: .whitespaces)
        return credentials.isEmpty ? nil : credentials
    }
}
