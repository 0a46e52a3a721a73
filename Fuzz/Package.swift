// swift-tools-version: 6.0
import PackageDescription

/// libFuzzer harnesses for PaymentSchemas, kept out of the main package so it stays light.
/// Build and run them with `Fuzz/run.sh` (it passes `-sanitize=fuzzer,address`). The schema
/// toolchain, the shared vocabulary, the runtime and the five modules are the main package's own sources (symlinked by
/// `run.sh`); each module's generated code is `Generated/` compiled directly, without the build
/// plugin (whose `payschema` must not be linked with libFuzzer).
let models = ["MCSCommerceWeb", "SuiteMCommerce", "AmazonPayMobile", "PayPalPayments", "MollieCheckout"]

let package = Package(
    name: "PaymentSchemasFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "PaySchemaVocabulary"),
        .target(name: "PaymentSchemasRuntime", dependencies: ["PaySchemaVocabulary"]),
        .target(name: "PaySchemaCore", dependencies: ["CLibYAML", "PaySchemaVocabulary"]),
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
        .target(name: "CFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["PaySchemaCore", "CFuzzer"] + models.map { Target.Dependency(stringLiteral: $0) }),
        .executableTarget(name: "fuzz-schema", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-payload", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-diff", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "fuzz-replay", dependencies: ["FuzzSupport"]),
    ] + models.map { module in
        .target(
            name: module,
            dependencies: ["PaymentSchemasRuntime", "PaymentFlowsCore"] + (module == "SuiteMCommerce" ? [
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto"),
            ] : []))
    },
    swiftLanguageModes: [.v6]
)
