// The MIT guide's Objective-C API as Swift imports its selectors:
//   initOnEnvironment:currentViewController:delegate:  → init(onEnvironment:currentViewController:delegate:)
//   sndPayWithCompany:xmlA:xmlM:                        → sndPay(withCompany:xmlA:xmlM:)
//   AuthenticateWithBeanTokenization:bean3DS:           → authenticate(withBeanTokenization:bean3DS:)
//   sndPayWithTokenWithBeanTokenization:bean3DS:        → sndPayWithToken(withBeanTokenization:bean3DS:)
import Foundation
import SuiteMCommerce

@MainActor
final class MITViewController: SuiteControllerDelegate {
    var controller: SuiteController?
    var outcomes: [String] = []

    func start(environment: Environment) {
        controller = SuiteController(onEnvironment: environment, currentViewController: self, delegate: self)
        controller?.sndPay(withCompany: "SNBX", xmlA: "<encrypted xmlA>", xmlM: "<merchant xmlM>")
    }

    func tokenize(_ tokenization: BeanTokenization, _ bean3DS: Bean3DS) {
        controller?.authenticate(withBeanTokenization: tokenization, bean3DS: bean3DS)
        controller?.sndPayWithToken(withBeanTokenization: tokenization, bean3DS: bean3DS)
    }

    func didFinishPayProcess(_ response: String?, error: SuiteError?) {
        outcomes.append(error?.code ?? "paid")
    }
    func didFinishAuthenticationProcess(_ tokenizeResponse: BeanTokenizeResponse?, error: SuiteError?) {
        outcomes.append(error?.code ?? "token")
    }
    func didFinishTokenizeTransantion(_ beanPaymentWithToken: BeanPaymentWithToken?, error: SuiteError?) {
        outcomes.append(error?.code ?? "charged")
    }
}
