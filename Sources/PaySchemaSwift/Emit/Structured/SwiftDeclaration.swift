import PaySchemaLanguage
import PaySchemaModel

/// A Swift declaration as a value: what the emitter builds and ``SwiftRenderer`` alone writes.
///
/// Documentation, attributes and the access level are part of the value; the renderer decides
/// their spelling and order (documentation, then `@available`, then `@MainActor`, then the access
/// modifier the configuration gives).
struct SwiftDeclaration: Equatable, Sendable {
    /// The `///` documentation.
    var doc: SwiftDoc = SwiftDoc()
    /// The attributes; the renderer writes them in its one order.
    var attributes: [SwiftAttribute] = []
    /// Who may use the declaration.
    var visibility: SwiftVisibility = .api
    /// What is declared.
    var kind: Content

    /// The kinds of declaration the generated code uses. Indirect: a declaration's content (a
    /// function with its body, a property with its accessors) is large, and arrays of declarations
    /// holding it inline cost the generator copies and allocations of every declaration they move.
    indirect enum Content: Equatable, Sendable {
        /// `struct`, `enum`, `protocol` or `extension`, with its members in groups that the renderer
        /// separates by one blank line (empty groups are skipped).
        case type(SwiftTypeKind, name: String, conformances: [String], members: [[SwiftDeclaration]])
        /// `let` or `var`, stored or computed.
        case property(SwiftProperty)
        /// `func`.
        case function(SwiftFunction)
        /// `init`.
        case initializer(SwiftInitializer)
        /// `case name`, `case name = raw` or `case name(Payload)`.
        case enumCase(name: String, payload: String?, rawValue: SwiftExpression?)
        /// `typealias Name = Type`.
        case typeAlias(name: String, type: SwiftTypeName)
    }
}

/// The keyword of a type declaration.
enum SwiftTypeKind: String, Equatable {
    case `struct`, `enum`, `protocol`, `extension`
}

/// Who may use a declaration.
enum SwiftVisibility: Equatable, Sendable {
    /// Part of the generated API: written with the configured access level (`public`, `package`
    /// or nothing).
    case api
    /// Internal to the module (extensions, enum cases, protocol requirements, storage the API hides).
    case unspecified
    /// `private`.
    case `private`
    /// `fileprivate`: shared by the types of one generated file.
    case `fileprivate`
}

/// A `let` or `var`.
struct SwiftProperty: Equatable, Sendable {
    /// `static`.
    var isStatic = false
    /// `let` rather than `var`.
    var isConstant = false
    /// The name (the renderer escapes keywords).
    var name: String
    /// The type annotation, `nil` when inferred.
    var type: SwiftTypeName?
    /// The initial value.
    var value: SwiftExpression?
    /// The accessors of a computed property.
    var accessors: SwiftAccessors?
    /// The property wrapper, written `@Wrapper` on the property's line.
    var wrapper: String? = nil
}

/// The accessors of a computed property.
enum SwiftAccessors: Equatable, Sendable {
    /// A getter only: `{ body }`.
    case get(SwiftBody)
    /// `get { … }` and `set { … }` on lines of their own.
    case getSet(get: SwiftStatement, set: SwiftStatement?)
}

/// A parameter of a function, initializer or closure: `label name: Type = default`.
struct SwiftParameter: Equatable, Sendable {
    /// The argument label (`_` for none).
    var label: String
    /// The parameter's own name when it differs from the label.
    var name: String?
    /// The type.
    var type: SwiftTypeName
    /// The default value.
    var defaultValue: SwiftExpression?

    init(_ label: String, _ name: String? = nil, type: SwiftTypeName, default defaultValue: SwiftExpression? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// How a parameter list is laid out.
enum SwiftParameterLayout: Equatable, Sendable {
    /// `(a: A, b: B)`.
    case oneLine
    /// `(` then one parameter a line, then `)`.
    case wrapped
}

/// A `func`.
struct SwiftFunction: Equatable, Sendable {
    /// `static`.
    var isStatic = false
    /// `mutating`.
    var isMutating = false
    /// The name.
    var name: String
    /// Generic parameters with their constraints (`Phase: PayFieldPhase`), none for most.
    var genericParameters: [String] = []
    /// The parameters and result.
    var signature: SwiftSignature
    /// The body, `nil` for a protocol requirement.
    var body: SwiftBody?
}

/// The signature of a function.
enum SwiftSignature: Equatable, Sendable {
    /// Parameters, `throws` and the result type.
    case parameters([SwiftParameter], throws: Bool, returns: SwiftTypeName?)
    /// A signature written in a schema (legacy APIs), kept as written.
    case written(String)
}

/// An `init`.
struct SwiftInitializer: Equatable, Sendable {
    /// `init?`.
    var isFailable = false
    /// The parameters.
    var parameters: [SwiftParameter]
    /// How the parameters are laid out.
    var layout: SwiftParameterLayout = .oneLine
    /// `throws`.
    var throwing = false
    /// The body.
    var body: SwiftBody
}

/// A declaration's attribute.
enum SwiftAttribute: Equatable, Sendable {
    /// `@available(*, deprecated)` with an optional message.
    case deprecated(message: String?)
    /// `@available(*, deprecated, renamed: "name")`.
    case renamed(to: String)
    /// `@MainActor`.
    case mainActor
    /// `@_spi(Generated)`: a member of the API that only generated code and the runtime use
    /// (written only when the API is `public`, the one level SPI applies to).
    case generatedSPI
}

/// `///` documentation: paragraphs separated by blank `///` lines, then a parameter list.
struct SwiftDoc: Equatable, Sendable {
    /// The paragraphs; `nil` and empty ones are left out.
    var paragraphs: [String?] = []
    /// `- Parameters:` entries: the name and its documentation, of which the first line is written.
    var parameters: [(name: String, documentation: String)] = []

    init(_ paragraphs: String?...) {
        self.paragraphs = paragraphs
    }

    init(paragraphs: [String?], parameters: [(name: String, documentation: String)] = []) {
        self.paragraphs = paragraphs
        self.parameters = parameters
    }

    static func == (lhs: SwiftDoc, rhs: SwiftDoc) -> Bool {
        lhs.paragraphs == rhs.paragraphs
            && lhs.parameters.map(\.name) == rhs.parameters.map(\.name)
            && lhs.parameters.map(\.documentation) == rhs.parameters.map(\.documentation)
    }
}

/// One generated file: header comments, imports, then top-level declarations each after a blank line.
struct SwiftFile: Equatable, Sendable {
    /// `//` comment lines at the top.
    var comments: [String]
    /// The imports.
    var imports: [SwiftImport]
    /// The top-level declarations.
    var declarations: [SwiftDeclaration]
}

/// `import Module`, or `@_spi(Name) import Module`.
struct SwiftImport: Equatable, Sendable {
    /// The module.
    var module: String
    /// The SPI the import opens, if any.
    var spi: String?

    init(_ module: String, spi: String? = nil) {
        self.module = module
        self.spi = spi
    }
}
