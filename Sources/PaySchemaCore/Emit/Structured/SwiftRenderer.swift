@_spi(Generated) import PaySchemaVocabulary

/// Writes the typed Swift layer as source text: the one place that knows indentation, braces,
/// the access level, attribute order, name escaping and string-literal escaping.
///
/// Everything is written straight into one byte buffer in reading order: an expression that
/// wraps over lines knows the indentation of the line it starts on, so nothing is rendered into
/// an intermediate string first.
final class SwiftRenderer {
    /// The text so far. One renderer writes it on one thread; its accesses never overlap, so they
    /// go unchecked (a checked access costs more than the append it guards).
    @exclusivity(unchecked) private var out: [UInt8] = []
    /// The indentation level of the current line.
    private var depth = 0
    /// What ``SwiftVisibility/api`` is written as: `public `, `package ` or nothing.
    private let access: String

    private init(access: GeneratorConfig.AccessModifier) {
        switch access {
        case .public: self.access = "public "
        case .package: self.access = "package "
        case .internal: self.access = ""
        }
    }

    private var text: String { String(decoding: out, as: UTF8.self) }

    /// The source of `file`, declarations of the API written with `access`.
    static func render(_ file: SwiftFile, access: GeneratorConfig.AccessModifier = .public) -> String {
        let renderer = SwiftRenderer(access: access)
        renderer.out.reserveCapacity(1 << 16)
        for comment in file.comments { renderer.line("// " + comment) }
        renderer.newline()
        for item in file.imports {
            renderer.startLine()
            if let spi = item.spi { renderer.write("@_spi(\(spi)) ") }
            renderer.write("import ")
            renderer.write(item.module)
            renderer.newline()
        }
        for declaration in file.declarations {
            renderer.newline()
            renderer.declaration(declaration)
        }
        return renderer.text
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

    // MARK: Text

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    private func write(_ text: Substring) {
        out.append(contentsOf: text.utf8)
    }

    private func write(byte: UInt8) {
        out.append(byte)
    }

    /// Indentation by level, built once: four spaces a level.
    private static let indentations: [[UInt8]] = (0..<32).map { [UInt8](repeating: UInt8(ascii: " "), count: $0 * 4) }

    /// The current indentation.
    private func startLine() {
        guard depth > 0 else { return }
        if depth < Self.indentations.count {
            out.append(contentsOf: Self.indentations[depth])
        } else {
            out.append(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: depth * 4))
        }
    }

    private func newline() {
        out.append(UInt8(ascii: "\n"))
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
        write(" {\n")
        depth += 1
        body()
        depth -= 1
        line("}")
    }

    /// ` { statement }` or a block of statements, after a header already written.
    private func body(_ body: SwiftBody) {
        switch body {
        case .inline(let statement) where isInline(statement):
            write(" { ")
            inlineStatement(statement)
            write(" }\n")
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
            let summary = text.utf8.contains(10) ? (text.split(separator: "\n").first.map { $0.trimmingTrailingSpaces() } ?? "") : text
            line("///   - \(parameter.name): \(summary)")
        }
    }

