import Foundation
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax
@_spi(Generated) import PaymentSchemasVocabulary

extension SchemaChecker {
    /// Whether the pattern engine reads `pattern` (asked once per pattern text).
    mutating func isSupportedPattern(_ pattern: String) -> Bool {
        if let known = supportedPatterns[pattern] { return known }
        let supported = PatternEngine.isSupported(pattern)
        supportedPatterns[pattern] = supported
        return supported
    }

    /// Checks that each constraint fits the type it constrains: value constraints fit `valueType`
    /// (the innermost element), item counts fit collections.
    mutating func checkConstraints(_ constraints: Constraints, on valueType: TypeExpression, fieldType: TypeExpression, owner: String) {
        let base = primitive(of: valueType)
        func misfit(_ name: String, _ location: SourceLocation, _ needs: String) {
            diagnostics.error("constraint '\(name)' does not fit type '\(valueType)': it applies to \(needs)", at: location)
        }
        // Pairs are checked one by one, not through an array of them: this runs for every field.
        if base != .string {
            if let value = constraints.minLength { misfit("minLength", value.location, "String values") }
            if let value = constraints.maxLength { misfit("maxLength", value.location, "String values") }
        }
        if let pattern = constraints.pattern {
            if base != .string {
                misfit("pattern", pattern.location, "String values")
            } else if !isSupportedPattern(pattern.value) {
                // The one pattern engine decides: the language is exactly the regular subset the
                // validators match and the diff decides with its automata (a subset of ICU's
                // syntax). No NSRegularExpression is created anywhere: its creation leaked on Linux
                // under the fuzzer (Fuzz/regressions/schema/invalid-pattern-leak).
                diagnostics.error(
                    "pattern '\(pattern.value)' is outside the supported regular subset: literals (metacharacters escaped), '.', "
                        + "classes [a-z0-9_] and [^…], groups ( ) and (?: ), '|', and the quantifiers * + ? {n} {n,} {n,m} (n, m ≤ 256); "
                        + "write [0-9] for \\d, and leave out anchors: a pattern always matches the whole value",
                    at: pattern.location)
            }
        }
        if constraints.minimum != nil || constraints.maximum != nil {
            for (name, bound) in [("minimum", constraints.minimum), ("maximum", constraints.maximum)] {
                guard let value = bound else { continue }
                // An unsigned decimal string may be bounded to a positive amount, and only so: JSON
                // Schema bounds a string by its pattern, and the exports write that one exactly.
                if base == .string && constraints.format?.value == "decimalString" {
                    if name != "minimum" || Decimal(string: value.value) != 0 || !constraints.exclusiveMinimum {
                        diagnostics.error(
                            "a String of format decimalString takes one bound, 'exclusiveMinimum: 0' (a positive amount); found '\(name)' \(value.value)",
                            at: value.location)
                    }
                    continue
                }
                guard let base, base.isNumeric else {
                    misfit(name, value.location, "numbers (Int, Int64, Double, Decimal)")
                    continue
                }
                if (base == .int || base == .int64) && Int(value.value) == nil {
                    diagnostics.error("'\(name)' of an integer must be a whole number, found '\(value.value)'", at: value.location)
                }
            }
        }
        if let minimum = constraints.minimum, let maximum = constraints.maximum,
            let order = Self.compareBounds(minimum.value, maximum.value)
        {
            if order > 0 || (order == 0 && (constraints.exclusiveMinimum || constraints.exclusiveMaximum)) {
                diagnostics.error("no value can satisfy minimum \(minimum.value) and maximum \(maximum.value)", at: maximum.location)
            }
        }
        if let scale = constraints.scale, base != .decimal && base != .double {
            misfit("scale", scale.location, "Decimal and Double values")
        }
        if let low = constraints.minLength, let high = constraints.maxLength, low.value > high.value {
            diagnostics.error("minLength \(low.value) is greater than maxLength \(high.value)", at: high.location)
        }
        if !fieldType.isCollection {
            if let value = constraints.minItems { misfit("minItems", value.location, "lists, sets and maps") }
            if let value = constraints.maxItems { misfit("maxItems", value.location, "lists, sets and maps") }
        }
        if let low = constraints.minItems, let high = constraints.maxItems, low.value > high.value {
            diagnostics.error("minItems \(low.value) is greater than maxItems \(high.value)", at: high.location)
        }
        if let format = constraints.format {
            let fits: Bool
            switch format.value {
            case "url": fits = base == .string || base == .url
            case "uuid", "uuidLowercase": fits = base == .string || base == .uuid
            default: fits = base == .string
            }
            if !fits {
                misfit("format: \(format.value)", format.location, format.value == "url" ? "String and URL values" : "String values")
            }
        }
    }

    /// How the bound `low` compares with `high` (-1, 0 or 1), `nil` when either is not a number.
    /// Whole numbers (most bounds) compare as integers; other texts go through `Decimal`, whose
    /// text parsing costs thousands of instructions (this runs for every field with two bounds).
    static func compareBounds(_ low: String, _ high: String) -> Int? {
        if let low = wholeNumber(low), let high = wholeNumber(high) { return low < high ? -1 : (low == high ? 0 : 1) }
        guard let low = Decimal(string: low), let high = Decimal(string: high) else { return nil }
        return low < high ? -1 : (low == high ? 0 : 1)
    }

