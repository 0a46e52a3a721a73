import Foundation
import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

extension SchemaDiff {
    static func sends(_ direction: Direction) -> Bool { direction != .response }
    static func receives(_ direction: Direction) -> Bool { direction != .request }

    /// The more severe of two verdicts.
    static func worse(_ a: Verdict, _ b: Verdict) -> Verdict {
        [a, b].contains(.breaking) ? .breaking : ([a, b].contains(.dangerous) ? .dangerous : .compatible)
    }

    mutating func compareStruct(
        _ module: String, _ old: ResolvedStruct, _ new: ResolvedStruct, path: String, direction: Direction, renames: [String: String]
    ) {
        let oldFormats = Set(old.encodings)
        let newFormats = Set(new.encodings)
        for format in oldFormats.subtracting(newFormats).sorted(by: { $0.rawValue < $1.rawValue }) {
            // Old senders may still write the encoding; old receivers read whatever the new side
            // writes, which is one of the encodings both support.
            add(
                .typeEncodingRemoved, wire: Self.sends(direction) ? .breaking : .compatible, source: .breaking, path,
                "\(format.rawValue) is no longer supported" + (Self.sends(direction) ? ": old senders may still write it" : ""),
                at: new.fieldsLocation)
        }
        for format in newFormats.subtracting(oldFormats).sorted(by: { $0.rawValue < $1.rawValue }) {
            add(
                .typeEncodingAdded, wire: .compatible, source: .compatible, path, "\(format.rawValue) is now supported",
                at: new.fieldsLocation)
        }
        // Members no field models: a reader that starts refusing them refuses what old senders kept
        // and wrote back; one that starts keeping them writes them back to readers that refuse them.
        if !old.refusesUnknownMembers && new.refusesUnknownMembers {
            add(
                .unknownMembersRefused, wire: Self.sends(direction) ? .breaking : .compatible, source: .compatible, path,
                "members no field models are now refused" + (Self.sends(direction) ? ": old senders may send them" : ""),
                at: new.fieldsLocation)
        } else if old.refusesUnknownMembers && !new.refusesUnknownMembers {
            add(
                .unknownMembersKept, wire: Self.receives(direction) ? .breaking : .compatible, source: .compatible, path,
                "members no field models are now kept and written back"
                    + (Self.receives(direction) ? ": old readers refuse the ones new senders pass on" : ""),
                at: new.fieldsLocation)
        }
        let oldGroups = Set(old.requireAnyOf.map { Set($0.map(\.name)) })
        let newGroups = Set(new.requireAnyOf.map { Set($0.map(\.name)) })
        if oldGroups != newGroups {
            var rule = WireFormChanges()
            rule.note(Self.presenceInclusion(old: oldGroups, new: newGroups), "requireAnyOf")
            compareConstraints(
                ResolvedConstraints(), ResolvedConstraints(), path: path, direction: direction,
                at: new.requireAnyOfLocation ?? new.fieldsLocation,
                extra: rule)
        }
        var renamed: [String: ResolvedField] = [:]
        for field in new.fields where !old.fields.contains(where: { $0.name == field.name }) {
            if let previous = field.lifecycle.renamedFrom.first(where: { name in
                old.fields.contains { $0.name == name } && !new.fields.contains { $0.name == name }
            }) {
                renamed[previous] = field
            }
        }
        for field in old.fields {
            let fieldPath = "\(path).\(field.name)"
            if let current = new.fields.first(where: { $0.name == field.name }) {
                compareField(field, current, old: old, new: new, path: fieldPath, direction: direction, renames: renames)
            } else if let current = renamed[field.name] {
                add(
                    .fieldRenamed, wire: .compatible, source: .compatible, "\(path).\(current.name)",
                    "\(field.name) was renamed to \(current.name); a deprecated accessor keeps the old name compiling",
                    at: current.location)
                compareField(
                    field, current, old: old, new: new, path: "\(path).\(current.name)", direction: direction, renames: renames)
            } else {
                let wireBreaks = Self.receives(direction) && field.required
                if field.lifecycle.deprecated != nil {
                    add(
                        .removedAfterDeprecation, wire: wireBreaks ? .breaking : .compatible, source: .breaking, fieldPath,
                        "deprecated field \(field.name) was removed", at: field.location)
                } else {
                    add(
                        .fieldRemoved, wire: wireBreaks ? .breaking : .compatible, source: .breaking, fieldPath,
                        "\(field.name) was removed" + (wireBreaks ? ": old receivers require it" : ""), at: field.location)
                }
            }
        }
        for field in new.fields
        where !old.fields.contains(where: { $0.name == field.name })
            && !renamed.values.contains(where: { $0.name == field.name })
        {
            let fieldPath = "\(path).\(field.name)"
            if field.required {
                add(
                    .fieldAddedRequired, wire: Self.sends(direction) ? .breaking : .compatible, source: .breaking, fieldPath,
                    "required field \(field.name) was added" + (Self.sends(direction) ? ": old senders do not send it" : "")
                        + "; the memberwise initializer gains a parameter", at: field.location)
            } else {
                add(
                    .fieldAddedOptional, wire: .compatible, source: .compatible, fieldPath,
                    "\(field.isOptionalInSwift ? "optional" : "defaulted") field \(field.name) was added", at: field.location)
            }
        }
    }

