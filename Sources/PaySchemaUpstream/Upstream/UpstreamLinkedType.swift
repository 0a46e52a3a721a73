import Foundation
import PaySchemaExport
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaYAML
import PaymentSchemasVocabulary

/// A type of ours that declares `upstream:`, with its own exported schema for comparison.
package struct UpstreamLinkedType: Sendable {
    /// `Module.Type`.
    package let qualifiedName: String
    /// The link, as the checker resolved it.
    package let link: ResolvedUpstream
    /// Our type as its exported JSON Schema sees it (wire names, required, enum values).
    package let ours: UpstreamSchema

    /// Every linked type of `modules`, sorted by name.
    package static func all(in modules: [ResolvedModule]) -> [UpstreamLinkedType] {
        var linked: [UpstreamLinkedType] = []
        for module in modules {
            let documents = Dictionary(
                SchemaExport.jsonSchemas(module, sharedCodeLists: false).map { ($0.name, $0.document) },
                uniquingKeysWith: { first, _ in first })
            for type in module.types {
                let name = type.name
                guard let link = type.upstream, let document = documents[name + ".schema.json"] else { continue }
                linked.append(
                    UpstreamLinkedType(
                        qualifiedName: module.name + "." + name, link: link, ours: UpstreamSchema(ours: document.objectMembers ?? [:])))
            }
        }
        return linked
    }
}

