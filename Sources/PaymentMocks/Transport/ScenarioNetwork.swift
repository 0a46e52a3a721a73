import Foundation

/// Carries a scenario's provider calls over a real network: the HTTP sandbox registers each
/// provider's transport and gives the client side an endpoint to reach it. Declared beside the
/// transports it serves, so the sandbox conforms without importing the scenarios.
public protocol ScenarioNetwork: Sendable {
    /// Serves `transport` and returns how clients reach it.
    func endpoint(for transport: MockProviderTransport) -> MockProviderTransport.RemoteEndpoint
    /// Stops serving the transports of a finished run.
    func release(_ transports: [MockProviderTransport])
    /// Serves the hosted pages of `browser` to a real browser.
    func servePages(of browser: MockBrowser)
    /// Stops serving the hosted pages of `browser`.
    func stopServingPages(of browser: MockBrowser)
    /// The provider's URL a link on the network stands for (a sandbox page `…/h/<host>/<path>`
    /// is `https://<host>/<path>`); any other URL as it is.
    func providerURL(for url: URL) -> URL
}