    mutating func compareField(
        _ old: ResolvedField, _ new: ResolvedField, old oldStruct: ResolvedStruct, new newStruct: ResolvedStruct, path: String,
        direction: Direction,
        renames: [String: String]
    ) {
        let location = new.location
        let oldType = Self.renaming(old.type.map(\.name), renames)
        let newType = new.type.map(\.name)
        if oldType != newType {
            // A narrower type (a JSON value became a string) breaks only old senders, whose values
            // the new type may refuse; a wider one only old receivers. Unrelated types break both.
            let wire: Verdict
            let detail: String
            switch Self.typeInclusion(old: oldType, new: newType) {
            case .tighter:
                wire = Self.sends(direction) ? .breaking : .compatible
                detail =
                    " (narrower"
                    + (Self.sends(direction) ? ": old senders may send values it refuses)" : ": old receivers read every value it admits)")
            case .looser:
                wire = Self.receives(direction) ? .breaking : .compatible
                detail =
                    " (wider"
                    + (Self.receives(direction) ? ": old receivers refuse the values it adds)" : ": it reads every value old senders send)")
            case .same, .unrelated:
                wire = .breaking
                detail = ""
            }
            add(
                .fieldTypeChanged, wire: wire, source: .breaking, path,
                "the type changed from \(old.type.map(\.name)) to \(newType)" + detail, at: new.typeLocation)
        }
        if !old.required && new.required {
            add(
                .fieldBecameRequired, wire: Self.sends(direction) ? .breaking : .compatible,
                source: old.isOptionalInSwift != new.isOptionalInSwift ? .breaking : .compatible, path,
                "\(new.name) became required" + (Self.sends(direction) ? ": old senders may omit it" : ""), at: location)
        } else if old.required && !new.required {
            add(
                .fieldBecameOptional, wire: Self.receives(direction) ? .breaking : .compatible,
                source: old.isOptionalInSwift != new.isOptionalInSwift ? .breaking : .compatible, path,
                "\(new.name) became optional" + (Self.receives(direction) ? ": old receivers require it" : ""), at: location)
        }
        for format in Set(oldStruct.encodings).intersection(newStruct.encodings).sorted(by: {
            $0.rawValue < $1.rawValue
        }) {
            let before = old.wireName(in: format)
            let after = new.wireName(in: format)
            guard before != after else { continue }
            // Old senders write `before`, which the new side reads only as an alias; new senders write
            // `after`, which old receivers read only if it was one of their aliases. A value the
            // reader does not find fails a required field and is silently dropped from an optional one.
            let stillRead = new.aliases.contains(before)
            let lost = { (reader: ResolvedField) -> Verdict in reader.required && reader.defaultLiteral == nil ? .breaking : .dangerous }
            var wire: Verdict = .compatible
            if Self.sends(direction) && !stillRead { wire = lost(new) }
            if Self.receives(direction) && !old.aliases.contains(after) { wire = Self.worse(wire, lost(old)) }
            add(
                .fieldWireNameChanged, wire: wire, source: .compatible, path,
                "the \(format.rawValue) name changed from '\(before)' to '\(after)'"
                    + (stillRead ? " ('\(before)' is still accepted when decoding)" : "")
                    + (Self.receives(direction) ? "; old receivers do not read '\(after)'" : ""), at: location)
        }
        let removedAliases = Set(old.aliases).subtracting(new.aliases)
        if !removedAliases.isEmpty {
            // Old senders may still write a legacy spelling; the new side no longer finds the value
            // there. New senders never write it, so receivers of the old revision are unaffected.
            let wire: Verdict = !Self.sends(direction) ? .compatible : (new.required && new.defaultLiteral == nil ? .breaking : .dangerous)
            add(
                .fieldAliasRemoved, wire: wire, source: .compatible, path,
                "legacy spelling \(removedAliases.sorted().map { "'\($0)'" }.joined(separator: ", ")) is no longer accepted"
                    + (Self.sends(direction) ? ": old senders may still write it" : ""), at: location)
        }
        if let before = old.defaultLiteral, let after = new.defaultLiteral, before != after {
            add(
                .fieldDefaultChanged, wire: .dangerous, source: .compatible, path,
                "the default changed from \(before) to \(after)", at: location)
        }
        if old.sensitive && !new.sensitive {
            add(
                .sensitiveRemoved, wire: .compatible, source: .compatible, path,
                "\(new.name) is no longer sensitive: its values may start reaching logs and descriptions", at: location)
        } else if !old.sensitive && new.sensitive {
            add(.sensitiveAdded, wire: .compatible, source: .compatible, path, "\(new.name) is now sensitive", at: location)
        }
        if old.lifecycle.deprecated == nil, new.lifecycle.deprecated != nil {
            add(.deprecated, wire: .compatible, source: .compatible, path, "\(new.name) is now deprecated", at: location)
        }
        if old.doc != new.doc {
            add(
                .documentationChanged, wire: .compatible, source: .compatible, path, "the documentation of \(new.name) changed",
                at: location)
        }
        if old.nullableElements != new.nullableElements {
            let loosened = new.nullableElements
            let breaks = loosened ? Self.receives(direction) : Self.sends(direction)
            add(
                .elementNullabilityChanged, wire: breaks ? .breaking : .compatible, source: .breaking, path,
                "list elements " + (loosened ? "may now be null ([T] became [T?])" : "can no longer be null ([T?] became [T])")
                    + (breaks ? (loosened ? ": old receivers reject null elements" : ": old senders may send null elements") : ""),
                at: location)
        }
        var wireForms = WireFormChanges()
        if old.required && new.required && old.isNullable != new.isNullable {
            // A required field that became nullable (present but null) or stopped being: the wire
            // admits null or not, and the Swift property's type gains or loses its optional.
            let loosened = new.isNullable
            let breaks = loosened ? Self.receives(direction) : Self.sends(direction)
            add(
                .fieldNullabilityChanged, wire: breaks ? .breaking : .compatible, source: .breaking, path,
                "\(new.name) " + (loosened ? "may now be null (T became T?)" : "can no longer be null (T? became T)")
                    + (breaks ? (loosened ? ": old receivers reject null" : ": old senders may send null") : ""), at: location)
        } else if old.isNullable != new.isNullable {
            wireForms.note(new.isNullable ? .looser : .tighter, "null")
        }
        if old.allowsRelativeURL != new.allowsRelativeURL {
            wireForms.note(new.allowsRelativeURL ? .looser : .tighter, "relative URLs")
        }
        let oldForms = old.jsonForms ?? []
        let newForms = new.jsonForms ?? []
        if oldForms != newForms, !(oldForms.isEmpty && newForms == [Self.naturalForm(new)]),
            !(newForms.isEmpty && oldForms == [Self.naturalForm(old)])
        {
            let before = Set(oldForms.isEmpty ? [Self.naturalForm(old)] : oldForms)
            let after = Set(newForms.isEmpty ? [Self.naturalForm(new)] : newForms)
            let writtenBefore = oldForms.first ?? Self.naturalForm(old)
            let writtenAfter = newForms.first ?? Self.naturalForm(new)
            if writtenBefore != writtenAfter {
                wireForms.changed.append("jsonForms (written form)")
            } else if after.isSuperset(of: before) {
                wireForms.note(.looser, "jsonForms")
            } else if after.isSubset(of: before) {
                wireForms.note(.tighter, "jsonForms")
            } else {
                wireForms.changed.append("jsonForms")
            }
        }
        compareConstraints(old.constraints, new.constraints, path: path, direction: direction, at: location, extra: wireForms)
    }

