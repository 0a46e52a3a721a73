import PaySchemaLanguage
import PaySchemaYAML

extension SchemaParser {
    static func parseConversions(_ node: YAMLNode?, owner: String, diagnostics: inout Diagnostics) -> [LegacyConversion] {
        guard let node, !node.isNull, let reader = MappingReader(node, what: "'legacy' of '\(owner)'", diagnostics: &diagnostics) else {
            return []
        }
        reader.rejectUnknownKeys(["conversions"], in: "'legacy' of '\(owner)'", diagnostics: &diagnostics)
        guard let list = reader["conversions"] else { return [] }
        guard let items = list.sequence else {
            diagnostics.error("'conversions' must be a list", at: list.location)
            return []
        }
        var result: [LegacyConversion] = []
        for item in items {
            guard let conversion = MappingReader(item, what: "a conversion", diagnostics: &diagnostics) else { continue }
            conversion.rejectUnknownKeys(["to", "from", "fields"], in: "a conversion of '\(owner)'", diagnostics: &diagnostics)
            let kind: LegacyConversion.Kind
            if let target = conversion.string("to", diagnostics: &diagnostics) {
                kind = .to(target)
            } else if let sources = conversion["from"], let entries = MappingReader(sources, what: "'from'", diagnostics: &diagnostics) {
                var labelled: [(label: String, type: Located<String>)] = []
                for key in entries.keys {
                    guard let label = key.scalar, let type = entries.string(label, diagnostics: &diagnostics) else { continue }
                    labelled.append((label, type))
                }
                kind = .from(labelled)
            } else {
                diagnostics.error("a conversion needs 'to: Type' or 'from: {label: Type}'", at: item.location)
                continue
            }
            var fields: [LegacyFieldMapping] = []
            if let fieldsNode = conversion["fields"],
                let mapping = MappingReader(fieldsNode, what: "'fields' of a conversion", diagnostics: &diagnostics)
            {
                for key in mapping.keys {
                    guard let target = key.scalar, let value = mapping[target] else { continue }
                    if let mappingField = parseMapping(Located(target, at: key.location), value, diagnostics: &diagnostics) {
                        fields.append(mappingField)
                    }
                }
            }
            result.append(LegacyConversion(kind: kind, fields: fields, location: item.location))
        }
        return result
    }

    static func parseMapping(_ target: Located<String>, _ node: YAMLNode, diagnostics: inout Diagnostics) -> LegacyFieldMapping? {
        if let path = node.scalar, !node.isNull {
            return LegacyFieldMapping(target: target, from: Located(path, at: node.location))
        }
        guard let reader = MappingReader(node, what: "the mapping of '\(target.value)'", diagnostics: &diagnostics) else { return nil }
        reader.rejectUnknownKeys(
            ["from", "value", "default", "transform"], in: "the mapping of '\(target.value)'", diagnostics: &diagnostics)
        var mapping = LegacyFieldMapping(target: target, from: reader.string("from", diagnostics: &diagnostics))
        if let value = reader["value"] { mapping.value = parseDefault(value, diagnostics: &diagnostics) }
        if let fallback = reader["default"] { mapping.fallback = parseDefault(fallback, diagnostics: &diagnostics) }
        if (mapping.from == nil) == (mapping.value == nil) {
            diagnostics.error("the mapping of '\(target.value)' needs exactly one of 'from' and 'value'", at: node.location)
            return nil
        }
        if let transform = reader["transform"] {
            if transform.scalar == "negate" {
                mapping.transform = .negate(transform.location)
            } else if let group = MappingReader(transform, what: "a transform", diagnostics: &diagnostics) {
                group.rejectUnknownKeys(["key", "values", "map"], in: "a group transform", diagnostics: &diagnostics)
                guard let key = group.string("key", diagnostics: &diagnostics),
                    let values = group.string("values", diagnostics: &diagnostics),
                    let table = group["map"], let entries = MappingReader(table, what: "'map'", diagnostics: &diagnostics)
                else {
                    diagnostics.error("a group transform needs 'key', 'values' and 'map' (LEGACY: [key, value])", at: transform.location)
                    return nil
                }
                var rows: [(legacy: Located<String>, key: String, value: String)] = []
                for entry in entries.keys {
                    guard let legacy = entry.scalar, let pair = entries[legacy]?.sequence?.compactMap(\.scalar), pair.count == 2 else {
                        diagnostics.error("each map entry is LEGACY: [key, value]", at: entry.location)
                        continue
                    }
                    rows.append((Located(legacy, at: entry.location), pair[0], pair[1]))
                }
                mapping.transform = .group(key: key.value, values: values.value, map: rows, location: transform.location)
            } else {
                diagnostics.error("unknown transform; use 'negate' or a group transform {key, values, map}", at: transform.location)
            }
        }
        return mapping
    }

