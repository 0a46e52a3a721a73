// swift-tools-version: 6.0
import PackageDescription

// An app team's package using PaymentSchemas from outside: its own schemas in
// Schemas/ShopPayments/, the build plugin generating them, the runtime to decode and validate.
// From a release you would write
//   .package(url: "https://github.com/<owner>/PaymentSchemas", from: "0.3.0")
// and the package name is the last component of the URL; here the package is two folders up,
// so its name is the folder's name.
let package = Package(
    name: "ShopCheckout",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "PaymentSchemas", path: "../..")
    ],
    targets: [
        .target(
            name: "ShopPayments",
            dependencies: [.product(name: "PaymentSchemasRuntime", package: "PaymentSchemas")],
            plugins: [.plugin(name: "PaySchemaPlugin", package: "PaymentSchemas")]
        ),
        .testTarget(name: "ShopPaymentsTests", dependencies: ["ShopPayments"]),
    ],
    swiftLanguageModes: [.v6]
)
