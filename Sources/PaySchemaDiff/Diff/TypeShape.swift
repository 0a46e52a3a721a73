import PaySchemaLanguage
import PaySchemaModel

/// A field's or parameter's type as the diff compares it: names only, as the schema writes it
/// (`[String: Money]`). A named type's other facts (whether it carries checks) are judged where
/// that type itself is compared, so they do not make every field that uses it a changed type.
indirect enum TypeShape: Hashable, CustomStringConvertible {
    /// A built-in type.
    case primitive(SchemaPrimitive)
    /// A declared type, by name.
    case named(String)
    /// `[T]`.
    case list(TypeShape)
    /// `Set<T>`.
    case set(TypeShape)
    /// `[String: T]`.
    case map(TypeShape)

    /// The shape of a resolved type.
    init(_ type: ResolvedType) {
        switch type {
        case .primitive(let primitive): self = .primitive(primitive)
        case .named(let reference): self = .named(reference.name)
        case .list(let element): self = .list(TypeShape(element))
        case .set(let element): self = .set(TypeShape(element))
        case .map(let value): self = .map(TypeShape(value))
        }
    }

    /// The schema spelling.
    var description: String {
        switch self {
        case .primitive(let primitive): return primitive.rawValue
        case .named(let name): return name
        case .list(let element): return "[\(element)]"
        case .set(let element): return "Set<\(element)>"
        case .map(let value): return "[String: \(value)]"
        }
    }
}
