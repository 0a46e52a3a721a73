import PaySchemaLanguage
import PaySchemaModel

/// Compares two revisions of the schemas and classifies every difference with a rule, a severity
/// and two verdicts: the wire (do payloads still decode on the other side, given who sends the
/// type) and Swift source (does code written against the old generated API still compile).
package struct SchemaDiff {
    var changes: [SchemaChange] = []
    /// The direction of the type being compared, stamped on its changes.
    var currentDirection: Direction?
    let old: [String: ResolvedModule]
    let new: [String: ResolvedModule]
    /// Each side's types by module, then by name.
    let oldTypes: [String: [String: ResolvedDecl]]
    let newTypes: [String: [String: ResolvedDecl]]

    init(old: [String: ResolvedModule], new: [String: ResolvedModule]) {
        self.old = old
        self.new = new
        oldTypes = old.mapValues { Self.byName($0) }
        newTypes = new.mapValues { Self.byName($0) }
    }

    static func byName(_ module: ResolvedModule) -> [String: ResolvedDecl] {
        Dictionary(module.files.flatMap(\.types).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every change from `old` to `new` (modules by name), sorted by location.
    package static func compare(old: [String: ResolvedModule], new: [String: ResolvedModule]) -> [SchemaChange] {
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
        guard let newModule = newTypes[name] else {
            for type in oldTypes[name]?.values.sorted(by: { $0.name < $1.name }) ?? [] {
                currentDirection = direction(name, type.name)
                add(
                    .typeRemoved, wire: .compatible, source: .breaking, "\(name).\(type.name)",
                    "module \(name) was removed with type \(type.name)", at: type.location)
            }
            return
        }
        guard let oldModule = oldTypes[name] else {
            for type in newModule.values.sorted(by: { $0.name < $1.name }) {
                currentDirection = direction(name, type.name)
                add(
                    .typeAdded, wire: .compatible, source: .compatible, "\(name).\(type.name)",
                    "type \(type.name) was added (new module \(name))", at: type.location)
            }
            return
        }
        var renamedOld: [String: String] = [:]
        for type in newModule.values where oldModule[type.name] == nil {
            if let old = type.lifecycle.renamedFrom.first(where: { oldModule[$0] != nil && newModule[$0] == nil }) {
                renamedOld[old] = type.name
            }
        }
        for type in oldModule.values.sorted(by: { $0.name < $1.name }) {
            let path = "\(name).\(type.name)"
            currentDirection = direction(name, renamedOld[type.name] ?? type.name)
            if let newType = newModule[type.name] {
                compareType(name, type, newType, path: path, renames: renamedOld)
            } else if let newName = renamedOld[type.name], let newType = newModule[newName] {
                add(
                    .typeRenamed, wire: .compatible, source: .compatible, "\(name).\(newName)",
                    "type \(type.name) was renamed to \(newName); a deprecated alias keeps the old name compiling",
                    at: newType.location)
                compareType(name, type, newType, path: "\(name).\(newName)", renames: renamedOld)
            } else if type.lifecycle.deprecated != nil {
                add(
                    .removedAfterDeprecation, wire: .compatible, source: .breaking, path, "deprecated type \(type.name) was removed",
                    at: type.location)
            } else {
                add(.typeRemoved, wire: .compatible, source: .breaking, path, "type \(type.name) was removed", at: type.location)
            }
        }
        for type in newModule.values.sorted(by: { $0.name < $1.name })
        where oldModule[type.name] == nil && !renamedOld.values.contains(type.name) {
            currentDirection = direction(name, type.name)
            add(
                .typeAdded, wire: .compatible, source: .compatible, "\(name).\(type.name)", "type \(type.name) was added",
                at: type.location)
        }
        currentDirection = nil
        guard let oldResolved = old[name], let newResolved = new[name] else { return }
        compareCatalogs(name, oldResolved, newResolved)
        compareOperations(name, oldResolved, newResolved, renames: renamedOld)
    }

    mutating func compareType(_ module: String, _ old: ResolvedDecl, _ new: ResolvedDecl, path: String, renames: [String: String]) {
        if old.lifecycle.deprecated == nil, new.lifecycle.deprecated != nil {
            add(.deprecated, wire: .compatible, source: .compatible, path, "\(new.name) is now deprecated", at: new.location)
        }
        if old.doc != new.doc {
            add(
                .documentationChanged, wire: .compatible, source: .compatible, path, "the documentation of \(new.name) changed",
                at: new.location)
        }
        let direction = self.direction(module, new.name)
        switch (old.kind, new.kind) {
        case (.structure(let a), .structure(let b)):
            compareStruct(module, a, b, path: path, direction: direction, renames: renames)
        case (.enumeration(let a), .enumeration(let b)):
            compareEnum(a, b, path: path, direction: direction, at: new.location)
        case (.union(let a), .union(let b)):
            compareUnion(a, b, path: path, direction: direction, renames: renames)
        case (.scalar(let a), .scalar(let b)):
            if a.base != b.base {
                add(
                    .scalarBaseChanged, wire: .breaking, source: .breaking, path,
                    "the base of \(new.name) changed from \(a.base.rawValue) to \(b.base.rawValue)", at: b.baseLocation)
            } else if a.takesLiterals && !b.takesLiterals {
                add(
                    .scalarLiteralRemoved, wire: .compatible, source: .breaking, path,
                    "\(new.name) no longer takes literals: `let value: \(new.name) = …` stops compiling (add `literal: true` to keep them)",
                    at: b.literalLocation ?? new.location)
            } else if !a.takesLiterals && b.takesLiterals {
                add(
                    .scalarLiteralAdded, wire: .compatible, source: .compatible, path, "\(new.name) now takes literals",
                    at: b.literalLocation ?? new.location)
            }
            if a.sensitive && !b.sensitive {
                add(
                    .sensitiveRemoved, wire: .compatible, source: .compatible, path,
                    "\(new.name) is no longer sensitive: its values may start reaching logs and descriptions", at: new.location)
            } else if !a.sensitive && b.sensitive {
                add(
                    .sensitiveAdded, wire: .compatible, source: .compatible, path, "\(new.name) is now sensitive",
                    at: new.location)
            }
            compareConstraints(a.constraints, b.constraints, path: path, direction: direction, at: new.location)
        default:
            add(
                .typeKindChanged, wire: .breaking, source: .breaking, path,
                "\(new.name) changed from \(old.kind.kindName) to \(new.kind.kindName)", at: new.location)
        }
    }

    mutating func compareUnion(_ old: ResolvedUnion, _ new: ResolvedUnion, path: String, direction: Direction, renames: [String: String]) {
        for variant in old.variants where !new.variants.contains(where: { $0.tag == variant.tag }) {
            add(
                .unionVariantRemoved, wire: direction == .response ? .compatible : .breaking, source: .breaking,
                "\(path).\(variant.tag)",
                "variant '\(variant.tag)' was removed" + (direction == .response ? "" : ": old senders still send it"),
                at: variant.location)
        }
        for variant in new.variants where !old.variants.contains(where: { $0.tag == variant.tag }) {
            add(
                .unionVariantAdded, wire: direction == .request ? .compatible : .breaking, source: .breaking,
                "\(path).\(variant.tag)",
                "variant '\(variant.tag)' was added" + (direction == .request ? "" : ": old receivers reject the new discriminator")
                    + "; exhaustive switches no longer compile until they handle it", at: variant.location)
        }
        if old.discriminator != new.discriminator {
            add(
                .fieldWireNameChanged, wire: .breaking, source: .compatible, path,
                "the discriminator changed from '\(old.discriminator)' to '\(new.discriminator)'",
                at: new.discriminatorLocation)
        }
    }
}
