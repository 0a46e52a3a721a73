import PaySchemaLanguage
import PaySchemaYAML

extension MappingReader {
    /// `deprecated` (true or a message) and `renamedFrom` (a name or a list of names).
    package func lifecycle(diagnostics: inout Diagnostics) -> Lifecycle {
        var lifecycle = Lifecycle()
        if let value = self["deprecated"] {
            switch value.scalar {
            case "true"?: lifecycle.deprecated = ""
            case "false"?: lifecycle.deprecated = nil
            case let text? where value.isNull == false: lifecycle.deprecated = text
            default: diagnostics.error("'deprecated' must be true, false or a message, found \(value.kindDescription)", at: value.location)
            }
        }
        lifecycle.renamedFrom = strings("renamedFrom", diagnostics: &diagnostics)
        return lifecycle
    }
}
