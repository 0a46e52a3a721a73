import Foundation

/// A decode that refuses, at every depth, the members no field models: how a provider that
/// refuses unknown fields anywhere in a request (Amazon Pay's `UnrecognizedField`) reads one,
/// with the same generated types that keep those members when they read the provider's answers.
///
/// A type's schema says `unknownMembers: refuse` when the type itself always refuses them (a
/// request-only type). A type a request and an answer share keeps them, so that an answer loses
/// nothing; reading a request under ``refusingUnknownMembers(_:)`` refuses them in it too.
public enum PayStrictReading {
    /// Set while ``refusingUnknownMembers(_:)`` runs.
    @TaskLocal static var refusing = false

    /// Whether the decode running on this task refuses unknown members at every depth (read
    /// only when a container has members no field read).
    @usableFromInline static var refusesUnknownMembers: Bool { refusing }

    /// Runs `decode` so that every container it decodes refuses the members its type does not
    /// model, each a ``PayloadIssue`` of kind `unknownMember` with its path, as a type whose schema
    /// says `unknownMembers: refuse` does.
    public static func refusingUnknownMembers<T>(_ decode: () throws -> T) rethrows -> T {
        try $refusing.withValue(true, operation: decode)
    }
}
