import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// The members of a payload object that its generated type does not model, kept as they came.
///
/// Decoding keeps every member of the JSON object (the XML element, the URL query) that no field of
/// the type reads, as a `PayJSON` value (numbers as their numeral text), and encoding writes
/// them back in the same object, after the modelled fields: a provider's value decoded and encoded
/// again loses nothing the schema does not know. A member whose name a field of the type writes is
/// never written twice: the field wins.
///
/// Descriptions, mirrors and logs never show a kept value, whatever its name: only how many members
/// are kept and their names (a name that holds six digits or more shows as `<redacted>`).
public struct PayUnknownMembers: Sendable, Hashable {
    /// The kept members by name.
    public var members: [String: PayJSON]
    /// How modelled members were written where the type writes them otherwise, by the field's
    /// wire name: a date with another offset notation, an amount as a number where the type writes
    /// text, a member under a former name (an alias). Encoding writes the member as it was read
    /// when the field still holds the value read; a changed field is written the type's way.
    @usableFromInline var spellings: [String: PaySpelling]

    /// Kept members (none by default).
    public init(_ members: [String: PayJSON] = [:]) {
        self.members = members
        self.spellings = [:]
    }

    /// Whether nothing is kept: no member, no spelling.
    @inlinable public var isEmpty: Bool { members.isEmpty && spellings.isEmpty }

    /// How many members are kept.
    public var count: Int { members.count }

    /// The kept member called `name`.
    public subscript(name: String) -> PayJSON? {
        get { members[name] }
        set { members[name] = newValue }
    }
}

/// How a modelled member was read, where the type writes it otherwise: its name as read, its value
/// as read (`nil`: it was absent, and the field holds its default), and what the type writes for
/// the value read.
@usableFromInline
struct PaySpelling: Sendable {
    /// What the type writes for the value read.
    @usableFromInline
    enum Written: Sendable {
        /// The value as it is (a member read under an alias: only its name differs).
        case asRead
        /// Nothing (a `null` read for an optional field, which holds `nil`).
        case absent
        /// This value (a date in the type's notation, an amount in the type's form, a default).
        case value(PayJSON)
    }

    /// The member's name as it was read (the field's name, or the alias it came under).
    let name: String
    /// The member's value as it was read; `nil` when it was absent (a defaulted field).
    let original: PayJSON?
    /// What the type writes for the value read.
    let written: Written

    /// A spelling.
    @usableFromInline
    init(name: String, original: PayJSON?, written: Written) {
        self.name = name
        self.original = original
        self.written = written
    }

    /// What to write for `value` written under the field's name: the member as read when `value`
    /// is what the value read writes (nothing, for a default that was absent), `nil` otherwise
    /// (the field changed: write it the type's way).
    func restored(_ value: PayJSON) -> (name: String, value: PayJSON?)? {
        switch written {
        case .asRead: guard value == original else { return nil }
        case .value(let expected): guard value == expected else { return nil }
        case .absent: return nil
        }
        return (name, original)
    }
}

extension PayUnknownMembers {
    /// Values are equal when they hold the same members: how a member was spelled on the wire
    /// (`PaySpelling`) is not part of the value.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.members == rhs.members }

    /// Hashes the members (not their spellings).
    public func hash(into hasher: inout Hasher) { hasher.combine(members) }
}

extension PayUnknownMembers: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `[]` when nothing is kept, otherwise `[2 kept: items, shipping]`: names, never values.
    public var description: String {
        guard !members.isEmpty else { return "[]" }
        return "[\(members.count) kept: " + members.keys.sorted().map(Self.shown).joined(separator: ", ") + "]"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without children: a kept value is never reflected.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: nil) }

    /// A member's name as descriptions show it: a name holding six digits or more, wherever they
    /// stand (a card number used as a key, with or without separators), is `<redacted>`.
    static func shown(_ name: String) -> String {
        name.utf8.lazy.filter { (48...57).contains($0) }.count >= 6 ? PayRedaction.placeholder : name
    }
}