    /// How the payloads a `requireAnyOf` rule admits moved: fewer (tighter), more (looser), the
    /// same, or neither (unrelated). A rule admits a payload when some group is wholly present, so the
    /// new rule admits a subset of the old one's payloads exactly when every new group contains an
    /// old group (whatever satisfies it satisfies that old group), and a superset exactly when every
    /// old group contains a new one. No rule admits every payload (the empty group).
    static func presenceInclusion(old: Set<Set<String>>, new: Set<Set<String>>) -> Movement {
        let before = old.isEmpty ? [Set<String>()] : old
        let after = new.isEmpty ? [Set<String>()] : new
        let narrower = after.allSatisfy { group in before.contains { $0.isSubset(of: group) } }
        let wider = before.allSatisfy { group in after.contains { $0.isSubset(of: group) } }
        switch (narrower, wider) {
        case (true, true): return .same
        case (true, false): return .tighter
        case (false, true): return .looser
        case (false, false): return .unrelated
        }
    }

    /// How the values a field's type admits on the wire moved from `old` to `new`: tighter (the new
    /// type is narrower), looser (wider), or unrelated (neither, or unknown). A `JSON` value admits every
    /// JSON value, so any other type is narrower; lists, sets and maps compare by their elements.
    static func typeInclusion(old: SchemaType<String>, new: SchemaType<String>) -> Movement {
        if old == new { return .same }
        switch (old, new) {
        case (.primitive(.json), _): return .tighter
        case (_, .primitive(.json)): return .looser
        case (.list(let a), .list(let b)), (.set(let a), .set(let b)), (.map(let a), .map(let b)):
            return typeInclusion(old: a, new: b)
        default:
            return .unrelated
        }
    }

