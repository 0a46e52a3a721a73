import PaySchemaLanguage
import PaySchemaYAML
@_spi(Generated) import PaymentSchemasVocabulary

extension SchemaParser {
    static let caseKeys: Set<String> = ["value", "doc", "aliases", "deprecated", "renamedFrom"]

    static func rawValue(_ node: YAMLNode, rawType: EnumDecl.RawType, what: String, diagnostics: inout Diagnostics) -> Located<RawValue>? {
        guard let text = node.scalar, !node.isNull else {
            diagnostics.error(
                "\(what) must be a \(rawType == .int ? "whole number" : "string"), found \(node.kindDescription)", at: node.location)
            return nil
        }
        switch rawType {
        case .string:
            return Located(.string(text), at: node.location)
        case .int:
            guard let number = Int(text) else {
                diagnostics.error("\(what) must be a whole number for an Int enum, found '\(text)'", at: node.location)
                return nil
            }
            return Located(.int(number), at: node.location)
        }
    }

    static func parseEnum(name: Located<String>, _ reader: MappingReader, diagnostics: inout Diagnostics) -> EnumDecl {
        let rawType =
            reader.choice("rawType", [("String", EnumDecl.RawType.string), ("Int", .int)], diagnostics: &diagnostics)?.value ?? .string
        var decl = EnumDecl(
            rawType: rawType, isOpen: reader.bool("open", diagnostics: &diagnostics)?.value ?? false,
            cases: [], casesLocation: reader.node.location)
        guard let casesNode = reader["cases"] else {
            diagnostics.error("enum '\(name.value)' needs 'cases'", at: name.location)
            return decl
        }
        decl.casesLocation = casesNode.location
        if let items = casesNode.sequence {
            for item in items {
                guard let value = rawValue(item, rawType: rawType, what: "a case of '\(name.value)'", diagnostics: &diagnostics) else {
                    continue
                }
                guard rawType == .string, let derived = Naming.caseName(for: value.value.description) else {
                    diagnostics.error(
                        "cannot derive a Swift case name from '\(value.value)'; list the cases as a mapping 'name: value'",
                        at: item.location)
                    continue
                }
                decl.cases.append(
                    EnumCaseDecl(name: Located(derived, at: item.location), value: value, aliases: [], doc: nil, lifecycle: .current))
            }
            return decl
        }
        if casesNode.isNull { return decl }
        guard let cases = MappingReader(casesNode, what: "'cases' of '\(name.value)'", diagnostics: &diagnostics) else { return decl }
        for key in cases.keys {
            guard let caseName = key.scalar, let node = cases[caseName] else { continue }
            let located = Located(caseName, at: key.location)
            if node.isNull {
                guard rawType == .string else {
                    diagnostics.error("case '\(caseName)' of Int enum '\(name.value)' needs a value", at: key.location)
                    continue
                }
                decl.cases.append(
                    EnumCaseDecl(
                        name: located, value: Located(.string(caseName), at: key.location), aliases: [], doc: nil, lifecycle: .current))
            } else if node.scalar != nil {
                guard let value = rawValue(node, rawType: rawType, what: "the value of case '\(caseName)'", diagnostics: &diagnostics)
                else { continue }
                decl.cases.append(EnumCaseDecl(name: located, value: value, aliases: [], doc: nil, lifecycle: .current))
            } else if let caseReader = MappingReader(node, what: "case '\(caseName)'", diagnostics: &diagnostics) {
                caseReader.rejectUnknownKeys(caseKeys, in: "case '\(name.value).\(caseName)'", diagnostics: &diagnostics)
                var value = Located(RawValue.string(caseName), at: key.location)
                if let valueNode = caseReader["value"] {
                    guard
                        let parsed = rawValue(
                            valueNode, rawType: rawType, what: "the value of case '\(caseName)'", diagnostics: &diagnostics)
                    else { continue }
                    value = parsed
                } else if rawType == .int {
                    diagnostics.error("case '\(caseName)' of Int enum '\(name.value)' needs a 'value'", at: key.location)
                    continue
                }
                var aliases: [Located<RawValue>] = []
                if let aliasNode = caseReader["aliases"] {
                    for item in aliasNode.sequence ?? [aliasNode] {
                        if let alias = rawValue(item, rawType: rawType, what: "an alias of '\(caseName)'", diagnostics: &diagnostics) {
                            aliases.append(alias)
                        }
                    }
                }
                decl.cases.append(
                    EnumCaseDecl(
                        name: located, value: value, aliases: aliases, doc: caseReader.doc(diagnostics: &diagnostics),
                        lifecycle: caseReader.lifecycle(diagnostics: &diagnostics)))
            }
        }
        return decl
    }

