import Foundation
@_spi(Generated) import PaymentSchemasRuntime
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore
@testable import PaySchemaDiff
@testable import PaySchemaExport
@testable import PaySchemaLanguage
@testable import PaySchemaModel
@testable import PaySchemaSwift
@testable import PaySchemaSyntax

/// One old/new pair per rule: the exact rule, severity, wire and source verdicts, path and location.
@Suite("Schema diff rules")
struct SchemaDiffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var old: String
        var new: String
        /// `RULE severity wire source path line:column`
        var expected: [String]
        var testDescription: String { name }
    }

    static func diff(_ old: String, _ new: String) -> [SchemaChange] {
        let (before, oldDiagnostics) = check(["s.yaml": old], module: "M")
        let (after, newDiagnostics) = check(["s.yaml": new], module: "M")
        precondition(oldDiagnostics.filter { $0.severity == .error }.isEmpty, "\(oldDiagnostics)")
        precondition(newDiagnostics.filter { $0.severity == .error }.isEmpty, "\(newDiagnostics)")
        return SchemaDiff.compare(old: ["M": before!.resolved], new: ["M": after!.resolved])
    }

    static func line(_ change: SchemaChange) -> String {
        let severity = change.severity == .note ? "info" : change.severity.rawValue
        return
            "\(change.rule) \(severity) \(change.wire.rawValue) \(change.source.rawValue) \(change.path) \(change.location.line):\(change.location.column)"
    }

    static let req = "  Req:\n    kind: struct\n    direction: request\n    fields:\n"
    static let res = "  Res:\n    kind: struct\n    direction: response\n    fields:\n"

    static let cases: [Case] = [
        Case(
            name: "type added", old: "types: {}", new: "types:\n  A: { kind: struct, fields: {} }",
            expected: ["TYPE_ADDED info compatible compatible M.A 2:3"]),
        Case(
            name: "type removed", old: "types:\n  A: { kind: struct, fields: {} }", new: "types: {}",
            expected: ["TYPE_REMOVED error compatible breaking M.A 2:3"]),
        Case(
            name: "type renamed", old: "types:\n  A: { kind: struct, fields: {} }",
            new: "types:\n  B: { kind: struct, renamedFrom: A, fields: {} }",
            expected: ["TYPE_RENAMED info compatible compatible M.B 2:3"]),
        Case(
            name: "rename without renamedFrom is removal plus addition", old: "types:\n  A: { kind: struct, fields: {} }",
            new: "types:\n  B: { kind: struct, fields: {} }",
            expected: ["TYPE_ADDED info compatible compatible M.B 2:3", "TYPE_REMOVED error compatible breaking M.A 2:3"]),
        Case(
            name: "kind changed", old: "types:\n  A: { kind: struct, fields: {} }", new: "types:\n  A: { kind: enum, cases: [x] }",
            expected: ["TYPE_KIND_CHANGED error breaking breaking M.A 2:3"]),
        Case(
            name: "encoding removed", old: "types:\n  A: { kind: struct, encodings: [json, query], fields: {} }",
            new: "types:\n  A: { kind: struct, encodings: [json], fields: {} }",
            expected: ["TYPE_ENCODING_REMOVED error breaking breaking M.A 2:49"]),
        Case(
            name: "encoding added", old: "types:\n  A: { kind: struct, fields: {} }",
            new: "types:\n  A: { kind: struct, encodings: [json, xml], fields: {} }",
            expected: ["TYPE_ENCODING_ADDED info compatible compatible M.A 2:54"]),
        Case(
            name: "required field added to a request", old: "types:\n" + req + "      a: String",
            new: "types:\n" + req + "      a: String\n      b: String",
            expected: ["FIELD_ADDED_REQUIRED error breaking breaking M.Req.b 7:7"]),
        Case(
            name: "required field added to a response", old: "types:\n" + res + "      a: String",
            new: "types:\n" + res + "      a: String\n      b: String",
            expected: ["FIELD_ADDED_REQUIRED error compatible breaking M.Res.b 7:7"]),
        Case(
            name: "optional field added", old: "types:\n" + res + "      a: String",
            new: "types:\n" + res + "      a: String\n      b: String?",
            expected: ["FIELD_ADDED_OPTIONAL info compatible compatible M.Res.b 7:7"]),
        Case(
            name: "required field removed from a response", old: "types:\n" + res + "      a: String\n      b: String",
            new: "types:\n" + res + "      a: String",
            expected: ["FIELD_REMOVED error breaking breaking M.Res.b 7:7"]),
        Case(
            name: "field removed from a request", old: "types:\n" + req + "      a: String\n      b: String",
            new: "types:\n" + req + "      a: String",
            expected: ["FIELD_REMOVED error compatible breaking M.Req.b 7:7"]),
        Case(
            name: "field renamed with renamedFrom", old: "types:\n" + res + "      cartId: String",
            new: "types:\n" + res + "      basketId: { type: String, required: true, renamedFrom: cartId }",
            expected: [
                "FIELD_RENAMED info compatible compatible M.Res.basketId 6:7",
                "FIELD_WIRE_NAME_CHANGED error breaking compatible M.Res.basketId 6:7",
            ]),
        Case(
            name: "field renamed keeping the wire name", old: "types:\n" + res + "      cartId: String",
            new: "types:\n" + res + "      basketId: { type: String, required: true, renamedFrom: cartId, json: cartId }",
            expected: ["FIELD_RENAMED info compatible compatible M.Res.basketId 6:7"]),
        Case(
            name: "field type changed", old: "types:\n" + res + "      a: String", new: "types:\n" + res + "      a: Int",
            expected: ["FIELD_TYPE_CHANGED error breaking breaking M.Res.a 6:10"]),
        Case(
            name: "request field became required", old: "types:\n" + req + "      a: String?", new: "types:\n" + req + "      a: String",
            expected: ["FIELD_BECAME_REQUIRED error breaking breaking M.Req.a 6:7"]),
        Case(
            name: "response field became optional", old: "types:\n" + res + "      a: String", new: "types:\n" + res + "      a: String?",
            expected: ["FIELD_BECAME_OPTIONAL error breaking breaking M.Res.a 6:7"]),
        Case(
            name: "wire name changed with the old one kept as an alias", old: "types:\n" + res + "      a: { type: String, json: old_a }",
            new: "types:\n" + res + "      a: { type: String, json: new_a, aliases: [old_a] }",
            expected: ["FIELD_WIRE_NAME_CHANGED warning dangerous compatible M.Res.a 6:7"]),
        Case(
            name: "request wire name changed with the old one kept as an alias",
            old: "types:\n" + req + "      a: { type: String, json: old_a }",
            new: "types:\n" + req + "      a: { type: String, json: new_a, aliases: [old_a] }",
            expected: ["FIELD_WIRE_NAME_CHANGED info compatible compatible M.Req.a 6:7"]),
        Case(
            name: "wire name changed in a request", old: "types:\n" + req + "      a: { type: String, json: old_a }",
            new: "types:\n" + req + "      a: { type: String, json: new_a }",
            expected: ["FIELD_WIRE_NAME_CHANGED warning dangerous compatible M.Req.a 6:7"]),
        Case(
            name: "required field's wire name changed in a request",
            old: "types:\n" + req + "      a: { type: String, required: true, json: old_a }",
            new: "types:\n" + req + "      a: { type: String, required: true, json: new_a }",
            expected: ["FIELD_WIRE_NAME_CHANGED error breaking compatible M.Req.a 6:7"]),
        Case(
            name: "default changed", old: "types:\n" + req + "      a: { type: String, default: x }",
            new: "types:\n" + req + "      a: { type: String, default: y }",
            expected: ["FIELD_DEFAULT_CHANGED warning dangerous compatible M.Req.a 6:7"]),
        Case(
            name: "alias removed", old: "types:\n" + res + "      a: { type: String, aliases: [legacyA] }",
            new: "types:\n" + res + "      a: { type: String }",
            expected: ["FIELD_ALIAS_REMOVED info compatible compatible M.Res.a 6:7"]),
        Case(
            name: "alias of a required request field removed",
            old: "types:\n" + req + "      a: { type: String, required: true, aliases: [legacyA] }",
            new: "types:\n" + req + "      a: { type: String, required: true }",
            expected: ["FIELD_ALIAS_REMOVED error breaking compatible M.Req.a 6:7"]),
        Case(
            name: "alias of an optional request field removed", old: "types:\n" + req + "      a: { type: String, aliases: [legacyA] }",
            new: "types:\n" + req + "      a: { type: String }",
            expected: ["FIELD_ALIAS_REMOVED warning dangerous compatible M.Req.a 6:7"]),
        Case(
            name: "sensitive removed", old: "types:\n" + req + "      pin: { type: String, sensitive: true }",
            new: "types:\n" + req + "      pin: { type: String }",
            expected: ["SENSITIVE_REMOVED error compatible compatible M.Req.pin 6:7"]),
        Case(
            name: "sensitive added", old: "types:\n" + req + "      pin: { type: String }",
            new: "types:\n" + req + "      pin: { type: String, sensitive: true }",
            expected: ["SENSITIVE_ADDED info compatible compatible M.Req.pin 6:7"]),
        Case(
            name: "tightened in a request breaks", old: "types:\n" + req + "      a: { type: String, maxLength: 10 }",
            new: "types:\n" + req + "      a: { type: String, maxLength: 5 }",
            expected: ["CONSTRAINT_TIGHTENED error breaking compatible M.Req.a 6:7"]),
        Case(
            name: "tightened in a response is fine", old: "types:\n" + res + "      a: { type: Int, minimum: 0 }",
            new: "types:\n" + res + "      a: { type: Int, minimum: 1 }",
            expected: ["CONSTRAINT_TIGHTENED info compatible compatible M.Res.a 6:7"]),
        Case(
            name: "loosened in a response breaks", old: "types:\n" + res + "      a: { type: String, format: iso4217 }",
            new: "types:\n" + res + "      a: { type: String }",
            expected: ["CONSTRAINT_LOOSENED error breaking compatible M.Res.a 6:7"]),
        Case(
            name: "loosened in a request is fine", old: "types:\n" + req + "      a: { type: \"[String]\", minItems: 2 }",
            new: "types:\n" + req + "      a: { type: \"[String]\", minItems: 1 }",
            expected: ["CONSTRAINT_LOOSENED info compatible compatible M.Req.a 6:7"]),
        Case(
            name: "pattern changed", old: "types:\n" + res + "      a: { type: String, pattern: \"[a-z]+\" }",
            new: "types:\n" + res + "      a: { type: String, pattern: \"[0-9]+\" }",
            expected: ["CONSTRAINT_CHANGED error breaking compatible M.Res.a 6:7"]),
        Case(
            name: "pattern tightened in a request", old: "types:\n" + req + "      a: { type: String, pattern: \"tr_[A-Za-z0-9]+\" }",
            new: "types:\n" + req + "      a: { type: String, pattern: \"tr_[A-Za-z0-9]{10}\" }",
            expected: ["CONSTRAINT_TIGHTENED error breaking compatible M.Req.a 6:7"]),
        Case(
            name: "pattern tightened in a response", old: "types:\n" + res + "      a: { type: String, pattern: \"tr_[A-Za-z0-9]+\" }",
            new: "types:\n" + res + "      a: { type: String, pattern: \"tr_[A-Za-z0-9]{10}\" }",
            expected: ["CONSTRAINT_TIGHTENED info compatible compatible M.Res.a 6:7"]),
        Case(
            name: "pattern loosened in a response", old: "types:\n" + res + "      a: { type: String, pattern: \"tr_[A-Za-z0-9]+\" }",
            new: "types:\n" + res + "      a: { type: String, pattern: \"[a-z]+_[A-Za-z0-9]+\" }",
            expected: ["CONSTRAINT_LOOSENED error breaking compatible M.Res.a 6:7"]),
        Case(
            name: "pattern loosened in a request", old: "types:\n" + req + "      a: { type: String, pattern: \"tr_[A-Za-z0-9]+\" }",
            new: "types:\n" + req + "      a: { type: String, pattern: \"[a-z]+_[A-Za-z0-9]+\" }",
            expected: ["CONSTRAINT_LOOSENED info compatible compatible M.Req.a 6:7"]),
        Case(
            name: "length tightened and pattern loosened together",
            old: "types:\n" + res + "      a: { type: String, maxLength: 10, pattern: \"[a-z]+\" }",
            new: "types:\n" + res + "      a: { type: String, maxLength: 5, pattern: \"[a-z0-9]+\" }",
            expected: ["CONSTRAINT_CHANGED error breaking compatible M.Res.a 6:7"]),
        Case(
            name: "a length bound the pattern already implies",
            old: "types:\n" + res + "      a: { type: String, maxLength: 10, pattern: \"[a-z]{1,3}\" }",
            new: "types:\n" + res + "      a: { type: String, maxLength: 20, pattern: \"[a-z]{1,3}\" }",
            expected: []),
        Case(
            name: "range tightened and scale loosened together",
            old: "types:\n" + req + "      a: { type: Decimal, required: true, minimum: 0, scale: 2 }",
            new: "types:\n" + req + "      a: { type: Decimal, required: true, minimum: 1, scale: 3 }",
            expected: ["CONSTRAINT_CHANGED error breaking compatible M.Req.a 6:7"]),
        Case(
            name: "bounds tightened together in a request", old: "types:\n" + req + "      a: { type: Int, minimum: 0, maximum: 100 }",
            new: "types:\n" + req + "      a: { type: Int, minimum: 1, maximum: 50 }",
            expected: ["CONSTRAINT_TIGHTENED error breaking compatible M.Req.a 6:7"]),
        Case(
            name: "case added to a closed response enum", old: "types:\n  E: { kind: enum, direction: response, cases: [a] }",
            new: "types:\n  E: { kind: enum, direction: response, cases: [a, b] }",
            expected: ["ENUM_CASE_ADDED error breaking breaking M.E.b 2:52"]),
        Case(
            name: "case added to an open enum", old: "types:\n  E: { kind: enum, open: true, cases: [a] }",
            new: "types:\n  E: { kind: enum, open: true, cases: [a, b] }",
            expected: ["ENUM_CASE_ADDED error dangerous breaking M.E.b 2:43"]),
        Case(
            name: "case removed from a request enum", old: "types:\n  E: { kind: enum, direction: request, cases: [a, b] }",
            new: "types:\n  E: { kind: enum, direction: request, cases: [a] }",
            expected: ["ENUM_CASE_REMOVED error breaking breaking M.E.b 2:51"]),
        Case(
            name: "case renamed", old: "types:\n  E:\n    kind: enum\n    cases: { old: { value: X } }",
            new: "types:\n  E:\n    kind: enum\n    cases: { new: { value: X, renamedFrom: old } }",
            expected: ["ENUM_CASE_RENAMED error compatible breaking M.E.new 4:14"]),
        Case(
            name: "value changed", old: "types:\n  E:\n    kind: enum\n    cases: { a: X }",
            new: "types:\n  E:\n    kind: enum\n    cases: { a: Y }",
            expected: ["ENUM_VALUE_CHANGED error breaking compatible M.E.a 4:17"]),
        Case(
            name: "enum alias removed", old: "types:\n  E:\n    kind: enum\n    cases: { tvv: { value: TVV, aliases: [TAVV] } }",
            new: "types:\n  E:\n    kind: enum\n    cases: { tvv: { value: TVV } }",
            expected: ["ENUM_ALIAS_REMOVED error breaking compatible M.E.tvv 4:14"]),
        Case(
            name: "a struct starts refusing members it does not model",
            old: "types:\n  A: { kind: struct, fields: { id: String } }",
            new: "types:\n  A: { kind: struct, unknownMembers: refuse, fields: { id: String } }",
            expected: ["UNKNOWN_MEMBERS_REFUSED error breaking compatible M.A 2:54"]),
        Case(
            name: "a struct starts keeping members it does not model",
            old: "types:\n  A: { kind: struct, unknownMembers: refuse, fields: { id: String } }",
            new: "types:\n  A: { kind: struct, fields: { id: String } }",
            expected: ["UNKNOWN_MEMBERS_KEPT error breaking compatible M.A 2:30"]),
        Case(
            name: "open to closed", old: "types:\n  E: { kind: enum, open: true, cases: [a] }",
            new: "types:\n  E: { kind: enum, cases: [a] }",
            expected: ["ENUM_BECAME_CLOSED error breaking breaking M.E 2:3"]),
        Case(
            name: "closed to open", old: "types:\n  E: { kind: enum, cases: [a] }",
            new: "types:\n  E: { kind: enum, open: true, cases: [a] }",
            expected: ["ENUM_BECAME_OPEN error breaking breaking M.E 2:3"]),
        Case(
            name: "request enum became open", old: "types:\n  E: { kind: enum, direction: request, cases: [a] }",
            new: "types:\n  E: { kind: enum, direction: request, open: true, cases: [a] }",
            expected: ["ENUM_BECAME_OPEN error compatible breaking M.E 2:3"]),
        Case(
            name: "response enum became closed", old: "types:\n  E: { kind: enum, direction: response, open: true, cases: [a] }",
            new: "types:\n  E: { kind: enum, direction: response, cases: [a] }",
            expected: ["ENUM_BECAME_CLOSED error compatible breaking M.E 2:3"]),
        Case(
            name: "union variant added",
            old: "types:\n  V: { kind: struct, fields: { op: String } }\n  U: { kind: union, discriminator: op, variants: { a: V } }",
            new: "types:\n  V: { kind: struct, fields: { op: String } }\n  U: { kind: union, discriminator: op, variants: { a: V, b: V } }",
            expected: ["UNION_VARIANT_ADDED error breaking breaking M.U.b 3:58"]),
        Case(
            name: "union variant removed",
            old: "types:\n  V: { kind: struct, fields: { op: String } }\n  U: { kind: union, discriminator: op, variants: { a: V, b: V } }",
            new: "types:\n  V: { kind: struct, fields: { op: String } }\n  U: { kind: union, discriminator: op, variants: { a: V } }",
            expected: ["UNION_VARIANT_REMOVED error breaking breaking M.U.b 3:58"]),
        Case(
            name: "scalar base changed", old: "types:\n  S: { kind: scalar, base: String }",
            new: "types:\n  S: { kind: scalar, base: Int }",
            expected: ["SCALAR_BASE_CHANGED error breaking breaking M.S 2:28"]),
        Case(
            name: "scalar literal removed", old: "types:\n  S: { kind: scalar, base: String, minLength: 1, literal: true }",
            new: "types:\n  S: { kind: scalar, base: String, minLength: 1 }",
            expected: ["SCALAR_LITERAL_REMOVED error compatible breaking M.S 2:3"]),
        Case(
            name: "scalar literal added", old: "types:\n  S: { kind: scalar, base: Int, maximum: 9 }",
            new: "types:\n  S: { kind: scalar, base: Int, maximum: 9, literal: true }",
            expected: ["SCALAR_LITERAL_ADDED info compatible compatible M.S 2:54"]),
        Case(
            name: "error code added", old: "errors:\n  Err: { domain: d, codes: { A1: { name: a, message: A } } }",
            new: "errors:\n  Err: { domain: d, codes: { A1: { name: a, message: A }, A2: { name: b, message: B } } }",
            expected: ["ERROR_CODE_ADDED error compatible breaking M.Err.A2 2:59"]),
        Case(
            name: "error code removed",
            old: "errors:\n  Err: { domain: d, codes: { A1: { name: a, message: A }, A2: { name: b, message: B } } }",
            new: "errors:\n  Err: { domain: d, codes: { A1: { name: a, message: A } } }",
            expected: ["ERROR_CODE_REMOVED error compatible breaking M.Err.A2 2:59"]),
        Case(
            name: "error catalog removed", old: "errors:\n  Err: { domain: d, codes: { A1: { name: a, message: A } } }", new: "types: {}",
            expected: ["ERROR_CATALOG_REMOVED error compatible breaking M.Err 2:3"]),
        Case(
            name: "operation added", old: "types:\n  R: { kind: struct, fields: {} }",
            new: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: R }",
            expected: ["OPERATION_ADDED info compatible compatible M.operations.getR 4:3"]),
        Case(
            name: "operation removed",
            old: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: R }",
            new: "types:\n  R: { kind: struct, fields: {} }",
            expected: ["OPERATION_REMOVED error breaking breaking M.operations.getR 4:3"]),
        Case(
            name: "operation changed",
            old: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: R }",
            new: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /v2/r, response: R }",
            expected: ["OPERATION_CHANGED error breaking compatible M.operations.getR 4:3"]),
        Case(
            name: "operation response changed",
            old:
                "types:\n  R: { kind: struct, fields: {} }\n  S: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: R }",
            new:
                "types:\n  R: { kind: struct, fields: {} }\n  S: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: S }",
            expected: ["OPERATION_CHANGED error breaking breaking M.operations.getR 5:3"]),
        Case(
            name: "required parameter added",
            old: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: R }",
            new:
                "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: R, parameters: { key: { in: header, required: true } } }",
            expected: ["PARAMETER_ADDED error breaking breaking M.operations.getR.key 4:61"]),
        Case(
            name: "parameter removed",
            old:
                "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: R, parameters: { key: { in: header } } }",
            new: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: R }",
            expected: ["PARAMETER_REMOVED error compatible breaking M.operations.getR.key 4:61"]),
        // A placeholder without a declaration is a `String` parameter of the generated initializer:
        // renaming it changes a Swift label, not the requests on the wire.
        Case(
            name: "path placeholder renamed",
            old: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: \"/r/{id}\", response: R }",
            new: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: \"/r/{rid}\", response: R }",
            expected: [
                "PARAMETER_ADDED error compatible breaking M.operations.getR.rid 4:30",
                "PARAMETER_REMOVED error compatible breaking M.operations.getR.id 4:30",
            ]),
        Case(
            name: "path placeholder added",
            old: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: /r, response: R }",
            new: "types:\n  R: { kind: struct, fields: {} }\noperations:\n  getR: { method: GET, path: \"/r/{id}\", response: R }",
            expected: [
                "OPERATION_CHANGED error breaking compatible M.operations.getR 4:3",
                "PARAMETER_ADDED error compatible breaking M.operations.getR.id 4:30",
            ]),
        Case(
            name: "exact scale added to a request", old: "types:\n" + req + "      a: { type: Decimal, required: true, scale: 2 }",
            new: "types:\n" + req + "      a: { type: Decimal, required: true, scale: 2, exactScale: true }",
            expected: ["CONSTRAINT_TIGHTENED error breaking compatible M.Req.a 6:7"]),
        Case(
            name: "exact scale widened to at most three digits in a response",
            old: "types:\n" + res + "      a: { type: Decimal, required: true, scale: 2, exactScale: true }",
            new: "types:\n" + res + "      a: { type: Decimal, required: true, scale: 3 }",
            expected: ["CONSTRAINT_LOOSENED error breaking compatible M.Res.a 6:7"]),
        Case(
            name: "exact scale moved", old: "types:\n" + res + "      a: { type: Decimal, required: true, scale: 2, exactScale: true }",
            new: "types:\n" + res + "      a: { type: Decimal, required: true, scale: 3, exactScale: true }",
            expected: ["CONSTRAINT_CHANGED error breaking compatible M.Res.a 6:7"]),
        Case(
            name: "null accepted in a response", old: "types:\n" + res + "      a: String?",
            new: "types:\n" + res + "      a: { type: String, nullable: true }",
            expected: ["CONSTRAINT_LOOSENED error breaking compatible M.Res.a 6:7"]),
        Case(
            name: "null refused in a request", old: "types:\n" + req + "      a: { type: String, nullable: true }",
            new: "types:\n" + req + "      a: String?",
            expected: ["CONSTRAINT_TIGHTENED error breaking compatible M.Req.a 6:7"]),
        Case(
            name: "numbers accepted for a request amount", old: "types:\n" + req + "      a: { type: String, format: decimalString }",
            new: "types:\n" + req + "      a: { type: String, format: decimalString, jsonForms: [string, number] }",
            expected: ["CONSTRAINT_LOOSENED info compatible compatible M.Req.a 6:7"]),
        Case(
            name: "amount now written as a string", old: "types:\n" + res + "      a: { type: Decimal, required: true }",
            new: "types:\n" + res + "      a: { type: Decimal, required: true, jsonForms: [string, number] }",
            expected: ["CONSTRAINT_CHANGED error breaking compatible M.Res.a 6:7"]),
        Case(
            name: "list elements became nullable in a response", old: "types:\n" + res + "      a: \"[String]?\"",
            new: "types:\n" + res + "      a: \"[String?]?\"",
            expected: ["ELEMENT_NULLABILITY_CHANGED error breaking breaking M.Res.a 6:7"]),
        Case(
            name: "a nullable request field must now be present", old: "types:\n" + req + "      a: { type: String, nullable: true }",
            new: "types:\n" + req + "      a: { type: String, required: true, nullable: true }",
            expected: ["FIELD_BECAME_REQUIRED error breaking compatible M.Req.a 6:7"]),
        Case(
            name: "a nullable response field is now always present", old: "types:\n" + res + "      a: { type: String, nullable: true }",
            new: "types:\n" + res + "      a: { type: String, required: true, nullable: true }",
            expected: ["FIELD_BECAME_REQUIRED info compatible compatible M.Res.a 6:7"]),
        Case(
            name: "a required response field may now be null", old: "types:\n" + res + "      a: { type: String, required: true }",
            new: "types:\n" + res + "      a: { type: String, required: true, nullable: true }",
            expected: ["FIELD_NULLABILITY_CHANGED error breaking breaking M.Res.a 6:7"]),
        Case(
            name: "a required response field can no longer be null",
            old: "types:\n" + res + "      a: { type: Int, required: true, nullable: true }",
            new: "types:\n" + res + "      a: { type: Int, required: true }",
            expected: ["FIELD_NULLABILITY_CHANGED error compatible breaking M.Res.a 6:7"]),
        Case(
            name: "a required request field can no longer be null",
            old: "types:\n" + req + "      a: { type: Decimal, required: true, nullable: true }",
            new: "types:\n" + req + "      a: { type: Decimal, required: true }",
            expected: ["FIELD_NULLABILITY_CHANGED error breaking breaking M.Req.a 6:7"]),
        Case(
            name: "a present-but-null response field is no longer required",
            old: "types:\n" + res + "      a: { type: \"[String]\", required: true, nullable: true }",
            new: "types:\n" + res + "      a: { type: \"[String]\", nullable: true }",
            expected: ["FIELD_BECAME_OPTIONAL error breaking compatible M.Res.a 6:7"]),
        Case(
            name: "relative URLs accepted in a request", old: "types:\n" + req + "      a: URL?",
            new: "types:\n" + req + "      a: { type: URL, relative: true }",
            expected: ["CONSTRAINT_LOOSENED info compatible compatible M.Req.a 6:7"]),
        Case(
            name: "requireAnyOf added to a request", old: "types:\n" + req + "      a: String?\n      b: String?",
            new:
                "types:\n  Req:\n    kind: struct\n    direction: request\n    requireAnyOf: [[a], [b]]\n    fields:\n      a: String?\n      b: String?",
            expected: ["CONSTRAINT_TIGHTENED error breaking compatible M.Req 5:20"]),
        // Type changes by inclusion: a JSON value admits every value, so narrowing it to a string
        // breaks only old senders, and widening a string to a JSON value only old receivers.
        Case(
            name: "JSON value narrowed to a string in a response", old: "types:\n" + res + "      a: JSON",
            new: "types:\n" + res + "      a: String",
            expected: ["FIELD_TYPE_CHANGED error compatible breaking M.Res.a 6:10"]),
        Case(
            name: "JSON value narrowed to a string in a request", old: "types:\n" + req + "      a: JSON",
            new: "types:\n" + req + "      a: String",
            expected: ["FIELD_TYPE_CHANGED error breaking breaking M.Req.a 6:10"]),
        Case(
            name: "string widened to a JSON value in a request", old: "types:\n" + req + "      a: String",
            new: "types:\n" + req + "      a: JSON",
            expected: ["FIELD_TYPE_CHANGED error compatible breaking M.Req.a 6:10"]),
        Case(
            name: "string widened to a JSON value in a response", old: "types:\n" + res + "      a: String",
            new: "types:\n" + res + "      a: JSON",
            expected: ["FIELD_TYPE_CHANGED error breaking breaking M.Res.a 6:10"]),
        Case(
            name: "list of JSON values narrowed to integers in a response", old: "types:\n" + res + "      a: \"[JSON]\"",
            new: "types:\n" + res + "      a: \"[Int]\"",
            expected: ["FIELD_TYPE_CHANGED error compatible breaking M.Res.a 6:10"]),
        Case(
            name: "an object field became a list", old: "types:\n" + res + "      a: \"[String: String]\"",
            new: "types:\n" + res + "      a: \"[String]\"",
            expected: ["FIELD_TYPE_CHANGED error breaking breaking M.Res.a 6:10"]),
        // requireAnyOf by inclusion: a payload passes when some group is wholly present.
        Case(
            name: "requireAnyOf alternative removed in a request",
            old:
                "types:\n  T:\n    kind: struct\n    direction: request\n    requireAnyOf: [[a], [b], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            new:
                "types:\n  T:\n    kind: struct\n    direction: request\n    requireAnyOf: [[a], [b]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            expected: ["CONSTRAINT_TIGHTENED error breaking compatible M.T 5:20"]),
        Case(
            name: "requireAnyOf alternative removed in a response",
            old:
                "types:\n  T:\n    kind: struct\n    direction: response\n    requireAnyOf: [[a], [b], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            new:
                "types:\n  T:\n    kind: struct\n    direction: response\n    requireAnyOf: [[a], [b]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            expected: ["CONSTRAINT_TIGHTENED info compatible compatible M.T 5:20"]),
        Case(
            name: "requireAnyOf group gained a field in a request",
            old:
                "types:\n  T:\n    kind: struct\n    direction: request\n    requireAnyOf: [[a], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            new:
                "types:\n  T:\n    kind: struct\n    direction: request\n    requireAnyOf: [[a, b], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            expected: ["CONSTRAINT_TIGHTENED error breaking compatible M.T 5:20"]),
        Case(
            name: "requireAnyOf alternative added in a response",
            old:
                "types:\n  T:\n    kind: struct\n    direction: response\n    requireAnyOf: [[a], [b]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            new:
                "types:\n  T:\n    kind: struct\n    direction: response\n    requireAnyOf: [[a], [b], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            expected: ["CONSTRAINT_LOOSENED error breaking compatible M.T 5:20"]),
        Case(
            name: "requireAnyOf group lost a field in a request",
            old:
                "types:\n  T:\n    kind: struct\n    direction: request\n    requireAnyOf: [[a, b], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            new:
                "types:\n  T:\n    kind: struct\n    direction: request\n    requireAnyOf: [[a], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            expected: ["CONSTRAINT_LOOSENED info compatible compatible M.T 5:20"]),
        Case(
            name: "requireAnyOf group lost a field in a response",
            old:
                "types:\n  T:\n    kind: struct\n    direction: response\n    requireAnyOf: [[a, b], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            new:
                "types:\n  T:\n    kind: struct\n    direction: response\n    requireAnyOf: [[b], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            expected: ["CONSTRAINT_LOOSENED error breaking compatible M.T 5:20"]),
        Case(
            name: "requireAnyOf removed from a response",
            old:
                "types:\n  T:\n    kind: struct\n    direction: response\n    requireAnyOf: [[a], [b]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            new:
                "types:\n  T:\n    kind: struct\n    direction: response\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            expected: ["CONSTRAINT_LOOSENED error breaking compatible M.T 6:7"]),
        Case(
            name: "requireAnyOf group swapped for another",
            old:
                "types:\n  T:\n    kind: struct\n    direction: both\n    requireAnyOf: [[a], [b]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            new:
                "types:\n  T:\n    kind: struct\n    direction: both\n    requireAnyOf: [[a], [c]]\n    fields:\n      a: String?\n      b: String?\n      c: String?",
            expected: ["CONSTRAINT_CHANGED error breaking compatible M.T 5:20"]),
        Case(
            name: "deprecated", old: "types:\n  A: { kind: struct, fields: {} }",
            new: "types:\n  A: { kind: struct, deprecated: Use B., fields: {} }",
            expected: ["DEPRECATED info compatible compatible M.A 2:3"]),
        Case(
            name: "removed after deprecation", old: "types:\n  A: { kind: struct, deprecated: true, fields: {} }", new: "types: {}",
            expected: ["REMOVED_AFTER_DEPRECATION warning compatible breaking M.A 2:3"]),
        Case(
            name: "documentation only", old: "types:\n  A: { kind: struct, doc: Old., fields: {} }",
            new: "types:\n  A: { kind: struct, doc: New., fields: {} }",
            expected: ["DOCUMENTATION_CHANGED info compatible compatible M.A 2:3"]),
    ]

    @Test(arguments: cases)
    func ruleIsClassified(_ testCase: Case) {
        #expect(Self.diff(testCase.old, testCase.new).map(Self.line) == testCase.expected)
    }

    @Test func everyRuleHasACase() {
        let covered = Set(Self.cases.flatMap { $0.expected.map { String($0.split(separator: " ")[0]) } } + ["STALE_ACCEPTANCE"])
        #expect(Set(DiffRule.allCases.map(\.rawValue)).subtracting(covered).sorted() == [])
    }

    /// The README's rules table: each rule's summary and the wire and Swift-source verdicts its
    /// cases here show (and `DiffProofTests` proves with the compiler and payloads).
    static var rulesTable: String {
        let order: [String] = ["breaking", "dangerous", "compatible"]
        var wire: [String: Set<String>] = [:]
        var source: [String: Set<String>] = [:]
        for line in cases.flatMap(\.expected) {
            let parts = line.split(separator: " ").map(String.init)
            wire[parts[0], default: []].insert(parts[2])
            source[parts[0], default: []].insert(parts[3])
        }
        let render = { (verdicts: Set<String>?) -> String in
            guard let verdicts else { return "—" }
            return order.filter(verdicts.contains).joined(separator: " / ")
        }
        var lines = ["| Rule | Reports | Wire | Swift source |", "|---|---|---|---|"]
        for rule in DiffRule.allCases {
            lines.append(
                "| `\(rule.rawValue)` | \(rule.summary.replacingOccurrences(of: "|", with: "\\|")) | \(render(wire[rule.rawValue])) | \(render(source[rule.rawValue])) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    @Test func theReadmeRulesTableShowsTheProvenVerdicts() throws {
        let readme = try String(contentsOf: packageRoot.appending(path: "docs/schema-diff.md"), encoding: .utf8)
        let table = Self.rulesTable
        if !readme.contains(table) {
            let url = FileManager.default.temporaryDirectory.appending(path: "rules-table.md")
            try table.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "docs/schema-diff.md's rules table differs from the verdicts the cases prove; the expected table is in \(url.path)")
        }
    }

    @Test func identicalSchemasHaveNoChanges() {
        let schema = "types:\n" + Self.req + "      a: { type: String, maxLength: 5 }\n  E: { kind: enum, cases: [a] }"
        #expect(Self.diff(schema, schema).isEmpty)
    }

    @Test func acceptedChangesAndStaleEntries() {
        let changes = Self.diff("types:\n  A: { kind: struct, fields: {} }", "types: {}")
        let (file, diagnostics) = AcceptedChanges.load(
            """
            accepted:
              - rule: TYPE_REMOVED
                path: M.A
                reason: A is gone on purpose.
              - rule: FIELD_REMOVED
                path: M.B.x
                reason: This no longer happens.
            """, file: "breaking-changes.yaml")
        #expect(diagnostics.isEmpty)
        let applied = file.apply(to: changes)
        #expect(applied.count == 2)
        #expect(applied[0].acceptedBecause == "A is gone on purpose.")
        #expect(!DiffReport.fails(applied[0], threshold: .error))
        #expect(applied[1].rule == .staleAcceptance)
        #expect(applied[1].severity == .warning)
        #expect(applied[1].location == SourceLocation(file: "breaking-changes.yaml", line: 5, column: 5))
        #expect(DiffReport.fails(applied[1], threshold: .warning))
        let (_, bad) = AcceptedChanges.load("accepted:\n  - rule: FIELD_REMOVD\n    path: x\n    reason: y\n", file: "b.yaml")
        #expect(bad.first?.message == "unknown rule 'FIELD_REMOVD'; did you mean 'FIELD_REMOVED'?")
    }

    @Test func reportsInEveryFormat() {
        let changes = Self.diff("types:\n" + Self.res + "      a: String\n      b: String", "types:\n" + Self.res + "      a: String")
        #expect(
            DiffReport.render(changes, format: .text)
                == "s.yaml:7:7: error: [FIELD_REMOVED] M.Res.b: b was removed: old receivers require it (response; wire: breaking, source: breaking)"
        )
        #expect(
            DiffReport.render(changes, format: .github)
                == "::error file=s.yaml,line=7,col=7,title=FIELD_REMOVED::M.Res.b: b was removed: old receivers require it (response; wire: breaking, source: breaking)"
        )
        let markdown = DiffReport.render(changes, format: .markdown)
        #expect(
            markdown.contains(
                "| error | `FIELD_REMOVED` | `M.Res.b` | response | breaking | breaking | b was removed: old receivers require it (s.yaml:7) |"
            ))
        #expect(markdown.contains("1 change, 1 breaking."))
        let json = DiffReport.render(changes, format: .json)
        #expect(json.contains("\"rule\": \"FIELD_REMOVED\""))
        #expect(json.contains("\"errors\": 1"))
        #expect(json.contains("\"direction\": \"response\""))
    }

    @Test func directionComesFromOperations() {
        let base =
            "types:\n  Body: { kind: struct, fields: { a: { type: String, maxLength: 9 } } }\noperations:\n  send: { method: POST, path: /x, request: Body }"
        let tightened = base.replacingOccurrences(of: "maxLength: 9", with: "maxLength: 3")
        #expect(Self.diff(base, tightened).map(Self.line) == ["CONSTRAINT_TIGHTENED error breaking compatible M.Body.a 2:35"])
        let received = base.replacingOccurrences(of: "request: Body", with: "response: Body")
        #expect(
            Self.diff(received, received.replacingOccurrences(of: "maxLength: 9", with: "maxLength: 3")).map(Self.line) == [
                "CONSTRAINT_TIGHTENED info compatible compatible M.Body.a 2:35"
            ])
    }
}

@Suite("Schema diff review formats and overrides")
struct SchemaDiffReviewTests {
    static let old =
        "types:\n  E: { kind: enum, cases: [a, b] }\n  S: { kind: struct, direction: response, fields: { x: String, y: String } }"
    static let new = "types:\n  E: { kind: enum, cases: [a, b, c] }\n  S: { kind: struct, direction: response, fields: { x: String } }"

    @Test func severityOverridesApplyPerRule() throws {
        let (accepted, problems) = AcceptedChanges.load(
            "severity:\n  ENUM_CASE_ADDED: error\n  FIELD_REMOVED: warning\n", file: "breaking-changes.yaml")
        #expect(problems.isEmpty)
        let changes = accepted.apply(to: SchemaDiffTests.diff(Self.old, Self.new))
        #expect(changes.first { $0.rule == .enumCaseAdded }?.severity == .error)
        #expect(changes.first { $0.rule == .fieldRemoved }?.severity == .warning)
    }

    @Test func badOverridesAreLocated() {
        let (_, problems) = AcceptedChanges.load("severity:\n  ENUM_CASE_ADDD: error\n  FIELD_REMOVED: fatal\n", file: "b.yaml")
        #expect(problems.map { "\($0.location.line):\($0.location.column)" } == ["2:3", "3:18"])
    }

    @Test func junitReportsBreakingChangesAsFailures() throws {
        let changes = SchemaDiffTests.diff(Self.old, Self.new)
        let xml = DiffReport.render(changes, format: .junit)
        let failures = changes.filter { $0.severity == .error }.count
        #expect(failures >= 1)
        #expect(xml.contains("<testsuite name=\"schema changes\" tests=\"\(changes.count)\" failures=\"\(failures)\">"))
        #expect(xml.contains("<testcase classname=\"FIELD_REMOVED\" name=\"M.S.y\""))
        #expect(xml.components(separatedBy: "<failure ").count - 1 == failures)
        #expect(DiffReport.render([], format: .junit).contains("tests=\"1\" failures=\"0\""))
    }
}

@Suite("Pattern inclusion")
struct PatternInclusionTests {
    @Test(arguments: [
        ("tr_[A-Za-z0-9]+", "tr_[A-Za-z0-9]{10}", PatternInclusion.Relation.subset),
        ("tr_[A-Za-z0-9]+", "[a-z]+_[A-Za-z0-9]+", .superset),
        ("[a-z]+", "[0-9a-f]+", .neither),
        ("tr_[a-z0-9]+", "[a-z]+_[a-z0-9]+", .superset),
        ("[0-9]{3,4}", "[0-9][0-9][0-9][0-9]?", .equal),
        ("0[1-9]|1[0-2]", "(0[1-9]|1[012])", .equal),
        ("[0-9]{4}", "[0-9]{3,4}", .superset),
        ("[A-Za-z0-9_-]{1,32}", "[A-Za-z0-9_-]{1,64}", .superset),
        ("[a-f0-9]+", "[^g-z]+", .superset),
        ("[^g-z]+", "[a-f0-9]+", .subset),
        ("a*", "(a|b)*", .superset),
        ("x.y", "x[^\n]y", .superset),
        ("ab|cd", "cd|ab", .equal),
        ("(-?[0-9]+)|(-?([0-9]+)?[.][0-9]+)", "-?[0-9]*[.]?[0-9]+", .equal),
    ])
    func relationsAreExact(_ old: String, _ new: String, _ expected: PatternInclusion.Relation) {
        #expect(PatternInclusion.relation(old: old, new: new) == expected, "\(old) → \(new)")
    }

    @Test(arguments: [#"\d+"#, "^a$", "(?=a)a", #"(a)\1"#, "a{2000}", "[a-", "(?i)a", "a+?"])
    func outsideTheSubsetIsUndecided(_ pattern: String) {
        #expect(PatternInclusion.relation(old: "a+", new: pattern) == nil)
    }

    /// The checker decides defaults with the automaton (never NSRegularExpression): it agrees with
    /// the regex engine the generated validators use, value for value.
    @Test func theAutomatonMatchesAsTheRegexEngineDoes() {
        let patterns = [
            "-?[0-9]+\\.[0-9]{2,3}|-?[0-9]+", "0[1-9]|1[0-2]", "[0-2][0-9]:[0-5][0-9]:[0-5][0-9]", "[A-Za-z0-9_-]{1,32}", "tr_[A-Za-z0-9]+",
            "[CSPAT][0-9]{3}", "(-?[0-9]+)|(-?([0-9]+)?[.][0-9]+)", "x.y", "[^a-c]*", "(?:ab)+c?", "é[ß-ü]{2}", "",
        ]
        let values = [
            "", "10.00", "-1", "1.5", "10.555", "00", "01", "12", "13", "23:59:59", "tr_abc", "tr_", "S001", "X001", "xay", "x\ny", "dd",
            "ababc", "éßü", "a", "-.5",
        ]
        for pattern in patterns {
            #expect(PatternEngine.isSupported(pattern), "\(pattern)")
            for value in values {
                #expect(PatternEngine.matches(pattern, value) == PayPattern(pattern).matches(value), "\(pattern) on \(value)")
            }
        }
    }

    @Test func theDiffReportsTightenedLoosenedAndChangedByDirection() {
        func rules(_ old: String, _ new: String, _ direction: String) -> [String] {
            let make = { (pattern: String) in
                "types:\n  T:\n    kind: struct\n    direction: \(direction)\n    fields:\n      id: { type: String, required: true, pattern: \"\(pattern)\" }"
            }
            return SchemaDiffTests.diff(make(old), make(new)).map { "\($0.rule) \($0.wire.rawValue)" }
        }
        #expect(rules("tr_[A-Za-z0-9]+", "tr_[A-Za-z0-9]{10}", "request") == ["CONSTRAINT_TIGHTENED breaking"])
        #expect(rules("tr_[A-Za-z0-9]+", "tr_[A-Za-z0-9]{10}", "response") == ["CONSTRAINT_TIGHTENED compatible"])
        #expect(rules("tr_[a-z0-9]+", "[a-z]+_[a-z0-9]+", "response") == ["CONSTRAINT_LOOSENED breaking"])
        #expect(rules("tr_[A-Za-z0-9]+", "[a-z]+_[A-Za-z0-9]+", "request") == ["CONSTRAINT_LOOSENED compatible"])
        #expect(rules("[a-z]+", "[0-9a-f]+", "response") == ["CONSTRAINT_CHANGED breaking"])
        #expect(rules("[a-z]+", "[0-9]+", "request") == ["CONSTRAINT_CHANGED breaking"])
        #expect(rules("[0-9]{3,4}", "[0-9][0-9][0-9][0-9]?", "request").isEmpty)
    }
}
