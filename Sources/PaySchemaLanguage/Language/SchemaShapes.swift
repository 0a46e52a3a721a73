@_spi(Generated) import PaymentSchemasVocabulary

// The schema language's shapes, written once and shared by the stages: the type tree of a field,
// the constraints on a value and the kind of a declaration. Each is generic over what a stage
// annotates: the syntax keeps names as written and where each bound was written, the resolved
// model keeps resolved names and bare bounds, the diff compares names.

/// A value read from a schema together with where it was written.
@usableFromInline package struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value.
    @usableFromInline package var value: Value
    /// Where it was written.
    @usableFromInline package var location: SourceLocation

    /// Pairs a value with its location.
    @inlinable package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// A field's type: `String`, `[Card]`, `Set<CardType>`, `[String: Price]`. `Name` is what a stage
/// knows of a declared type: its name as written (the syntax's `TypeExpression`, the diff), or
/// its resolution (the model's `ResolvedType`). Only the cases that nest are `indirect`: a
/// primitive or a name is held inline, without a box allocated for every field's type.
@usableFromInline package enum SchemaType<Name: Sendable & Hashable>: Sendable, Hashable {
    /// A built-in scalar type.
    case primitive(SchemaPrimitive)
    /// A type declared in one of the module's schema files.
    case named(Name)
    /// An ordered list: `[T]`.
    indirect case list(SchemaType)
    /// A set (unordered, no duplicates): `Set<T>`.
    indirect case set(SchemaType)
    /// A map with string keys: `[String: T]`.
    indirect case map(SchemaType)

    /// The innermost element type (through lists, sets and maps).
    @inlinable package var innermost: SchemaType {
        switch self {
        case .list(let element), .set(let element), .map(let element): return element.innermost
        case .primitive, .named: return self
        }
    }

    /// The element type of a collection, `nil` for a primitive or a name.
    @inlinable package var element: SchemaType? {
        switch self {
        case .list(let element), .set(let element), .map(let element): return element
        case .primitive, .named: return nil
        }
    }

    /// Whether this is a list, set or map.
    @inlinable package var isCollection: Bool { element != nil }

    /// Whether two trees are the same. Written out (not synthesized) so that callers in other
    /// modules specialize it: the synthesized one ran unspecialized, copying each case through the
    /// runtime's value witnesses (issue 80).
    @inlinable package static func == (lhs: SchemaType, rhs: SchemaType) -> Bool {
        switch (lhs, rhs) {
        case (.primitive(let left), .primitive(let right)): return left == right
        case (.named(let left), .named(let right)): return left == right
        case (.list(let left), .list(let right)), (.set(let left), .set(let right)), (.map(let left), .map(let right)):
            return left == right
        default: return false
        }
    }

    /// Whether this is a map.
    @inlinable package var isMap: Bool {
        if case .map = self { return true }
        return false
    }

    /// The same tree with each name replaced by `transform`'s answer (the checker resolves names
    /// this way; the diff keeps only names).
    @inlinable package func map<Other>(_ transform: (Name) throws -> Other) rethrows -> SchemaType<Other> {
        switch self {
        case .primitive(let primitive): return .primitive(primitive)
        case .named(let name): return .named(try transform(name))
        case .list(let element): return .list(try element.map(transform))
        case .set(let element): return .set(try element.map(transform))
        case .map(let value): return .map(try value.map(transform))
        }
    }

    /// Every name the tree mentions.
    package var names: [Name] {
        switch self {
        case .primitive: return []
        case .named(let name): return [name]
        case .list(let element), .set(let element), .map(let element): return element.names
        }
    }
}

extension SchemaType: CustomStringConvertible where Name: CustomStringConvertible {
    /// The schema spelling (`[String: Money]`).
    @usableFromInline package var description: String {
        switch self {
        case .primitive(let primitive): return primitive.rawValue
        case .named(let name): return name.description
        case .list(let element): return "[\(element)]"
        case .set(let element): return "Set<\(element)>"
        case .map(let value): return "[String: \(value)]"
        }
    }
}

/// How a stage holds the bounds of ``SchemaConstraints``: with where each was written (the
/// syntax, for the checker's diagnostics) or bare (the resolved model).
@usableFromInline package protocol ConstraintBounds: Sendable, Hashable {
    /// A count or a scale.
    associatedtype Count: Sendable & Hashable
    /// A text: a pattern, a decimal bound, a format's name.
    associatedtype Text: Sendable & Hashable
    /// The text a bound holds.
    static func text(_ bound: Text) -> String
}

/// Bounds as the resolved model holds them: checked, without positions.
@usableFromInline package enum BareBounds: ConstraintBounds {
    /// A count or a scale: the number.
    @usableFromInline package typealias Count = Int
    /// The text.
    @inlinable package static func text(_ bound: String) -> String { bound }
}

/// Bounds as the syntax holds them: each with where the schema writes it.
@usableFromInline package enum LocatedBounds: ConstraintBounds {
    /// A count or a scale: the number and where it is written.
    @usableFromInline package typealias Count = Located<Int>
    /// The text, without its position.
    @inlinable package static func text(_ bound: Located<String>) -> String { bound.value }
}

