// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// The main package's identity is its folder's name (a path dependency).
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

/// Benchmarks for PaymentSchemas, kept out of the main package so its build and tests stay fast.
/// `./run.sh` builds everything in release mode, runs each measurement and writes RESULTS.md.
let package = Package(
    name: "PaymentSchemasBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.0.0"),
    ],
    targets: [
        // swift-openapi-generator's build plugin on the exported bundled schemas (run.sh writes
        // Sources/PeerTypes/openapi.json first): the peer's types for `bench peer-decode`.
        .target(
            name: "PeerTypes",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .executableTarget(
            name: "bench",
            dependencies: [
                .product(name: "PaySchemaCore", package: mainPackage),
                .product(name: "PaymentMocks", package: mainPackage),
                .product(name: "PaymentSandbox", package: mainPackage),
                .product(name: "PaymentScenarios", package: mainPackage),
                .product(name: "MollieCheckout", package: mainPackage),
                .product(name: "AmazonPayMobile", package: mainPackage),
                .product(name: "PayPalPayments", package: mainPackage),
                .product(name: "SuiteMCommerce", package: mainPackage),
                .product(name: "PaymentFlowsCore", package: mainPackage),
                .product(name: "PaymentSchemasRuntime", package: mainPackage),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                "PeerTypes",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