    /// The JSON form a field's type takes by itself.
    static func naturalForm(_ field: ResolvedField) -> PayJSONForm {
        field.type == .primitive(.decimal) ? .number : .string
    }

    /// Wire-form changes that are reported with the constraints of the same field.
    struct WireFormChanges {
        var tighter: [String] = []
        var looser: [String] = []
        var changed: [String] = []

        mutating func note(_ movement: Movement, _ name: String) {
            switch movement {
            case .same: break
            case .tighter: tighter.append(name)
            case .looser: looser.append(name)
            case .unrelated: changed.append(name)
            }
        }
    }

    /// The fraction-digit counts a scale admits: `0...s`, exactly `s` when exact, every count without one.
    static func fractionDigits(_ constraints: ResolvedConstraints) -> ClosedRange<Int> {
        guard let scale = constraints.scale else { return 0...Int.max }
        return constraints.exactScale ? scale...scale : 0...scale
    }

    /// How `new` relates to `old` as sets: tighter (a subset), looser (a superset), the same, or unrelated.
    static func inclusion(_ old: ClosedRange<Int>, _ new: ClosedRange<Int>) -> Movement {
        if old == new { return .same }
        if old.lowerBound <= new.lowerBound && new.upperBound <= old.upperBound { return .tighter }
        if new.lowerBound <= old.lowerBound && old.upperBound <= new.upperBound { return .looser }
        return .unrelated
    }

    static func renaming(_ type: SchemaType<String>, _ renames: [String: String]) -> SchemaType<String> {
        type.map { renames[$0] ?? $0 }
    }

