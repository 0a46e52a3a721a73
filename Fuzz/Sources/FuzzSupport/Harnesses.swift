import AmazonPayMobile
import CFuzzer
import Foundation
import MCSCommerceWeb
import MollieCheckout
import PayPalPayments
import PaySchemaCore
import PaymentSchemasRuntime
import SuiteMCommerce

/// What each harness does with one input. Every input must end in a value or a located error:
/// a crash, a trap, a leak or a hang is a finding. `fuzz-replay` runs the same functions over the
/// committed corpus and the regression reproducers without libFuzzer.
public enum Harnesses {
    /// Schema file bytes → loader → parser → checker → emitter.
    public static func schema(_ data: Data) {
        var diagnostics = Diagnostics()
        let file = SchemaSource.load(
            data, diagnosticPath: "Fuzz/Input.yaml", displayPath: "Fuzz/Input.yaml", outputName: "Input", diagnostics: &diagnostics)
        let (checked, checkDiagnostics) = SchemaChecker.check(module: file.module?.value ?? "Fuzz", files: [file])
        diagnostics.append(contentsOf: checkDiagnostics)
        for diagnostic in diagnostics.all {
            // Every diagnostic is located: a line and a column inside the file.
            precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "unlocated diagnostic: \(diagnostic)")
        }
        if let checked, !diagnostics.hasErrors {
            _ = SwiftEmitter.emit(checked)
        }
    }

    /// Every wire type of the five modules.
    public static let types: [PaySchemaType] =
        MCSCommerceWebSchema.types + SuiteMCommerceSchema.types + AmazonPayMobileSchema.types + PayPalPaymentsSchema.types
        + MollieCheckoutSchema.types

    /// The types that have a query form (callbacks, deep links, hosted-page URLs).
    static let queryTypes = types.filter { $0.formats.contains(.query) }

    /// Payload bytes: the first two pick the type (big-endian: the five modules hold more than 256
    /// wire types), the third the reader (one of the type's wire formats, or the URL parser that
    /// callbacks and deep links go through); the rest is the payload.
    public static func payload(_ data: Data) {
        guard data.count >= 3 else { return }
        let index = Int(data[data.startIndex]) << 8 | Int(data[data.startIndex + 1])
        let type = types[index % types.count]
        let selector = Int(data[data.startIndex + 2])
        let body = data.dropFirst(3)
        if selector % (type.formats.count + 1) == type.formats.count {
            // A callback URL: strict URL reading, then its query as one query type reads it.
            let text = String(decoding: body, as: UTF8.self)
            _ = PayURLText.problem(in: text, allowRelative: selector & 0x80 != 0)
            let query = text.split(separator: "?", maxSplits: 1).dropFirst().first ?? Substring(text)
            _ = try? PayQueryText.items(query)
            let queryType = queryTypes[index % queryTypes.count]
            _ = try? queryType.read(Data(query.utf8), as: .query)
            return
        }
        let format = type.formats[selector % type.formats.count]
        guard let result = try? type.read(Data(body), as: format) else { return }
        _ = result.violations.map(\.description)
        if result.violations.isEmpty, let reencoded = result.reencoded {
            // What we write, we read back to the same value.
            guard let again = try? type.read(reencoded, as: format) else {
                preconditionFailure("\(type.qualifiedName): re-encoded \(format) does not read back")
            }
            precondition(again.violations.isEmpty, "\(type.qualifiedName): re-encoded \(format) has violations \(again.violations)")
        }
    }

    /// Two schema files (split at the first `\n---8<---\n`) as the old and the new version of one
    /// module → checker → `payschema diff`'s comparison and every report format.
    public static func diff(_ data: Data) {
        let separator = Data("\n---8<---\n".utf8)
        guard let range = data.range(of: separator) else { return }
        let old = check(data[data.startIndex..<range.lowerBound])
        let new = check(data[range.upperBound...])
        let changes = SchemaDiff.compare(old: old, new: new)
        for format in DiffReport.Format.allCases {
            _ = DiffReport.render(changes, format: format)
        }
    }

    private static func check(_ data: Data) -> [String: ResolvedModule] {
        var diagnostics = Diagnostics()
        let file = SchemaSource.load(
            Data(data), diagnosticPath: "Fuzz/Input.yaml", displayPath: "Fuzz/Input.yaml", outputName: "Input", diagnostics: &diagnostics)
        let (checked, _) = SchemaChecker.check(module: "Fuzz", files: [file])
        return checked.map { ["Fuzz": $0] } ?? [:]
    }

    /// The harness libFuzzer's callback runs (a C callback cannot capture it).
    nonisolated(unsafe) static var selected: ((Data) -> Void)?

    /// Runs libFuzzer's driver with `harness` as the target, passing it the command line; exits
    /// with libFuzzer's status.
    public static func fuzz(_ harness: @escaping (Data) -> Void) -> Never {
        selected = harness
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
                guard let bytes, count > 0 else { return 0 }
                Harnesses.selected?(Data(bytes: bytes, count: count))
                return 0
            })
    }
}
