import Foundation
@_spi(Generated) import PaymentSchemasVocabulary
import Testing

@_spi(Generated) @testable import PaymentSchemasRuntime

/// A struct held by another is checked in its holder's walk: its field's name is pushed on the one
/// path and popped after it, so each violation names its own place: under the right holder, in
/// sibling fields, in a boxed field, in a list's elements and after the nested values.
@Suite("Nested validation paths")
struct PayNestedValidationTests {
    /// A struct with one rule, as the generator writes one.
    struct Inner: Codable, Hashable, Sendable, PayFieldValidating, PayFieldDecoding {
        var code: String
        var deeper: Leaf?
        var unknownMembers = PayUnknownMembers()
        static let payPlaceholder = Inner(code: "")

        init(code: String, deeper: Leaf? = nil) {
            self.code = code
            self.deeper = deeper
        }

        mutating func visitFields<Phase: PayFieldPhase>(_ fields: inout PayFieldVisitor<Phase>) {
            fields.text(&self.code, "code", required: true, minLength: 2)
            fields.nested(&self.deeper, "deeper")
        }
    }

    /// The innermost struct.
    struct Leaf: Codable, Hashable, Sendable, PayFieldValidating, PayFieldDecoding {
        var value: String
        var unknownMembers = PayUnknownMembers()
        static let payPlaceholder = Leaf(value: "")

        init(value: String) { self.value = value }

        mutating func visitFields<Phase: PayFieldPhase>(_ fields: inout PayFieldVisitor<Phase>) {
            fields.text(&self.value, "value", required: true, maxLength: 3)
        }
    }

    /// Nested structs in every way a generated struct holds them.
    struct Outer: Codable, Hashable, Sendable, PayFieldValidating, PayFieldDecoding {
        var first: Inner
        var second: Inner?
        @PayBoxed var boxed: Inner?
        var list: [Inner]?
        var after: String
        var unknownMembers = PayUnknownMembers()
        static let payPlaceholder = Outer(first: Inner.payPlaceholder, after: "")

        init(first: Inner, second: Inner? = nil, boxed: Inner? = nil, list: [Inner]? = nil, after: String) {
            self.first = first
            self.second = second
            self.boxed = boxed
            self.list = list
            self.after = after
        }

        mutating func visitFields<Phase: PayFieldPhase>(_ fields: inout PayFieldVisitor<Phase>) {
            fields.nested(&self.first, "first", required: true)
            fields.nested(&self.second, "second_one")
            fields.nested(&self._boxed, "boxed")
            fields.nestedList(&self.list, "list")
            fields.text(&self.after, "after", required: true, minLength: 2)
        }
    }

    @Test func eachViolationNamesItsOwnPlace() throws {
        let value = Outer(
            first: Inner(code: "x", deeper: Leaf(value: "long")), second: Inner(code: "y"),
            boxed: Inner(code: "z", deeper: Leaf(value: "four")),
            list: [Inner(code: "ok"), Inner(code: "w", deeper: Leaf(value: "toolong"))], after: "a")
        let found = value.violations.map { "\($0.path) \($0.rule)" }
        #expect(
            found == [
                "first.code minLength", "first.deeper.value maxLength", "second_one.code minLength", "boxed.code minLength",
                "boxed.deeper.value maxLength", "list[1].code minLength", "list[1].deeper.value maxLength", "after minLength",
            ])
        // Checked under a path of its own, the same value reports under it.
        var under: [ValidationViolation] = []
        value.collectViolations(at: "payload.order", into: &under)
        #expect(under.map { "\($0.path)" }.first == "payload.order.first.code")
        #expect(under.map { "\($0.path)" }.last == "payload.order.after")
        #expect(Outer(first: Inner(code: "ok"), after: "ok").violations.isEmpty)
    }

    @Test func fieldsAfterTheLastMemberAreAbsentAndARequiredOneIsStillMissing() throws {
        // `first` is the one member: every field after it is read without a lookup, an optional
        // one as absent, and the required `after` is still reported missing.
        let error = try #require(throws: PayloadDecodingError.self) {
            try PayWire.decodeJSON(Outer.self, from: Data(#"{"first":{"code":"ok"}}"#.utf8))
        }
        #expect(error.issues.map { "\($0.path) \($0.kind)" } == ["after missing"])
        let read = try PayWire.decodeJSON(Outer.self, from: Data(#"{"first":{"code":"ok"},"after":"yes"}"#.utf8))
        #expect(read.second == nil && read.boxed == nil && read.list == nil && read.after == "yes")
        // The order of the members is not the fields' order.
        #expect(try PayWire.decodeJSON(Inner.self, from: Data(#"{"deeper":{"value":"abc"},"code":"ok"}"#.utf8)).deeper?.value == "abc")
    }

    @Test func aDecodedValueReportsTheSamePaths() throws {
        let json = #"{"first":{"code":"x"},"second_one":{"code":"ok","deeper":{"value":"long"}},"after":"a"}"#
        let error = try #require(throws: PayloadDecodingError.self) { try PayWire.readJSON(Outer.self, from: Data(json.utf8)) }
        #expect(error.violations.map { "\($0.path)" } == ["first.code", "second_one.deeper.value", "after"])
    }
}
