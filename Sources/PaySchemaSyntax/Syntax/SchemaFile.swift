import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

/// One schema file as read from YAML: the types, error catalogs and operations it declares.
package struct SchemaFile: Sendable {
    /// The path diagnostics use for this file.
    package var path: String
    /// The path recorded in generated code (relative to the schemas folder, e.g. `MCSCommerceWeb/Checkout.yaml`).
    package var displayPath: String
    /// The base name of the generated Swift file.
    package var outputName: String
    /// The file's documentation.
    package var doc: String?
    /// The declared module, when the file names one.
    package var module: Located<String>?
    /// Named types in file order.
    package var types: [TypeDecl] = []
    /// Error catalogs in file order.
    package var errorCatalogs: [ErrorCatalogDecl] = []
    /// REST operations in file order.
    package var operations: [OperationDecl] = []
    /// Legacy API surfaces in file order.
    package var legacyAPIs: [LegacyAPIDecl] = []
    /// Where the file's operations are served in the sandbox (`/t/paypal`), for the exported
    /// contract's `servers`.
    package var sandboxPath: Located<String>?

    /// Creates the value from its parts (the parser does).
    package init(
        path: String, displayPath: String, outputName: String, doc: String? = nil, module: Located<String>? = nil, types: [TypeDecl] = [],
        errorCatalogs: [ErrorCatalogDecl] = [], operations: [OperationDecl] = [], legacyAPIs: [LegacyAPIDecl] = [],
        sandboxPath: Located<String>? = nil
    ) {
        self.path = path
        self.displayPath = displayPath
        self.outputName = outputName
        self.doc = doc
        self.module = module
        self.types = types
        self.errorCatalogs = errorCatalogs
        self.operations = operations
        self.legacyAPIs = legacyAPIs
        self.sandboxPath = sandboxPath
    }
}