    /// How a lower bound moved (never unrelated: bounds are ordered).
    static func lowerBound(_ old: Decimal?, _ oldExclusive: Bool, _ new: Decimal?, _ newExclusive: Bool) -> Movement {
        switch (old, new) {
        case (nil, nil): return .same
        case (nil, _): return .tighter
        case (_, nil): return .looser
        case (let a?, let b?):
            if a == b { return oldExclusive == newExclusive ? .same : (newExclusive ? .tighter : .looser) }
            return b > a ? .tighter : .looser
        }
    }

    mutating func compareConstraints(
        _ old: ResolvedConstraints, _ new: ResolvedConstraints, path: String, direction: Direction, at location: SourceLocation,
        extra: WireFormChanges = WireFormChanges()
    ) {
        var tighter = extra.tighter
        var looser = extra.looser
        var changed = extra.changed
        func note(_ movement: Movement, _ name: String) {
            switch movement {
            case .same: break
            case .tighter: tighter.append(name)
            case .looser: looser.append(name)
            case .unrelated: changed.append(name)
            }
        }
        func decimal(_ text: String?) -> Decimal? { text.flatMap { Decimal(string: $0) } }
        func int(_ value: Int?) -> Decimal? { value.map { Decimal($0) } }
        // Text: the pattern and the length bounds constrain the same string, so with a pattern on
        // either side they are compared together, as one language (dominated bounds change nothing).
        let textOld = PatternInclusion.StringLanguage(
            pattern: old.pattern, minLength: old.minLength, maxLength: old.maxLength)
        let textNew = PatternInclusion.StringLanguage(
            pattern: new.pattern, minLength: new.minLength, maxLength: new.maxLength)
        if textOld.pattern != nil || textNew.pattern != nil {
            let names = [
                ("pattern", textOld.pattern != textNew.pattern), ("minLength", textOld.minLength != textNew.minLength),
                ("maxLength", textOld.maxLength != textNew.maxLength),
            ]
            .filter(\.1).map(\.0).joined(separator: " and ")
            switch PatternInclusion.relation(old: textOld, new: textNew) {
            case .equal?: break
            case .subset?: tighter.append(names)
            case .superset?: looser.append(names)
            case .neither?, nil: changed.append(names)
            }
        } else {
            note(Self.lowerBound(int(old.minLength), false, int(new.minLength), false), "minLength")
            note(Self.lowerBound(int(old.maxLength).map { -$0 }, false, int(new.maxLength).map { -$0 }, false), "maxLength")
        }
        note(Self.lowerBound(decimal(old.minimum), old.exclusiveMinimum, decimal(new.minimum), new.exclusiveMinimum), "minimum")
        note(
            Self.lowerBound(decimal(old.maximum).map { -$0 }, old.exclusiveMaximum, decimal(new.maximum).map { -$0 }, new.exclusiveMaximum),
            "maximum")
        // Scale as the set of fraction-digit counts it admits, so exact scales compare exactly.
        let scale = Self.inclusion(Self.fractionDigits(old), Self.fractionDigits(new))
        note(scale, scale != .unrelated && (old.exactScale || new.exactScale) ? "scale (exact)" : "scale")
        note(Self.lowerBound(int(old.minItems), false, int(new.minItems), false), "minItems")
        note(Self.lowerBound(int(old.maxItems).map { -$0 }, false, int(new.maxItems).map { -$0 }, false), "maxItems")
        switch (old.format, new.format) {
        case (nil, _?): tighter.append("format")
        case (_?, nil): looser.append("format")
        case (let a?, let b?) where a != b: changed.append("format")
        case ("url"?, "url"?) where Set(old.schemes) != Set(new.schemes):
            if Set(new.schemes).isSubset(of: old.schemes) || old.schemes.isEmpty {
                tighter.append("schemes")
            } else if Set(old.schemes).isSubset(of: new.schemes) || new.schemes.isEmpty {
                looser.append("schemes")
            } else {
                changed.append("schemes")
            }
        default: break
        }
        // The constraints left are independent dimensions (text, number range, fraction digits,
        // item count, format): the values admitted are their product, so one dimension tighter and
        // another looser admits neither a subset nor a superset.
        if !tighter.isEmpty && !looser.isEmpty {
            changed.append(tighter.joined(separator: ", ") + " (tighter) with " + looser.joined(separator: ", ") + " (looser)")
            tighter = []
            looser = []
        }
        if !tighter.isEmpty {
            add(
                .constraintTightened, wire: Self.sends(direction) ? .breaking : .compatible, source: .compatible, path,
                "\(tighter.joined(separator: ", ")) \(tighter.count == 1 ? "accepts" : "accept") fewer values"
                    + (Self.sends(direction) ? ": old senders may send values now refused" : ""), at: location)
        }
        if !looser.isEmpty {
            add(
                .constraintLoosened, wire: Self.receives(direction) ? .breaking : .compatible, source: .compatible, path,
                "\(looser.joined(separator: ", ")) accept more values"
                    + (Self.receives(direction) ? ": old receivers may refuse them" : ""), at: location)
        }
        if !changed.isEmpty {
            add(.constraintChanged, wire: .breaking, source: .compatible, path, "\(changed.joined(separator: ", ")) changed", at: location)
        }
    }

