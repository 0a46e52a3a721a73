import PaySchemaLanguage
import PaySchemaModel

/// The stand-in value of each type a decoding walk can start from (``SwiftEmitter/fieldVisits``):
/// empty text, zero, `false`, an empty collection, an enum's first case, a scalar over its base's
/// stand-in, or a struct's own `payPlaceholder` when each of its mandatory fields has one. Found
/// once per module, so that a struct in one file knows whether a struct in another can stand in.
/// Unions, UUIDs and JSON values have none: a struct with a mandatory one keeps a generated
/// `init(from:)`.
struct Placeholders: Sendable {
    /// How a named type's stand-in is written.
    private enum Stand: Sendable {
        /// `Name.firstCase`.
        case enumCase(String)
        /// `Name(rawValue: <the base's stand-in>)`.
        case scalar(SchemaPrimitive)
        /// `Name.payPlaceholder`.
        case structure
    }

    /// The stand-in of each named type that has one.
    private var named: [String: Stand] = [:]

    /// No named type has a stand-in (a file emitted on its own).
    init() {}

    /// The stand-ins of `module`'s types: enums and scalars first, then structs until no more
    /// struct gains one (a struct's mandatory fields may name structs declared after it).
    init(_ module: ResolvedModule) {
        var structures: [(name: String, mandatory: [ResolvedType])] = []
        for declaration in module.files.flatMap(\.types) {
            switch declaration.kind {
            case .enumeration(let enumeration):
                if let first = enumeration.cases.first { named[declaration.name] = .enumCase(first.name) }
            case .scalar(let scalar):
                if Self.primitive(scalar.base) != nil { named[declaration.name] = .scalar(scalar.base) }
            case .structure(let structure):
                structures.append((declaration.name, structure.fields.filter(\.isMandatory).map(\.type)))
            case .union:
                break
            }
        }
        var grew = true
        while grew {
            grew = false
            for structure in structures where named[structure.name] == nil {
                guard structure.mandatory.allSatisfy({ expression(for: $0) != nil }) else { continue }
                named[structure.name] = .structure
                grew = true
            }
        }
    }

    /// Whether the struct `name` starts its decoding from a stand-in (it has one).
    func decodesFromPlaceholder(_ name: String) -> Bool { named[name] != nil }

    /// The stand-in of a value of `type`, `nil` when it has none.
    func expression(for type: ResolvedType) -> SwiftExpression? {
        switch type {
        case .primitive(let primitive): return Self.primitive(primitive)
        case .named(let reference):
            switch named[reference.name] {
            case .enumCase(let name)?: return .member(.type(reference.name), name)
            case .scalar(let base)?: return Self.primitive(base).map { .construct(reference.name, SwiftArgument("rawValue", $0)) }
            case .structure?: return .member(.type(reference.name), "payPlaceholder")
            case nil: return nil
            }
        case .list, .set: return .array([], .oneLine)
        case .map: return .dictionary([])
        }
    }

    /// The stand-in of a primitive, `nil` for UUIDs and JSON values.
    private static func primitive(_ primitive: SchemaPrimitive) -> SwiftExpression? {
        switch primitive {
        case .string: return .string("")
        case .int, .int64, .double, .decimal: return .number("0")
        case .bool: return .bool(false)
        case .date: return .construct("Date", SwiftArgument("timeIntervalSince1970", .number("0")))
        case .url: return .construct("URL", SwiftArgument("fileURLWithPath", .string("/")))
        case .uuid, .json: return nil
        }
    }
}
