// swift-tools-version: 6.0
import PackageDescription

/// The five integration modules; each has its schemas in `Schemas/<name>/` and the
/// `PaySchemaPlugin` build-tool plugin turns them into Swift during `swift build`.
let integrationModules = [
    "MCSCommerceWeb",
    "SuiteMCommerce",
    "AmazonPayMobile",
    "PayPalPayments",
    "MollieCheckout",
]

var targets: [Target] = [
    .systemLibrary(
        name: "CLibYAML",
        pkgConfig: "yaml-0.1",
        providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // The vocabulary the generator and the runtime share: wire formats, HTTP methods, named
    // formats, the constraint rules, decimal and date text. Foundation only, so the generator
    // core never links the runtime apps ship (coders, XML, operations).
    .target(
        name: "PaySchemaVocabulary"
    ),
    .target(
        name: "PaymentSchemasRuntime",
        dependencies: ["PaySchemaVocabulary"]
    ),
    .target(
        name: "PaySchemaCore",
        dependencies: ["CLibYAML", "PaySchemaVocabulary"]
    ),
    .executableTarget(
        name: "payschema",
        dependencies: [
            "PaySchemaCore",
            "PaySchemaVocabulary",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
    .target(
        name: "PaymentFlowsCore",
        dependencies: [
            "PaymentSchemasRuntime",
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
    // MIT's merchant server: the only party holding the AES key (the "semilla") that builds
    // `xmlA` and decrypts the hosted form's response. Server side, never a dependency of an app.
    .target(
        name: "SuiteMerchantServer",
        dependencies: [
            "SuiteMCommerce",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]
    ),
    .target(
        name: "PaymentMocks",
        dependencies: integrationModules.map { Target.Dependency(stringLiteral: $0) } + [
            "PaymentFlowsCore",
            "SuiteMerchantServer",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]
    ),
    // The guide's sample merchant server: the only party that calls Amazon Pay and holds the
    // merchant's private key. Sandbox tooling, never a dependency of an app-facing product.
    .target(
        name: "AmazonPayMerchantServer",
        dependencies: [
            "AmazonPayMobile",
            "PaymentMocks",
            "PaymentFlowsCore",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]
    ),
    .target(
        name: "PaymentScenarios",
        dependencies: integrationModules.map { Target.Dependency(stringLiteral: $0) } + [
            "PaymentMocks",
            "PaymentFlowsCore",
            "AmazonPayMerchantServer",
            "SuiteMerchantServer",
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
    .target(
        name: "PaymentSandbox",
        dependencies: [
            "PaymentMocks",
            "AmazonPayMerchantServer",
            "PaymentScenarios",
            "PaymentFlowsCore",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            // The client side of the sandbox (`payflow run --http`, the merchant server's calls to
            // the providers): AsyncHTTPClient, as a Linux server calls HTTP; apps keep URLSession.
            .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ]
    ),
    .executableTarget(
        name: "payflow",
        dependencies: [
            "PaySchemaVocabulary",
            "PaymentMocks",
            "PaymentScenarios",
            "PaymentSandbox",
            "AmazonPayMerchantServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]
    ),
    .plugin(
        name: "PaySchemaPlugin",
        capability: .buildTool(),
        dependencies: ["payschema"]
    ),
    .plugin(
        name: "SchemaDiffPlugin",
        capability: .command(
            intent: .custom(verb: "schema-diff", description: "Classify schema changes against a git revision as breaking or not (payschema diff)")
        ),
        dependencies: ["payschema"]
    ),
    .testTarget(
        name: "PaySchemaCoreTests",
        dependencies: ["PaySchemaCore", "PaymentSchemasRuntime"],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "PaymentSchemasRuntimeTests",
        dependencies: ["PaymentSchemasRuntime"]
    ),
    .testTarget(
        name: "GeneratedModelsTests",
        dependencies: integrationModules.map { Target.Dependency(stringLiteral: $0) } + ["PaymentSchemasRuntime"],
        resources: [.copy("Payloads")]
    ),
    .target(
        name: "CLITestSupport",
        path: "Tests/CLITestSupport"
    ),
    .testTarget(
        name: "PayschemaCLITests",
        dependencies: ["payschema", "CLITestSupport"]
    ),
    .testTarget(
        name: "PaymentFlowsTests",
        dependencies: ["PaymentMocks", "PaymentScenarios", "AmazonPayMerchantServer", "SuiteMerchantServer", "PaymentFlowsCore", .product(name: "Clocks", package: "swift-clocks"), .product(name: "_CryptoExtras", package: "swift-crypto")]
            + integrationModules.map { Target.Dependency(stringLiteral: $0) }
    ),
    .testTarget(
        name: "MigrationTests",
        dependencies: ["PaymentMocks", "MCSCommerceWeb", "PayPalPayments", "AmazonPayMobile", "SuiteMCommerce"]
    ),
    .testTarget(
        name: "AppConsumerTests",
        dependencies: integrationModules.map { Target.Dependency(stringLiteral: $0) }
    ),
    .testTarget(
        name: "GuideSamplesTests",
        dependencies: integrationModules.map { Target.Dependency(stringLiteral: $0) }
    ),
    .testTarget(
        name: "PaymentSandboxTests",
        dependencies: [
            "PaymentSandbox", "PaymentMocks", "PaymentScenarios", "AmazonPayMerchantServer", "PaymentFlowsCore", "MollieCheckout", "AmazonPayMobile",
            "payflow", "CLITestSupport",
            .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
        ]
    ),
    .testTarget(
        name: "PayflowCLITests",
        dependencies: ["payflow", "CLITestSupport"]
    ),
]

for module in integrationModules {
    let dependencies: [Target.Dependency] = ["PaymentSchemasRuntime", "PaymentFlowsCore"]
    targets.append(
        .target(
            name: module,
            dependencies: dependencies,
            plugins: ["PaySchemaPlugin"]
        )
    )
}

let package = Package(
    name: "PaymentSchemas",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: integrationModules.map { .library(name: $0, targets: [$0]) } + [
        .library(name: "PaymentSchemasRuntime", targets: ["PaymentSchemasRuntime"]),
        .library(name: "PaymentFlowsCore", targets: ["PaymentFlowsCore"]),
        .library(name: "PaySchemaCore", targets: ["PaySchemaCore"]),
        .library(name: "PaymentMocks", targets: ["PaymentMocks"]),
        // Tooling, not for apps: the HTTP sandbox (Hummingbird) for tests and benchmarks.
        .library(name: "PaymentSandbox", targets: ["PaymentSandbox"]),
        .library(name: "PaymentScenarios", targets: ["PaymentScenarios"]),
        .library(name: "AmazonPayMerchantServer", targets: ["AmazonPayMerchantServer"]),
        .library(name: "SuiteMerchantServer", targets: ["SuiteMerchantServer"]),
        .executable(name: "payschema", targets: ["payschema"]),
        .executable(name: "payflow", targets: ["payflow"]),
        .plugin(name: "PaySchemaPlugin", targets: ["PaySchemaPlugin"]),
        .plugin(name: "SchemaDiffPlugin", targets: ["SchemaDiffPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
        // `swift package generate-documentation`: the DocC catalogs of the modules and the runtime.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
