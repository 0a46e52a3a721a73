/// The kinds of legacy API surface.
package enum LegacyAPIKind: String, Sendable, CaseIterable {
    /// A delegate protocol.
    case `protocol`
    /// A caseless enum with static methods (`MCCMerchant`).
    case namespace
    /// Deprecated members added to a current type (`CardClient`).
    case `extension`
}