/// Judges linked types against an official contract (`payschema upstream DOCUMENT`) and reports
/// what changed between two versions of it that touches them (`payschema upstream OLD NEW`).
package enum UpstreamComparison {
    /// Linked types whose link names `document` (the path of the document under the contracts
    /// folder, e.g. `paypal/checkout_orders_v2.json`).
    package static func linked(_ types: [UpstreamLinkedType], to document: String) -> [UpstreamLinkedType] {
        types.filter { $0.link.document == document }
    }

    /// The documents (paths under the contracts folder) the links of `modules` name, for the
    /// caller to read and hand to ``checkTargets(_:documents:)``.
    package static func documentsNamed(by modules: [ResolvedModule]) -> Set<String> {
        Set(modules.flatMap { $0.types.compactMap { $0.upstream?.document } })
    }

    /// Every problem of `types`' links against the contracts `documents` holds (by their path
    /// under the contracts folder, each read or why it could not be): the target document exists
    /// and the pointer names a schema, as located diagnostics for `lint`.
    package static func checkTargets(
        _ modules: [ResolvedModule], documents: [String: Result<UpstreamDocument, UpstreamError>]
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for module in modules {
            for type in module.types {
                let name = type.name
                guard let link = type.upstream else { continue }
                let loaded = documents[link.document] ?? .failure(.unreadable("'\(link.document)' was not read"))
                switch loaded {
                case .failure(let error):
                    diagnostics.append(
                        Diagnostic(
                            .error, "upstream of '\(name)': the document '\(link.document)' cannot be used: \(error.description)",
                            at: link.location))
                case .success(let document):
                    if document.object(at: link.pointer) == nil {
                        let parent = link.pointer.split(separator: "/").dropLast().joined(separator: "/")
                        let siblings =
                            document.object(at: parent.isEmpty ? "" : "/" + parent).map { Array($0.keys) } ?? []
                        let last = String(link.pointer.split(separator: "/").last ?? "")
                        diagnostics.append(
                            Diagnostic(
                                .error,
                                "upstream of '\(name)': '\(link.document)' has no schema at '\(link.pointer)'\(Suggestions.hint(for: last, in: siblings.sorted()))",
                                at: link.location))
                    }
                    let schema = link.omits.isEmpty ? nil : document.schema(at: link.pointer)
                    for (omitted, _) in link.omits.sorted(by: { $0.key < $1.key }) {
                        guard let schema else { break }
                        if !schema.propertyNames.contains(omitted) && !schema.enumValues.contains(omitted) {
                            diagnostics.append(
                                Diagnostic(
                                    .error, "upstream of '\(name)': 'omits' names '\(omitted)', which '\(link.pointer)' does not have",
                                    at: link.location))
                        }
                    }
                }
            }
        }
        return diagnostics
    }

    /// What `types` do not follow of `document`, and how much of each official schema they cover.
    package static func compare(
        _ types: [UpstreamLinkedType], with document: UpstreamDocument
    ) -> (findings: [UpstreamFinding], coverage: [UpstreamCoverage]) {
        var findings: [UpstreamFinding] = []
        var coverage: [UpstreamCoverage] = []
        for type in types {
            func finding(_ rule: UpstreamFinding.Rule, _ element: String, _ message: String, review: Bool = true) {
                findings.append(
                    UpstreamFinding(
                        rule: rule, type: type.qualifiedName, upstream: type.link.ref, element: element, message: message,
                        needsReview: review, location: type.link.location))
            }
            guard let official = document.schema(at: type.link.pointer) else {
                finding(.targetMissing, "", "\(document.path) has no schema at \(type.link.pointer)")
                continue
            }
            let ours = type.ours
            let isEnum = !official.enumValues.isEmpty
            let officialNames = isEnum ? official.enumValues : official.propertyNames
            let ourNames = isEnum ? ours.enumValues : ours.propertyNames
            var modelled: [String] = []
            var omitted: [String] = []
            var missed: [String] = []
            for name in officialNames {
                if ourNames.contains(name) {
                    modelled.append(name)
                } else if type.link.omits[name] != nil {
                    omitted.append(name)
                } else {
                    missed.append(name)
                    finding(
                        isEnum ? .caseMissed : .fieldMissed, name,
                        "the official schema has \(isEnum ? "the value" : "the field") '\(name)'; model it or list it in `upstream.omits` with the reason"
                    )
                }
            }
            for name in ourNames where !officialNames.contains(name) && type.link.differences[name] == nil {
                finding(
                    isEnum ? .caseUnknown : .fieldUnknown, name, "'\(name)' is not \(isEnum ? "a value" : "a field") of the official schema"
                )
            }
            for name in type.link.omits.keys.sorted() where !officialNames.contains(name) {
                finding(.omissionStale, name, "`omits` names '\(name)', which the official schema does not have")
            }
            if !isEnum {
                for name in ours.required.sorted() where officialNames.contains(name) && !official.required.contains(name) {
                    if type.link.differences[name] == nil
                        && !type.link.differences.keys.contains(where: { $0.hasPrefix(name + ".") || $0.hasPrefix(name + "[") })
                    {
                        finding(
                            .stricter, name,
                            "required here, optional in the official schema; list it in `upstream.differences` with the reason or make it optional"
                        )
                    }
                }
                for name in official.required.sorted() where ourNames.contains(name) && !ours.required.contains(name) {
                    finding(.looser, name, "required by the official schema, optional here", review: false)
                }
                for name in modelled where type.link.differences[name] == nil {
                    for (key, mine, theirs) in Self.shapesBeyond(ours.constraints(of: name) ?? [:], official.constraints(of: name) ?? [:]) {
                        finding(
                            .shapeStricter, "\(name).\(key)",
                            "\(key) \(mine) here, \(theirs.map { "\(key) \($0)" } ?? "none") in the official schema; follow it or list the field in `upstream.differences` with the reason"
                        )
                    }
                }
            }
            coverage.append(
                UpstreamCoverage(
                    type: type.qualifiedName, upstream: type.link.ref, modelled: modelled, omitted: omitted, missed: missed,
                    differences: type.link.differences))
        }
        return (findings, coverage)
    }

    /// The shapes (pattern, format, our own formats) a field of ours checks beyond its official
    /// counterpart: each as (the constraint, ours, the official one if any). A standard format the
    /// official schema also names, or the same pattern, is no difference; our date formats read
    /// what `date-time` and `date` describe.
    static func shapesBeyond(_ ours: [String: String], _ official: [String: String]) -> [(String, String, String?)] {
        var out: [(String, String, String?)] = []
        // Our URL grammar (RFC 3986, absolute or a reference) is what an official `format: uri`
        // already asks for: not a shape beyond it.
        let officialURL = ["uri", "uri-reference", "iri", "iri-reference"].contains(official["format"] ?? "")
        let urlGrammar = [SchemaExport.absoluteURLPattern, SchemaExport.urlReferencePattern].contains(ours["pattern"] ?? "")
        if let pattern = ours["pattern"], !(officialURL && urlGrammar), !Self.samePattern(pattern, official["pattern"]) {
            out.append(("pattern", pattern, official["pattern"]))
        }
        // JSON Schema's integer formats state the Swift integer's range, not a shape of the value.
        if let format = ours["format"], format != official["format"], !["int32", "int64"].contains(format) {
            out.append(("format", format, official["format"]))
        }
        if let format = ours["x-format"], format != official["format"] {
            out.append(("format", format, official["format"]))
        }
        if let format = ours["items.format"], format != official["items.format"] {
            out.append(("items.format", format, official["items.format"]))
        }
        if let pattern = ours["items.pattern"], !Self.samePattern(pattern, official["items.pattern"]) {
            out.append(("items.pattern", pattern, official["items.pattern"]))
        }
        return out
    }

    /// Whether our pattern and the official one say the same: the same text without anchors and
    /// an enclosing group, or the same values once both are read as ECMA-262 reads a JSON Schema
    /// pattern (`ECMAPattern`: unanchored sides search, `\d` is `[0-9]`, a lazy bound is the bound),
    /// decided by the pattern engine's automata.
    static func samePattern(_ ours: String, _ official: String?) -> Bool {
        guard let official else { return false }
        if unanchored(ours) == unanchored(official) { return true }
        guard case .success(let mine) = ECMAPattern.translate(ours), case .success(let theirs) = ECMAPattern.translate(official) else {
            return false
        }
        return PatternEngine.sameLanguage(mine, theirs) == true
    }

    /// A pattern without its anchors and a group around the whole of it (`^(?:…)$`, `^(…)$`): the
    /// same language whichever way it is wrapped.
    static func unanchored(_ pattern: String) -> String {
        var text = Substring(pattern)
        if text.hasPrefix("^") && text.hasSuffix("$") && !text.hasSuffix("\\$") { text = text.dropFirst().dropLast() }
        while let inner = Self.enclosed(text) { text = inner }
        return String(text)
    }

    /// The inside of `text` when one group, `(…)` or `(?:…)`, encloses all of it.
    static func enclosed(_ text: Substring) -> Substring? {
        guard text.hasPrefix("("), text.hasSuffix(")"), !text.hasSuffix("\\)") else { return nil }
        var depth = 0
        var escaped = false
        var inClass = false
        for (offset, character) in text.enumerated() {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[": inClass = true
            case "]": inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass:
                depth -= 1
                // The first group closes before the end: it does not enclose the whole pattern.
                if depth == 0 && offset != text.count - 1 { return nil }
            default: break
            }
        }
        let inner = text.dropFirst().dropLast()
        return inner.hasPrefix("?:") ? inner.dropFirst(2) : inner.hasPrefix("?") ? nil : inner
    }

    /// Whether a `type` change only drops `null` (`[string, null]` → `string`): upstream stopped
    /// sending it, and a type that reads `null` still reads what it is sent.
    /// Whether our exported pattern (`^(?:…)$`, the language's whole-value form) says what the
    /// document's ECMA pattern says once translated into the language (``ECMAPattern``).
    static func samePattern(upstream: String, ours: String?) -> Bool {
        guard var ours, case .success(let translated) = ECMAPattern.translate(upstream) else { return false }
        if ours.hasPrefix("^(?:") && ours.hasSuffix(")$") { ours = String(ours.dropFirst(4).dropLast(2)) }
        return ours == translated
    }

    /// The values of a constraint written as a list (`a, b, c`).
    static func listed(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func dropsNull(_ was: String?, _ now: String?, _ key: String) -> Bool {
        guard key == "type", let was, let now else { return false }
        func members(_ text: String) -> Set<String> {
            Set(
                text.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                })
        }
        let before = members(was)
        return before.contains("null") && before.subtracting(["null"]) == members(now)
    }

    /// What changed between `old` and `new` in the schemas `types` link to, each judged against
    /// the type: a change it already follows (a new field it models, a removed value it never had)
    /// is reported without needing review.
    package static func drift(_ types: [UpstreamLinkedType], from old: UpstreamDocument, to new: UpstreamDocument) -> [UpstreamFinding] {
        var findings: [UpstreamFinding] = []
        // Our own types by the official schema they link to (its pointer): a field of ours that
        // refers to the linked counterpart of the new `$ref` (the pointer's last component) already
        // follows a changed reference or enum, and one that refers to an enum linked to the field's
        // own inline enum (`…/shipping_detail/properties/type`) follows that enum's changes through
        // the enum's case findings.
        let pointers = Dictionary(
            types.map { (String($0.qualifiedName.split(separator: ".").last ?? ""), $0.link.pointer) },
            uniquingKeysWith: { first, _ in first })
        for type in types {
            func finding(_ rule: UpstreamFinding.Rule, _ element: String, _ message: String, review: Bool) {
                findings.append(
                    UpstreamFinding(
                        rule: rule, type: type.qualifiedName, upstream: type.link.ref, element: element, message: message,
                        needsReview: review, location: type.link.location))
            }
            guard let before = old.schema(at: type.link.pointer) else { continue }
            guard let after = new.schema(at: type.link.pointer) else {
                finding(.schemaRemoved, "", "the new document has no schema at \(type.link.pointer)", review: true)
                continue
            }
            guard before != after else { continue }
            let ours = type.ours
            let ourNames = Set(ours.propertyNames + ours.enumValues)
            let omitted = Set(type.link.omits.keys)
            for name in after.propertyNames where !before.propertyNames.contains(name) {
                let followed = ourNames.contains(name) || omitted.contains(name)
                finding(
                    .fieldAdded, name,
                    "added upstream"
                        + (followed
                            ? "; the type already \(ourNames.contains(name) ? "models" : "omits") it"
                            : "; model it or list it in `upstream.omits`"),
                    review: !followed)
            }
            for name in before.propertyNames where !after.propertyNames.contains(name) {
                finding(
                    .fieldRemoved, name, "removed upstream" + (ourNames.contains(name) ? "; the type still models it" : ""),
                    review: ourNames.contains(name))
            }
            for value in after.enumValues where !before.enumValues.contains(value) {
                let followed = ourNames.contains(value) || omitted.contains(value)
                finding(
                    .caseAdded, value,
                    "added upstream" + (followed ? "; the type already has it" : "; add the case or list it in `upstream.omits`"),
                    review: !followed)
            }
            for value in before.enumValues where !after.enumValues.contains(value) {
                finding(
                    .caseRemoved, value, "removed upstream" + (ourNames.contains(value) ? "; the type still has it" : ""),
                    review: ourNames.contains(value))
            }
            for name in after.propertyNames where before.propertyNames.contains(name) {
                var was = before.constraints(of: name) ?? [:]
                var now = after.constraints(of: name) ?? [:]
                if before.required.contains(name) { was["required"] = "true" }
                if after.required.contains(name) { now["required"] = "true" }
                let ourPointer = ours.constraints(of: name)?["ref"].flatMap { pointers[$0] }
                let ourReference = ourPointer.map { String($0.split(separator: "/").last ?? "") }
                let inlineEnum = ourPointer == type.link.pointer + "/properties/" + name
                // The schema the field referred to is gone and our field refers to the type linked
                // to it: that type's own UPSTREAM_SCHEMA_REMOVED is the one to review.
                let vanished =
                    ourReference != nil && ourReference == was["ref"] && new.schema(at: "/components/schemas/" + (was["ref"] ?? "")) == nil
                // A listed difference that keeps its own pattern decides the field's shape: a
                // pattern upstream adds or changes there is the difference's to answer, not new.
                // So does one that keeps no pattern: the difference says why the field takes more.
                let ownPattern = type.link.differences[name] != nil
                let ourConstraints = ours.constraints(of: name) ?? [:]
                for key in Set(was.keys).union(now.keys).sorted() where was[key] != now[key] {
                    let message = "\(key): \(was[key] ?? "(none)") → \(now[key] ?? "(none)")"
                    // The field is already as upstream now has it: required as upstream now
                    // requires it, or free text where upstream now lists values (a type that reads
                    // any text reads every new value; the coverage run judges whether it should).
                    let ourItems = ourConstraints["items.ref"].flatMap { pointers[$0] }.map { String($0.split(separator: "/").last ?? "") }
                    // The enum of the linked type our list's items refer to, as the new document has it.
                    let ourItemsEnum = ourConstraints["items.ref"].flatMap { pointers[$0] }.flatMap { new.schema(at: $0) }?.enumValues
                    let already =
                        (now[key] != nil && ourConstraints[key] == now[key])
                        || (key == "required" && now[key] == "true" && ours.required.contains(name))
                        || (key == "readOnly" && now[key] == "true" && !ours.required.contains(name))
                        || (key == "items.enum" && ourItemsEnum.map { Set($0) } == now[key].map { Set(Self.listed($0)) })
                        || (key == "items.ref" && ourItems != nil && ourItems == now[key])
                        || (key == "pattern" && now[key].map { Self.samePattern(upstream: $0, ours: ourConstraints["pattern"]) } == true)
                        || (key == "enum" && ourConstraints["enum"] == nil && ourConstraints["ref"] == nil
                            && ourConstraints["type"]?.contains("string") == true)
                    // Upstream dropped a constraint, or changed the values, of a field whose
                    // difference is listed: the type's own reading of the field is that difference.
                    let loosenedOnDifference = type.link.differences[name] != nil && (now[key] == nil || key == "enum")
                    let follows =
                        ((key == "ref" || key == "enum") && ourReference != nil && ourReference == now["ref"])
                        || (key == "enum" && inlineEnum) || already || loosenedOnDifference
                    let note =
                        !ourNames.contains(name)
                        ? " (a field the type does not model)"
                        : already
                            ? "; the type already follows it"
                            : loosenedOnDifference
                                ? "; changed on a field whose difference is listed: \(type.link.differences[name] ?? "")"
                                : follows
                                    ? "; the type's field already refers to the linked \(inlineEnum ? ourPointer ?? "" : now["ref"] ?? "")"
                                    : vanished
                                        ? "; the field's schema \(was["ref"] ?? "") is gone (see the linked type's own finding)"
                                        : key == "ref"
                                            ? "; a name for the field's schema, whose constraints are compared one by one"
                                            : ownPattern && key == "pattern"
                                                ? "; the field is a listed difference with a shape of its own: \(type.link.differences[name] ?? "")"
                                                : Self.dropsNull(was[key], now[key], key)
                                                    ? "; upstream no longer sends null, which the type still reads" : ""
                    let settled =
                        follows || vanished || key == "ref" || (ownPattern && key == "pattern") || Self.dropsNull(was[key], now[key], key)
                    finding(.constraintChanged, "\(name).\(key)", message + note, review: ourNames.contains(name) && !settled)
                }
            }
            for key in Set(before.constraints.keys).union(after.constraints.keys).sorted()
            where before.constraints[key] != after.constraints[key] && key != "enum" {
                // The schema became a named one (`allOf: [$ref]`): its fields are compared above. A
                // schema that became read-only asks less of a sender and reads the same.
                let named = key == "ref" || (key == "readOnly" && after.constraints[key] == "true")
                finding(
                    .constraintChanged, key,
                    "\(key): \(before.constraints[key] ?? "(none)") → \(after.constraints[key] ?? "(none)")"
                        + (named
                            ? (key == "ref" ? "; a name, the fields are compared one by one" : "; read-only now: a sender sends less")
                            : ""),
                    review: !named)
            }
        }
        return findings
    }
}