/// Constraints a value must meet; which apply depends on the (innermost) type. `Bounds` says how a
/// stage holds each bound (``LocatedBounds`` in the syntax's `Constraints`, ``BareBounds`` in the
/// model's `ResolvedConstraints`).
///
/// The bounds live in one shared, copy-on-write box, and a value without any constraint (most
/// fields) has none: a copy is one reference count, or nothing. Held inline, a copy of the generic
/// struct in another module went through the runtime's value witnesses, field by field, each
/// optional bound's tag asked of its metadata (NOTES.md, issue 80).
@usableFromInline package struct SchemaConstraints<Bounds: ConstraintBounds>: Sendable, Hashable {
    /// The bounds' storage. `@unchecked Sendable`: a shared box is never written, a write copies it
    /// first (``writable()``).
    @usableFromInline package final class Storage: @unchecked Sendable {
        /// Fewest characters.
        @usableFromInline @exclusivity(unchecked) var minLength: Bounds.Count? = nil
        /// Most characters.
        @usableFromInline @exclusivity(unchecked) var maxLength: Bounds.Count? = nil
        /// A regular expression the whole value matches.
        @usableFromInline @exclusivity(unchecked) var pattern: Bounds.Text? = nil
        /// Lower bound, as written.
        @usableFromInline @exclusivity(unchecked) var minimum: Bounds.Text? = nil
        /// Whether the lower bound is exclusive.
        @usableFromInline @exclusivity(unchecked) var exclusiveMinimum: Bool = false
        /// Upper bound, as written.
        @usableFromInline @exclusivity(unchecked) var maximum: Bounds.Text? = nil
        /// Whether the upper bound is exclusive.
        @usableFromInline @exclusivity(unchecked) var exclusiveMaximum: Bool = false
        /// Most fraction digits (decimals).
        @usableFromInline @exclusivity(unchecked) var scale: Bounds.Count? = nil
        /// Whether the wire text must have exactly ``scale`` fraction digits.
        @usableFromInline @exclusivity(unchecked) var exactScale: Bool = false
        /// Fewest items (lists, sets, maps).
        @usableFromInline @exclusivity(unchecked) var minItems: Bounds.Count? = nil
        /// Most items (lists, sets, maps).
        @usableFromInline @exclusivity(unchecked) var maxItems: Bounds.Count? = nil
        /// A named format (`iso4217`, `luhn`, `url`...).
        @usableFromInline @exclusivity(unchecked) var format: Bounds.Text? = nil
        /// The schemes a `url` format allows.
        @usableFromInline @exclusivity(unchecked) var schemes: [String] = []

        /// Empty bounds.
        @inlinable init() {}

        /// A copy of `other`'s bounds.
        @inlinable init(copying other: Storage) {
            minLength = other.minLength
            maxLength = other.maxLength
            pattern = other.pattern
            minimum = other.minimum
            exclusiveMinimum = other.exclusiveMinimum
            maximum = other.maximum
            exclusiveMaximum = other.exclusiveMaximum
            scale = other.scale
            exactScale = other.exactScale
            minItems = other.minItems
            maxItems = other.maxItems
            format = other.format
            schemes = other.schemes
        }
    }

    /// The bounds; `nil` when none is set.
    @usableFromInline var storage: Storage?

    /// No constraints.
    @inlinable package init() {}

    /// The storage, created or copied first when it is absent or shared.
    @inlinable mutating func writable() -> Storage {
        if isKnownUniquelyReferenced(&storage), let storage { return storage }
        let fresh = storage.map { Storage(copying: $0) } ?? Storage()
        storage = fresh
        return fresh
    }

    /// Fewest characters.
    @inlinable package var minLength: Bounds.Count? {
        get { storage?.minLength ?? nil }
        set { writable().minLength = newValue }
    }

    /// Most characters.
    @inlinable package var maxLength: Bounds.Count? {
        get { storage?.maxLength ?? nil }
        set { writable().maxLength = newValue }
    }

    /// A regular expression the whole value matches.
    @inlinable package var pattern: Bounds.Text? {
        get { storage?.pattern ?? nil }
        set { writable().pattern = newValue }
    }

    /// Lower bound, as written.
    @inlinable package var minimum: Bounds.Text? {
        get { storage?.minimum ?? nil }
        set { writable().minimum = newValue }
    }

    /// Whether the lower bound is exclusive.
    @inlinable package var exclusiveMinimum: Bool {
        get { storage?.exclusiveMinimum ?? false }
        set { writable().exclusiveMinimum = newValue }
    }

    /// Upper bound, as written.
    @inlinable package var maximum: Bounds.Text? {
        get { storage?.maximum ?? nil }
        set { writable().maximum = newValue }
    }

    /// Whether the upper bound is exclusive.
    @inlinable package var exclusiveMaximum: Bool {
        get { storage?.exclusiveMaximum ?? false }
        set { writable().exclusiveMaximum = newValue }
    }

    /// Most fraction digits (decimals).
    @inlinable package var scale: Bounds.Count? {
        get { storage?.scale ?? nil }
        set { writable().scale = newValue }
    }

    /// Whether the wire text must have exactly ``scale`` fraction digits.
    @inlinable package var exactScale: Bool {
        get { storage?.exactScale ?? false }
        set { writable().exactScale = newValue }
    }

    /// Fewest items (lists, sets, maps).
    @inlinable package var minItems: Bounds.Count? {
        get { storage?.minItems ?? nil }
        set { writable().minItems = newValue }
    }

    /// Most items (lists, sets, maps).
    @inlinable package var maxItems: Bounds.Count? {
        get { storage?.maxItems ?? nil }
        set { writable().maxItems = newValue }
    }

    /// A named format (`iso4217`, `luhn`, `url`...).
    @inlinable package var format: Bounds.Text? {
        get { storage?.format ?? nil }
        set { writable().format = newValue }
    }

    /// The schemes a `url` format allows.
    @inlinable package var schemes: [String] {
        get { storage?.schemes ?? [] }
        set { writable().schemes = newValue }
    }

    /// Whether any value constraint (not counting item counts) is set.
    @inlinable package var hasValueConstraints: Bool {
        guard let storage else { return false }
        return storage.minLength != nil || storage.maxLength != nil || storage.pattern != nil || storage.minimum != nil
            || storage.maximum != nil || storage.scale != nil || storage.format != nil
    }

    /// Whether anything at all is set.
    @inlinable package var isEmpty: Bool { !hasValueConstraints && minItems == nil && maxItems == nil }

    /// Whether two sets of constraints are the same, bound by bound (no box and an empty box are
    /// the same).
    @inlinable package static func == (lhs: SchemaConstraints, rhs: SchemaConstraints) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.minLength == rhs.minLength
            && lhs.maxLength == rhs.maxLength
            && lhs.pattern == rhs.pattern
            && lhs.minimum == rhs.minimum
            && lhs.exclusiveMinimum == rhs.exclusiveMinimum
            && lhs.maximum == rhs.maximum
            && lhs.exclusiveMaximum == rhs.exclusiveMaximum
            && lhs.scale == rhs.scale
            && lhs.exactScale == rhs.exactScale
            && lhs.minItems == rhs.minItems
            && lhs.maxItems == rhs.maxItems
            && lhs.format == rhs.format
            && lhs.schemes == rhs.schemes
    }

    /// Hashes every bound.
    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(minLength)
        hasher.combine(maxLength)
        hasher.combine(pattern)
        hasher.combine(minimum)
        hasher.combine(exclusiveMinimum)
        hasher.combine(maximum)
        hasher.combine(exclusiveMaximum)
        hasher.combine(scale)
        hasher.combine(exactScale)
        hasher.combine(minItems)
        hasher.combine(maxItems)
        hasher.combine(format)
        hasher.combine(schemes)
    }

    /// The runtime format named by ``format``.
    package var runtimeFormat: PayFormat? {
        format.flatMap { PayFormat(name: Bounds.text($0), schemes: schemes) }
    }
}

