import PaySchemaChecker
import PaySchemaLanguage
import PaySchemaModel
import PaySchemaSyntax
import PaySchemaYAML

/// Compares two revisions of the schemas and classifies every difference with a rule, a severity
/// and two verdicts: the wire (do payloads still decode on the other side, given who sends the
/// type) and Swift source (does code written against the old generated API still compile).
public struct SchemaDiff {
    var changes: [SchemaChange] = []
    /// The direction of the type being compared, stamped on its changes.
    var currentDirection: Direction?
    let old: [String: CheckedModule]
    let new: [String: CheckedModule]

    /// Every change from `old` to `new` (modules by name), sorted by location.
    public static func compare(old: [String: CheckedModule], new: [String: CheckedModule]) -> [SchemaChange] {
        var diff = SchemaDiff(old: old, new: new)
        for name in Set(old.keys).union(new.keys).sorted() {
            diff.compareModule(name)
        }
        return diff.changes.sorted { ($0.location, $0.rule.rawValue, $0.path) < ($1.location, $1.rule.rawValue, $1.path) }
    }

    mutating func add(_ rule: DiffRule, wire: Verdict, source: Verdict, _ path: String, _ message: String, at location: SourceLocation) {
        let severity: Diagnostic.Severity
        switch rule {
        case .sensitiveRemoved: severity = .error
        case .removedAfterDeprecation, .staleAcceptance, .fieldDefaultChanged: severity = .warning
        default:
            if wire == .breaking || source == .breaking {
                severity = .error
            } else if wire == .dangerous || source == .dangerous {
                severity = .warning
            } else {
                severity = .note
            }
        }
        changes.append(
            SchemaChange(
                rule: rule, severity: severity, wire: wire, source: source, path: path, message: message, location: location,
                direction: currentDirection))
    }

    /// Who sends values of `name`: declared or inferred on either side; unknown counts as both.
    func direction(_ module: String, _ name: String) -> Direction {
        let sides = [old[module]?.directions[name], new[module]?.directions[name]].compactMap { $0 }
        if sides.isEmpty || sides.contains(.both) || Set(sides).count > 1 { return .both }
        return sides[0]
    }

    mutating func compareModule(_ name: String) {
        guard let newModule = new[name] else {
            for type in old[name]?.types.values.sorted(by: { $0.name.value < $1.name.value }) ?? [] {
                currentDirection = direction(name, type.name.value)
                add(
                    .typeRemoved, wire: .compatible, source: .breaking, "\(name).\(type.name.value)",
                    "module \(name) was removed with type \(type.name.value)", at: type.name.location)
            }
            return
        }
        guard let oldModule = old[name] else {
            for type in newModule.types.values.sorted(by: { $0.name.value < $1.name.value }) {
                currentDirection = direction(name, type.name.value)
                add(
                    .typeAdded, wire: .compatible, source: .compatible, "\(name).\(type.name.value)",
                    "type \(type.name.value) was added (new module \(name))", at: type.name.location)
            }
            return
        }
        var renamedOld: [String: String] = [:]
        for type in newModule.types.values where oldModule.types[type.name.value] == nil {
            if let old = type.lifecycle.renamedFrom.first(where: { oldModule.types[$0.value] != nil && newModule.types[$0.value] == nil }) {
                renamedOld[old.value] = type.name.value
            }
        }
        for type in oldModule.types.values.sorted(by: { $0.name.value < $1.name.value }) {
            let path = "\(name).\(type.name.value)"
            currentDirection = direction(name, renamedOld[type.name.value] ?? type.name.value)
            if let newType = newModule.types[type.name.value] {
                compareType(name, type, newType, path: path, renames: renamedOld)
            } else if let newName = renamedOld[type.name.value], let newType = newModule.types[newName] {
                add(
                    .typeRenamed, wire: .compatible, source: .compatible, "\(name).\(newName)",
                    "type \(type.name.value) was renamed to \(newName); a deprecated alias keeps the old name compiling",
                    at: newType.name.location)
                compareType(name, type, newType, path: "\(name).\(newName)", renames: renamedOld)
            } else if type.lifecycle.deprecated != nil {
                add(
                    .removedAfterDeprecation, wire: .compatible, source: .breaking, path, "deprecated type \(type.name.value) was removed",
                    at: type.name.location)
            } else {
                add(.typeRemoved, wire: .compatible, source: .breaking, path, "type \(type.name.value) was removed", at: type.name.location)
            }
        }
        for type in newModule.types.values.sorted(by: { $0.name.value < $1.name.value })
        where oldModule.types[type.name.value] == nil && !renamedOld.values.contains(type.name.value) {
            currentDirection = direction(name, type.name.value)
            add(
                .typeAdded, wire: .compatible, source: .compatible, "\(name).\(type.name.value)", "type \(type.name.value) was added",
                at: type.name.location)
        }
        currentDirection = nil
        compareCatalogs(name, oldModule, newModule)
        compareOperations(name, oldModule, newModule, renames: renamedOld)
    }

