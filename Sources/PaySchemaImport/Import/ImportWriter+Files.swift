/// One schema file of an import written as a folder: its name (without `.yaml`) and its text.
package struct ImportedFile: Sendable, Hashable {
    /// The file's name without `.yaml`.
    package var name: String
    /// What it holds, as ``ImportWriter/text(_:)`` writes a module.
    package var text: String
}

extension ImportWriter {
    /// The module as several schema files of one module: one per component of the document (its
    /// named type and every type written inline in it, in the module's order), named after the
    /// component's own type (its first type when it has none), and `<Module>Operations` with the
    /// operations and the types only they declare (parameters' values, inline bodies). A large
    /// document edited in one place then regenerates and recompiles that one file's Swift, not the
    /// whole module's.
    ///
    /// Names are unique ignoring case (a case-insensitive file system keeps them apart) and never
    /// `<Module>Schema`, the name of the generator's registry file; the files come in the order
    /// their first type was reached, the operations last.
    package static func files(_ module: ImportedModule) -> [ImportedFile] {
        var groups: [(key: String, types: [ImportedType])] = []
        var index: [String: Int] = [:]
        for type in module.types {
            let key = component(of: type.upstream)
            if let at = index[key] {
                groups[at].types.append(type)
            } else {
                index[key] = groups.count
                groups.append((key, [type]))
            }
        }
        var taken: Set<String> = [(module.module + "Schema").lowercased()]
        func unique(_ name: String) -> String {
            var candidate = name
            var number = 2
            while !taken.insert(candidate.lowercased()).inserted {
                candidate = name + String(number)
                number += 1
            }
            return candidate
        }
        var files: [ImportedFile] = []
        for group in groups where !group.key.isEmpty {
            files.append(
                ImportedFile(
                    name: unique((group.types.first { $0.upstream?.hasSuffix("#/" + group.key) == true } ?? group.types[0]).name),
                    text: text(module: module.module, doc: module.doc, types: group.types[...], operations: [])))
        }
        let operationTypes = index[""].map { groups[$0].types } ?? []
        if !operationTypes.isEmpty || !module.operations.isEmpty {
            files.append(
                ImportedFile(
                    name: unique(module.module + "Operations"),
                    text: text(module: module.module, doc: module.doc, types: operationTypes[...], operations: module.operations[...])))
        }
        return files
    }

    /// The component an upstream link points into (`components/schemas/order` for
    /// `doc.json#/components/schemas/order/properties/payer`); empty for anything else (an
    /// operation's parameter or inline body, or no link).
    static func component(of upstream: String?) -> String {
        guard let upstream, let hash = upstream.firstIndex(of: "#") else { return "" }
        let parts = upstream[upstream.index(after: hash)...].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts[0].isEmpty, parts[1] == "components", !parts[3].isEmpty else { return "" }
        return parts[1...3].joined(separator: "/")
    }
}
