import PaySchemaLanguage
import PaySchemaModel

/// About how many bytes a value of each of a module's types takes inline, and so which optional
/// fields are stored boxed (`@PayBoxed`): a field whose struct would make its holder carry more
/// than ``largestInline`` bytes holds one reference instead, and so, in a holder that would still
/// carry more than ``largestHolder`` bytes, does each field over ``largestInHolder`` (PayPal's
/// `payment_source`: 15 optional sources, the mid-sized ones 1.5 kB together, where a payload
/// holds one). Found once per module, as ``Placeholders`` are, so a struct in one file knows the
/// size of a struct in another.
///
/// An estimate, not Swift's layout: text 16 bytes, a number or a collection 8, a decimal 20, a
/// closed enum 1, an open one 17, each field padded to 8 unless it is a byte; a struct the sum of
/// its fields and its kept members, a union its largest variant. It only has to tell a struct of a
/// few fields from one that holds kilobytes (PayPal's `payment_source`: 15 optional sources).
struct InlineSizes: Sendable {
    /// The most bytes an optional struct field's type takes and is still held inline.
    static let largestInline = 256
    /// The most bytes a struct takes with its fields over ``largestInHolder`` inline.
    static let largestHolder = 1024
    /// In a struct over ``largestHolder``, the most bytes an optional struct field's type takes
    /// and is still held inline.
    static let largestInHolder = 64

    /// The estimated size of each named type the module declares.
    private var sizes: [String: Int] = [:]
    /// The fields stored boxed, by the name of the struct that holds them.
    private var boxed: [String: Set<String>] = [:]

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
                func total(boxingOver limit: Int) -> (Int, Set<String>) {
                    var boxedHere: Set<String> = []
                    let bytes = structure.fields.reduce(16) { total, field in
                        guard Self.boxes(field, over: limit, sizes: size(of:)) else { return total + Self.padded(fieldSize(field)) }
                        boxedHere.insert(field.name)
                        return total + 8
                    }
                    return (bytes, boxedHere)
                }
                var (bytes, boxedHere) = total(boxingOver: Self.largestInline)
                if bytes > Self.largestHolder { (bytes, boxedHere) = total(boxingOver: Self.largestInHolder) }
                if !boxedHere.isEmpty { boxed[name] = boxedHere }
                found = bytes
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

    /// Whether `field` of the struct named `holder` is stored boxed: an optional field without a
    /// default, current (not deprecated, whose storage is already renamed), without checks on its
    /// own value, of a struct or union larger than ``largestInline`` (or ``largestInHolder`` in a
    /// holder larger than ``largestHolder``).
    func boxes(_ field: ResolvedField, in holder: String) -> Bool {
        boxed[holder]?.contains(field.name) ?? false
    }

    private static func boxes(_ field: ResolvedField, over limit: Int, sizes: (String) -> Int) -> Bool {
        guard field.isOptionalInSwift, !field.isPresentButNull, field.lifecycle.deprecated == nil,
            !field.constraints.hasValueConstraints, case .named(let reference) = field.type
        else { return false }
        switch reference.kind {
        case .structure, .union: return sizes(reference.name) > limit
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
