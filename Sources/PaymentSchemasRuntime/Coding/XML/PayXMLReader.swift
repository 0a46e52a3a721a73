import PaymentSchemasVocabulary

/// The package's one XML reader: it reads a payload once, checks that it is well formed, and hands
/// back its elements as a ``PayJSON`` tree that the same tree decoder as JSON reads (one decode path).
///
/// The grammar is XML 1.0 (fifth edition) for what a payment payload uses: an optional byte order
/// mark and XML declaration (version 1.0, UTF-8), comments, one root element with attributes, text,
/// character and predefined entity references, CDATA sections, and Namespaces in XML 1.0.
/// Processing instructions and document type declarations are refused (a payment payload never needs
/// them, and a document type declaration brings entity expansion). The input is valid UTF-8 (checked
/// first by ``PayUTF8``).
///
/// The tree: an element with child elements or attributes is an object whose members are its
/// children and attributes by qualified name (a name that repeats is an array, in document order;
/// non-blank text beside child elements is the member `""`); any other element is a string, its
/// text with references resolved and line ends normalized (an empty element is `""`). Namespace
/// declarations are not members.
///
/// Hostile documents end in a located error after bounded work: time is linear in the size (no
/// step rescans earlier input; attribute and namespace bookkeeping is hashed), and
/// `PayPayloadLimits` bounds the depth, the elements, the attributes of one element and the
/// character references, so memory is bounded by the limits, not by what a client sends.
enum PayXMLReader {
    /// Reads a whole document.
    ///
    /// - Parameter acceptingUnclosedRoot: a document whose root element is never closed (as some
    ///   provider samples are) ends the root at the end of the input.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: PayPayloadLimits, acceptingUnclosedRoot: Bool = false
    ) -> Result<PayJSON, PaySyntaxError> {
        var scanner = Scanner(bytes: bytes, limits: limits, acceptingUnclosedRoot: acceptingUnclosedRoot)
        return Result { () throws(PaySyntaxError) -> PayJSON in try scanner.document() }
    }

    /// The first problem of `bytes` as an XML document, `nil` when it is well formed.
    static func problem(in bytes: UnsafeBufferPointer<UInt8>, limits: PayPayloadLimits = .standard) -> PaySyntaxError? {
        if case .failure(let error) = read(bytes, limits: limits) { return error }
        return nil
    }

    /// A character XML 1.0 allows (`Char`).
    static func isCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// A character that may start a name (`NameStartChar`).
    static func isNameStart(_ value: UInt32) -> Bool {
        switch value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
            0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default: false
        }
    }

    /// A character that may continue a name but not start it (the rest of `NameChar`).
    static func isNamePart(_ value: UInt32) -> Bool {
        switch value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: false
        }
    }

    /// Whether `text` is an XML name.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isNameStart(first.value) else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { isNameStart($0.value) || isNamePart($0.value) }
    }

    /// An open element: its name and what it holds so far.
    struct Frame {
        var name: Range<Int>
        /// Child elements and attributes by name, in document order.
        var members: [String: [PayJSON]] = [:]
        /// Character data: references resolved, literal line ends normalized.
        var text: [UInt8] = []

        /// The element's value in the tree.
        func value() -> PayJSON {
            let text = String(decoding: self.text, as: UTF8.self)
            guard !members.isEmpty else { return .string(text) }
            var object = members.mapValues { $0.count == 1 ? $0[0] : PayJSON.array($0) }
            if text.contains(where: { !$0.isWhitespace }) { object[""] = .string(text) }
            return .object(object)
        }
    }

    /// A cursor over the document's bytes.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let limits: PayPayloadLimits
        let acceptingUnclosedRoot: Bool
        var index = 0
        /// Elements and character references read so far, against their limits.
        var elements = 0
        var characterReferences = 0
        /// The namespace name each prefix is bound to, innermost last.
        var bindings: [String: [String]] = [:]
        /// The prefixes bound by each open element, in order, to unbind them when it closes.
        var declared: [(prefix: String, depth: Int)] = []

        init(bytes: UnsafeBufferPointer<UInt8>, limits: PayPayloadLimits, acceptingUnclosedRoot: Bool) {
            self.bytes = bytes
            self.limits = limits
            self.acceptingUnclosedRoot = acceptingUnclosedRoot
        }

        // MARK: Document structure

        mutating func document() throws(PaySyntaxError) -> PayJSON {
            guard bytes.count <= limits.maximumBytes else { throw failure("the payload is larger than \(limits.maximumBytes) bytes") }
            if starts(with: "\u{FEFF}") { index += 3 }
            if starts(with: "<?xml"), index + 5 < bytes.count, isSpace(bytes[index + 5]) { try declaration() }
            try miscellaneous()
            guard index < bytes.count else { throw failure(bytes.isEmpty ? "an empty document" : "no root element") }
            guard bytes[index] == UInt8(ascii: "<") else { throw failure("text before the root element") }
            let root = try rootElement()
            try miscellaneous()
            if index < bytes.count { throw failure("content after the root element") }
            return root
        }

        /// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`; only version 1.0 and UTF-8.
        mutating func declaration() throws(PaySyntaxError) {
            index += 5
            skipSpace()
            guard starts(with: "version") else { throw failure("the XML declaration must start with 'version'") }
            index += 7
            let version = try pseudoAttributeValue()
            guard version == "1.0" else { throw failure("XML version '\(version)' (only 1.0 is read)") }
            var spaced = skipSpace()
            if spaced, starts(with: "encoding") {
                index += 8
                let encoding = try pseudoAttributeValue()
                guard encoding.uppercased() == "UTF-8" else {
                    throw failure("the document declares encoding '\(encoding)'; payloads are read as UTF-8 only")
                }
                spaced = skipSpace()
            }
            if spaced, starts(with: "standalone") {
                index += 10
                let standalone = try pseudoAttributeValue()
                guard standalone == "yes" || standalone == "no" else { throw failure("standalone must be 'yes' or 'no'") }
                skipSpace()
            }
            guard starts(with: "?>") else { throw failure("the XML declaration is not closed by '?>'") }
            index += 2
        }

        /// `= "value"` inside the XML declaration: short ASCII text.
        mutating func pseudoAttributeValue() throws(PaySyntaxError) -> String {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw failure("expected '='") }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw failure("expected a quoted value")
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                let byte = bytes[index]
                let allowed =
                    (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D || byte == 0x2E
                    || byte == 0x5F
                guard allowed, index - start < 40 else { throw failure("an invalid value in the XML declaration") }
                index += 1
            }
            guard index < bytes.count else { throw failure("an unterminated value in the XML declaration") }
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }

        /// Whitespace and comments; processing instructions and document type declarations are refused.
        mutating func miscellaneous() throws(PaySyntaxError) {
            while true {
                skipSpace()
                if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<?") {
                    throw failure(
                        starts(with: "<?xml")
                            ? "an XML declaration that is not at the start of the document"
                            : "a processing instruction (not read in payloads)")
                } else if starts(with: "<!") {
                    throw failure("a document type declaration (not read in payloads)")
                } else {
                    return
                }
            }
        }

        /// The root element and everything inside it, without recursion.
        mutating func rootElement() throws(PaySyntaxError) -> PayJSON {
            var open: [Frame] = []
            var root: PayJSON?
            try startTag(&open, root: &root)
            // `open` is read by index, never copied out: a copy of the innermost frame would share
            // its members and make every append copy them (quadratic in the children).
            while !open.isEmpty {
                guard index < bytes.count else {
                    if acceptingUnclosedRoot, open.count == 1 { return open[0].value() }
                    throw failure("element '\(text(open[open.count - 1].name))' is not closed")
                }
                switch bytes[index] {
                case UInt8(ascii: "<"):
                    if starts(with: "</") {
                        try endTag(&open, root: &root)
                    } else if starts(with: "<!--") {
                        try comment()
                    } else if starts(with: "<![CDATA[") {
                        try cdata(into: &open[open.count - 1].text)
                    } else if starts(with: "<?") {
                        throw failure("a processing instruction (not read in payloads)")
                    } else if starts(with: "<!") {
                        throw failure("a markup declaration inside an element")
                    } else {
                        try startTag(&open, root: &root)
                    }
                case UInt8(ascii: "&"):
                    try reference(into: &open[open.count - 1].text)
                default:
                    try characterData(into: &open[open.count - 1].text)
                }
            }
            guard let root else { throw failure("no root element") }
            return root
        }

        /// Ends the innermost element: its value becomes a member of its parent, or the root.
        func close(_ open: inout [Frame], root: inout PayJSON?) {
            let frame = open.removeLast()
            let value = frame.value()
            if open.isEmpty {
                root = value
            } else {
                open[open.count - 1].members[string(frame.name), default: []].append(value)
            }
        }

        /// `<name attribute="value" …>` (pushed) or `<name … />`.
        mutating func startTag(_ open: inout [Frame], root: inout PayJSON?) throws(PaySyntaxError) {
            let tagStart = index
            elements += 1
            guard elements <= limits.maximumElements else { throw failure("more than \(limits.maximumElements) elements") }
            index += 1
            let name = try self.name()
            var attributes: [Attribute] = []
            var attributeNames = Set<String>()
            while true {
                let spaced = skipSpace()
                guard index < bytes.count else { throw failure("the start tag of '\(text(name))' is not closed") }
                let selfClosing = starts(with: "/>")
                if selfClosing || bytes[index] == UInt8(ascii: ">") {
                    let end = index + (selfClosing ? 2 : 1)
                    index = tagStart
                    try checkNamespaces(element: name, attributes: attributes, depth: open.count + 1)
                    guard open.count < limits.maximumDepth else {
                        throw failure("elements nested deeper than \(limits.maximumDepth) levels")
                    }
                    var frame = Frame(name: name)
                    for attribute in attributes where !isNamespaceDeclaration(attribute.name) {
                        frame.members[string(attribute.name), default: []].append(.string(String(decoding: attribute.text, as: UTF8.self)))
                    }
                    open.append(frame)
                    if selfClosing {
                        closeScope(depth: open.count)
                        close(&open, root: &root)
                    }
                    index = end
                    return
                }
                guard attributes.count < limits.maximumAttributesPerElement else {
                    throw failure("more than \(limits.maximumAttributesPerElement) attributes on '\(text(name))'")
                }
                guard spaced else { throw failure("expected whitespace, '>' or '/>' in the start tag of '\(text(name))'") }
                let attributeStart = index
                let attribute = try self.name()
                if !attributeNames.insert(string(attribute)).inserted {
                    index = attributeStart
                    throw failure("attribute '\(text(attribute))' appears twice")
                }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw failure("expected '=' after attribute '\(text(attribute))'")
                }
                index += 1
                skipSpace()
                var resolved: [UInt8] = []
                let value = try attributeValue(into: &resolved)
                attributes.append(Attribute(name: attribute, value: value, text: resolved, start: attributeStart))
            }
        }

        /// An attribute of a start tag: its name, the text between its quotes, where it starts.
        struct Attribute {
            var name: Range<Int>
            /// The raw text between the quotes.
            var value: Range<Int>
            /// The value, references resolved and white space normalized (XML 1.0 section 3.3.3).
            var text: [UInt8]
            var start: Int
        }

        /// Whether an attribute declares a namespace (`xmlns` or `xmlns:prefix`).
        func isNamespaceDeclaration(_ name: Range<Int>) -> Bool {
            spells(name, "xmlns") || (name.count > 6 && spells(name.lowerBound..<(name.lowerBound + 6), "xmlns:"))
        }

        /// Namespaces in XML 1.0, which FoundationXML applies whatever `shouldProcessNamespaces`
        /// says: qualified names have one colon between two names, every prefix is declared (or
        /// `xml`), `xml` and `xmlns` are not rebound, no prefix is bound to the empty name, and no
        /// two attributes have the same namespace and local name.
        mutating func checkNamespaces(element: Range<Int>, attributes: [Attribute], depth: Int) throws(PaySyntaxError) {
            for attribute in attributes {
                let (prefix, local) = try qualified(attribute.name, at: attribute.start)
                guard let prefix, spells(prefix, "xmlns") else { continue }
                let prefixName = string(local)
                if prefixName == "xmlns" || prefixName == "xml" {
                    index = attribute.start
                    throw failure("the prefix '\(text(local))' cannot be declared")
                }
                if attribute.value.isEmpty {
                    index = attribute.start
                    throw failure("the prefix '\(text(local))' is bound to an empty namespace name")
                }
                guard isAbsoluteURI(attribute.value) else {
                    index = attribute.start
                    throw failure("the namespace name of '\(text(local))' is not an absolute URI")
                }
                bindings[prefixName, default: []].append(string(attribute.value))
                declared.append((prefixName, depth))
            }
            if let declaration = attributes.first(where: { spells($0.name, "xmlns") }), !declaration.value.isEmpty,
                !isAbsoluteURI(declaration.value)
            {
                index = declaration.start
                throw failure("the default namespace name is not an absolute URI")
            }
            if let prefix = try qualified(element, at: index + 1).prefix {
                guard !spells(prefix, "xmlns"), spells(prefix, "xml") || binding(of: prefix) != nil else {
                    throw failure("the namespace prefix '\(text(prefix))' of '\(text(element))' is not declared")
                }
            }
            var expanded = Set<String>()
            for attribute in attributes {
                let (prefix, local) = try qualified(attribute.name, at: attribute.start)
                guard let prefix, !spells(prefix, "xmlns") else { continue }
                let namespace: String
                if spells(prefix, "xml") {
                    namespace = "http://www.w3.org/XML/1998/namespace"
                } else if let bound = binding(of: prefix) {
                    namespace = bound
                } else {
                    index = attribute.start
                    throw failure("the namespace prefix '\(text(prefix))' of attribute '\(text(attribute.name))' is not declared")
                }
                guard expanded.insert(namespace + " " + string(local)).inserted else {
                    index = attribute.start
                    throw failure("attribute '\(text(attribute.name))' repeats a namespaced attribute")
                }
            }
        }

        /// The prefix (when there is a colon) and local part of a name.
        mutating func qualified(_ name: Range<Int>, at start: Int) throws(PaySyntaxError) -> (prefix: Range<Int>?, local: Range<Int>) {
            guard let colon = name.first(where: { bytes[$0] == UInt8(ascii: ":") }) else { return (nil, name) }
            let local = (colon + 1)..<name.upperBound
            let valid =
                colon > name.lowerBound && !local.isEmpty && !local.contains { bytes[$0] == UInt8(ascii: ":") }
                && scalar(at: local.lowerBound).map { isNameStart($0.value) } == true
            guard valid else {
                index = start
                throw failure("'\(text(name))' is not a qualified name (one ':' between two names)")
            }
            return (name.lowerBound..<colon, local)
        }

        /// Whether the raw text of a namespace name is an absolute URI (RFC 3986, as libxml2 parses
        /// it: a scheme, then ASCII URI characters; an authority's port is digits, its host has no
        /// brackets; `%` starts two hex digits; one `#` at most). References are not expanded here,
        /// so a name that spells one is refused.
        func isAbsoluteURI(_ range: Range<Int>) -> Bool {
            var position = range.lowerBound
            func isAlpha(_ byte: UInt8) -> Bool { byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A }
            func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
            guard position < range.upperBound, isAlpha(bytes[position]) else { return false }
            while position < range.upperBound,
                isAlpha(bytes[position]) || isDigit(bytes[position]) || bytes[position] == 0x2B || bytes[position] == 0x2D
                    || bytes[position] == 0x2E
            {
                position += 1
            }
            guard position < range.upperBound, bytes[position] == UInt8(ascii: ":") else { return false }
            position += 1
            var fragment = false
            var authorityEnd = position
            if range.upperBound - position >= 2, bytes[position] == UInt8(ascii: "/"), bytes[position + 1] == UInt8(ascii: "/") {
                authorityEnd = position + 2
                while authorityEnd < range.upperBound, !"/?#".utf8.contains(bytes[authorityEnd]) { authorityEnd += 1 }
                let authority = Array(bytes[(position + 2)..<authorityEnd])
                let hostPort = authority.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false).last ?? []
                if hostPort.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) { return false }
                if let colon = hostPort.firstIndex(of: UInt8(ascii: ":")), !hostPort[(colon + 1)...].allSatisfy(isDigit) { return false }
            }
            while position < range.upperBound {
                let byte = bytes[position]
                if byte == UInt8(ascii: "%") {
                    guard position + 2 < range.upperBound, digitValue(bytes[position + 1], radix: 16) != nil,
                        digitValue(bytes[position + 2], radix: 16) != nil
                    else { return false }
                    position += 3
                    continue
                }
                if byte == UInt8(ascii: "#") {
                    if fragment { return false }
                    fragment = true
                }
                guard isAlpha(byte) || isDigit(byte) || Self.uriPunctuation.contains(byte) else { return false }
                position += 1
            }
            return true
        }

        /// The namespace name `prefix` is bound to in the innermost scope.
        func binding(of prefix: Range<Int>) -> String? {
            bindings[string(prefix)]?.last
        }

        /// Drops the bindings of the element at `depth`.
        mutating func closeScope(depth: Int) {
            while let last = declared.last, last.depth >= depth {
                declared.removeLast()
                bindings[last.prefix]?.removeLast()
            }
        }

        /// A quoted attribute value: no `<`, references well formed. Returns the text between the
        /// quotes and appends the value to `text`: references resolved, each tab, line feed and
        /// carriage return a space (a `\r\n` pair one space).
        mutating func attributeValue(into text: inout [UInt8]) throws(PaySyntaxError) -> Range<Int> {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw failure("expected a quoted attribute value")
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while true {
                guard index < bytes.count else { throw failure("an unterminated attribute value") }
                switch bytes[index] {
                case quote:
                    index += 1
                    return start..<(index - 1)
                case UInt8(ascii: "<"):
                    throw failure("'<' inside an attribute value")
                case UInt8(ascii: "&"):
                    try reference(into: &text)
                case 0x0D:
                    index += 1
                    if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                    text.append(0x20)
                case 0x09, 0x0A:
                    index += 1
                    text.append(0x20)
                default:
                    let start = index
                    try character()
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                }
            }
        }

        /// `</name>`, which must close the innermost open element.
        mutating func endTag(_ open: inout [Frame], root: inout PayJSON?) throws(PaySyntaxError) {
            let start = index
            index += 2
            let name = try self.name()
            guard let innermost = open.last?.name, equal(innermost, name) else {
                index = start
                throw failure("'</\(text(name))>' does not close '\(open.last.map { text($0.name) } ?? "")'")
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                throw failure("the end tag of '\(text(name))' is not closed by '>'")
            }
            index += 1
            closeScope(depth: open.count)
            close(&open, root: &root)
        }

        /// `<!-- … -->`: no `--` inside.
        mutating func comment() throws(PaySyntaxError) {
            index += 4
            while true {
                guard index < bytes.count else { throw failure("an unterminated comment") }
                if starts(with: "--") {
                    guard index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: ">") else { throw failure("'--' inside a comment") }
                    index += 3
                    return
                }
                try character()
            }
        }

        /// `<![CDATA[ … ]]>`; its characters are appended to `text`.
        mutating func cdata(into text: inout [UInt8]) throws(PaySyntaxError) {
            index += 9
            let start = index
            while true {
                guard index < bytes.count else { throw failure("an unterminated CDATA section") }
                if starts(with: "]]>") {
                    appendNormalizingLineEnds(start..<index, to: &text)
                    index += 3
                    return
                }
                try character()
            }
        }

        /// Text up to the next markup or reference (characters that XML allows, no `]]>`), appended to `text`.
        mutating func characterData(into text: inout [UInt8]) throws(PaySyntaxError) {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") {
                if bytes[index] == UInt8(ascii: "]"), starts(with: "]]>") { throw failure("']]>' in text") }
                try character()
            }
            appendNormalizingLineEnds(start..<index, to: &text)
        }

        /// Appends literal text, each `\r\n` and lone `\r` read as `\n` (XML 1.0 section 2.11); a
        /// carriage return written as a reference (`&#13;`) stays one.
        func appendNormalizingLineEnds(_ range: Range<Int>, to text: inout [UInt8]) {
            let slice = UnsafeBufferPointer(rebasing: bytes[range])
            guard slice.contains(0x0D) else {
                text.append(contentsOf: slice)
                return
            }
            var offset = range.lowerBound
            while offset < range.upperBound {
                if bytes[offset] == 0x0D {
                    text.append(0x0A)
                    if offset + 1 < range.upperBound, bytes[offset + 1] == 0x0A { offset += 1 }
                } else {
                    text.append(bytes[offset])
                }
                offset += 1
            }
        }

        /// `&lt;` `&gt;` `&amp;` `&apos;` `&quot;`, `&#nnn;` or `&#xhhh;` naming a character XML
        /// allows; the character it stands for is appended to `text`.
        mutating func reference(into text: inout [UInt8]) throws(PaySyntaxError) {
            let start = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
                characterReferences += 1
                guard characterReferences <= limits.maximumCharacterReferences else {
                    index = start
                    throw failure("more than \(limits.maximumCharacterReferences) character references")
                }
                index += 1
                var radix: UInt32 = 10
                if index < bytes.count, bytes[index] == UInt8(ascii: "x") {
                    radix = 16
                    index += 1
                }
                var value: UInt32 = 0
                var digits = 0
                while index < bytes.count, let digit = digitValue(bytes[index], radix: radix) {
                    value = min(value * radix + digit, 0x110000)
                    digits += 1
                    index += 1
                }
                guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                    index = start
                    throw failure("a malformed character reference")
                }
                guard isCharacter(value), let scalar = Unicode.Scalar(value) else {
                    index = start
                    throw failure("a character reference to a character XML does not allow")
                }
                text.append(contentsOf: String(Character(scalar)).utf8)
                index += 1
                return
            }
            let name: Range<Int>
            do {
                name = try self.name()
            } catch {
                index = start
                throw failure("'&' that does not start a reference (write '&amp;')")
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                index = start
                throw failure("'&' that does not start a reference (write '&amp;')")
            }
            index += 1
            let character: UInt8
            if spells(name, "lt") {
                character = UInt8(ascii: "<")
            } else if spells(name, "gt") {
                character = UInt8(ascii: ">")
            } else if spells(name, "amp") {
                character = UInt8(ascii: "&")
            } else if spells(name, "apos") {
                character = UInt8(ascii: "'")
            } else if spells(name, "quot") {
                character = UInt8(ascii: "\"")
            } else {
                index = start
                throw failure("an undefined entity '&\(self.text(name));'")
            }
            text.append(character)
        }

        // MARK: Lexical pieces

        /// An XML name (fifth edition's NameStartChar NameChar*).
        mutating func name() throws(PaySyntaxError) -> Range<Int> {
            let start = index
            guard index < bytes.count, let first = scalar(at: index), isNameStart(first.value) else { throw failure("expected a name") }
            index += first.length
            while index < bytes.count, let next = scalar(at: index), isNameStart(next.value) || isNamePart(next.value) {
                index += next.length
            }
            return start..<index
        }

        /// One character of text, comment or CDATA: one XML allows (`Char`).
        mutating func character() throws(PaySyntaxError) {
            guard let decoded = scalar(at: index), isCharacter(decoded.value) else {
                throw failure(
                    "a character XML does not allow (U+\(String(scalar(at: index)?.value ?? UInt32(bytes[index]), radix: 16, uppercase: true)))"
                )
            }
            index += decoded.length
        }

        /// The scalar at `offset` and its length in bytes (the input is valid UTF-8).
        func scalar(at offset: Int) -> (value: UInt32, length: Int)? {
            let first = UInt32(bytes[offset])
            if first < 0x80 { return (first, 1) }
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
            guard offset + length <= bytes.count else { return nil }
            var value = first & (0xFF >> (length + 1))
            for position in 1..<length { value = value << 6 | UInt32(bytes[offset + position] & 0x3F) }
            return (value, length)
        }

        /// Skips whitespace; whether there was any.
        @discardableResult
        mutating func skipSpace() -> Bool {
            let start = index
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            return index > start
        }

        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
            switch byte {
            case 0x30...0x39: UInt32(byte - 0x30)
            case 0x61...0x66 where radix == 16: UInt32(byte - 0x61 + 10)
            case 0x41...0x46 where radix == 16: UInt32(byte - 0x41 + 10)
            default: nil
            }
        }

        func starts(with prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let start = prefix.utf8Start
            for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
            return true
        }

        func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { bytes[$0] == bytes[$1] }
        }

        /// The punctuation an absolute URI may contain besides letters and digits.
        static let uriPunctuation = Set("-._~!$'()*+,;=:@/?#%".utf8)

        /// Whether the bytes of `range` are exactly `word`.
        func spells(_ range: Range<Int>, _ word: StaticString) -> Bool {
            guard range.count == word.utf8CodeUnitCount else { return false }
            let start = word.utf8Start
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != start[offset] { return false }
            return true
        }

        /// The whole text of a range.
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        /// The text of a name, at most 64 characters (names can be long and hostile).
        func text(_ range: Range<Int>) -> String {
            let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            return shown.count > 64 ? String(shown.prefix(64)) + "…" : shown
        }

        /// The error at the current position, with its line and column.
        func failure(_ message: String) -> PaySyntaxError {
            PaySyntaxError(at: index, in: bytes, message: message)
        }
    }
}