    static let legacyAPIKeys: Set<String> = ["kind", "deprecated", "doc", "methods", "properties", "mainActor"]

    static func parseLegacyAPIs(_ node: YAMLNode, diagnostics: inout Diagnostics) -> [LegacyAPIDecl] {
        guard let entries = MappingReader(node, what: "'legacyAPI'", diagnostics: &diagnostics) else { return [] }
        var result: [LegacyAPIDecl] = []
        for key in entries.keys {
            guard let name = key.scalar, let value = entries[name],
                let reader = MappingReader(value, what: "legacy API '\(name)'", diagnostics: &diagnostics)
            else { continue }
            reader.rejectUnknownKeys(legacyAPIKeys, in: "legacy API '\(name)'", diagnostics: &diagnostics)
            guard let kind = reader.choice("kind", LegacyAPIDecl.Kind.allCases.map { ($0.rawValue, $0) }, diagnostics: &diagnostics) else {
                if reader["kind"] == nil {
                    diagnostics.error("legacy API '\(name)' needs a 'kind' (protocol, namespace or extension)", at: key.location)
                }
                continue
            }
            let deprecated = reader.string("deprecated", diagnostics: &diagnostics)
            if deprecated == nil && kind.value != .extension {
                diagnostics.error("legacy API '\(name)' needs a 'deprecated' message naming its replacement", at: key.location)
            }
            var methods: [LegacyMethod] = []
            if let methodsNode = reader["methods"], let list = MappingReader(methodsNode, what: "'methods'", diagnostics: &diagnostics) {
                for methodKey in list.keys {
                    guard let selector = methodKey.scalar, let methodNode = list[selector],
                        let method = MappingReader(methodNode, what: "method '\(selector)'", diagnostics: &diagnostics)
                    else { continue }
                    method.rejectUnknownKeys(
                        ["signature", "body", "noOp", "replacement", "doc"], in: "method '\(name).\(selector)'", diagnostics: &diagnostics)
                    let base = String(selector.prefix { $0 != "(" })
                    guard let signature = method.string("signature", diagnostics: &diagnostics), signature.value.hasPrefix("(") else {
                        diagnostics.error(
                            "method '\(selector)' needs a 'signature' starting with '(' (parameters, then an optional '-> Result')",
                            at: methodKey.location)
                        continue
                    }
                    let body = method.string("body", diagnostics: &diagnostics)
                    let noOp =
                        method.string("noOp", diagnostics: &diagnostics)
                        ?? (method["noOp"]?.isNull == true ? Located("", at: methodKey.location) : nil)
                    if kind.value != .protocol && (body == nil) == (noOp == nil) {
                        diagnostics.error(
                            "method '\(selector)' needs exactly one of 'body' (a thin wrapper over the current API) and 'noOp' (the value it returns)",
                            at: methodKey.location)
                    }
                    methods.append(
                        LegacyMethod(
                            name: Located(base, at: methodKey.location), signature: signature, body: body, noOp: noOp,
                            replacement: method.string("replacement", diagnostics: &diagnostics)?.value,
                            doc: method.doc(diagnostics: &diagnostics)))
                }
            }
            var properties: [LegacyProperty] = []
            if let propertiesNode = reader["properties"],
                let list = MappingReader(propertiesNode, what: "'properties'", diagnostics: &diagnostics)
            {
                for propertyKey in list.keys {
                    guard let propertyName = propertyKey.scalar, let propertyNode = list[propertyName],
                        let property = MappingReader(propertyNode, what: "property '\(propertyName)'", diagnostics: &diagnostics)
                    else { continue }
                    property.rejectUnknownKeys(
                        ["type", "get", "set", "doc"], in: "property '\(name).\(propertyName)'", diagnostics: &diagnostics)
                    guard let type = property.string("type", diagnostics: &diagnostics),
                        let getter = property.string("get", diagnostics: &diagnostics)
                    else {
                        diagnostics.error("property '\(propertyName)' needs 'type' and 'get'", at: propertyKey.location)
                        continue
                    }
                    properties.append(
                        LegacyProperty(
                            name: Located(propertyName, at: propertyKey.location), type: type.value, get: getter.value,
                            set: property.string("set", diagnostics: &diagnostics)?.value, doc: property.doc(diagnostics: &diagnostics)))
                }
            }
            result.append(
                LegacyAPIDecl(
                    name: Located(name, at: key.location), kind: kind.value, deprecated: deprecated?.value ?? "",
                    doc: reader.doc(diagnostics: &diagnostics), methods: methods, properties: properties,
                    mainActor: reader.bool("mainActor", diagnostics: &diagnostics)?.value ?? false))
        }
        return result
    }
}
