// swift-tools-version: 6.1
import Foundation
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

/// `PAYSCHEMA_FUZZ=1` (set by `Fuzz/run.sh`): the libFuzzer harnesses in `Fuzz/Sources/`, built
/// from the package's own sources, each module's hand-written code with its committed `Generated/`
/// (no build plugin: `payschema` must not be linked with libFuzzer). Nothing else is declared.
let fuzzing = Context.environment["PAYSCHEMA_FUZZ"] == "1"
/// `PAYSCHEMA_BENCHMARKS=1` (set by `Benchmarks/run.sh`): the `bench` executable and the peer's
/// types in `Benchmarks/Sources/`, beside everything else. Off by default, so neither a build nor an
/// app resolving this package fetches swift-openapi-generator.
let benchmarking = Context.environment["PAYSCHEMA_BENCHMARKS"] == "1"

/// The generator's stage modules, which the generator's tests import beside `PaySchemaCore`.
let generatorStages: [Target.Dependency] = [
    "PaySchemaChecker", "PaySchemaDiff", "PaySchemaExport", "PaySchemaImport", "PaySchemaLanguage", "PaySchemaModel", "PaySchemaSwift",
    "PaySchemaSyntax", "PaySchemaUpstream", "PaySchemaYAML",
]

/// What every mode builds: the schema toolchain, the shared vocabulary, the runtime and the transports.
let coreTargets: [Target] = [
    .systemLibrary(
        name: "CLibYAML",
        pkgConfig: "yaml-0.1",
        providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    // The vocabulary the generator and the runtime share: wire formats, HTTP methods, named
    // formats, the constraint rules, decimal and date text. Foundation only, so the generator
    // core never links the runtime apps ship (coders, XML, operations).
    .target(
        name: "PaymentSchemasVocabulary"
    ),
    .target(
        name: "PaymentSchemasRuntime",
        dependencies: ["PaymentSchemasVocabulary"]
    ),
    // The generator, one module per stage; each imports only the stages it consumes, so the
    // compiler holds the pipeline's boundaries (ARCHITECTURE.md, "The generator: one module per stage").
    // Diagnostics and the schema language's words, shared by every stage.
    .target(
        name: "PaySchemaLanguage",
        dependencies: ["PaymentSchemasVocabulary"]
    ),
    // YAML loading (libyaml): located nodes, for schemas, configuration and official documents.
    .target(
        name: "PaySchemaYAML",
        dependencies: ["CLibYAML", "PaySchemaLanguage", "PaymentSchemasVocabulary"]
    ),
    // The schema files as parsed (the syntax).
    .target(
        name: "PaySchemaSyntax",
        dependencies: ["PaySchemaLanguage", "PaymentSchemasVocabulary", "PaySchemaYAML"]
    ),
    // The resolved model: what the checker hands every later stage. No syntax.
    .target(
        name: "PaySchemaModel",
        dependencies: ["PaySchemaLanguage", "PaymentSchemasVocabulary"]
    ),
    // The checker: syntax in, resolved model out.
    .target(
        name: "PaySchemaChecker",
        dependencies: ["PaySchemaLanguage", "PaySchemaModel", "PaySchemaSyntax", "PaymentSchemasVocabulary"]
    ),
    // Swift emission: the typed layer and its renderer, from the resolved model.
    .target(
        name: "PaySchemaSwift",
        dependencies: ["PaySchemaLanguage", "PaySchemaModel", "PaymentSchemasVocabulary"]
    ),
    // JSON Schema and OpenAPI export, from the resolved model.
    .target(
        name: "PaySchemaExport",
        dependencies: ["PaySchemaLanguage", "PaySchemaModel", "PaymentSchemasVocabulary"]
    ),
    // The schema diff: two revisions' resolved models compared.
    .target(name: "PaySchemaDiff", dependencies: ["PaySchemaLanguage", "PaySchemaModel", "PaymentSchemasVocabulary", "PaySchemaYAML"]),
    // Our linked types against the providers' official documents, from the resolved model.
    .target(
        name: "PaySchemaUpstream",
        dependencies: ["PaySchemaExport", "PaySchemaLanguage", "PaySchemaModel", "PaymentSchemasVocabulary", "PaySchemaYAML"]
    ),
    // OpenAPI documents in, schema files of our language out (`payschema import openapi`).
    .target(
        name: "PaySchemaImport",
        dependencies: ["PaySchemaLanguage", "PaymentSchemasVocabulary", "PaySchemaYAML"]
    ),
    // The pipeline that runs the stages, and the one import the CLIs use.
    .target(
        name: "PaySchemaCore",
        dependencies: [
            "PaySchemaChecker", "PaySchemaDiff", "PaySchemaExport", "PaySchemaImport", "PaySchemaLanguage", "PaySchemaModel",
            "PaySchemaSwift", "PaySchemaSyntax", "PaySchemaUpstream", "PaymentSchemasVocabulary", "PaySchemaYAML",
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
]

var targets: [Target] =
    coreTargets + [
        .executableTarget(
            name: "payschema",
            dependencies: [
                "PaySchemaCore",
                "PaymentSchemasVocabulary",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // MIT's merchant server: the only party holding the AES key (the "semilla") that builds
        // `xmlA` and decrypts the hosted form's response. Server side, never a dependency of an app.
        .target(
            name: "SuiteMerchantServer",
            dependencies: [
                "SuiteMCommerce",
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
            ]
        ),
        // What every server here is built on (the mock providers and the merchant servers alike):
        // the request and answer it handles, the routes it installs, the pages it hosts. Server
        // side, never a dependency of an app.
        .target(
            name: "PaymentServerCore",
            dependencies: [
                "PaymentSchemasRuntime",
                "PaymentFlowsCore",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "PaymentMocks",
            dependencies: integrationModules.map { Target.Dependency(stringLiteral: $0) } + [
                "PaymentSchemasVocabulary",
                "PaymentFlowsCore",
                "PaymentServerCore",
                "SuiteMerchantServer",
                "AmazonPayMerchantServer",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
            ]
        ),
        // The guide's sample merchant server: the only party that calls Amazon Pay and holds the
        // merchant's private key. Sandbox tooling, never a dependency of an app-facing product.
        .target(
            name: "AmazonPayMerchantServer",
            dependencies: [
                "AmazonPayMobile",
                "PaymentServerCore",
                "PaymentFlowsCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
            ]
        ),
        // The merchant's receiving end of the providers' webhooks: PayPal's events verified with its
        // `verify-webhook-signature` and replays refused, Mollie's calls checked by fetching the
        // payment. Server side, never a dependency of an app-facing product.
        .target(
            name: "MerchantWebhooks",
            dependencies: ["PayPalPayments", "MollieCheckout", "AmazonPayMobile", "PaymentFlowsCore", "PaymentSchemasRuntime"]
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
                "PaymentFlowsCore",
                "PaymentServerCore",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Sandbox"])),
                // The connection's configuration (idle timeout) is HummingbirdCore's.
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Sandbox"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Sandbox"])),
                // The client side of the sandbox (`payflow run --http`, the merchant server's calls to
                // the providers): AsyncHTTPClient, as a Linux server calls HTTP; apps keep URLSession.
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client", condition: .when(traits: ["Sandbox"])),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Sandbox"])),
            ]
        ),
        .executableTarget(
            name: "payflow",
            dependencies: [
                "PaymentSchemasVocabulary",
                "PaymentMocks",
                "PaymentScenarios",
                "PaymentSandbox",
                "AmazonPayMerchantServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
            ]
        ),
        .plugin(
            name: "PaySchemaPlugin",
            capability: .buildTool(),
            dependencies: ["payschema"]
        ),
        // `swift package generate-payment-schemas`: the build plugin's generation on demand, into a
        // folder the team chooses, with `--check` for CI (Plugins/PluginsShared is both plugins' code).
        .plugin(
            name: "GeneratePaymentSchemas",
            capability: .command(
                intent: .custom(
                    verb: "generate-payment-schemas",
                    description: "Generate Swift from targets' payment schemas into a folder (--output, default Generated); --check for CI"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "writes the Swift generated from the targets' schemas to --output (Generated/ by default)")
                ]
            ),
            dependencies: ["payschema"]
        ),
        // The build plugin's source (its SwiftPM and Xcode branches and the shared plan) compiled
        // against stand-ins of SwiftPM's `PackagePlugin` and Xcode's `XcodeProjectPlugin`, so the
        // Xcode branch, which only Xcode compiles, is compiled and run on Linux by the tests.
        // The stand-ins' modules are not named `PackagePlugin`/`XcodeProjectPlugin` (a module of
        // that name in a package's graph makes SwiftPM report a build plugin's diagnostics twice in
        // the packages that depend on it); the harness imports them under those names by alias.
        .target(name: "PackagePluginStandIn", path: "Tests/PluginStandIns/PackagePlugin"),
        .target(
            name: "XcodeProjectPluginStandIn", dependencies: ["PackagePluginStandIn"], path: "Tests/PluginStandIns/XcodeProjectPlugin"),
        .executableTarget(
            name: "PaySchemaPluginHarness",
            dependencies: ["PackagePluginStandIn", "XcodeProjectPluginStandIn"],
            path: "Tests/PluginStandIns/PaySchemaPluginHarness",
            swiftSettings: [
                .unsafeFlags([
                    "-module-alias", "PackagePlugin=PackagePluginStandIn", "-module-alias", "XcodeProjectPlugin=XcodeProjectPluginStandIn",
                ])
            ]
        ),
        .testTarget(
            name: "PaySchemaPluginTests",
            dependencies: ["PaySchemaPluginHarness", "PackagePluginStandIn", "XcodeProjectPluginStandIn", "CLITestSupport", "payschema"]
        ),
        .plugin(
            name: "SchemaDiffPlugin",
            capability: .command(
                intent: .custom(
                    verb: "schema-diff", description: "Classify schema changes against a git revision as breaking or not (payschema diff)")
            ),
            dependencies: ["payschema"]
        ),
        .testTarget(
            name: "PaySchemaCoreTests",
            dependencies: ["PaySchemaCore", "PaymentSchemasRuntime", "PaymentFlowsCore", "CLITestSupport"] + generatorStages,
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PaymentSchemasRuntimeTests",
            dependencies: ["PaymentSchemasRuntime", "PaymentFlowsCore"]
        ),
        .testTarget(
            name: "GeneratedModelsTests",
            dependencies: integrationModules.map { Target.Dependency(stringLiteral: $0) } + [
                "PaymentSchemasRuntime", "CLITestSupport", "PaySchemaCore",
            ] + generatorStages,
            resources: [.copy("Payloads")]
        ),
        .target(
            name: "CLITestSupport",
            path: "Tests/CLITestSupport"
        ),
        .testTarget(
            name: "PayschemaCLITests",
            dependencies: ["payschema", "CLITestSupport", "PaySchemaCore", "PaymentSchemasVocabulary"] + generatorStages
        ),
        .testTarget(
            name: "PaymentFlowsTests",
            dependencies: [
                "PaymentMocks", "PaymentScenarios", "AmazonPayMerchantServer", "SuiteMerchantServer", "PaymentFlowsCore",
                "PaymentServerCore",
                .product(name: "Clocks", package: "swift-clocks", condition: .when(traits: ["Sandbox"])),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
            ]
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
            dependencies: integrationModules.map { Target.Dependency(stringLiteral: $0) } + ["CLITestSupport"]
        ),
        .testTarget(
            name: "PaymentSandboxTests",
            dependencies: [
                "PaymentSandbox", "PaymentMocks", "PaymentScenarios", "AmazonPayMerchantServer", "PaymentFlowsCore", "MollieCheckout",
                "AmazonPayMobile", "PayPalPayments", "PaymentServerCore",
                "SuiteMCommerce", "SuiteMerchantServer", "MerchantWebhooks", "payflow", "CLITestSupport",
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Sandbox"])),
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

/// The benchmarks: `bench` and swift-openapi-generator's types for the same schemas (the peer).
if benchmarking {
    targets += [
        .target(
            name: "PeerTypes",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            path: "Benchmarks/Sources/PeerTypes",
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .executableTarget(
            name: "bench",
            dependencies: integrationModules.map { Target.Dependency(stringLiteral: $0) } + [
                "PaySchemaCore", "PaymentMocks", "PaymentSandbox", "PaymentScenarios", "PaymentFlowsCore", "PaymentSchemasRuntime",
                "PeerTypes",
                "AmazonPayMerchantServer", "PaymentServerCore",
                .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["Sandbox"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Sandbox"])),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
            ],
            path: "Benchmarks/Sources/bench"
        ),
    ]
}

/// Everything in the package's folder except `kept` (paths relative to it, one or two levels
/// deep): what a target rooted at the package's folder excludes.
func everythingBut(_ kept: Set<String>) -> [String] {
    let files = FileManager.default
    var excluded: [String] = []
    for entry in (try? files.contentsOfDirectory(atPath: Context.packageDirectory)) ?? [] where !entry.hasPrefix(".") {
        let below = kept.filter { $0.hasPrefix(entry + "/") }
        if kept.contains(entry) { continue }
        if below.isEmpty {
            excluded.append(entry)
            continue
        }
        for inner in (try? files.contentsOfDirectory(atPath: Context.packageDirectory + "/" + entry)) ?? []
        where !below.contains(entry + "/" + inner) {
            excluded.append(entry + "/" + inner)
        }
    }
    return excluded.sorted()
}

/// `Fuzz/run.sh` builds the harnesses in the debug configuration (its CI run compiles in a third of
/// a release build's time) with the code the schema and diff harnesses spend their time in (the
/// vocabulary, the runtime and the generator's stages) optimized, so those harnesses replay their
/// corpus in about 30 s more than a release build (LeakSanitizer's scan after each input, not the
/// code, is most of it); the five modules' generated code, which the payload harness reads with,
/// stays unoptimized. `Fuzz/run.sh --release` optimizes everything (campaigns).
func optimizedForFuzzing(_ targets: [Target]) -> [Target] {
    guard Context.environment["PAYSCHEMA_FUZZ_OPTIMIZE"] == "core" else { return targets }
    for target in targets where target.type == .regular && (target.name.hasPrefix("PaySchema") || target.name.hasPrefix("PaymentSchemas")) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"])]
    }
    return targets
}

/// The fuzzing build: the core, the five modules without the plugin (each its hand-written
/// sources and its committed `Generated/`, in place), and the harnesses.
let fuzzTargets: [Target] =
    !fuzzing
    ? []
    : optimizedForFuzzing(coreTargets)
        + integrationModules.map { module in
            .target(
                name: module,
                dependencies: ["PaymentSchemasRuntime", "PaymentFlowsCore"],
                path: ".",
                exclude: everythingBut(["Sources/\(module)", "Generated/\(module)"]) + ["Sources/\(module)/\(module).docc"],
                sources: ["Sources/\(module)", "Generated/\(module)"]
            )
        } + [
            .target(name: "CFuzzer", path: "Fuzz/Sources/CFuzzer"),
            .target(
                name: "FuzzSupport",
                dependencies: ["PaySchemaCore", "CFuzzer"] + integrationModules.map { Target.Dependency(stringLiteral: $0) },
                path: "Fuzz/Sources/FuzzSupport"
            ),
        ]
        + ["fuzz-schema", "fuzz-payload", "fuzz-diff", "fuzz-replay"].map { name in
            .executableTarget(name: name, dependencies: ["FuzzSupport"], path: "Fuzz/Sources/\(name)")
        }

/// The packages every mode needs.
let coreDependencies: [Package.Dependency] = [
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.0.0"),
]

let package = Package(
    name: "PaymentSchemas",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // What an app imports (the five modules, the runtime, the transports, the mocks its tests use)
    // and what a merchant server imports (the two that hold the keys an app must not). The
    // generator core, the scenarios and the sandbox are the CLIs' insides, not libraries.
    products: fuzzing
        ? []
        : integrationModules.map { .library(name: $0, targets: [$0]) } + [
            .library(name: "PaymentSchemasRuntime", targets: ["PaymentSchemasRuntime"]),
            .library(name: "PaymentFlowsCore", targets: ["PaymentFlowsCore"]),
            .library(name: "PaymentMocks", targets: ["PaymentMocks"]),
            .library(name: "PaymentServerCore", targets: ["PaymentServerCore"]),
            .library(name: "AmazonPayMerchantServer", targets: ["AmazonPayMerchantServer"]),
            .library(name: "SuiteMerchantServer", targets: ["SuiteMerchantServer"]),
            .library(name: "MerchantWebhooks", targets: ["MerchantWebhooks"]),
            .executable(name: "payschema", targets: ["payschema"]),
            .executable(name: "payflow", targets: ["payflow"]),
            .plugin(name: "PaySchemaPlugin", targets: ["PaySchemaPlugin"]),
            .plugin(name: "SchemaDiffPlugin", targets: ["SchemaDiffPlugin"]),
            .plugin(name: "GeneratePaymentSchemas", targets: ["GeneratePaymentSchemas"]),
        ],
    // `Sandbox` (on by default, so this package's own `swift build`, `swift test` and
    // `swift run payflow serve` have it): the mocks, the merchant servers, the sandbox and the CLIs'
    // server side, with Hummingbird, SwiftNIO, AsyncHTTPClient and swift-crypto. An app that
    // depends on this package with `traits: []` for the runtime and the plugin resolves none of
    // them (SwiftPM prunes dependencies only trait-guarded products use).
    traits: [
        .trait(name: "Sandbox", description: "The mock providers, the merchant servers and the HTTP sandbox, with their server packages."),
        .default(enabledTraits: ["Sandbox"]),
    ],
    dependencies: coreDependencies
        + (fuzzing
            ? []
            : [
                .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
                .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
                .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
                .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
                .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
                .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
                .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
                // `swift package generate-documentation`: the DocC catalogs of the modules and the runtime.
                .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
            ])
        + (benchmarking
            ? [
                .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
            ] : []),
    targets: fuzzing ? fuzzTargets : targets,
    swiftLanguageModes: [.v6]
)
