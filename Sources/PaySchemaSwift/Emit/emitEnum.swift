import PaySchemaLanguage
import PaySchemaModel

extension SwiftEmitter {
    func rawLiteral(_ value: RawValue) -> SwiftExpression {
        switch value {
        case .string(let text): return .string(text)
        case .int(let number): return .number(String(number))
        }
    }

    func caseDoc(_ enumCase: ResolvedEnumCase) -> SwiftDoc {
        var paragraphs: [String?] = [enumCase.doc ?? "The wire value `\(enumCase.value)`."]
        if !enumCase.aliases.isEmpty {
            paragraphs.append(
                "Also decoded from " + enumCase.aliases.map { "`\($0)`" }.joined(separator: ", ")
                    + "; always encoded as `\(enumCase.value)`.")
        }
        if let message = enumCase.lifecycle.deprecated {
            paragraphs.append("- Important: Deprecated." + (message.isEmpty ? "" : " " + message))
        }
        return SwiftDoc(paragraphs: paragraphs)
    }

    /// `case name` (with its raw value in a closed enum).
    func enumCase(_ doc: SwiftDoc, _ name: String, payload: String? = nil, rawValue: SwiftExpression? = nil) -> SwiftDeclaration {
        SwiftDeclaration(doc: doc, visibility: .unspecified, kind: .enumCase(name: name, payload: payload, rawValue: rawValue))
    }

    /// The most cases a closed enum without aliases leaves to the `init?(rawValue:)` Swift
    /// synthesizes (a `switch`); beyond them it reads its wire values from a table
    /// (``rawValueTable(_:rawType:)``), as every open enum and every enum with aliases does. A
    /// `switch` over many string literals costs the compiler far more than its size (PayPal's
    /// shipment carriers; `Benchmarks/NOTES.md` has the measurement), a table is two lines of
    /// source for any count, and its lookup compares values one by one as the `switch` did up to
    /// 16 of them and hashes more.
    static let largestSwitchedEnum = 128

    /// Whether `decl` reads its wire values from a table: every open enum, every enum with
    /// aliases, and a closed one of more than ``largestSwitchedEnum`` cases.
    func readsRawValuesFromTable(_ decl: ResolvedEnum) -> Bool {
        decl.isOpen || decl.cases.contains(where: { !$0.aliases.isEmpty }) || decl.cases.count > Self.largestSwitchedEnum
    }

    /// `private static let casesByRawValue`: every wire value (aliases included) with its case,
    /// built once from `allCases` and the `rawValue` getter (the runtime's `PayRawValueTable`), the
    /// first case of a value winning as a `switch` would.
    func rawValueTable(_ decl: ResolvedEnum, rawType: String) -> SwiftDeclaration {
        let aliases = decl.cases.flatMap { enumCase in
            enumCase.aliases.map { SwiftExpression.tuple([rawLiteral($0), .implicitMember(enumCase.name)]) }
        }
        return SwiftDeclaration(
            doc: SwiftDoc("Every wire value, aliases included, with its case: `init(rawValue:)` looks a value up here."),
            visibility: .private,
            kind: .property(
                SwiftProperty(
                    isStatic: true, isConstant: true, name: "casesByRawValue",
                    value: .call(
                        .type("PayRawValueTable<Self>"), aliases.isEmpty ? [] : [SwiftArgument("aliases", .array(aliases, .wrapped))]))))
    }

    /// `init(rawValue:)` (failable in a closed enum) reading ``rawValueTable(_:rawType:)``.
    func rawValueInit(_ doc: String, _ decl: ResolvedEnum, rawType: String, failable: Bool) -> SwiftDeclaration {
        let found = SwiftExpression.subscripted(.member(.type("Self"), "casesByRawValue"), ["rawValue"])
        return initializer(
            SwiftDoc(doc), failable: failable, [SwiftParameter("rawValue", type: .named(rawType))],
            failable
                ? .lines([
                    .guardStatement([.optionalBinding("value", found)], else: .inline(.returnStatement(.nilLiteral))),
                    .assignment(.selfValue, .identifier("value")),
                ])
                : .inline(.assignment(.selfValue, .binary(found, "??", .call(.implicitMember("unknown"), ["rawValue"])))))
    }