    private func docParagraph(_ text: String) {
        if !text.utf8.contains(10) && text.utf8.last != 32 {
            startLine()
            write("/// ")
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
            }
        }
    }

    // MARK: Declarations

    private func declaration(_ declaration: SwiftDeclaration) {
        doc(declaration.doc)
        attributes(declaration.attributes)
        startLine()
        switch declaration.visibility {
        case .api: write(access)
        case .unspecified: break
        case .private: write("private ")
        }
        switch declaration.kind {
        case .type(let kind, let name, let conformances, let members):
            write(kind.rawValue)
            write(byte: UInt8(ascii: " "))
            write(name)
            if !conformances.isEmpty {
                write(": ")
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
            if property.isStatic { write("static ") }
            write(property.isConstant ? "let " : "var ")
            name(property.name)
            if let type = property.type {
                write(": ")
                write(type)
            }
            if let value = property.value {
                write(" = ")
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
            if function.isStatic { write("static ") }
            write("func ")
            name(function.name)
            switch function.signature {
            case .written(let text):
                write(text)
            case .parameters(let parameters, let throwing, let result):
                write(byte: UInt8(ascii: "("))
                list(parameters, parameter)
                write(byte: UInt8(ascii: ")"))
                if throwing { write(" throws") }
                if let result {
                    write(" -> ")
                    write(result)
                }
            }
            if let functionBody = function.body { body(functionBody) } else { newline() }
        case .initializer(let initializer):
            write(initializer.isFailable ? "init?(" : "init(")
            switch initializer.layout {
            case .oneLine:
                list(initializer.parameters, parameter)
            case .wrapped:
                newline()
                depth += 1
                for (index, item) in initializer.parameters.enumerated() {
                    startLine()
                    parameter(item)
                    if index < initializer.parameters.count - 1 { write(byte: UInt8(ascii: ",")) }
                    newline()
                }
                depth -= 1
                startLine()
            }
            write(byte: UInt8(ascii: ")"))
            if initializer.throwing { write(" throws") }
            body(initializer.body)
        case .enumCase(let caseName, let payload, let rawValue):
            write("case ")
            name(caseName)
            if let payload {
                write(byte: UInt8(ascii: "("))
                write(payload)
                write(byte: UInt8(ascii: ")"))
            }
            if let rawValue {
                write(" = ")
                expression(rawValue)
            }
            newline()
        case .typeAlias(let aliasName, let type):
            write("typealias ")
            write(aliasName)
            write(" = ")
            write(type)
            newline()
        }
    }

    /// `get { statement }` or `set { statement }` on a line of its own.
    private func accessor(_ keyword: String, _ statement: SwiftStatement) {
        startLine()
        write(keyword)
        write(" { ")
        inlineStatement(statement)
        write(" }\n")
    }

    private func parameter(_ parameter: SwiftParameter) {
        name(parameter.label)
        if let own = parameter.name {
            write(byte: UInt8(ascii: " "))
            name(own)
        }
        write(": ")
        write(parameter.type)
        if let value = parameter.defaultValue {
            write(" = ")
            expression(value)
        }
    }

    /// `items` separated by `, `.
    private func list<Item>(_ items: [Item], _ each: (Item) -> Void) {
        for (index, item) in items.enumerated() {
            if index > 0 { write(", ") }
            each(item)
        }
    }

    /// A name as Swift reads it: keywords in backticks.
    private func name(_ name: String) {
        if Naming.isKeyword(name) { backticked(name) } else { write(name) }
    }

    /// A name after a dot: Swift reads every keyword there as a name except these four.
    private func memberName(_ name: String) {
        if Naming.isKeyword(name), ["init", "self", "Type", "Protocol"].contains(name) { backticked(name) } else { write(name) }
    }

    /// An argument label: Swift reads every keyword there as a label except these three.
    private func label(_ name: String) {
        if Naming.isKeyword(name), ["inout", "var", "let"].contains(name) { backticked(name) } else { write(name) }
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
            write("if ")
            self.conditions(conditions)
            body(then)
        case .guardStatement(let conditions, let otherwise):
            startLine()
            write("guard ")
            self.conditions(conditions)
            write(" else")
            body(otherwise)
        case .forIn(let pattern, let sequence, let loop):
            startLine()
            write("for ")
            self.pattern(pattern)
            write(" in ")
            expression(sequence)
            body(loop)
        case .switchStatement(let subject, let cases):
            startLine()
            write("switch ")
            expression(subject)
            write(" {\n")
            for item in cases {
                startLine()
                if item.patterns.isEmpty {
                    write("default:")
                } else {
                    write("case ")
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
            return !text.utf8.contains(10)
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
            write(" = ")
            expression(value)
        case .returnStatement(let value):
            write("return")
            if let value {
                write(byte: UInt8(ascii: " "))
                expression(value)
            }
        case .throwStatement(let error):
            write("throw ")
            expression(error)
        case .continueStatement:
            write("continue")
        case .ifStatement(let conditions, .inline(let then)):
            write("if ")
            self.conditions(conditions)
            write(" { ")
            inlineStatement(then)
            write(" }")
        case .guardStatement(let conditions, .inline(let otherwise)):
            write("guard ")
            self.conditions(conditions)
            write(" else { ")
            inlineStatement(otherwise)
            write(" }")
        case .written(let text):
            write(text)
        case .ifStatement, .guardStatement, .forIn, .switchStatement, .doCatch:
            // Not inline; callers ask `isInline` first. Written on lines of its own all the same.
            newline()
            self.statement(statement)
            startLine()
        }
    }

    private func binding(_ keyword: String, _ local: String, _ type: String?, _ value: SwiftExpression?) {
        write(keyword)
        name(local)
        if let type {
            write(": ")
            write(type)
        }
        if let value {
            write(" = ")
            expression(value)
        }
    }

    private func conditions(_ conditions: [SwiftCondition]) {
        list(conditions) { condition in
            switch condition {
            case .expression(let value):
                self.expression(value)
            case .optionalBinding(let local, let value):
                self.write("let ")
                self.name(local)
                if let value {
                    self.write(" = ")
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
                write("(let ")
                name(binding)
                write(byte: UInt8(ascii: ")"))
            }
        case .tuple(let items):
            write(byte: UInt8(ascii: "("))
            list(items, self.pattern)
            write(byte: UInt8(ascii: ")"))
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
            write("self")
        case .type(let type):
            write(type)
        case .metatype(let type):
            write(type)
            write(".self")
        case .initializerReference(let base):
            self.expression(base)
            write(".init")
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
            write("nil")
        case .member(let base, let member):
            self.expression(base)
            write(byte: UInt8(ascii: "."))
            memberName(member)
        case .implicitMember(let member):
            write(byte: UInt8(ascii: "."))
            memberName(member)
        case .call(let callee, let arguments):
            self.expression(callee)
            write(byte: UInt8(ascii: "("))
            list(arguments, argument)
            write(byte: UInt8(ascii: ")"))
        case .wrappedCall(let callee, let arguments):
            self.expression(callee)
            guard !arguments.isEmpty else {
                write("()")
                return
            }
            write("(\n")
            depth += 1
            for (index, item) in arguments.enumerated() {
                startLine()
                argument(item)
                if index < arguments.count - 1 { write(byte: UInt8(ascii: ",")) }
                newline()
            }
            depth -= 1
            startLine()
            write(byte: UInt8(ascii: ")"))
        case .trailingClosure(let base, let closure):
            self.expression(base)
            write(byte: UInt8(ascii: " "))
            self.closure(closure)
        case .closure(let closure):
            self.closure(closure)
        case .subscripted(let base, let arguments):
            self.expression(base)
            write(byte: UInt8(ascii: "["))
            list(arguments, argument)
            write(byte: UInt8(ascii: "]"))
        case .array(let elements, .oneLine):
            write(byte: UInt8(ascii: "["))
            list(elements, self.expression)
            write(byte: UInt8(ascii: "]"))
        case .array(let elements, .wrapped):
            write("[\n")
            depth += 1
            for element in elements {
                startLine()
                self.expression(element)
                write(",\n")
            }
            depth -= 1
            startLine()
            write(byte: UInt8(ascii: "]"))
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                write("[:]")
                return
            }
            write(byte: UInt8(ascii: "["))
            list(entries) { entry in
                self.expression(entry.key)
                self.write(": ")
                self.expression(entry.value)
            }
            write(byte: UInt8(ascii: "]"))
        case .tuple(let items):
            write(byte: UInt8(ascii: "("))
            list(items, self.expression)
            write(byte: UInt8(ascii: ")"))
        case .parenthesized(let inner):
            write(byte: UInt8(ascii: "("))
            self.expression(inner)
            write(byte: UInt8(ascii: ")"))
        case .tryExpression(let inner):
            write("try ")
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
            write(" ? ")
            self.expression(then)
            write(" : ")
            self.expression(otherwise)
        case .cast(let inner, let type):
            self.expression(inner)
            write(" as ")
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
            write(": ")
        }
        expression(argument.value)
    }

    private func closure(_ closure: SwiftClosure) {
        write(byte: UInt8(ascii: "{"))
        if !closure.parameters.isEmpty || closure.returns != nil {
            write(" (")
            list(closure.parameters, parameter)
            write(byte: UInt8(ascii: ")"))
            if let result = closure.returns {
                write(" -> ")
                write(result)
            }
            write(" in")
        }
        switch closure.body {
        case .inline(let statement) where isInline(statement):
            write(byte: UInt8(ascii: " "))
            inlineStatement(statement)
            write(" }")
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
