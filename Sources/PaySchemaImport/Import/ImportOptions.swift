@_spi(Generated) import PaySchemaVocabulary

/// What to import and how to write it.
public struct ImportOptions: Sendable, Hashable {
    /// Where the documentation of the written schemas comes from.
    public enum Docs: String, Sendable, Hashable, CaseIterable {
        /// The document's own `description`s (for a document whose licence allows copying them).
        case document
        /// Sentences of our own naming the wire member: nothing of the document's text is copied
        /// (Mollie's document is CC-BY-NC-SA).
        case own
    }

    /// The module the file declares.
    public var module: String
    /// Component schemas to import (names under `components/schemas`), with everything they reach.
    public var schemas: [String] = []
    /// Operations to import (`operationId`s), with the schemas they reach.
    public var operations: [String] = []
    /// Every component schema.
    public var allSchemas = false
    /// Every operation.
    public var allOperations = false
    /// How `upstream: ref:` names the document (`paypal/checkout_orders_v2.json`).
    public var documentName: String
    /// Where docs come from.
    public var docs: Docs = .document
    /// Put before every type name (`PayPal`: `purchase_unit` → `PayPalPurchaseUnit`).
    public var typePrefix = ""
    /// Whether enums keep values they do not list (`unknown(_:)`), as a reader of a provider's
    /// answers needs; closed enums refuse them, as a validator of requests wants.
    public var openEnums = true
    /// Leave out what the document marks deprecated, each listed under `upstream: omits:`.
    public var omitDeprecated = false
    /// Wire names of string members that hold secrets beyond those the package's reading of
    /// credential names takes for one.
    public var sensitiveNames: Set<String> = []

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
    public var reuse: [String: String] = [:]
    /// Names the module already declares (its types and operations' types): no imported type takes one.
    public var takenNames: Set<String> = []

    /// Options for `module`, naming the document `documentName` in upstream links.
    public init(module: String, documentName: String) {
        self.module = module
        self.documentName = documentName
    }
}
