import PaySchemaLanguage
import PaySchemaModel

/// A statement in a generated body.
enum SwiftStatement: Equatable, Sendable {
    /// An expression on its own line (a call, `try …`).
    case expression(SwiftExpression)
    /// `let name: Type = value` (type and value optional).
    case constant(String, type: SwiftTypeName? = nil, value: SwiftExpression?)
    /// `var name: Type = value` (type and value optional).
    case variable(String, type: SwiftTypeName? = nil, value: SwiftExpression?)
    /// `target = value`.
    case assignment(SwiftExpression, SwiftExpression)
    /// `if conditions { … }`.
    indirect case ifStatement([SwiftCondition], SwiftBody)
    /// `guard conditions else { … }`.
    indirect case guardStatement([SwiftCondition], else: SwiftBody)
    /// `for pattern in sequence { … }`.
    indirect case forIn(SwiftPattern, in: SwiftExpression, SwiftBody)
    /// `switch subject { case …: … }`, the cases aligned with `switch`.
    case switchStatement(SwiftExpression, [SwiftSwitchCase])
    /// `do { … } catch { … }`.
    case doCatch([SwiftStatement], catch: [SwiftStatement])
    /// `return` with an optional value.
    case returnStatement(SwiftExpression?)
    /// `throw error`.
    case throwStatement(SwiftExpression)
    /// `continue`.
    case continueStatement
    /// Lines written in a schema (a legacy method's body), kept as written.
    case written(String)
}

/// A body in braces.
enum SwiftBody: Equatable, Sendable {
    /// One statement on the same line: `{ statement }`.
    case inline(SwiftStatement)
    /// Statements one level deeper, on lines of their own.
    case lines([SwiftStatement])
}

/// A condition of `if` or `guard`.
enum SwiftCondition: Equatable, Sendable {
    /// A Boolean expression.
    case expression(SwiftExpression)
    /// `let name` or `let name = value`.
    case optionalBinding(String, SwiftExpression?)
}

/// A pattern of `for` or `case`.
enum SwiftPattern: Equatable, Sendable {
    /// A name bound by `for name in`.
    case name(String)
    /// A value matched by equality (`"TVV"`, `.tvv`).
    case value(SwiftExpression)
    /// `.name` or `.name(let binding)`.
    case enumCase(String, binding: String?)
    /// `(a, b)`.
    case tuple([SwiftPattern])
}

/// One `case` of a switch; `patterns` empty is `default`.
struct SwiftSwitchCase: Equatable, Sendable {
    /// The patterns, comma-separated; none for `default`.
    var patterns: [SwiftPattern]
    /// The body: on the case's line when inline.
    var body: SwiftBody

    init(_ patterns: [SwiftPattern], _ body: SwiftBody) {
        self.patterns = patterns
        self.body = body
    }

    /// `default: body`.
    static func otherwise(_ body: SwiftBody) -> SwiftSwitchCase {
        SwiftSwitchCase([], body)
    }
}
