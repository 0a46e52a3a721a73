@_spi(Generated) import PaymentSchemasVocabulary

/// What to import and how to write it.
package struct ImportOptions: Sendable, Hashable {
    /// Where the documentation of the written schemas comes from.
    package enum Docs: String, Sendable, Hashable, CaseIterable {
        /// The document's own `description`s (for a document whose licence allows copying them).
        case document
        /// Sentences of our own naming the wire member: nothing of the document's text is copied
        /// (Mollie's document is CC-BY-NC-SA).
        case own
    }

    /// The module the file declares.
    package var module: String
    /// Component schemas to import (names under `components/schemas`), with everything they reach.
    package var schemas: [String] = []
    /// Operations to import (`operationId`s), with the schemas they reach.
    package var operations: [String] = []
    /// Every component schema.
    package var allSchemas = false
    /// Every operation.
    package var allOperations = false
    /// How `upstream: ref:` names the document (`paypal/checkout_orders_v2.json`).
    package var documentName: String
    /// Where docs come from.
    package var docs: Docs = .document
    /// Put before every type name (`PayPal`: `purchase_unit` → `PayPalPurchaseUnit`).
    package var typePrefix = ""
    /// Whether enums keep values they do not list (`unknown(_:)`), as a reader of a provider's
    /// answers needs; closed enums refuse them, as a validator of requests wants.
    package var openEnums = true
    /// Leave out what the document marks deprecated, each listed under `upstream: omits:`.
    package var omitDeprecated = false
    /// Wire names of string members that hold secrets beyond those the package's reading of
    /// credential names takes for one.
    package var sensitiveNames: Set<String> = []

    /// Whether a string member named `wire` of the object `owner` holds a secret: a name the
    /// package's one reading of credential names (`CredentialName`, which the sandbox's redaction
    /// asks too) takes for a credential's (`security_code`, `password`, `api_key`, `client_secret`…),
    /// one given with `--sensitive`, or a card object's `number`.
    func isSecret(_ wire: String, in owner: String) -> Bool {
        CredentialName.isCredential(wire, names: Set(sensitiveNames.map { CredentialName.normalized($0) }))
            || (wire == "number" && owner.lowercased().contains("card"))
    }

    /// Schemas the module already has a type for, by JSON pointer (`/components/schemas/address_portable`),
    /// with that type's name: a schema reached here is referred to by that name, not imported again
    /// (`--reuse`, read from the module's files by ``ReusedTypes``).
    package var reuse: [String: String] = [:]
    /// Names the module already declares (its types and operations' types): no imported type takes one.
    package var takenNames: Set<String> = []

    /// Options for `module`, naming the document `documentName` in upstream links.
    package init(module: String, documentName: String) {
        self.module = module
        self.documentName = documentName
    }
}
