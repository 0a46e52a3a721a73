/// Receives the outcome of each `SuiteController` operation, exactly once per call, on the main
/// actor (a view controller conforms as it is, with no `nonisolated` methods).
@MainActor
public protocol SuiteControllerDelegate: AnyObject, Sendable {
    /// The hosted payment ended: the encrypted response (decrypt it with the key that encrypted
    /// `xmlA`), or an error.
    func didFinishPayProcess(_ response: String?, error: SuiteError?)
    /// 3-D Secure tokenization ended: the token, or an error (A001–A010).
    func didFinishAuthenticationProcess(_ tokenizeResponse: BeanTokenizeResponse?, error: SuiteError?)
    /// The payment with a token ended: the payment, or an error (T001–T014).
    func didFinishTokenizeTransantion(_ beanPaymentWithToken: BeanPaymentWithToken?, error: SuiteError?)
}
