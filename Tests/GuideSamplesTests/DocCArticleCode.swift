// The code the DocC articles show for the modules whose guides have no Swift sample of their own
// (Amazon Pay's WebView app, the Mollie demo). Every `swift` block of an article under
// `Sources/*/*.docc` must appear in this target's sources (DocCArticleTests checks it), so each is
// code this target compiles in Swift 6 with strict concurrency.
import AmazonPayMobile
import Foundation
import MollieCheckout

/// Amazon Pay, the WebView app: the page posts messages, the bridge answers with the next URL.
@MainActor
final class AmazonPayWebViewController {
    var loaded: [URL] = []

    func makeBridge(webSession: any WebSession) -> AmazonPayWebViewBridge {
        let configuration = AmazonPayConfiguration(
            merchantServerURL: URL(string: "https://shop.example")!,
            reviewReturn: .universalLink(host: "shop.example", pathPrefix: "/amazonpay"))
        return AmazonPayWebViewBridge(configuration: configuration, webSession: webSession)
    }

    var scripts: [String] = []

    // The web view's script message handler: `webkit.messageHandlers.iosApp.postMessage(...)`.
    func didPost(message body: Data, bridge: AmazonPayWebViewBridge) async {
        switch await bridge.step(for: body) {
        case .load(let next):
            loaded.append(next)          // webView.load(URLRequest(url: next))
        case .evaluateJavaScript(let script):
            scripts.append(script)       // webView.evaluateJavaScript(script): uncoverScreen()
        case .showError(let errorPage, let error):
            print(error.code)
            loaded.append(errorPage)     // the merchant's error page, as the guide's app does
        case .ignore:
            break                        // a checkout is already running
        }
    }

    // As the guide's app runs it: each step as a script on the page the web view shows.
    func didPostAsTheGuide(message body: Data, bridge: AmazonPayWebViewBridge) async {
        if let script = await bridge.step(for: body).javaScript {
            scripts.append(script)       // webView.evaluateJavaScript(script): loadUrl("…") or uncoverScreen()
        }
    }

    // The same with errors thrown, for apps that map them themselves.
    func didReceive(message body: Data, bridge: AmazonPayWebViewBridge) async {
        do {
            let next = try await bridge.handle(message: body)
            loaded.append(next)          // webView.load(URLRequest(url: next))
        } catch let error as AmazonPayError {
            print(error.code)            // show the merchant's error page
            loaded.append(bridge.configuration.errorPageURL)
        } catch {
            loaded.append(bridge.configuration.errorPageURL)
        }
    }
}

/// The Mollie checkout demo: create a payment through the backend, pay it in the browser, refresh it.
@MainActor
final class MollieCheckoutViewController {
    var statuses: [PaymentStatus] = []

    func makeClient(webSession: any WebSession, opener: any URLOpener) throws -> MollieCheckoutClient {
        let settings = MollieCheckoutSettings(
            baseUrl: URL(string: "https://backend.example")!,
            selectPaymentMethod: true,
            paymentFlow: .internalBrowser)
        return try MollieCheckoutClient(
            settings: settings, device: DeviceUUID(UUID().uuidString),
            transport: PaymentDefaults.transport, inAppBrowser: webSession, externalBrowser: opener)
    }

    func pay(with client: MollieCheckoutClient) async {
        do {
            let amount = Decimal(string: "10.00")!               // exact: never a Double
            let payment = try await client.createPayment(
                description: "Order 12345", amount: amount,
                selection: MethodSelection(method: .ideal, issuer: "ideal_ABNANL2A"))
            switch try await client.execute(payment) {
            case .returned(let refreshed):
                statuses.append(refreshed.status)
            case .openedInExternalBrowser:
                break                                            // wait for mollie-checkout://payments/{id}
            }
        } catch let error as MollieCheckoutError {
            print(error.code, error.fieldErrors)
        } catch {
            print(error)
        }
    }

    // The app delegate's `open url`: mollie-checkout://payments/{id}.
    func open(_ url: URL, client: MollieCheckoutClient) async throws {
        let payment = try await client.handle(deepLink: url)
        statuses.append(payment.status)
    }
}

/// The runtime's landing page: reading a payload and listing what is wrong with it.
func printViolations(ofMolliePayment data: Data) throws {
    let payment = try PayWire.decodeJSON(MolliePayment.self, from: data)
    for violation in payment.violations {
        print(violation)        // amount.currency: format.iso4217: must be an ISO 4217 currency code
    }
}
