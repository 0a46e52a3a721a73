/// What the importer hands the writer: the types, the operations and the module's name, each part
/// already in our language's terms (names chosen, types resolved, constraints translated), in the
/// order the writer writes them.
public struct ImportedModule: Sendable, Hashable {
    /// The module the file declares (`module:`).
    public var module: String
    /// The file's `doc:`.
    public var doc: String
    /// Named types in the order they were reached.
    public var types: [ImportedType] = []
    /// Operations in the document's order.
    public var operations: [ImportedOperation] = []

    /// Creates an empty module.
    public init(module: String, doc: String) {
        self.module = module
        self.doc = doc
    }
}

/// One named type: a struct, an enum or a scalar.
public struct ImportedType: Sendable, Hashable {
    /// What kind of type, with its parts.
    public enum Kind: Sendable, Hashable {
        /// An object's fields; `refusesUnknownMembers` when the document says `additionalProperties: false`.
        case structure(fields: [ImportedField], refusesUnknownMembers: Bool)
        /// An enum's cases (Swift name, wire value) and whether its wire values are integers.
        case enumeration(cases: [ImportedCase], integers: Bool, open: Bool)
        /// A named primitive with its constraints (a parameter's constrained value).
        case scalar(base: String, constraints: ImportedConstraints)
    }

    /// The Swift name.
    public var name: String
    /// The parts.
    public var kind: Kind
    /// The documentation (already ours when the document's text must not be copied).
    public var doc: String?
    /// `document#/pointer` of the schema it models, for `upstream: ref:`.
    public var upstream: String?
    /// Properties the document marks deprecated and the import left out (`--omit-deprecated`).
    public var omitted: [String] = []
}

/// One enum case.
public struct ImportedCase: Sendable, Hashable {
    /// The Swift name.
    public var name: String
    /// The wire value.
    public var value: String
}

/// One field of a struct.
public struct ImportedField: Sendable, Hashable {
    /// The Swift name.
    public var name: String
    /// The JSON key.
    public var wireName: String
    /// The type as the language writes it (`String`, `[PurchaseUnit]`, `[String: JSON]`).
    public var type: String
    /// Whether the member must be present.
    public var required: Bool
    /// Whether `null` is accepted.
    public var nullable: Bool
    /// Whether the value is a secret (never shown in descriptions, logs or errors).
    public var sensitive: Bool
    /// The constraints on the value (each element's for a list or map) and on the collection.
    public var constraints: ImportedConstraints
    /// The documentation.
    public var doc: String?
}

/// Constraints in the language's keywords, each as the text written after it.
public struct ImportedConstraints: Sendable, Hashable {
    /// `keyword: value` pairs in the order written (`minLength: 1`, `pattern: "…"`).
    public var entries: [(key: String, value: String)] = []

    /// No constraints.
    public init() {}

    /// Adds `key: value`, replacing an earlier value of the same keyword.
    mutating func set(_ key: String, _ value: String) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].value = value
        } else {
            entries.append((key, value))
        }
    }

    /// The value of `key`.
    func value(_ key: String) -> String? { entries.first { $0.key == key }?.value }

    /// Equal when every entry is.
    public static func == (lhs: ImportedConstraints, rhs: ImportedConstraints) -> Bool {
        lhs.entries.map(\.key) == rhs.entries.map(\.key) && lhs.entries.map(\.value) == rhs.entries.map(\.value)
    }

    /// Hashes the entries.
    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}

/// One operation.
public struct ImportedOperation: Sendable, Hashable {
    /// The Swift name (the operation id in lowerCamelCase).
    public var name: String
    /// `GET`, `POST`…
    public var method: String
    /// The path template.
    public var path: String
    /// Parameters in the document's order.
    public var parameters: [ImportedParameter]
    /// The request body's type.
    public var request: String?
    /// Whether the body may be left off.
    public var requestOptional: Bool
    /// The success body's type.
    public var response: String?
    /// The success statuses.
    public var successStatus: [Int]
    /// The error body's type.
    public var errorBody: String?
    /// The error statuses.
    public var errorStatus: [Int]
    /// `bearer` or `basic`, from the document's security requirement.
    public var security: String?
    /// The documentation.
    public var doc: String?
}

/// One parameter of an operation.
public struct ImportedParameter: Sendable, Hashable {
    /// The Swift name.
    public var name: String
    /// `path`, `query`, `header` or `cookie`.
    public var place: String
    /// The wire name.
    public var wireName: String
    /// The type.
    public var type: String
    /// Whether it must be sent.
    public var required: Bool
    /// Whether it is a secret.
    public var sensitive: Bool
    /// The documentation.
    public var doc: String?
}