    static func parseUnion(name: Located<String>, _ reader: MappingReader, diagnostics: inout Diagnostics) -> UnionDecl? {
        guard let discriminator = reader.string("discriminator", diagnostics: &diagnostics) else {
            diagnostics.error("union '\(name.value)' needs a 'discriminator' field name", at: name.location)
            return nil
        }
        guard let variantsNode = reader["variants"] else {
            diagnostics.error("union '\(name.value)' needs 'variants'", at: name.location)
            return nil
        }
        var decl = UnionDecl(discriminator: discriminator, variants: [], variantsLocation: variantsNode.location)
        guard let variants = MappingReader(variantsNode, what: "'variants' of '\(name.value)'", diagnostics: &diagnostics) else {
            return decl
        }
        for key in variants.keys {
            guard let tag = key.scalar, let node = variants[tag] else { continue }
            var typeName: Located<String>?
            var doc: String?
            var caseName = Naming.caseName(for: tag)
            if let text = node.scalar, !node.isNull {
                typeName = Located(text, at: node.location)
            } else if let variant = MappingReader(node, what: "variant '\(tag)'", diagnostics: &diagnostics) {
                variant.rejectUnknownKeys(["type", "doc", "case"], in: "variant '\(name.value).\(tag)'", diagnostics: &diagnostics)
                typeName = variant.string("type", diagnostics: &diagnostics)
                doc = variant.doc(diagnostics: &diagnostics)
                if let explicit = variant.string("case", diagnostics: &diagnostics) { caseName = explicit.value }
                if typeName == nil { diagnostics.error("variant '\(tag)' needs a 'type'", at: key.location) }
            }
            guard let typeName else { continue }
            guard let caseName else {
                diagnostics.error("cannot derive a Swift case name from '\(tag)'; give the variant a 'case'", at: key.location)
                continue
            }
            decl.variants.append(UnionVariantDecl(tag: Located(tag, at: key.location), caseName: caseName, type: typeName, doc: doc))
        }
        return decl
    }

    static let catalogKeys: Set<String> = ["domain", "codeType", "defaultLanguage", "doc", "codes"]
    static let codeKeys: Set<String> = ["name", "message", "doc", "domain", "deprecated", "renamedFrom"]

