import AmazonPayMobile
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import PaymentSchemasVocabulary
import SuiteMCommerce

/// Whether a name (a JSON member, a form field, an XML element or attribute, a multipart part, a
/// key written in text) names a secret: one the schemas mark `sensitive` (every module's
/// `sensitiveFieldNames`), or one the package's one reading of credential names
/// (`CredentialName`: `password`, `secret`, `token`, `key`, `auth`… endings and telltale words)
/// takes for a credential's, compared without case, separators or a namespace prefix. Names that end
/// otherwise (`checkoutSessionId`, `token_type`, `shipping`) are not secrets.
public enum SecretName {
    /// Whether `name` names a secret.
    public static func isSecret(_ name: some StringProtocol) -> Bool {
        CredentialName.isCredential(name, names: schemaNames)
    }

    /// The schemas' sensitive names, normalized.
    static let schemaNames: Set<String> = {
        var names = AmazonPayMobileSchema.sensitiveFieldNames
        names.formUnion(MCSCommerceWebSchema.sensitiveFieldNames)
        names.formUnion(MollieCheckoutSchema.sensitiveFieldNames)
        names.formUnion(PayPalPaymentsSchema.sensitiveFieldNames)
        names.formUnion(SuiteMCommerceSchema.sensitiveFieldNames)
        return Set(names.map { CredentialName.normalized($0) })
    }()
}
