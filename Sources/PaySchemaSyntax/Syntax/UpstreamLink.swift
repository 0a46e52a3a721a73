import PaySchemaLanguage
import PaySchemaYAML

/// A type's link to the schema it models in a provider's official contract:
///
/// ```yaml
/// upstream:
///   ref: paypal/checkout_orders_v2.json#/components/schemas/order
///   omits: { create_time: "not used by the card flow" }
///   differences: { "links[].href": "we require a URL reference; PayPal's schema takes any string" }
/// ```
///
/// or just `upstream: paypal/checkout_orders_v2.json#/components/schemas/order`. `omits` lists the
/// official fields and enum cases the type leaves out on purpose; `differences` the places where the
/// type is knowingly stricter than the official schema (a wire path, `[]` for any list element),
/// each with its reason. `payschema upstream` and the conformance test read both.
package struct UpstreamLink: Sendable, Hashable {
    /// `document#/json/pointer`: the document relative to the contracts folder.
    package var ref: Located<String>
    /// Official fields or enum cases left out on purpose, with the reason.
    package var omits: [String: String]
    /// Wire paths where the type is stricter than the official schema, with the reason.
    package var differences: [String: String]

    /// Creates a link.
    package init(ref: Located<String>, omits: [String: String] = [:], differences: [String: String] = [:]) {
        self.ref = ref
        self.omits = omits
        self.differences = differences
    }

    /// The document part of ``ref`` (`paypal/checkout_orders_v2.json`).
    package var document: String { String(ref.value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]) }

    /// The JSON pointer part of ``ref`` (`/components/schemas/order`), empty when missing.
    package var pointer: String {
        let parts = ref.value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : ""
    }
}
