/// The package's release, as `payschema --version` and `payflow --version` print it.
public enum PaymentSchemasVersion {
    /// Semantic version of this release of the package, its generator and its tools.
    public static let current = "0.3.0"
}
