import PaySchemaLanguage

/// A link of an operation, resolved: after a success, ``target`` can be called with each parameter
/// taken from the success body. The exporter writes it as an OpenAPI link, so a client (or
/// schemathesis's stateful phase) follows a created resource to the operations that use it.
package struct ResolvedLink: Sendable, Hashable {
    /// One parameter the answer supplies.
    package struct Parameter: Sendable, Hashable {
        /// Where the target takes it.
        package let place: ParameterPlace
        /// The target's wire name for it.
        package let wireName: String
        /// The JSON keys from the success body's root to the value.
        package let pointer: [String]

        /// Creates the value from its parts (the checker does).
        package init(place: ParameterPlace, wireName: String, pointer: [String]) {
            self.place = place
            self.wireName = wireName
            self.pointer = pointer
        }
    }

    /// The target operation's schema name.
    package let target: String
    /// The parameters, in the order the schema lists them.
    package let parameters: [Parameter]

    /// Creates the value from its parts (the checker does).
    package init(target: String, parameters: [Parameter]) {
        self.target = target
        self.parameters = parameters
    }
}