    mutating func compareEnum(_ old: ResolvedEnum, _ new: ResolvedEnum, path: String, direction: Direction, at location: SourceLocation) {
        if old.rawType != new.rawType {
            add(
                .typeKindChanged, wire: .breaking, source: .breaking, path,
                "the raw type changed from \(old.rawType.rawValue) to \(new.rawType.rawValue)", at: location)
            return
        }
        if old.isOpen && !new.isOpen {
            add(
                .enumBecameClosed, wire: Self.sends(direction) ? .breaking : .compatible, source: .breaking, path,
                "the enum is now closed: unknown values fail to decode and .unknown is gone", at: location)
        } else if !old.isOpen && new.isOpen {
            // New senders may now send values the old, closed enum refuses.
            add(
                .enumBecameOpen, wire: Self.receives(direction) ? .breaking : .compatible, source: .breaking, path,
                "the enum is now open: switches must handle .unknown"
                    + (Self.receives(direction) ? "; old receivers refuse values it does not list" : ""), at: location)
        }
        // Whether every side that reads this enum's values reads them as an open enum: an unlisted
        // value becomes `.unknown(raw)` there instead of failing (dangerous, not breaking).
        // Requests are read by the new revision, responses by the old one, `both` by each.
        let readersOpen: Bool
        switch direction {
        case .request: readersOpen = new.isOpen
        case .response: readersOpen = old.isOpen
        case .both: readersOpen = old.isOpen && new.isOpen
        }
        let newReaderOpen = new.isOpen
        let oldReaderOpen = old.isOpen
        var renamed: [String: ResolvedEnumCase] = [:]
        for enumCase in new.cases where !old.cases.contains(where: { $0.name == enumCase.name }) {
            if let previous = enumCase.lifecycle.renamedFrom.first(where: { name in old.cases.contains { $0.name == name } }) {
                renamed[previous] = enumCase
            }
        }
        for enumCase in old.cases {
            let current = new.cases.first { $0.name == enumCase.name } ?? renamed[enumCase.name]
            guard let current else {
                let rule: DiffRule = enumCase.lifecycle.deprecated != nil ? .removedAfterDeprecation : .enumCaseRemoved
                // Old senders still send the value: a closed enum refuses it, an open one reads it
                // as `.unknown`.
                let wire: Verdict = !Self.sends(direction) ? .compatible : newReaderOpen ? .dangerous : .breaking
                add(
                    rule, wire: wire, source: .breaking, "\(path).\(enumCase.name)",
                    "case \(enumCase.name) ('\(enumCase.value)') was removed"
                        + (Self.sends(direction)
                            ? (newReaderOpen ? ": old senders still send it, read as .unknown now" : ": old senders still send it") : ""),
                    at: enumCase.location)
                continue
            }
            let casePath = "\(path).\(current.name)"
            if current.name != enumCase.name {
                // The deprecated alias is a static property: it keeps `.old` expressions and `==`
                // compiling, but a `switch` naming it is no longer exhaustive.
                add(
                    .enumCaseRenamed, wire: .compatible, source: .breaking, casePath,
                    "case \(enumCase.name) was renamed to \(current.name); a deprecated alias keeps `.\(enumCase.name)` expressions compiling, but exhaustive switches naming it no longer compile",
                    at: current.location)
            }
            if current.value != enumCase.value {
                add(
                    .enumValueChanged, wire: readersOpen ? .dangerous : .breaking, source: .compatible, casePath,
                    "the wire value changed from '\(enumCase.value)' to '\(current.value)'"
                        + (readersOpen ? ": the other side reads it as .unknown" : ""), at: current.valueLocation)
            }
            let removedAliases = Set(enumCase.aliases).subtracting(current.aliases)
            if !removedAliases.isEmpty {
                let wire: Verdict = !Self.sends(direction) ? .compatible : newReaderOpen ? .dangerous : .breaking
                add(
                    .enumAliasRemoved, wire: wire, source: .compatible, casePath,
                    "legacy value \(removedAliases.map(\.description).sorted().map { "'\($0)'" }.joined(separator: ", ")) is no longer "
                        + (newReaderOpen ? "read as this case (it becomes .unknown)" : "accepted"), at: current.location)
            }
            if enumCase.doc != current.doc {
                add(
                    .documentationChanged, wire: .compatible, source: .compatible, casePath,
                    "the documentation of case \(current.name) changed", at: current.location)
            }
        }
        for enumCase in new.cases
        where !old.cases.contains(where: { $0.name == enumCase.name })
            && !renamed.values.contains(where: { $0.name == enumCase.name })
        {
            // Old receivers get the new value: a closed enum refuses it, an open one reads it as
            // `.unknown`.
            let wire: Verdict = !Self.receives(direction) ? .compatible : oldReaderOpen ? .dangerous : .breaking
            // In a Swift package (no library evolution) an exhaustive `switch` over the enum stops
            // compiling until it handles the new case, open enum or not: source-breaking.
            add(
                .enumCaseAdded, wire: wire, source: .breaking, "\(path).\(enumCase.name)",
                "case \(enumCase.name) ('\(enumCase.value)') was added"
                    + (wire == .breaking
                        ? ": old receivers of this closed enum reject it" : wire == .dangerous ? ": old receivers read it as .unknown" : "")
                    + "; exhaustive switches no longer compile until they handle it", at: enumCase.location)
        }
    }