    static func parseCatalog(name: Located<String>, _ node: YAMLNode, diagnostics: inout Diagnostics) -> ErrorCatalogDecl? {
        guard let reader = MappingReader(node, what: "error catalog '\(name.value)'", diagnostics: &diagnostics) else { return nil }
        reader.rejectUnknownKeys(catalogKeys, in: "error catalog '\(name.value)'", diagnostics: &diagnostics)
        guard let domain = reader.string("domain", diagnostics: &diagnostics) else {
            diagnostics.error("error catalog '\(name.value)' needs a 'domain'", at: name.location)
            return nil
        }
        let codeType =
            reader.choice("codeType", [("String", EnumDecl.RawType.string), ("Int", .int)], diagnostics: &diagnostics)?.value ?? .string
        var catalog = ErrorCatalogDecl(
            name: name, domain: domain, codeType: codeType,
            defaultLanguage: reader.string("defaultLanguage", diagnostics: &diagnostics)?.value ?? "en",
            doc: reader.doc(diagnostics: &diagnostics), codes: [], codesLocation: reader.node.location)
        guard let codesNode = reader["codes"] else {
            diagnostics.error("error catalog '\(name.value)' needs 'codes'", at: name.location)
            return catalog
        }
        catalog.codesLocation = codesNode.location
        guard let codes = MappingReader(codesNode, what: "'codes' of '\(name.value)'", diagnostics: &diagnostics) else { return catalog }
        for key in codes.keys {
            guard let codeText = key.scalar, let codeNode = codes[codeText],
                let code = rawValue(key, rawType: codeType, what: "error code '\(codeText)'", diagnostics: &diagnostics),
                let codeReader = MappingReader(codeNode, what: "error code '\(codeText)'", diagnostics: &diagnostics)
            else { continue }
            codeReader.rejectUnknownKeys(codeKeys, in: "error code '\(name.value).\(codeText)'", diagnostics: &diagnostics)
            guard let caseName = codeReader.string("name", diagnostics: &diagnostics) else {
                diagnostics.error("error code '\(codeText)' needs a 'name' (its Swift case name)", at: key.location)
                continue
            }
            var messages: [(language: String, text: String)] = []
            if let messageNode = codeReader["message"] {
                if let text = messageNode.scalar {
                    messages.append((catalog.defaultLanguage, text))
                } else if let byLanguage = MappingReader(messageNode, what: "'message' of '\(codeText)'", diagnostics: &diagnostics) {
                    for languageKey in byLanguage.keys {
                        guard let language = languageKey.scalar else { continue }
                        if language.count != 2 || !language.allSatisfy({ $0.isASCII && $0.isLowercase }) {
                            diagnostics.error(
                                "message languages are two-letter ISO 639-1 codes such as 'es' or 'en'; found '\(language)'",
                                at: languageKey.location)
                        }
                        if let text = byLanguage.string(language, diagnostics: &diagnostics) {
                            messages.append((language, text.value))
                        }
                    }
                }
            } else {
                diagnostics.error("error code '\(codeText)' needs a 'message'", at: key.location)
            }
            catalog.codes.append(
                ErrorCodeDecl(
                    code: code, name: caseName, messages: messages,
                    domain: codeReader.string("domain", diagnostics: &diagnostics)?.value,
                    doc: codeReader.doc(diagnostics: &diagnostics), lifecycle: codeReader.lifecycle(diagnostics: &diagnostics),
                    location: key.location))
        }
        return catalog
    }

    static let operationKeys: Set<String> = [
        "doc", "method", "path", "parameters", "request", "requestOptional", "response", "errorBody", "successStatus", "errorStatus",
        "security", "responseMediaType", "deprecated", "renamedFrom", "links", "unknownMembers",
    ]
    static let parameterKeys: Set<String> = ["in", "name", "type", "required", "sensitive", "idempotencyKey", "doc"]