    func closedEnum(_ type: ResolvedDecl, _ decl: ResolvedEnum) -> SwiftDeclaration {
        let name = type.name
        let rawType = decl.rawType.rawValue
        let cases = decl.cases.map { enumCase(caseDoc($0), $0.name, rawValue: rawLiteral($0.value)) }
        // Swift synthesizes `allCases` and, without a table, `init?(rawValue:)`; `PayClosedEnum`
        // supplies the coding with the error that names the allowed values.
        let table: [[SwiftDeclaration]] =
            readsRawValuesFromTable(decl)
            ? [
                [
                    rawValueInit(
                        "The case of a wire value, legacy aliases included; `nil` for values the schema does not list.",
                        decl, rawType: rawType, failable: true)
                ],
                [rawValueTable(decl, rawType: rawType)],
            ] : []
        return SwiftDeclaration(
            doc: SwiftDoc(
                type.doc ?? "The `\(name)` values.", "Closed: a value the schema does not list fails to decode.", remark(name, file)),
            attributes: deprecation(type.lifecycle),
            kind: .type(
                .enum, name: name, conformances: [rawType, "PayClosedEnum", "PayQueryValue"],
                members: [cases] + table + caseRenames(decl)))
    }

    func openEnum(_ type: ResolvedDecl, _ decl: ResolvedEnum) -> SwiftDeclaration {
        let name = type.name
        let rawType = decl.rawType.rawValue
        let cases =
            decl.cases.map { enumCase(caseDoc($0), $0.name) }
            + [
                enumCase(
                    SwiftDoc("A value this version of the schema does not list; the raw value is kept as received."), "unknown",
                    payload: rawType)
            ]
        let allCases = constant(
            "Every case the schema lists (``unknown(_:)`` excluded).", "allCases", type: .array(.named(name)),
            .array(decl.cases.map { .implicitMember($0.name) }, .oneLine))
        let initializer = rawValueInit(
            "The case of a wire value, legacy aliases included; unlisted values become ``unknown(_:)``.", decl, rawType: rawType,
            failable: false)
        var wire = decl.cases.map { SwiftSwitchCase([.enumCase($0.name, binding: nil)], .returning(rawLiteral($0.value))) }
        wire.append(SwiftSwitchCase([.enumCase("unknown", binding: "raw")], .returning(.identifier("raw"))))
        let rawValue = computed("The wire value.", "rawValue", .named(rawType), .lines([.switchStatement(.selfValue, wire)]))
        // `PayOpenEnum` supplies equality and hashing by wire value, `isKnown` and the coding.
        return SwiftDeclaration(
            doc: SwiftDoc(
                type.doc ?? "The `\(name)` values.",
                "Open: a value the schema does not list decodes to ``unknown(_:)``, keeps its raw value and encodes back unchanged.",
                remark(name, file)),
            attributes: deprecation(type.lifecycle),
            kind: .type(
                .enum, name: name, conformances: ["PayOpenEnum", "PayQueryValue"],
                members: [cases, [allCases], [initializer], [rawValueTable(decl, rawType: rawType)], [rawValue]] + caseRenames(decl)))
    }

    func caseRenames(_ decl: ResolvedEnum) -> [[SwiftDeclaration]] {
        guard config.generates(.shims) else { return [] }
        return decl.cases.flatMap { enumCase in
            enumCase.lifecycle.renamedFrom.map { old in
                [
                    property(
                        SwiftDoc("The earlier name of ``\(enumCase.name)``."), attributes: [.renamed(to: enumCase.name)],
                        SwiftProperty(isStatic: true, name: old, type: "Self", accessors: .get(.value(.implicitMember(enumCase.name)))))
                ]
            }
        }
    }
}
