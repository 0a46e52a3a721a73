import Foundation  // memchr
import PaySchemaLanguage
import PaySchemaModel
@_spi(Generated) import PaymentSchemasVocabulary

/// Writes the typed Swift layer as source text: the one place that knows indentation, braces,
/// the access level, attribute order, name escaping and string-literal escaping.
///
/// Everything is written straight into one byte buffer in reading order: an expression that
/// wraps over lines knows the indentation of the line it starts on, so nothing is rendered into
/// an intermediate string first.
final class SwiftRenderer {
    /// The text so far, `count` bytes of `capacity`. One renderer writes it on one thread. A plain
    /// buffer rather than an array: the renderer appends about a hundred thousand short pieces per
    /// file, and an array's append (uniqueness check, generic copy) cost twice the copy it guards.
    private var storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// The indentation level of the current line.
    private var depth = 0
    /// What ``SwiftVisibility/api`` is written as: `public `, `package ` or nothing.
    private let access: String

    private init(access: GeneratorConfig.AccessModifier, capacity: Int = 1 << 12) {
        self.capacity = capacity
        self.storage = .allocate(capacity: capacity)
        switch access {
        case .public: self.access = "public "
        case .package: self.access = "package "
        case .internal: self.access = ""
        }
    }

    deinit { storage.deallocate() }

    private var text: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    /// The source of `file`, declarations of the API written with `access`.
    static func render(_ file: SwiftFile, access: GeneratorConfig.AccessModifier = .public) -> String {
        let renderer = SwiftRenderer(access: access, capacity: 1 << 20)
        renderer.head(comments: file.comments, imports: file.imports)
        for declaration in file.declarations {
            renderer.newline()
            renderer.declaration(declaration)
        }
        return renderer.text
    }

    /// `files` as one source: `comments` once, each import of any of them once (in the order of
    /// their text), then each file's declarations under `// MARK: - <name>`, in name order.
    /// Deterministic whatever the order `files` come in.
    static func render(
        combining files: [(name: String, file: SwiftFile)], comments: [String], access: GeneratorConfig.AccessModifier = .public
    ) -> String {
        let renderer = SwiftRenderer(access: access, capacity: 1 << 22)
        var imports: [SwiftImport] = []
        for (_, file) in files {
            for item in file.imports where !imports.contains(item) { imports.append(item) }
        }
        imports.sort { importText($0) < importText($1) }
        renderer.head(comments: comments, imports: imports)
        for (name, file) in files.sorted(by: { $0.name < $1.name }) {
            renderer.newline()
            renderer.line("// MARK: - " + name)
            for declaration in file.declarations {
                renderer.newline()
                renderer.declaration(declaration)
            }
        }
        return renderer.text
    }

    /// How an import is written (`@_spi(Generated) import PaymentSchemasRuntime`).
    private static func importText(_ item: SwiftImport) -> String {
        (item.spi.map { "@_spi(\($0)) " } ?? "") + "import " + item.module
    }

    /// A file's head: its comment lines, a blank line, then its imports.
    private func head(comments: [String], imports: [SwiftImport]) {
        for comment in comments { line("// " + comment) }
        newline()
        for item in imports {
            startLine()
            write(Self.importText(item))
            newline()
        }
    }

    /// The source of one declaration at the top level (snippet tests and tools).
    static func render(_ declaration: SwiftDeclaration, access: GeneratorConfig.AccessModifier = .public) -> String {
        let renderer = SwiftRenderer(access: access)
        renderer.declaration(declaration)
        return renderer.text
    }

    /// The source of one expression on a line at the top level.
    static func render(_ expression: SwiftExpression) -> String {
        let renderer = SwiftRenderer(access: .internal)
        renderer.expression(expression)
        return renderer.text
    }

    /// The spelling of one type (`[String: Payment]?`).
    static func render(_ type: SwiftTypeName) -> String {
        let renderer = SwiftRenderer(access: .internal)
        renderer.typeName(type)
        return renderer.text
    }

    // MARK: Text

