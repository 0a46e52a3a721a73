import Foundation
import PaymentSchemasVocabulary

/// Reads what can be read of a payload that does not decode, so that one run reports its decoding
/// problems and the constraint violations of everything else together.
///
/// A strict decode stops at the containers whose fields fail. A partial decode runs the same
/// generated decoders with a collector installed: a container with problems hands them to the
/// collector instead of throwing, and each field that failed holds a placeholder (an empty
/// object, list, string, zero, `false`, the first enum case). The value is then validated, and
/// violations at or below a path with a decoding problem are dropped: they are about placeholders,
/// not about the payload. Only the failure path pays for this; a payload that decodes never sees it.
@usableFromInline
enum PayPartialDecoding {
    /// Where containers put their problems while a partial decode runs.
    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [PayloadIssue] = []
        /// Whether problems are kept (a real partial decode) or dropped (a placeholder being built).
        let keeps: Bool

        init(keeps: Bool) { self.keeps = keeps }

        func add(_ issues: [PayloadIssue]) {
            guard keeps else { return }
            lock.lock()
            collected.append(contentsOf: issues)
            lock.unlock()
        }

        var issues: [PayloadIssue] {
            lock.lock()
            defer { lock.unlock() }
            return collected
        }
    }

    /// The collector of the partial decode running on this task, `nil` for a strict decode.
    @TaskLocal static var collector: Collector?

    /// Whether a partial decode is running (read only when a field has already failed).
    @usableFromInline
    static var isActive: Bool { collector != nil }

    /// Runs `decode` as a partial decode; the value and every problem its containers collected, or
    /// `nil` when even a partial value could not be built (the document is not well formed, its
    /// root has the wrong shape, or a failed field's type has no placeholder).
    static func run<T>(_ decode: () throws -> T) -> (value: T, issues: [PayloadIssue])? {
        let collector = Collector(keeps: true)
        guard let value = try? $collector.withValue(collector, operation: decode) else { return nil }
        return (value, collector.issues)
    }

    /// A stand-in value of `type` for a field that failed: built by the generated decoders
    /// themselves from the emptiest document of each shape, with their problems dropped.
    @usableFromInline
    static func placeholder<T: Decodable>(_ type: T.Type) -> T? {
        if let cases = T.self as? any CaseIterable.Type, let first = firstCase(cases) as? T { return first }
        if T.self == URL.self { return URL(string: "about:blank") as? T }
        return $collector.withValue(Collector(keeps: false)) {
            for node in [PayJSON.object([:]), .array([]), .string(""), .number("0"), .bool(false)] {
                let decoder = PayJSONTreeDecoder(node: node, format: .json)
                if let value = try? decoder.unbox(node, as: T.self, key: nil) { return value }
            }
            return nil
        }
    }

    private static func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? {
        C.allCases.first
    }

    /// `error` with the constraint violations of the parts that did decode, found by running
    /// `decode` (the same generated decoders) partially; what `payflow validate`, the registry's
    /// `read` and ``PayWire/readJSON(_:from:limits:)`` report beside the decoding issues.
    static func addingViolations<T>(to error: PayloadDecodingError, _ decode: () throws -> T) -> PayloadDecodingError {
        var error = error
        if let partial = run(decode), let validatable = partial.value as? any PayValidatable {
            error.violations = violations(validatable.violations, outside: error.issues)
        }
        return error
    }

    /// `violations` without those at or below a path where decoding failed.
    static func violations(_ violations: [ValidationViolation], outside issues: [PayloadIssue]) -> [ValidationViolation] {
        let failed = issues.map(\.path.components)
        return violations.filter { violation in
            let path = violation.path.components
            return !failed.contains { path.starts(with: $0) }
        }
    }
}
