import Foundation

/// A decode that refuses, at every depth, the members no field models: how a provider that
/// refuses unknown fields anywhere in a request (Amazon Pay's `UnrecognizedField`) reads one,
/// with the same generated types that keep those members when they read the provider's answers.
///
/// A type's schema says `unknownMembers: refuse` when the type itself always refuses them (a
/// request-only type). A type a request and an answer share keeps them, so that an answer loses
/// nothing; reading a request under ``refusingUnknownMembers(_:)`` refuses them in it too. A reader
/// that never writes a value back may drop them instead (``discardingUnknownMembers(_:)``).
public enum PayStrictReading {
    /// Set while ``refusingUnknownMembers(_:)`` runs.
    @TaskLocal static var refusing = false

    /// Whether the decode running on this task refuses unknown members at every depth (read
    /// only when a container has members no field read).
    @usableFromInline static var refusesUnknownMembers: Bool { refusing }

    /// Set while ``discardingUnknownMembers(_:)`` runs.
    @TaskLocal static var discarding = false

    /// Whether the decode running on this task drops the members no field models instead of
    /// keeping them (read only when a container has members no field read, or spellings to keep).
    @usableFromInline static var discardsUnknownMembers: Bool { discarding }

    /// Runs `decode` so that every container it decodes drops the members its type does not model
    /// (and the notes on how modelled members were spelled) instead of keeping them: for a reader
    /// that never writes the value back, such as a view that shows an answer. A type whose schema
    /// says `unknownMembers: refuse`, and a decode under ``refusingUnknownMembers(_:)``, still
    /// refuse them. Encoding such a value writes only what the type models, in its own spelling.
    public static func discardingUnknownMembers<T>(_ decode: () throws -> T) rethrows -> T {
        try $discarding.withValue(true, operation: decode)
    }

    /// Runs `decode` so that every container it decodes refuses the members its type does not
    /// model, each a ``PayloadIssue`` of kind `unknownMember` with its path, as a type whose schema
    /// says `unknownMembers: refuse` does.
    public static func refusingUnknownMembers<T>(_ decode: () throws -> T) rethrows -> T {
        try $refusing.withValue(true, operation: decode)
    }
}