    mutating func compareCatalogs(_ module: String, _ old: ResolvedModule, _ new: ResolvedModule) {
        let oldCatalogs = old.files.flatMap(\.errorCatalogs)
        let newCatalogs = new.files.flatMap(\.errorCatalogs)
        for catalog in oldCatalogs {
            let path = "\(module).\(catalog.name)"
            guard let current = newCatalogs.first(where: { $0.name == catalog.name }) else {
                add(
                    .errorCatalogRemoved, wire: .compatible, source: .breaking, path, "error catalog \(catalog.name) was removed",
                    at: catalog.location)
                continue
            }
            for code in catalog.codes where !current.codes.contains(where: { $0.code == code.code }) {
                add(
                    .errorCodeRemoved, wire: .compatible, source: .breaking, "\(path).\(code.code)",
                    "error code \(code.code) (\(code.name)) was removed", at: code.location)
            }
            for code in current.codes where !catalog.codes.contains(where: { $0.code == code.code }) {
                add(
                    .errorCodeAdded, wire: .compatible, source: .breaking, "\(path).\(code.code)",
                    "error code \(code.code) (\(code.name)) was added; exhaustive switches over \(catalog.name) no longer compile until they handle it",
                    at: code.location)
            }
        }
    }

    /// Operations as generated: their parameters include path placeholders without a declaration,
    /// which the generated initializer takes as `String` labels, so renaming one breaks Swift source.
    mutating func compareOperations(_ module: String, _ old: ResolvedModule, _ new: ResolvedModule, renames: [String: String]) {
        let oldOperations = old.files.flatMap(\.operations)
        let newOperations = new.files.flatMap(\.operations)
        for operation in oldOperations {
            let path = "\(module).operations.\(operation.name)"
            guard let current = newOperations.first(where: { $0.name == operation.name }) else {
                let rule: DiffRule = operation.isDeprecated ? .removedAfterDeprecation : .operationRemoved
                add(rule, wire: .breaking, source: .breaking, path, "operation \(operation.name) was removed", at: operation.location)
                continue
            }
            var changed: [String] = []
            if operation.method != current.method { changed.append("method \(operation.method.rawValue) → \(current.method.rawValue)") }
            // A placeholder's name is not on the wire: `/r/{id}` and `/r/{rid}` match the same requests.
            if Self.wireShape(operation.path) != Self.wireShape(current.path) {
                changed.append("path \(operation.pathTemplate) → \(current.pathTemplate)")
            }
            // The method and path are values of the generated operation; its body types are part of
            // its Swift signature.
            var bodiesChanged = false
            for (role, before, after) in [
                ("request", operation.request, current.request), ("response", operation.response, current.response),
                ("errorBody", operation.errorBody, current.errorBody),
            ] {
                let renamedBefore = before.map { renames[$0.name] ?? $0.name }
                if renamedBefore != after?.name {
                    changed.append("\(role) \(before?.name ?? "none") → \(after?.name ?? "none")")
                    bodiesChanged = true
                }
            }
            if !changed.isEmpty {
                add(
                    .operationChanged, wire: .breaking, source: bodiesChanged ? .breaking : .compatible, path,
                    changed.joined(separator: "; "), at: current.location)
            }
            let before = operation.parameters
            let after = current.parameters
            // A path parameter is part of the path, whose wire change is judged above.
            for parameter in before where !after.contains(where: { $0.name == parameter.name }) {
                add(
                    .parameterRemoved, wire: .compatible, source: .breaking, "\(path).\(parameter.name)",
                    "\(parameter.place == .path ? "path " : "")parameter \(parameter.name) was removed", at: parameter.location)
            }
            for parameter in after where !before.contains(where: { $0.name == parameter.name }) {
                let wire: Verdict = parameter.required && parameter.place != .path ? .breaking : .compatible
                add(
                    .parameterAdded, wire: wire, source: parameter.required ? .breaking : .compatible, "\(path).\(parameter.name)",
                    "\(parameter.required ? "required" : "optional") \(parameter.place == .path ? "path " : "")parameter \(parameter.name) was added",
                    at: parameter.location)
            }
            for parameter in after {
                guard let old = before.first(where: { $0.name == parameter.name }) else { continue }
                if old.sensitive && !parameter.sensitive {
                    add(
                        .sensitiveRemoved, wire: .compatible, source: .compatible, "\(path).\(parameter.name)",
                        "parameter \(parameter.name) is no longer sensitive", at: parameter.location)
                }
                // A path parameter's wire name is its placeholder, judged with the path.
                let wireNameChanged = old.wireName != parameter.wireName && parameter.place != .path
                if wireNameChanged || old.place != parameter.place
                    || Self.renaming(old.type.map(\.name), renames) != parameter.type.map(\.name)
                {
                    add(
                        .operationChanged, wire: .breaking, source: .breaking, "\(path).\(parameter.name)",
                        "parameter \(parameter.name) changed its name, place or type", at: parameter.location)
                }
            }
        }
        for operation in newOperations where !oldOperations.contains(where: { $0.name == operation.name }) {
            add(
                .operationAdded, wire: .compatible, source: .compatible, "\(module).operations.\(operation.name)",
                "operation \(operation.name) was added", at: operation.location)
        }
    }

    /// A path template as the wire sees it: literal text, and a slot wherever a parameter goes.
    static func wireShape(_ path: [ResolvedOperation.PathPiece]) -> [String?] {
        path.map { piece in
            switch piece {
            case .text(let text): return text
            case .parameter: return nil
            }
        }
    }
}
