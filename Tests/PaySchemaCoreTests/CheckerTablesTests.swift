import Foundation
import PaymentSchemasVocabulary
import Testing

@testable import PaySchemaChecker
@testable import PaySchemaCore

/// The checker's small tables and shortcuts answer as the general code they replaced did.
@Suite("Checker tables")
struct CheckerTablesTests {
    /// A name table answers as a dictionary does, for tables scanned (a few names) and indexed
    /// (more than the scan limit), with names of equal length that differ.
    @Test(arguments: [3, NameTable<Int>.scanLimit, NameTable<Int>.scanLimit + 1, 40])
    func aNameTableAnswersAsADictionary(capacity: Int) {
        var table = NameTable<Int>(capacity: capacity)
        var dictionary: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        let names = (0..<(capacity + 5)).map { "n\($0 % 10)\($0 / 10)" } + ["", "é", "e\u{301}", "ab", "ba"]
        for step in 0..<400 {
            let name = names.randomElement(using: &generator) ?? ""
            if step % 3 == 0 {
                #expect(table[name] == dictionary[name], "\(name)")
            } else {
                #expect(table.updateValue(step, forKey: name) == dictionary.updateValue(step, forKey: name), "\(name)")
            }
        }
        for name in names { #expect(table[name] == dictionary[name], "\(name)") }
    }

    /// A struct's formats: each listed one once, in declaration order, whatever order the schema lists them in.
    @Test func wireFormatsHoldEachListedFormatInDeclarationOrder() {
        #expect(WireFormats([.query, .json, .query]).members == [.json, .query])
        #expect(WireFormats([WireFormat]()).members.isEmpty)
        #expect(WireFormats.all.members == WireFormat.allCases)
        for format in WireFormat.allCases {
            #expect(WireFormats(format).contains(format))
            #expect(WireFormats(format).members == [format])
            #expect(!WireFormats.all.subtracting(WireFormats(format)).contains(format))
        }
    }

    /// Two bounds compare as `Decimal` compares them, by the integer shortcut or not.
    @Test func boundsCompareAsDecimalsDo() {
        let texts = ["0", "5", "3", "-3", "-4", "007", "7", "1.5", "1.50", "9.99", "10", "+2", "2", "1e3", "1000", "-0", "0.0", "abc"]
        for low in texts {
            for high in texts {
                let expected: Int? =
                    if let a = Decimal(string: low), let b = Decimal(string: high) { a < b ? -1 : (a == b ? 0 : 1) } else { nil }
                #expect(SchemaChecker.compareBounds(low, high) == expected, "\(low) vs \(high)")
            }
        }
    }

    /// What a run keeps until exit stays alive after its last other reference is gone.
    @Test func aValueKeptUntilExitIsNotFreed() {
        final class Tree {}
        weak var weakTree: Tree?
        do {
            let tree = Tree()
            weakTree = tree
            ProcessLifetime.keepUntilExit(tree)
        }
        #expect(weakTree != nil)
        weak var unkept: Tree?
        do {
            let tree = Tree()
            unkept = tree
        }
        #expect(unkept == nil)
    }
}
