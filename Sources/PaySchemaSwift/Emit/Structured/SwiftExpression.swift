import PaySchemaLanguage
import PaySchemaModel

/// An expression in generated code. Names are escaped and string literals quoted by
/// ``SwiftRenderer``, never by the emitter.
enum SwiftExpression: Equatable, Sendable {
    /// A name (`container`, `rawValue`, `$0`).
    case identifier(String)
    /// `self`.
    case selfValue
    /// A type in expression position (`PayFieldKey`, `Decimal`).
    case type(String)
    /// `Type.self`.
    case metatype(SwiftTypeName)
    /// `base.init` (`Set.init`, `self.init`).
    indirect case initializerReference(SwiftExpression)
    /// A string literal.
    case string(String)
    /// A string literal with interpolations.
    case interpolation([SwiftInterpolationPiece])
    /// A number as the schema wrote it (`12`, `10.5`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `nil`.
    case nilLiteral
    /// `base.name`.
    indirect case member(SwiftExpression, String)
    /// `base?.name`: optional chaining.
    indirect case optionalMember(SwiftExpression, String)
    /// `.name`.
    case implicitMember(String)
    /// `callee(arguments)` on one line.
    indirect case call(SwiftExpression, [SwiftArgument])
    /// `callee(` then one argument a line, then `)`.
    indirect case wrappedCall(SwiftExpression, [SwiftArgument])
    /// `callee { closure }`.
    indirect case trailingClosure(SwiftExpression, SwiftClosure)
    /// A closure.
    indirect case closure(SwiftClosure)
    /// `base[arguments]`.
    indirect case subscripted(SwiftExpression, [SwiftArgument])
    /// `[a, b]`, or one element a line with trailing commas.
    case array([SwiftExpression], SwiftCollectionLayout)
    /// `[key: value]`, `[:]` when empty.
    case dictionary([SwiftDictionaryEntry])
    /// `(a, b)`.
    case tuple([SwiftExpression])
    /// `(expression)`.
    indirect case parenthesized(SwiftExpression)
    /// `try expression`.
    indirect case tryExpression(SwiftExpression)
    /// `&expression`.
    indirect case inoutReference(SwiftExpression)
    /// `!expression`.
    indirect case not(SwiftExpression)
    /// `expression!`.
    indirect case forceUnwrap(SwiftExpression)
    /// `lhs operator rhs`.
    indirect case binary(SwiftExpression, String, SwiftExpression)
    /// `condition ? then : otherwise`.
    indirect case ternary(SwiftExpression, SwiftExpression, SwiftExpression)
    /// `expression as Type`.
    indirect case cast(SwiftExpression, String)
    /// Swift written in a schema or resolved from one by the checker (a legacy getter, a
    /// conversion's source path), kept as written.
    case written(String)

    /// `base.name(arguments)`.
    static func call(_ base: SwiftExpression, _ name: String, _ arguments: SwiftArgument...) -> SwiftExpression {
        .call(.member(base, name), arguments)
    }

    /// `Type(arguments)`.
    static func construct(_ type: String, _ arguments: SwiftArgument...) -> SwiftExpression {
        .call(.type(type), arguments)
    }

    /// `lhs ?? rhs`.
    static func ?? (lhs: SwiftExpression, rhs: SwiftExpression) -> SwiftExpression {
        .binary(lhs, "??", rhs)
    }
}

/// A piece of an interpolated string literal.
enum SwiftInterpolationPiece: Equatable, Sendable {
    /// Literal text (the renderer escapes it).
    case text(String)
    /// `\(expression)`.
    case value(SwiftExpression)
}

/// How an array literal is laid out.
enum SwiftCollectionLayout: Equatable, Sendable {
    /// `[a, b]`.
    case oneLine
    /// `[`, one element a line each followed by a comma, `]`.
    case wrapped
}

/// An argument of a call or subscript: `label: value` or `value`.
struct SwiftArgument: Equatable, Sendable, ExpressibleByStringLiteral {
    /// The label, `nil` for none.
    var label: String?
    /// The value.
    var value: SwiftExpression

    init(_ label: String?, _ value: SwiftExpression) {
        self.label = label
        self.value = value
    }

    /// An unlabeled argument.
    init(_ value: SwiftExpression) {
        self.init(nil, value)
    }

    /// An unlabeled argument naming a variable: `"path"`.
    init(stringLiteral name: String) {
        self.init(nil, .identifier(name))
    }
}

/// A `key: value` entry of a dictionary literal.
struct SwiftDictionaryEntry: Equatable, Sendable {
    var key: SwiftExpression
    var value: SwiftExpression
}

/// A closure: `{ body }`, or `{ (parameters) -> Result in` with statements on lines of their own.
struct SwiftClosure: Equatable, Sendable {
    /// The parameters; none for `$0` closures.
    var parameters: [SwiftParameter] = []
    /// The result type.
    var returns: SwiftTypeName?
    /// The body.
    var body: SwiftBody
}
