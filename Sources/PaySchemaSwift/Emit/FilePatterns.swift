import PaySchemaLanguage
import PaySchemaModel

/// The compiled patterns of one generated file, each compiled once: the first type whose checks
/// use a pattern declares it (`fileprivate static let <field>Pattern`), and every later use in the
/// file reads that constant (`Owner.<field>Pattern`) instead of declaring the same pattern again
/// (Mollie's whole document repeats its ID patterns on every resource: 354 constants, 33 patterns).
/// A deprecated type's constant is its own (naming a deprecated type elsewhere warns). One per
/// ``SwiftEmitter``, which emits its file's types in order.
final class FilePatterns {
    /// Each pattern declared so far, with the type and constant that declare it.
    private var owners: [String: (type: String, constant: String)] = [:]

    /// The constant `type` reads `pattern` through and whether `type` declares it as `constant`:
    /// an earlier type's (`Owner.<constant>`; `Self.<constant>` when it is `type`'s own), or a new
    /// one, which later types share unless `type` is deprecated.
    func constant(
        for pattern: String, in type: String, named constant: String, deprecated: Bool
    ) -> (
        reference: SwiftExpression, declares: Bool
    ) {
        if let owner = owners[pattern] {
            return (.member(.type(owner.type == type ? "Self" : owner.type), owner.constant), false)
        }
        if !deprecated { owners[pattern] = (type, constant) }
        return (.member(.type("Self"), constant), true)
    }
}

/// How the checks of one value name its compiled pattern and format (``SwiftEmitter/ruleConstants(prefix:_:in:)``).
struct RuleNames {
    /// The compiled pattern: `Self.<prefix>Pattern`, or the constant of an earlier type of the file.
    let pattern: SwiftExpression
    /// The built format: `Self.<prefix>Format`.
    let format: SwiftExpression
}
