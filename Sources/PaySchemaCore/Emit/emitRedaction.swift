extension SwiftEmitter {
    /// `description`, `debugDescription` and a mirror that never show sensitive fields.
    func emitRedaction(_ name: String, _ decl: StructDecl) {
        out.line("")
        markDeprecatedExtension(name)
        out.block("extension \(name): CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable") {
            out.line("/// The fields with sensitive values shown as `<redacted>`.")
            out.line("public var description: String { PayRedaction.describe(\(Naming.literal(name)), redactedFields) }")
            out.line("")
            out.line("/// Same as ``description``.")
            out.line("public var debugDescription: String { description }")
            out.line("")
            out.line("/// A mirror whose sensitive children are `<redacted>`, for `dump` and debuggers.")
            out.line("public var customMirror: Mirror { PayRedaction.mirror(self, redactedFields) }")
            out.line("")
            let fields = decl.fields.map { field in
                "(\(Naming.literal(field.name.value)), " + (field.sensitive ? "PayRedaction.Redacted()" : "\(storage(field)) as Any") + ")"
            }
            if fields.isEmpty {
                out.line("private var redactedFields: [(String, Any)] { [] }")
            } else {
                out.block("private var redactedFields: [(String, Any)]") {
                    out.line("[")
                    for field in fields { out.line("    \(field),") }
                    out.line("]")
                }
            }
        }
    }
}