    mutating func compareType(_ module: String, _ old: TypeDecl, _ new: TypeDecl, path: String, renames: [String: String]) {
        if old.lifecycle.deprecated == nil, new.lifecycle.deprecated != nil {
            add(.deprecated, wire: .compatible, source: .compatible, path, "\(new.name.value) is now deprecated", at: new.name.location)
        }
        if old.doc != new.doc {
            add(
                .documentationChanged, wire: .compatible, source: .compatible, path, "the documentation of \(new.name.value) changed",
                at: new.name.location)
        }
        let direction = self.direction(module, new.name.value)
        switch (old.kind, new.kind) {
        case (.structure(let a), .structure(let b)):
            compareStruct(module, a, b, path: path, direction: direction, renames: renames)
        case (.enumeration(let a), .enumeration(let b)):
            compareEnum(a, b, path: path, direction: direction, at: new.name.location)
        case (.union(let a), .union(let b)):
            compareUnion(a, b, path: path, direction: direction, renames: renames)
        case (.scalar(let a), .scalar(let b)):
            if a.base.value != b.base.value {
                add(
                    .scalarBaseChanged, wire: .breaking, source: .breaking, path,
                    "the base of \(new.name.value) changed from \(a.base.value.rawValue) to \(b.base.value.rawValue)", at: b.base.location)
            } else if a.takesLiterals && !b.takesLiterals {
                add(
                    .scalarLiteralRemoved, wire: .compatible, source: .breaking, path,
                    "\(new.name.value) no longer takes literals: `let value: \(new.name.value) = …` stops compiling (add `literal: true` to keep them)",
                    at: b.literal?.location ?? new.name.location)
            } else if !a.takesLiterals && b.takesLiterals {
                add(
                    .scalarLiteralAdded, wire: .compatible, source: .compatible, path, "\(new.name.value) now takes literals",
                    at: b.literal?.location ?? new.name.location)
            }
            if a.sensitive && !b.sensitive {
                add(
                    .sensitiveRemoved, wire: .compatible, source: .compatible, path,
                    "\(new.name.value) is no longer sensitive: its values may start reaching logs and descriptions", at: new.name.location)
            } else if !a.sensitive && b.sensitive {
                add(
                    .sensitiveAdded, wire: .compatible, source: .compatible, path, "\(new.name.value) is now sensitive",
                    at: new.name.location)
            }
            compareConstraints(a.constraints, b.constraints, path: path, direction: direction, at: new.name.location)
        default:
            add(
                .typeKindChanged, wire: .breaking, source: .breaking, path,
                "\(new.name.value) changed from \(old.kindName) to \(new.kindName)", at: new.name.location)
        }
    }

    mutating func compareUnion(_ old: UnionDecl, _ new: UnionDecl, path: String, direction: Direction, renames: [String: String]) {
        for variant in old.variants where !new.variants.contains(where: { $0.tag.value == variant.tag.value }) {
            add(
                .unionVariantRemoved, wire: direction == .response ? .compatible : .breaking, source: .breaking,
                "\(path).\(variant.tag.value)",
                "variant '\(variant.tag.value)' was removed" + (direction == .response ? "" : ": old senders still send it"),
                at: variant.tag.location)
        }
        for variant in new.variants where !old.variants.contains(where: { $0.tag.value == variant.tag.value }) {
            add(
                .unionVariantAdded, wire: direction == .request ? .compatible : .breaking, source: .breaking,
                "\(path).\(variant.tag.value)",
                "variant '\(variant.tag.value)' was added" + (direction == .request ? "" : ": old receivers reject the new discriminator")
                    + "; exhaustive switches no longer compile until they handle it", at: variant.tag.location)
        }
        if old.discriminator.value != new.discriminator.value {
            add(
                .fieldWireNameChanged, wire: .breaking, source: .compatible, path,
                "the discriminator changed from '\(old.discriminator.value)' to '\(new.discriminator.value)'",
                at: new.discriminator.location)
        }
    }
}