    /// Room for `extra` more bytes: a comparison, and a new buffer only when it is full.
    @inline(__always) private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(extra) }
    }

    private func grow(_ extra: Int) {
        capacity = max(capacity * 2, count + extra)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: storage, count: count)
        storage.deallocate()
        storage = grown
    }

    /// Copies `bytes` to the end.
    @inline(__always) private func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        reserve(bytes.count)
        (storage + count).initialize(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Writes a literal piece of syntax, read straight from the binary's constant text.
    @inline(__always) private func put(_ literal: StaticString) {
        literal.withUTF8Buffer { write(bytes: $0) }
    }

    /// Spells a type: the one place that knows `?`, `[…]`, `[K: V]` and `<…>`.
    private func typeName(_ type: SwiftTypeName) {
        switch type {
        case .named(let name):
            write(name)
        case .optional(let wrapped):
            typeName(wrapped)
            write(byte: UInt8(ascii: "?"))
        case .array(let element):
            write(byte: UInt8(ascii: "["))
            typeName(element)
            write(byte: UInt8(ascii: "]"))
        case .dictionary(let key, let value):
            write(byte: UInt8(ascii: "["))
            typeName(key)
            put(": ")
            typeName(value)
            write(byte: UInt8(ascii: "]"))
        case .generic(let name, let arguments):
            write(name)
            write(byte: UInt8(ascii: "<"))
            for (index, argument) in arguments.enumerated() {
                if index > 0 { put(", ") }
                typeName(argument)
            }
            write(byte: UInt8(ascii: ">"))
        case .tuple(let elements):
            write(byte: UInt8(ascii: "("))
            for (index, element) in elements.enumerated() {
                if index > 0 { put(", ") }
                typeName(element)
            }
            write(byte: UInt8(ascii: ")"))
        case .inoutParameter(let type):
            put("inout ")
            typeName(type)
        }
    }

    private func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write(bytes: $0) }) == nil {
            for byte in text.utf8 { write(byte: byte) }
        }
    }

    private func write(_ text: Substring) {
        if text.utf8.withContiguousStorageIfAvailable({ write(bytes: $0) }) == nil {
            for byte in text.utf8 { write(byte: byte) }
        }
    }

    private func write(byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// The current indentation.
    private func startLine() {
        guard depth > 0 else { return }
        reserve(depth * 4)
        (storage + count).initialize(repeating: UInt8(ascii: " "), count: depth * 4)
        count += depth * 4
    }

    /// Whether `text` holds a line break, read from its bytes in place.
    private static func hasLineBreak(_ text: String) -> Bool {
        // `memchr` reads the bytes a word at a time; `contains` compared them one by one.
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "\n")), bytes.count) != nil
        } ?? text.utf8.contains(UInt8(ascii: "\n"))
    }

    private func newline() {
        write(byte: UInt8(ascii: "\n"))
    }

    /// One line at the current indentation; an empty one is a blank line.
    private func line(_ text: String) {
        if !text.isEmpty {
            startLine()
            write(text)
        }
        newline()
    }

    /// ` {`, the body one level deeper, `}` (after a header already written on the current line).
    private func block(_ body: () -> Void) {
        put(" {\n")
        depth += 1
        body()
        depth -= 1
        line("}")
    }

    /// ` { statement }` or a block of statements, after a header already written.
    private func body(_ body: SwiftBody) {
        switch body {
        case .inline(let statement) where isInline(statement):
            put(" { ")
            inlineStatement(statement)
            put(" }\n")
        case .inline(let statement):
            block { self.statement(statement) }
        case .lines(let statements):
            block { statements.forEach(self.statement) }
        }
    }

    // MARK: Documentation and attributes

    private func doc(_ doc: SwiftDoc) {
        var first = true
        for case let paragraph? in doc.paragraphs where !paragraph.isEmpty {
            if !first { line("///") }
            first = false
            docParagraph(paragraph)
        }
        guard !doc.parameters.isEmpty else { return }
        if !first { line("///") }
        line("/// - Parameters:")
        for parameter in doc.parameters {
            let text = parameter.documentation
            startLine()
            put("///   - ")
            write(parameter.name)
            put(": ")
            if Self.hasLineBreak(text) {
                write(text.split(separator: "\n").first.map { $0.trimmingTrailingSpaces() } ?? "")
            } else {
                write(text)
            }
            newline()
        }
    }

    private func docParagraph(_ text: String) {
        if !Self.hasLineBreak(text) && text.utf8.last != 32 {
            startLine()
            put("/// ")
            write(text)
            newline()
            return
        }
        for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = row.trimmingTrailingSpaces()
            line(trimmed.isEmpty ? "///" : "/// " + trimmed)
        }
    }

    /// The attributes in their one order: availability first, then global actors.
    private func attributes(_ attributes: [SwiftAttribute]) {
        guard !attributes.isEmpty else { return }
        let ordered = attributes.count == 1 ? attributes : attributes.filter { $0 != .mainActor } + attributes.filter { $0 == .mainActor }
        for attribute in ordered {
            switch attribute {
            case .deprecated(let message?) where !message.isEmpty:
                line("@available(*, deprecated, message: \(Naming.literal(message)))")
            case .deprecated:
                line("@available(*, deprecated)")
            case .renamed(let name):
                line("@available(*, deprecated, renamed: \(Naming.literal(name)))")
            case .mainActor:
                line("@MainActor")
            case .generatedSPI:
                if access == "public " { line("@_spi(Generated)") }
            }
        }
    }

    // MARK: Declarations

    private func declaration(_ declaration: SwiftDeclaration) {
        doc(declaration.doc)
        attributes(declaration.attributes)
        startLine()
        if case .property(let property) = declaration.kind, let wrapper = property.wrapper {
            put("@")
            write(wrapper)
            put(" ")
        }
        switch declaration.visibility {
        case .api: write(access)
        case .unspecified: break
        case .private: put("private ")
        case .fileprivate: put("fileprivate ")
        }
        switch declaration.kind {
        case .type(let kind, let name, let conformances, let members):
            write(kind.rawValue)
            write(byte: UInt8(ascii: " "))
            write(name)
            if !conformances.isEmpty {
                put(": ")
                list(conformances) { self.write($0) }
            }
            block {
                var first = true
                for group in members where !group.isEmpty {
                    if !first { newline() }
                    first = false
                    group.forEach(self.declaration)
                }
            }
        case .property(let property):
            if property.isStatic { put("static ") }
            write(property.isConstant ? "let " : "var ")
            name(property.name)
            if let type = property.type {
                put(": ")
                typeName(type)
            }
            if let value = property.value {
                put(" = ")
                expression(value)
            }
            switch property.accessors {
            case nil:
                newline()
            case .get(let getter):
                body(getter)
            case .getSet(let getter, let setter):
                block {
                    self.accessor("get", getter)
                    if let setter { self.accessor("set", setter) }
                }
            }
        case .function(let function):
            if function.isStatic { put("static ") }
            if function.isMutating { put("mutating ") }
            put("func ")
            name(function.name)
            if !function.genericParameters.isEmpty { list(function.genericParameters, open: "<", close: ">") { self.write($0) } }
            switch function.signature {
            case .written(let text):
                write(text)
            case .parameters(let parameters, let throwing, let result):
                list(parameters, open: "(", close: ")", parameter)
                if throwing { put(" throws") }
                if let result {
                    put(" -> ")
                    typeName(result)
                }
            }
            if let functionBody = function.body { body(functionBody) } else { newline() }
        case .initializer(let initializer):
            write(initializer.isFailable ? "init?(" : "init(")
            switch initializer.layout {
            case .oneLine:
                list(initializer.parameters, parameter)
            case .wrapped:
                wrappedList(initializer.parameters, parameter)
            }
            write(byte: UInt8(ascii: ")"))
            if initializer.throwing { put(" throws") }
            body(initializer.body)
        case .enumCase(let caseName, let payload, let rawValue):
            put("case ")
            name(caseName)
            if let payload {
                write(byte: UInt8(ascii: "("))
                write(payload)
                write(byte: UInt8(ascii: ")"))
            }
            if let rawValue {
                put(" = ")
                expression(rawValue)
            }
            newline()
        case .typeAlias(let aliasName, let type):
            put("typealias ")
            write(aliasName)
            put(" = ")
            typeName(type)
            newline()
        }
    }

    /// `get { statement }` or `set { statement }` on a line of its own.
    private func accessor(_ keyword: String, _ statement: SwiftStatement) {
        startLine()
        write(keyword)
        put(" { ")
        inlineStatement(statement)
        put(" }\n")
    }

    private func parameter(_ parameter: SwiftParameter) {
        name(parameter.label)
        if let own = parameter.name {
            write(byte: UInt8(ascii: " "))
            name(own)
        }
        put(": ")
        typeName(parameter.type)
        if let value = parameter.defaultValue {
            put(" = ")
            expression(value)
        }
    }

    /// `items` separated by `, `, between `open` and `close` when they are given.
    @inline(__always) private func list<Item>(_ items: [Item], open: StaticString = "", close: StaticString = "", _ each: (Item) -> Void) {
        put(open)
        for (index, item) in items.enumerated() {
            if index > 0 { put(", ") }
            each(item)
        }
        put(close)
    }

    /// A line break, then `items` one per line one level deeper, each but the last followed by a
    /// comma (the last too when `trailingComma`), then the indentation of the line that closes them.
    private func wrappedList<Item>(_ items: [Item], trailingComma: Bool = false, _ each: (Item) -> Void) {
        newline()
        depth += 1
        for (index, item) in items.enumerated() {
            startLine()
            each(item)
            if trailingComma || index < items.count - 1 { write(byte: UInt8(ascii: ",")) }
            newline()
        }
        depth -= 1
        startLine()
    }

    /// A name as Swift reads it: keywords in backticks.
    private func name(_ name: String) {
        if Naming.isKeyword(name) { backticked(name) } else { write(name) }
    }

    /// A name after a dot: Swift reads every keyword there as a name except these four.
    private func memberName(_ name: String) {
        // `init`, `self`, `Type` and `Protocol`; told apart by length first, as most names are longer.
        let reserved: Bool
        switch name.utf8.count {
        case 4: reserved = name == "init" || name == "self" || name == "Type"
        case 8: reserved = name == "Protocol"
        default: reserved = false
        }
        if reserved { backticked(name) } else { write(name) }
    }

    /// An argument label: Swift reads every keyword there as a label except these three.
    private func label(_ name: String) {
        let reserved: Bool
        switch name.utf8.count {
        case 3: reserved = name == "var" || name == "let"
        case 5: reserved = name == "inout"
        default: reserved = false
        }
        if reserved { backticked(name) } else { write(name) }
    }

    private func backticked(_ name: String) {
        write(byte: UInt8(ascii: "`"))
        write(name)
        write(byte: UInt8(ascii: "`"))
    }

    // MARK: Statements

    private func statement(_ statement: SwiftStatement) {
        switch statement {
        case .ifStatement(let conditions, let then):
            startLine()
            put("if ")
            self.conditions(conditions)
            body(then)
        case .guardStatement(let conditions, let otherwise):
            startLine()
            put("guard ")
            self.conditions(conditions)
            put(" else")
            body(otherwise)
        case .forIn(let pattern, let sequence, let loop):
            startLine()
            put("for ")
            self.pattern(pattern)
            put(" in ")
            expression(sequence)
            body(loop)
        case .switchStatement(let subject, let cases):
            startLine()
            put("switch ")
            expression(subject)
            put(" {\n")
            for item in cases {
                startLine()
                if item.patterns.isEmpty {
                    put("default:")
                } else {
                    put("case ")
                    list(item.patterns, pattern)
                    write(byte: UInt8(ascii: ":"))
                }
                switch item.body {
                case .inline(let statement) where isInline(statement):
                    write(byte: UInt8(ascii: " "))
                    inlineStatement(statement)
                    newline()
                case .inline(let statement):
                    nestedLines([statement])
                case .lines(let statements):
                    nestedLines(statements)
                }
            }
            line("}")
        case .doCatch(let body, let handler):
            line("do {")
            depth += 1
            body.forEach(self.statement)
            depth -= 1
            line("} catch {")
            depth += 1
            handler.forEach(self.statement)
            depth -= 1
            line("}")
        case .written(let text):
            for row in text.split(separator: "\n", omittingEmptySubsequences: false) {
                line(row.trimmingTrailingSpaces())
            }
        case .expression, .constant, .variable, .assignment, .returnStatement, .throwStatement, .continueStatement:
            startLine()
            inlineStatement(statement)
            newline()
        }
    }

    /// A newline, then `statements` one level deeper.
    private func nestedLines(_ statements: [SwiftStatement]) {
        newline()
        depth += 1
        statements.forEach(self.statement)
        depth -= 1
    }

    /// Whether the statement fits on the line it starts: not a switch, a `do`, a loop, a
    /// multi-line written text, or a condition with a body of lines.
    private func isInline(_ statement: SwiftStatement) -> Bool {
        switch statement {
        case .expression, .constant, .variable, .assignment, .returnStatement, .throwStatement, .continueStatement:
            return true
        case .ifStatement(_, .inline(let then)):
            return isInline(then)
        case .guardStatement(_, .inline(let otherwise)):
            return isInline(otherwise)
        case .written(let text):
            return !Self.hasLineBreak(text)
        case .ifStatement, .guardStatement, .forIn, .switchStatement, .doCatch:
            return false
        }
    }

    /// Writes a statement that ``isInline(_:)`` on the current line.
    private func inlineStatement(_ statement: SwiftStatement) {
        switch statement {
        case .expression(let value):
            expression(value)
        case .constant(let local, let type, let value):
            binding("let ", local, type, value)
        case .variable(let local, let type, let value):
            binding("var ", local, type, value)
        case .assignment(let target, let value):
            expression(target)
            put(" = ")
            expression(value)
        case .returnStatement(let value):
            put("return")
            if let value {
                write(byte: UInt8(ascii: " "))
                expression(value)
            }
        case .throwStatement(let error):
            put("throw ")
            expression(error)
        case .continueStatement:
            put("continue")
        case .ifStatement(let conditions, .inline(let then)):
            put("if ")
            self.conditions(conditions)
            put(" { ")
            inlineStatement(then)
            put(" }")
        case .guardStatement(let conditions, .inline(let otherwise)):
            put("guard ")
            self.conditions(conditions)
            put(" else { ")
            inlineStatement(otherwise)
            put(" }")
        case .written(let text):
            write(text)
        case .ifStatement, .guardStatement, .forIn, .switchStatement, .doCatch:
            // Not inline; callers ask `isInline` first. Written on lines of its own all the same.
            newline()
            self.statement(statement)
            startLine()
        }
    }

    private func binding(_ keyword: String, _ local: String, _ type: SwiftTypeName?, _ value: SwiftExpression?) {
        write(keyword)
        name(local)
        if let type {
            put(": ")
            typeName(type)
        }
        if let value {
            put(" = ")
            expression(value)
        }
    }

    private func conditions(_ conditions: [SwiftCondition]) {
        list(conditions) { condition in
            switch condition {
            case .expression(let value):
                self.expression(value)
            case .optionalBinding(let local, let value):
                self.put("let ")
                self.name(local)
                if let value {
                    self.put(" = ")
                    self.expression(value)
                }
            }
        }
    }

    private func pattern(_ pattern: SwiftPattern) {
        switch pattern {
        case .name(let local):
            name(local)
        case .value(let value):
            expression(value)
        case .enumCase(let caseName, let binding):
            write(byte: UInt8(ascii: "."))
            memberName(caseName)
            if let binding {
                put("(let ")
                name(binding)
                write(byte: UInt8(ascii: ")"))
            }
        case .tuple(let items):
            list(items, open: "(", close: ")", self.pattern)
        }
    }

    // MARK: Expressions

    /// Writes the expression on the current line; wrapped parts go one level deeper and close at
    /// this one.
    private func expression(_ expression: SwiftExpression) {
        switch expression {
        case .identifier(let local):
            name(local)
        case .selfValue:
            put("self")
        case .type(let type):
            write(type)
        case .metatype(let type):
            typeName(type)
            put(".self")
        case .initializerReference(let base):
            self.expression(base)
            put(".init")
        case .string(let text):
            stringLiteral(text)
        case .interpolation(let pieces):
            write(byte: UInt8(ascii: "\""))
            for piece in pieces {
                switch piece {
                case .text(let literal):
                    write(Naming.literalContent(literal))
                case .value(let value):
                    write("\\(")
                    self.expression(value)
                    write(byte: UInt8(ascii: ")"))
                }
            }
            write(byte: UInt8(ascii: "\""))
        case .number(let text):
            write(text)
        case .bool(let flag):
            write(flag ? "true" : "false")
        case .nilLiteral:
            put("nil")
        case .member(let base, let member):
            self.expression(base)
            write(byte: UInt8(ascii: "."))
            memberName(member)
        case .optionalMember(let base, let member):
            self.expression(base)
            write("?.")
            memberName(member)
        case .implicitMember(let member):
            write(byte: UInt8(ascii: "."))
            memberName(member)
        case .call(let callee, let arguments):
            self.expression(callee)
            list(arguments, open: "(", close: ")", argument)
        case .wrappedCall(let callee, let arguments):
            self.expression(callee)
            guard !arguments.isEmpty else {
                put("()")
                return
            }
            write(byte: UInt8(ascii: "("))
            wrappedList(arguments, argument)
            write(byte: UInt8(ascii: ")"))
        case .trailingClosure(let base, let closure):
            self.expression(base)
            write(byte: UInt8(ascii: " "))
            self.closure(closure)
        case .closure(let closure):
            self.closure(closure)
        case .subscripted(let base, let arguments):
            self.expression(base)
            list(arguments, open: "[", close: "]", argument)
        case .array(let elements, .oneLine):
            list(elements, open: "[", close: "]", self.expression)
        case .array(let elements, .wrapped):
            write(byte: UInt8(ascii: "["))
            wrappedList(elements, trailingComma: true, self.expression)
            write(byte: UInt8(ascii: "]"))
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                put("[:]")
                return
            }
            list(entries, open: "[", close: "]") { entry in
                self.expression(entry.key)
                self.put(": ")
                self.expression(entry.value)
            }
        case .tuple(let items):
            list(items, open: "(", close: ")", self.expression)
        case .parenthesized(let inner):
            write(byte: UInt8(ascii: "("))
            self.expression(inner)
            write(byte: UInt8(ascii: ")"))
        case .tryExpression(let inner):
            put("try ")
            self.expression(inner)
        case .inoutReference(let inner):
            write(byte: UInt8(ascii: "&"))
            self.expression(inner)
        case .not(let inner):
            write(byte: UInt8(ascii: "!"))
            self.expression(inner)
        case .forceUnwrap(let inner):
            self.expression(inner)
            write(byte: UInt8(ascii: "!"))
        case .binary(let lhs, let operation, let rhs):
            self.expression(lhs)
            write(byte: UInt8(ascii: " "))
            write(operation)
            write(byte: UInt8(ascii: " "))
            self.expression(rhs)
        case .ternary(let condition, let then, let otherwise):
            self.expression(condition)
            put(" ? ")
            self.expression(then)
            put(" : ")
            self.expression(otherwise)
        case .cast(let inner, let type):
            self.expression(inner)
            put(" as ")
            write(type)
        case .written(let text):
            write(text)
        }
    }

    /// A string literal: as it is in quotes when nothing needs escaping, otherwise through the
    /// package's one escaping (`Naming.literal`).
    private func stringLiteral(_ text: String) {
        if PayStringEscaping.needsEscaping(text) {
            write(Naming.literal(text))
        } else {
            write(byte: UInt8(ascii: "\""))
            write(text)
            write(byte: UInt8(ascii: "\""))
        }
    }

    private func argument(_ argument: SwiftArgument) {
        if let name = argument.label {
            label(name)
            put(": ")
        }
        expression(argument.value)
    }

    private func closure(_ closure: SwiftClosure) {
        write(byte: UInt8(ascii: "{"))
        if !closure.parameters.isEmpty || closure.returns != nil {
            list(closure.parameters, open: " (", close: ")", parameter)
            if let result = closure.returns {
                put(" -> ")
                typeName(result)
            }
            put(" in")
        }
        switch closure.body {
        case .inline(let statement) where isInline(statement):
            write(byte: UInt8(ascii: " "))
            inlineStatement(statement)
            put(" }")
        case .inline(let statement):
            closureLines([statement])
        case .lines(let statements):
            closureLines(statements)
        }
    }

    private func closureLines(_ statements: [SwiftStatement]) {
        nestedLines(statements)
        startLine()
        write(byte: UInt8(ascii: "}"))
    }
}

extension Substring {
    /// The text without its trailing spaces.
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[startIndex..<end])
    }
}
