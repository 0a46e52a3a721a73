/// What the importer hands the writer: the types, the operations and the module's name, each part
/// already in our language's terms (names chosen, types resolved, constraints translated), in the
/// order the writer writes them.
package struct ImportedModule: Sendable, Hashable {
    /// The module the file declares (`module:`).
    package var module: String
    /// The file's `doc:`.
    package var doc: String
    /// Named types in the order they were reached.
    package var types: [ImportedType] = []
    /// Operations in the document's order.
    package var operations: [ImportedOperation] = []

    /// Creates an empty module.
    package init(module: String, doc: String) {
        self.module = module
        self.doc = doc
    }
}

/// One named type: a struct, an enum or a scalar.
package struct ImportedType: Sendable, Hashable {
    /// What kind of type, with its parts.
    package enum Kind: Sendable, Hashable {
        /// An object's fields; `refusesUnknownMembers` when the document says `additionalProperties: false`.
        case structure(fields: [ImportedField], refusesUnknownMembers: Bool)
        /// An enum's cases (Swift name, wire value) and whether its wire values are integers.
        case enumeration(cases: [ImportedCase], integers: Bool, open: Bool)
        /// A named primitive with its constraints (a parameter's constrained value).
        case scalar(base: String, constraints: ImportedConstraints)
    }

    /// The Swift name.
    package var name: String
    /// The parts.
    package var kind: Kind
    /// The documentation (already ours when the document's text must not be copied).
    package var doc: String?
    /// `document#/pointer` of the schema it models, for `upstream: ref:`.
    package var upstream: String?
    /// Properties the document marks deprecated and the import left out (`--omit-deprecated`).
    package var omitted: [String] = []
}

/// One enum case.
package struct ImportedCase: Sendable, Hashable {
    /// The Swift name.
    package var name: String
    /// The wire value.
    package var value: String
}

/// One field of a struct.
package struct ImportedField: Sendable, Hashable {
    /// The Swift name.
    package var name: String
    /// The JSON key.
    package var wireName: String
    /// The type as the language writes it (`String`, `[PurchaseUnit]`, `[String: JSON]`).
    package var type: String
    /// Whether the member must be present.
    package var required: Bool
    /// Whether `null` is accepted.
    package var nullable: Bool
    /// Whether the value is a secret (never shown in descriptions, logs or errors).
    package var sensitive: Bool
    /// The constraints on the value (each element's for a list or map) and on the collection.
    package var constraints: ImportedConstraints
    /// The documentation.
    package var doc: String?
}

/// Constraints in the language's keywords, each as the text written after it.
package struct ImportedConstraints: Sendable, Hashable {
    /// `keyword: value` pairs in the order written (`minLength: 1`, `pattern: "…"`).
    package var entries: [(key: String, value: String)] = []

    /// No constraints.
    package init() {}

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
    package static func == (lhs: ImportedConstraints, rhs: ImportedConstraints) -> Bool {
        lhs.entries.map(\.key) == rhs.entries.map(\.key) && lhs.entries.map(\.value) == rhs.entries.map(\.value)
    }

    /// Hashes the entries.
    package func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}

/// One operation.
package struct ImportedOperation: Sendable, Hashable {
    /// The Swift name (the operation id in lowerCamelCase).
    package var name: String
    /// `GET`, `POST`…
    package var method: String
    /// The path template.
    package var path: String
    /// Parameters in the document's order.
    package var parameters: [ImportedParameter]
    /// The request body's type.
    package var request: String?
    /// Whether the body may be left off.
    package var requestOptional: Bool
    /// The success body's type.
    package var response: String?
    /// The success statuses.
    package var successStatus: [Int]
    /// The error body's type.
    package var errorBody: String?
    /// The error statuses.
    package var errorStatus: [Int]
    /// `bearer` or `basic`, from the document's security requirement.
    package var security: String?
    /// The documentation.
    package var doc: String?
}

/// One parameter of an operation.
package struct ImportedParameter: Sendable, Hashable {
    /// The Swift name.
    package var name: String
    /// `path`, `query`, `header` or `cookie`.
    package var place: String
    /// The wire name.
    package var wireName: String
    /// The type.
    package var type: String
    /// Whether it must be sent.
    package var required: Bool
    /// Whether it is a secret.
    package var sensitive: Bool
    /// The documentation.
    package var doc: String?
}
