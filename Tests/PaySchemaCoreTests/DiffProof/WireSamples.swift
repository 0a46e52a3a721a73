import Foundation

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// Candidate payloads for a type, written from one schema revision: for every field the values its
/// type and constraints make interesting (bounds and one past them, every format's shape, the
/// shortest value each pattern accepts and values one pattern accepts and the other refuses, every
/// enum value and alias, `null`, absent), every legacy key spelling, every union variant. The
/// writer's generated decoder keeps the candidates it accepts; those (and the writer's re-encodings
/// of them) are the payloads the other revision must read.
struct WireSamples {
    let module: CheckedSchemas
    /// Patterns of the other revision, so that values telling two patterns apart are tried too.
    let otherPatterns: [String]
    /// Whether either revision has a `requireAnyOf` rule (then every presence combination is tried).
    var hasPresenceRules = false

    static let maxDepth = 3

    /// JSON candidates for the named type.
    func json(for name: String) -> [String] {
        unique(values(.named(name), constraints: Constraints(), depth: 0))
    }

    /// Query candidates for a struct that supports the query encoding.
    func query(for name: String) -> [String] {
        guard case .structure(let decl)? = module.type(name)?.kind, decl.supports(.query) else { return [] }
        var items: [String] = []
        for field in decl.fields where field.required {
            guard let first = values(field.type.value, constraints: field.constraints, depth: Self.maxDepth).first else { continue }
            let text = first.hasPrefix("\"") ? String(first.dropFirst().dropLast()) : first
            items.append(
                decl.wireName(of: field, in: .query) + "=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text))
        }
        return [items.joined(separator: "&")]
    }

    private func values(_ type: TypeExpression, constraints: Constraints, depth: Int) -> [String] {
        switch type {
        case .primitive(let primitive):
            return primitiveValues(primitive, constraints)
        case .named(let name):
            guard depth < Self.maxDepth, let decl = module.type(name) else { return [] }
            switch decl.kind {
            case .structure(let structure): return objects(structure, depth: depth + 1)
            case .enumeration(let enumeration):
                var raws = enumeration.cases.flatMap { [$0.value.value] + $0.aliases.map(\.value) }.map(text)
                raws.append(enumeration.rawType == .int ? "987" : "\"zz_unlisted\"")
                return raws
            case .union(let union):
                return union.variants.flatMap { variant -> [String] in
                    guard case .structure(let structure)? = module.type(variant.type.value)?.kind else { return [] }
                    return objects(structure, depth: depth + 1, overriding: [union.discriminator.value: text(.string(variant.tag.value))])
                }
            case .scalar(let scalar):
                return primitiveValues(scalar.base.value, scalar.constraints)
            }
        case .list(let element), .set(let element):
            let inner = values(element, constraints: Constraints(), depth: depth)
            var lists = ["[]"]
            if let first = inner.first {
                lists.append("[\(first)]")
                lists.append("[\(first),\(inner.count > 1 ? inner[1] : first)]")
                lists.append("[\(first),\(first),\(first)]")
                lists.append("[\(first),null]")
            }
            return lists
        case .map(let value):
            let inner = values(value, constraints: Constraints(), depth: depth)
            return ["{}"] + inner.prefix(2).map { "{\"k\":\($0)}" }
        }
    }

    /// A base object (each field's first candidate, optional ones present), the minimal object
    /// (required fields only), then one field at a time: each candidate, `null`, absent, and each
    /// legacy key spelling.
    private func objects(_ decl: StructDecl, depth: Int, overriding: [String: String] = [:]) -> [String] {
        let fields = decl.fields.map { field -> (key: String, aliases: [String], candidates: [String], required: Bool) in
            let key = decl.wireName(of: field, in: .json)
            let candidates = overriding[key].map { [$0] } ?? values(field.type.value, constraints: field.constraints, depth: depth)
            return (key, field.aliases.map(\.value), candidates, field.required && field.defaultValue == nil)
        }
        func object(_ entries: [(String, String?)]) -> String {
            "{" + entries.compactMap { key, value in value.map { "\(text(.string(key))):\($0)" } }.joined(separator: ",") + "}"
        }
        let base: [(String, String?)] = fields.map { ($0.key, $0.candidates.first) }
        var result = [object(base), object(fields.map { ($0.key, $0.required ? $0.candidates.first : nil) })]
        // And a member no field models (kept and written back, or refused: `unknownMembers`).
        if !fields.contains(where: { $0.key == "x_unmodeled" }) { result.append(object(base + [("x_unmodeled", "1")])) }
        // With requireAnyOf (on either revision: the other's groups may name other fields), every
        // combination of the optional fields present or absent, so each group's satisfaction is
        // tried on its own.
        let groupedIndices = decl.fields.indices.filter { !fields[$0].required }
        if hasPresenceRules, !groupedIndices.isEmpty, groupedIndices.count <= 6 {
            for mask in 0..<(1 << groupedIndices.count) {
                var entries = base
                for (bit, index) in groupedIndices.enumerated() where mask & (1 << bit) == 0 { entries[index].1 = nil }
                result.append(object(entries))
            }
        }
        guard depth <= 1 else { return result }
        for (index, field) in fields.enumerated() where overriding[field.key] == nil {
            var variants = field.candidates.dropFirst().map { Optional($0) } + [Optional("null"), nil]
            if depth == 1 { variants = Array(variants.prefix(40)) }
            for value in variants {
                var entries = base
                entries[index].1 = value
                result.append(object(entries))
            }
            for alias in field.aliases {
                var entries = base
                entries[index].0 = alias
                result.append(object(entries))
            }
        }
        return result
    }

    private func primitiveValues(_ primitive: TypeExpression.Primitive, _ constraints: Constraints) -> [String] {
        switch primitive {
        case .string:
            var strings: [String] = []
            if let pattern = constraints.pattern?.value {
                strings += [PatternInclusion.example(acceptedBy: pattern)].compactMap { $0 }
                for other in otherPatterns where other != pattern {
                    strings += [PatternInclusion.example(acceptedBy: pattern, refusedBy: other)].compactMap { $0 }
                }
            }
            strings += formatSamples(constraints.format?.value)
            let minimum = constraints.minLength?.value ?? 1
            strings.append(String(repeating: "a", count: max(minimum, 1)))
            if let maximum = constraints.maxLength?.value {
                strings += [maximum, maximum + 1].map { String(repeating: "a", count: $0) }
            }
            if minimum > 0 { strings.append(String(repeating: "a", count: minimum - 1)) }
            strings += ["A1", "0", "tr_0123456789", "tr_a", "https://shop.example/x", "EUR", "1.50"]
            for other in otherPatterns {
                strings += [PatternInclusion.example(acceptedBy: other)].compactMap { $0 }
            }
            return strings.map { text(.string($0)) }
        case .int, .int64, .double:
            var numbers = ["1", "0", "-1", "2", "5", "10", "11", "100"]
            for bound in [constraints.minimum?.value, constraints.maximum?.value].compactMap({ $0 }) {
                numbers += [bound] + adjacent(bound)
            }
            return numbers
        case .decimal:
            var numbers = ["1.50", "1.5", "1", "1.555", "0", "-1.25", "100.00", "\"1.50\"", "\"1.5\""]
            for bound in [constraints.minimum?.value, constraints.maximum?.value].compactMap({ $0 }) {
                numbers += [bound] + adjacent(bound)
            }
            return numbers
        case .bool: return ["true", "false"]
        case .date: return ["\"2026-11-23T10:20:30Z\"", "\"2026-11-23\"", "\"2026-11-23T10:20:30.123+01:00\""]
        case .url: return ["\"https://shop.example/return\"", "\"/relative/path\"", "\"app://x\""]
        case .uuid: return ["\"6F9619FF-8B86-D011-B42D-00C04FC964FF\"", "\"6f9619ff-8b86-d011-b42d-00c04fc964ff\""]
        case .json: return ["{\"k\":1}", "\"s\"", "1", "[1,\"a\"]", "true", "{}", "1.5", "-7", "[]"]
        }
    }

    private func formatSamples(_ format: String?) -> [String] {
        switch format {
        case "iso4217": return ["EUR", "eur"]
        case "iso3166Alpha2": return ["NL", "nl"]
        case "luhn": return ["4111111111111111", "4111111111111112"]
        case "uuid": return ["6F9619FF-8B86-D011-B42D-00C04FC964FF"]
        case "uuidLowercase": return ["6f9619ff-8b86-d011-b42d-00c04fc964ff"]
        case "url": return ["https://shop.example/x"]
        case "urlScheme": return ["paypal-app"]
        case "localeIdentifier": return ["en_US", "nl-NL"]
        case "decimalString": return ["1.50", "1.5", "abc"]
        default: return []
        }
    }

    private func adjacent(_ bound: String) -> [String] {
        guard let value = Decimal(string: bound, locale: Locale(identifier: "en_US_POSIX")) else { return [] }
        return [
            value - 1, value + 1, value - Decimal(sign: .plus, exponent: -2, significand: 1),
            value + Decimal(sign: .plus, exponent: -2, significand: 1),
        ].map { "\($0)" }
    }

    private func text(_ value: RawValue) -> String {
        switch value {
        case .int(let number): return String(number)
        case .string(let string):
            let data = try? JSONSerialization.data(withJSONObject: [string], options: [.fragmentsAllowed, .withoutEscapingSlashes])
            return data.map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) } ?? "\"\""
        }
    }

    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