    /// `text` as an `Int` when it is digits with an optional leading `-` (what `Decimal` reads the
    /// same way), `nil` otherwise.
    private static func wholeNumber(_ text: String) -> Int? {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return nil
        }
        return Int(text)
    }

    /// Checks a default against the field's type and its own constraints.
    mutating func checkDefault(_ value: Located<DefaultValue>, type: TypeExpression, field: FieldDecl, what: String) {
        switch (type, value.value) {
        case (.list(let element), .list(let items)), (.set(let element), .list(let items)):
            for item in items {
                checkDefault(Located(item, at: value.location), type: element, field: field, what: what)
            }
            if let minimum = field.constraints.minItems, items.count < minimum.value {
                diagnostics.error("the default of \(what) violates its own constraint: minItems \(minimum.value)", at: value.location)
            }
            if let maximum = field.constraints.maxItems, items.count > maximum.value {
                diagnostics.error("the default of \(what) violates its own constraint: maxItems \(maximum.value)", at: value.location)
            }
            return
        case (.list, _), (.set, _):
            diagnostics.error("the default of \(what) must be a list", at: value.location)
            return
        case (.map, _):
            diagnostics.error("maps cannot have defaults", at: value.location)
            return
        default:
            break
        }
        if case .named(let name) = type, let decl = types[name] {
            switch decl.kind {
            case .enumeration(let enumeration):
                let raw = value.value.rawText
                if !enumeration.cases.contains(where: { $0.value.value.description == raw }) {
                    let values = enumeration.cases.map(\.value.value.description)
                    diagnostics.error(
                        "default \(value.value) of \(what) is not a value of '\(name)' (\(values.joined(separator: ", ")))\(Suggestions.hint(for: raw, in: values))",
                        at: value.location)
                }
                return
            case .scalar(let scalar):
                checkPrimitiveDefault(
                    value, scalar.base.value, field: field, what: what, constraints: [scalar.constraints, field.constraints])
                return
            case .structure, .union:
                diagnostics.error("\(decl.kind.kindName) fields cannot have defaults", at: value.location)
                return
            }
        }
        if case .primitive(let primitive) = type {
            checkPrimitiveDefault(value, primitive, field: field, what: what, constraints: [field.constraints])
        }
    }

    mutating func checkPrimitiveDefault(
        _ value: Located<DefaultValue>, _ primitive: TypeExpression.Primitive, field: FieldDecl, what: String, constraints: [Constraints]
    ) {
        var violations: [ValidationViolation] = []
        switch (primitive, value.value) {
        case (.string, _) where value.value.isScalarText && value.value.rawText != "true" && value.value.rawText != "false":
            for constraint in constraints { evaluate(string: value.value.rawText, constraint, into: &violations) }
        case (.bool, .bool):
            break
        case (.int, .integer(let number)), (.int64, .integer(let number)):
            for constraint in constraints { evaluate(number: Decimal(number), constraint, into: &violations) }
        case (.double, .integer), (.double, .number), (.decimal, .integer), (.decimal, .number):
            let number = Decimal(string: value.value.rawText) ?? 0
            for constraint in constraints {
                evaluate(number: number, constraint, into: &violations)
                if let scale = constraint.scale { PayRules.scale(number, scale.value, at: .root, into: &violations) }
            }
        case (.url, .string(let text)):
            if URL(string: text)?.scheme == nil {
                diagnostics.error("default of \(what) must be an absolute URL, found '\(text)'", at: value.location)
            }
            for constraint in constraints { evaluate(string: text, constraint, into: &violations) }
        case (.uuid, .string(let text)):
            if UUID(uuidString: text) == nil {
                diagnostics.error("default of \(what) must be a UUID, found '\(text)'", at: value.location)
            }
        case (.date, _):
            diagnostics.error("dates cannot have defaults", at: value.location)
        default:
            diagnostics.error(
                "default \(value.value) of \(what) is not \(Naming.article(primitive.rawValue)) \(primitive.rawValue)", at: value.location)
        }
        for violation in violations {
            diagnostics.error(
                "the default of \(what) violates its own constraint: \(violation.rule) (\(violation.message))", at: value.location)
        }
    }

    func evaluate(string: String, _ constraints: Constraints, into violations: inout [ValidationViolation]) {
        if let minimum = constraints.minLength { PayRules.minLength(string, minimum.value, at: .root, into: &violations) }
        if let maximum = constraints.maxLength { PayRules.maxLength(string, maximum.value, at: .root, into: &violations) }
        if let pattern = constraints.pattern, PatternEngine.matches(pattern.value, string) == false {
            violations.append(ValidationViolation(path: .root, rule: "pattern", message: "must match \(pattern.value)", value: string))
        }
        if let format = constraints.runtimeFormat { PayRules.format(string, format, at: .root, into: &violations) }
    }

    func evaluate(number: Decimal, _ constraints: Constraints, into violations: inout [ValidationViolation]) {
        if let minimum = constraints.minimum, let bound = Decimal(string: minimum.value) {
            PayRules.minimum(number, bound, exclusive: constraints.exclusiveMinimum, at: .root, into: &violations)
        }
        if let maximum = constraints.maximum, let bound = Decimal(string: maximum.value) {
            PayRules.maximum(number, bound, exclusive: constraints.exclusiveMaximum, at: .root, into: &violations)
        }
    }
}

extension DefaultValue {
    /// The value as raw text (`'x'` → `x`).
    var rawText: String {
        switch self {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .list: return description
        }
    }

    /// Whether the value is a single scalar.
    var isScalarText: Bool {
        if case .list = self { return false }
        return true
    }
}
