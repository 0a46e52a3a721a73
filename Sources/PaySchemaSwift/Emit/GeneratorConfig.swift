import Foundation
import PaySchemaLanguage
import PaySchemaModel

/// What `payschema generate` and the build plugin generate for one module, read from
/// `payschema-config.yaml` beside its schemas (`Schemas/<Module>/payschema-config.yaml`).
///
/// ```yaml
/// accessModifier: package            # public (default), package or internal
/// generate: [models, validators, errorCatalogs, operations]   # default: all five, shims included
/// naming:
///   registry: CheckoutTypes          # the type registry's name (default: <Module>Schema)
/// ```
///
/// Without the file, the output is what it always was: everything, `public`. The file is checked
/// like a schema: every problem located as `file:line:column: error: message`.
package struct GeneratorConfig: Sendable, Hashable {
    /// The file name the pipeline and the plugin look for in a module's schemas folder.
    package static let fileName = "payschema-config.yaml"

    /// The access level of every generated declaration.
    package enum AccessModifier: String, Sendable, Hashable, CaseIterable {
        /// Visible to apps importing the module (the default).
        case `public`
        /// Visible to the other modules of the same package only.
        case package
        /// Visible inside the module only.
        case `internal`
    }

    /// The parts of the generated code that can be left out.
    package enum Part: String, Sendable, Hashable, CaseIterable {
        /// The types and their `Codable` conformances; everything else builds on them.
        case models
        /// `PayValidatable` conformances checking every constraint.
        case validators
        /// Error catalogs: each module's error type with its stable codes.
        case errorCatalogs
        /// Deprecated spellings: former type and field names and the legacy (`MCCMerchant`) APIs.
        case shims
        /// Operation descriptors (method, path, parameters, bodies, responses) for clients and the sandbox.
        case operations
    }

    /// The access level of generated declarations.
    package var accessModifier: AccessModifier = .public
    /// What is generated.
    package var parts: Set<Part> = Set(Part.allCases)
    /// The name of the module's type registry enum; `nil` for `<Module>Schema`.
    package var registryName: String?
    /// Where the file sets ``registryName``, for errors about it.
    package var registryLocation: SourceLocation?

    /// Today's output: everything, `public`.
    package static let standard = GeneratorConfig()

    /// Creates a configuration.
    package init(accessModifier: AccessModifier = .public, parts: Set<Part> = Set(Part.allCases), registryName: String? = nil) {
        self.accessModifier = accessModifier
        self.parts = parts
        self.registryName = registryName
    }

    /// Whether `part` is generated.
    package func generates(_ part: Part) -> Bool { parts.contains(part) }

    /// The registry's name for `module`.
    package func registry(for module: String) -> String { registryName ?? module + "Schema" }
}
