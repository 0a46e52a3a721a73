@_spi(Generated) import PaymentSchemasVocabulary

// The schema language's shapes, written once and shared by the stages: the type tree of a field,
// the constraints on a value and the kind of a declaration. Each is generic over what a stage
// annotates: the syntax keeps names as written and where each bound was written, the resolved
// model keeps resolved names and bare bounds, the diff compares names.

/// A value read from a schema together with where it was written.
package struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value.
    package var value: Value
    /// Where it was written.
    package var location: SourceLocation

    /// Pairs a value with its location.
    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// A field's type: `String`, `[Card]`, `Set<CardType>`, `[String: Price]`. `Name` is what a stage
/// knows of a declared type: its name as written (the syntax's `TypeExpression`, the diff), or
/// its resolution (the model's `ResolvedType`). Only the cases that nest are `indirect`: a
/// primitive or a name is held inline, without a box allocated for every field's type.
package enum SchemaType<Name: Sendable & Hashable>: Sendable, Hashable {
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
    package var description: String {
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
package protocol ConstraintBounds: Sendable, Hashable {
    /// A count or a scale.
    associatedtype Count: Sendable & Hashable
    /// A text: a pattern, a decimal bound, a format's name.
    associatedtype Text: Sendable & Hashable
    /// The count a bound holds.
    static func count(_ bound: Count) -> Int
    /// The text a bound holds.
    static func text(_ bound: Text) -> String
}

/// Bounds as the resolved model holds them: checked, without positions.
package enum BareBounds: ConstraintBounds {
    /// The count.
    @inlinable package static func count(_ bound: Int) -> Int { bound }
    /// The text.
    @inlinable package static func text(_ bound: String) -> String { bound }
}

/// Bounds as the syntax holds them: each with where the schema writes it.
package enum LocatedBounds: ConstraintBounds {
    /// The count, without its position.
    @inlinable package static func count(_ bound: Located<Int>) -> Int { bound.value }
    /// The text, without its position.
    @inlinable package static func text(_ bound: Located<String>) -> String { bound.value }
}

/// Constraints a value must meet; which apply depends on the (innermost) type. `Bounds` says how a
/// stage holds each bound (``LocatedBounds`` in the syntax's `Constraints`, ``BareBounds`` in the
/// model's `ResolvedConstraints`).
package struct SchemaConstraints<Bounds: ConstraintBounds>: Sendable, Hashable {
    /// Fewest characters.
    package var minLength: Bounds.Count?
    /// Most characters.
    package var maxLength: Bounds.Count?
    /// A regular expression the whole value matches.
    package var pattern: Bounds.Text?
    /// Lower bound, as written.
    package var minimum: Bounds.Text?
    /// Whether the lower bound is exclusive.
    package var exclusiveMinimum = false
    /// Upper bound, as written.
    package var maximum: Bounds.Text?
    /// Whether the upper bound is exclusive.
    package var exclusiveMaximum = false
    /// Most fraction digits (decimals).
    package var scale: Bounds.Count?
    /// Whether the wire text must have exactly ``scale`` fraction digits.
    package var exactScale = false
    /// Fewest items (lists, sets, maps).
    package var minItems: Bounds.Count?
    /// Most items (lists, sets, maps).
    package var maxItems: Bounds.Count?
    /// A named format (`iso4217`, `luhn`, `url`...).
    package var format: Bounds.Text?
    /// The schemes a `url` format allows.
    package var schemes: [String] = []

    /// No constraints.
    package init() {}

    /// The runtime format named by ``format``.
    package var runtimeFormat: PayFormat? {
        format.flatMap { PayFormat(name: Bounds.text($0), schemes: schemes) }
    }
}

// Written for each stage's bounds, not once generically: the checker and the emitter, in other
// modules, called generic properties without specializing them, and each optional bound's metadata
// came from the runtime (NOTES.md, issue 80).

extension SchemaConstraints where Bounds == BareBounds {
    /// Whether any value constraint (not counting item counts) is set.
    package var hasValueConstraints: Bool {
        minLength != nil || maxLength != nil || pattern != nil || minimum != nil || maximum != nil || scale != nil || format != nil
    }

    /// Whether anything at all is set.
    package var isEmpty: Bool { !hasValueConstraints && minItems == nil && maxItems == nil }
}

extension SchemaConstraints where Bounds == LocatedBounds {
    /// Whether any value constraint (not counting item counts) is set.
    package var hasValueConstraints: Bool {
        minLength != nil || maxLength != nil || pattern != nil || minimum != nil || maximum != nil || scale != nil || format != nil
    }

    /// Whether anything at all is set.
    package var isEmpty: Bool { !hasValueConstraints && minItems == nil && maxItems == nil }

    /// The same constraints with bare bounds (what the resolved model keeps).
    package var bare: SchemaConstraints<BareBounds> {
        var bare = SchemaConstraints<BareBounds>()
        bare.minLength = minLength?.value
        bare.maxLength = maxLength?.value
        bare.pattern = pattern?.value
        bare.minimum = minimum?.value
        bare.exclusiveMinimum = exclusiveMinimum
        bare.maximum = maximum?.value
        bare.exclusiveMaximum = exclusiveMaximum
        bare.scale = scale?.value
        bare.exactScale = exactScale
        bare.minItems = minItems?.value
        bare.maxItems = maxItems?.value
        bare.format = format?.value
        bare.schemes = schemes
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
