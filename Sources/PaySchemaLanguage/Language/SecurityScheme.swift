/// How an operation's requests authenticate: the exported contract's security scheme.
package enum SecurityScheme: String, Sendable, Hashable, CaseIterable {
    /// `Authorization: Bearer <token>`.
    case bearer
    /// `Authorization: Basic <base64 of id:secret>`.
    case basic
    /// Amazon Pay's `Authorization: AMZN-PAY-RSASSA-PSS-V2 …` request signature.
    case signature
}