extension SchemaConstraints where Bounds == LocatedBounds {
    /// The same constraints with bare bounds (what the resolved model keeps).
    @inlinable package var bare: SchemaConstraints<BareBounds> {
        var bare = SchemaConstraints<BareBounds>()
        guard let storage else { return bare }
        let target = bare.writable()

        target.minLength = storage.minLength?.value
        target.maxLength = storage.maxLength?.value
        target.pattern = storage.pattern?.value
        target.minimum = storage.minimum?.value
        target.exclusiveMinimum = storage.exclusiveMinimum
        target.maximum = storage.maximum?.value
        target.exclusiveMaximum = storage.exclusiveMaximum
        target.scale = storage.scale?.value
        target.exactScale = storage.exactScale
        target.minItems = storage.minItems?.value
        target.maxItems = storage.maxItems?.value
        target.format = storage.format?.value
        target.schemes = storage.schemes
        return bare
    }
}

/// The constraints of a value as the emitter and the exporter write them: checked (each fits its
/// type), without the source positions the checker reported them at.
package typealias ResolvedConstraints = SchemaConstraints<BareBounds>

/// What a declaration declares, with what each stage keeps of it: the syntax's declarations in
/// `TypeDecl.Kind`, the resolved ones in `ResolvedDecl.Kind`.
package enum DeclarationKind<Structure: Sendable, Enumeration: Sendable, Union: Sendable, Scalar: Sendable>: Sendable {
    /// A struct with fields.
    case structure(Structure)
    /// An enum with raw values.
    case enumeration(Enumeration)
    /// A discriminated union of struct types.
    case union(Union)
    /// A constrained newtype over a primitive.
    case scalar(Scalar)

    /// `struct`, `enum`, `union` or `scalar`: the kind as the schema names it.
    package var kindName: String {
        switch self {
        case .structure: return "struct"
        case .enumeration: return "enum"
        case .union: return "union"
        case .scalar: return "scalar"
        }
    }

    /// The kind's name with its article, for messages: `a struct`, `an enum`.
    package var kindNameWithArticle: String {
        if case .enumeration = self { return "an enum" }
        return "a " + kindName
    }
}
