import PaySchemaLanguage
import PaySchemaModel

/// About how many bytes a value of each of a module's types takes inline, and so which optional
/// fields are stored boxed (`@PayBoxed`): a field whose struct would make its holder carry more
/// than ``largestInline`` bytes holds one reference instead. Found once per module, as
/// ``Placeholders`` are, so a struct in one file knows the size of a struct in another.
///
/// An estimate, not Swift's layout: text 16 bytes, a number or a collection 8, a decimal 20, a
/// closed enum 1, an open one 17, each field padded to 8 unless it is a byte; a struct the sum of
/// its fields and its kept members, a union its largest variant. It only has to tell a struct of a
/// few fields from one that holds kilobytes (PayPal's `payment_source`: 15 optional sources).
struct InlineSizes: Sendable {
    /// The most bytes an optional struct field's type takes and is still held inline.
    static let largestInline = 256

    /// The estimated size of each named type the module declares.
    private var sizes: [String: Int] = [:]

    /// No type is known, so no field is boxed (a file emitted on its own).
    init() {}

    /// The sizes of `module`'s types. Fields that are boxed count as one reference in their
    /// holder. The checker refuses a struct that holds itself, so the walk ends; a type met again
    /// on the way counts as a reference.
    init(_ module: ResolvedModule) {
        var declarations: [String: ResolvedDecl.Kind] = [:]
        for declaration in module.files.flatMap(\.types) { declarations[declaration.name] = declaration.kind }
        var visiting: Set<String> = []
        func size(of name: String) -> Int {
            if let known = sizes[name] { return known }
            guard let kind = declarations[name], visiting.insert(name).inserted else { return 8 }
            defer { visiting.remove(name) }
            let found: Int
            switch kind {
            case .structure(let structure):
                // The kept members (`PayUnknownMembers`: two dictionaries) and each field.
                found = structure.fields.reduce(16) { total, field in
                    total + Self.padded(Self.boxes(field, sizes: size(of:)) ? 8 : fieldSize(field))
                }
            case .enumeration(let enumeration):
                found = enumeration.isOpen ? (enumeration.rawType == .string ? 17 : 9) : 1
            case .union(let union):
                found = union.variants.map { size(of: $0.structure.name) }.max().map { $0 + 1 } ?? 1
            case .scalar(let scalar):
                found = Self.size(of: scalar.base)
            }
            sizes[name] = found
            return found
        }
        func fieldSize(_ field: ResolvedField) -> Int {
            switch field.type {
            case .primitive(let primitive): return Self.size(of: primitive) + (field.isOptionalInSwift ? 1 : 0)
            case .named(let reference): return size(of: reference.name) + (field.isOptionalInSwift ? 1 : 0)
            case .list, .set, .map: return 8
            }
        }
        for name in declarations.keys.sorted() { _ = size(of: name) }
    }

    /// Whether `field` is stored boxed: an optional field without a default, current (not
    /// deprecated, whose storage is already renamed), without checks on its own value, of a struct
    /// or union larger than ``largestInline``.
    func boxes(_ field: ResolvedField) -> Bool {
        Self.boxes(field) { sizes[$0] ?? 0 }
    }

    private static func boxes(_ field: ResolvedField, sizes: (String) -> Int) -> Bool {
        guard field.isOptionalInSwift, !field.isPresentButNull, field.lifecycle.deprecated == nil,
            !field.constraints.hasValueConstraints, case .named(let reference) = field.type
        else { return false }
        switch reference.kind {
        case .structure, .union: return sizes(reference.name) > largestInline
        case .enumeration, .scalar: return false
        }
    }

    /// A field's bytes, padded to a whole word unless it is a single byte.
    private static func padded(_ bytes: Int) -> Int { bytes <= 1 ? 1 : (bytes + 7) / 8 * 8 }

    /// About how many bytes a primitive takes inline.
    private static func size(of primitive: SchemaPrimitive) -> Int {
        switch primitive {
        case .string, .uuid: return 16
        case .int, .int64, .double, .date, .url: return 8
        case .decimal: return 20
        case .bool: return 1
        case .json: return 17
        }
    }
}