    static func parseOperation(name: Located<String>, _ node: YAMLNode, diagnostics: inout Diagnostics) -> OperationDecl? {
        guard let reader = MappingReader(node, what: "operation '\(name.value)'", diagnostics: &diagnostics) else { return nil }
        reader.rejectUnknownKeys(operationKeys, in: "operation '\(name.value)'", diagnostics: &diagnostics)
        let methods = PayHTTPMethod.allCases.map { ($0.rawValue, $0) }
        guard let method = reader.choice("method", methods, diagnostics: &diagnostics) else {
            if reader["method"] == nil { diagnostics.error("operation '\(name.value)' needs a 'method'", at: name.location) }
            return nil
        }
        guard let path = reader.string("path", diagnostics: &diagnostics) else {
            diagnostics.error("operation '\(name.value)' needs a 'path'", at: name.location)
            return nil
        }
        var statuses: [Int] = []
        if let statusNode = reader["successStatus"] {
            for item in statusNode.sequence ?? [statusNode] {
                if let text = item.scalar, let status = Int(text), (200...299).contains(status) {
                    statuses.append(status)
                } else {
                    diagnostics.error("'successStatus' must be 2xx status codes", at: item.location)
                }
            }
        }
        var errorStatuses: [Int] = []
        if let statusNode = reader["errorStatus"] {
            for item in statusNode.sequence ?? [statusNode] {
                if let text = item.scalar, let status = Int(text), (400...599).contains(status), !errorStatuses.contains(status) {
                    errorStatuses.append(status)
                } else {
                    diagnostics.error("'errorStatus' must be distinct 4xx or 5xx status codes", at: item.location)
                }
            }
        }
        let security = reader.choice("security", SecurityScheme.allCases.map { ($0.rawValue, $0) }, diagnostics: &diagnostics)?.value
        var operation = OperationDecl(
            name: name, doc: reader.doc(diagnostics: &diagnostics), method: method, path: path, parameters: [],
            request: reader.string("request", diagnostics: &diagnostics), response: reader.string("response", diagnostics: &diagnostics),
            errorBody: reader.string("errorBody", diagnostics: &diagnostics), successStatuses: statuses.isEmpty ? [200] : statuses,
            lifecycle: reader.lifecycle(diagnostics: &diagnostics))
        operation.errorStatuses = errorStatuses.sorted()
        operation.security = security
        if let mediaType = reader.string("responseMediaType", diagnostics: &diagnostics) {
            let essence = mediaType.value.lowercased()
            if PayMediaType.isJSON(essence: essence) {
                operation.responseMediaType = essence
            } else {
                diagnostics.error(
                    "'responseMediaType' must be a JSON media type: application/json or application/<name>+json (got '\(mediaType.value)')",
                    at: mediaType.location)
            }
        }
        operation.requestOptional = reader.bool("requestOptional", diagnostics: &diagnostics)?.value ?? false
        operation.refusesUnknownMembers =
            reader.choice("unknownMembers", [("keep", false), ("refuse", true)], diagnostics: &diagnostics)?.value ?? false
        if operation.refusesUnknownMembers, operation.request == nil, let node = reader["unknownMembers"] {
            diagnostics.error(
                "operation '\(name.value)' says 'unknownMembers: refuse' but has no 'request' body to refuse them in", at: node.location)
        }
        if let linksNode = reader["links"], !linksNode.isNull,
            let links = MappingReader(linksNode, what: "'links' of '\(name.value)'", diagnostics: &diagnostics)
        {
            for key in links.keys {
                guard let target = key.scalar, let value = links[target],
                    let parameters = MappingReader(value, what: "link '\(name.value)' → '\(target)'", diagnostics: &diagnostics)
                else { continue }
                var link = LinkDecl(target: Located(target, at: key.location), parameters: [])
                for parameterKey in parameters.keys {
                    guard let parameter = parameterKey.scalar else { continue }
                    guard let field = parameters.string(parameter, diagnostics: &diagnostics) else { continue }
                    link.parameters.append((Located(parameter, at: parameterKey.location), field))
                }
                if link.parameters.isEmpty {
                    diagnostics.error("link '\(name.value)' → '\(target)' supplies no parameter", at: key.location)
                }
                operation.links.append(link)
            }
        }
        if let parametersNode = reader["parameters"], !parametersNode.isNull,
            let parameters = MappingReader(parametersNode, what: "'parameters' of '\(name.value)'", diagnostics: &diagnostics)
        {
            for key in parameters.keys {
                guard let parameterName = key.scalar, let value = parameters[parameterName],
                    let parameter = MappingReader(value, what: "parameter '\(parameterName)'", diagnostics: &diagnostics)
                else { continue }
                parameter.rejectUnknownKeys(parameterKeys, in: "parameter '\(name.value).\(parameterName)'", diagnostics: &diagnostics)
                guard let place = parameter.choice("in", ParameterDecl.Place.allCases.map { ($0.rawValue, $0) }, diagnostics: &diagnostics)
                else {
                    if parameter["in"] == nil {
                        diagnostics.error("parameter '\(parameterName)' needs 'in' (path, query, header or cookie)", at: key.location)
                    }
                    continue
                }
                let typeText = parameter.string("type", diagnostics: &diagnostics) ?? Located("String", at: key.location)
                guard let type = parseTypeExpression(typeText, diagnostics: &diagnostics) else { continue }
                operation.parameters.append(
                    ParameterDecl(
                        name: Located(parameterName, at: key.location),
                        wireName: parameter.string("name", diagnostics: &diagnostics)?.value ?? parameterName,
                        place: place.value, type: Located(type, at: typeText.location),
                        required: parameter.bool("required", diagnostics: &diagnostics)?.value ?? (place.value == .path),
                        sensitive: parameter.bool("sensitive", diagnostics: &diagnostics)?.value ?? false,
                        idempotencyKey: parameter.bool("idempotencyKey", diagnostics: &diagnostics)?.value ?? false,
                        doc: parameter.doc(diagnostics: &diagnostics)))
            }
        }
        return operation
    }
}
