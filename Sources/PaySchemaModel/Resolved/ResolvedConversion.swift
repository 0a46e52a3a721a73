import PaySchemaLanguage

/// A legacy conversion as the checker resolved it: every path, field, type and enum case is looked
/// up once, here, so the emitter only writes what it is handed and cannot meet an unresolved name.
package struct ResolvedConversion: Sendable {
    /// Which way it converts.
    package enum Kind: Sendable {
        /// `to<Target>()` on the legacy type.
        case to(target: String)
        /// An initializer of the legacy type from labelled values of the current API.
        case from(parameters: [Parameter])
    }

    /// A labelled parameter of a `from` initializer.
    package struct Parameter: Sendable {
        /// The argument label.
        package var label: String
        /// The current API's type.
        package var type: String

        /// Creates the value from its parts (the checker does).
        package init(label: String, type: String) {
            self.label = label
            self.type = type
        }
    }

    /// One argument of the memberwise call that builds the value, in the built struct's field order.
    package struct Argument: Sendable {
        /// The built struct's field (its label).
        package var field: String
        /// The field's schema type.
        package var type: ResolvedType
        /// Whether the field is optional in Swift.
        package var optional: Bool
        /// What it is set to.
        package var value: Value

        /// Creates the value from its parts (the checker does).
        package init(field: String, type: ResolvedType, optional: Bool, value: Value) {
            self.field = field
            self.type = type
            self.optional = optional
            self.value = value
        }
    }

    /// The value of an argument.
    package enum Value: Sendable {
        /// A literal of the field's type.
        case literal(ResolvedValue)
        /// A path into the source, changed by an optional transform, with a literal for `nil`.
        case path(Source, transform: Transform?, fallback: ResolvedValue?)
    }

    /// A resolved `from` path: where it starts, the stored properties it reads in turn, its schema
    /// type and whether it may be `nil`. The emitter builds the Swift (`self.amount.total`,
    /// `request?.cartId`) from it; the checker writes none.
    package struct Source: Sendable {
        /// Where a path starts.
        package enum Root: Sendable, Hashable {
            /// The value being converted (`self`).
            case selfValue
            /// A parameter of the conversion, by its Swift name.
            case parameter(String)
        }

        /// One step of a path: a stored property, read with optional chaining when the value it is
        /// read from may be `nil`.
        package struct Member: Sendable, Hashable {
            /// The stored property's Swift name (`_name` for a deprecated field's storage).
            package var storage: String
            /// Whether the value it is read from may be `nil` (`base?.storage`).
            package var chained: Bool

            /// A step of a path.
            package init(storage: String, chained: Bool) {
                self.storage = storage
                self.chained = chained
            }
        }

        /// Where the path starts.
        package var root: Root
        /// The stored properties read in turn.
        package var members: [Member]
        /// Its schema type.
        package var type: ResolvedType
        /// Whether it may be `nil`.
        package var optional: Bool

        /// Creates the value from its parts (the checker does).
        package init(root: Root, members: [Member], type: ResolvedType, optional: Bool) {
            self.root = root
            self.members = members
            self.type = type
            self.optional = optional
        }
    }

    /// How the source value is changed.
    package enum Transform: Sendable {
        /// `!value`.
        case negate
        /// Legacy enum values grouped into structs.
        case group(Group)
    }

    /// A `group` transform, resolved: the element struct, its key and values fields and, for each
    /// legacy enum case, the Swift case names it maps to.
    package struct Group: Sendable {
        /// The element struct's name.
        package var element: String
        /// The key field's name and type.
        package var key: String
        /// The key field's schema type (an enum).
        package var keyType: ResolvedType
        /// The values field's name.
        package var values: String
        /// The element type of the values field (an enum).
        package var valueType: ResolvedType
        /// Whether the values field is a set.
        package var valuesAreASet: Bool
        /// Each mapped legacy case: its Swift case name, then the key's and the value's Swift case names.
        package var rows: [(legacyCase: String, keyCase: String, valueCase: String)]
        /// Whether the legacy enum is open (has an `unknown` case).
        package var legacyIsOpen: Bool

        /// Creates the value from its parts (the checker does).
        package init(
            element: String, key: String, keyType: ResolvedType, values: String, valueType: ResolvedType, valuesAreASet: Bool,
            rows: [(legacyCase: String, keyCase: String, valueCase: String)], legacyIsOpen: Bool
        ) {
            self.element = element
            self.key = key
            self.keyType = keyType
            self.values = values
            self.valueType = valueType
            self.valuesAreASet = valuesAreASet
            self.rows = rows
            self.legacyIsOpen = legacyIsOpen
        }
    }

    /// Which way.
    package var kind: Kind
    /// The memberwise arguments.
    package var arguments: [Argument]

    /// Creates the value from its parts (the checker does).
    package init(kind: Kind, arguments: [Argument]) {
        self.kind = kind
        self.arguments = arguments
    }
}
