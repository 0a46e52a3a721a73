import PaymentServerCore

extension ExchangeRedaction {
    /// An XML document redacted by its structure, written again from what it says: character and
    /// predefined references and CDATA sections resolved before anything is judged, names compared
    /// by their local part (`<ns:password>`, `</password >`), the text of every element inside a
    /// secret-named one and the value of every secret-named attribute `<redacted>`, every other
    /// text, attribute value and comment through ``text(_:)`` and escaped again. `nil` when the
    /// document cannot be read (it is then shown as text).
    static func xml(_ document: String) -> String? {
        var reader = XMLRedactor(bytes: Array(document.utf8))
        return reader.run()
    }
}

/// The reader behind ``ExchangeRedaction/xml(_:)``: one pass over the bytes, a stack of open
/// element names, no tree.
private struct XMLRedactor {
    let bytes: [UInt8]
    var index = 0
    var out = ""
    /// Open elements: whether each (or one around it) is a secret's.
    var secret: [Bool] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() -> String? {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                guard markup() else { return nil }
            } else {
                let end = next(UInt8(ascii: "<")) ?? bytes.count
                guard let decoded = Self.resolve(bytes[index..<end]) else { return nil }
                text(decoded)
                index = end
            }
        }
        return secret.isEmpty ? out : nil
    }

    /// Character data as shown: `<redacted>` inside a secret's element (blank text stays), else redacted text.
    mutating func text(_ decoded: String) {
        if secret.last == true, decoded.contains(where: { !$0.isWhitespace }) {
            out += ExchangeRedaction.placeholder
        } else {
            out += HTMLText.escape(ExchangeRedaction.text(decoded))
        }
    }

    /// One piece of markup at `index`: a comment, CDATA, a declaration or instruction, an end tag or a start tag.
    mutating func markup() -> Bool {
        if starts("<!--") {
            guard let end = find("-->", from: index + 4) else { return false }
            out += "<!--" + ExchangeRedaction.text(string(index + 4, end)) + "-->"
            index = end + 3
        } else if starts("<![CDATA[") {
            guard let end = find("]]>", from: index + 9) else { return false }
            text(string(index + 9, end))
            index = end + 3
        } else if starts("<?") || starts("<!") {
            guard let end = find(">", from: index + 2) else { return false }
            out += ExchangeRedaction.text(string(index, end + 1))
            index = end + 1
        } else if starts("</") {
            guard let end = find(">", from: index + 2), !secret.isEmpty else { return false }
            let name = string(index + 2, end).trimmingCharacters(in: .whitespacesAndNewlines)
            out += "</" + ExchangeRedaction.text(name) + ">"
            secret.removeLast()
            index = end + 1
        } else {
            return startTag()
        }
        return true
    }

    /// A start tag: its name, its attributes (each value resolved, redacted, escaped again), `/>` or `>`.
    mutating func startTag() -> Bool {
        index += 1
        let nameStart = index
        while index < bytes.count, !Self.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
            index += 1
        }
        let name = string(nameStart, index)
        guard !name.isEmpty else { return false }
        out += "<" + ExchangeRedaction.text(name)
        while true {
            while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: ">") {
                out += ">"
                index += 1
                secret.append(secret.last == true || SecretName.isSecret(name))
                return true
            }
            if starts("/>") {
                out += "/>"
                index += 2
                return true
            }
            let attributeStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), !Self.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ">") {
                index += 1
            }
            let attribute = string(attributeStart, index)
            while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
            guard !attribute.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return false }
            index += 1
            while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return false }
            let quote = bytes[index]
            guard let end = next(quote, from: index + 1), let value = Self.resolve(bytes[(index + 1)..<end]) else { return false }
            index = end + 1
            let shown =
                SecretName.isSecret(attribute) || secret.last == true ? ExchangeRedaction.placeholder : ExchangeRedaction.text(value)
            out += " " + ExchangeRedaction.text(attribute) + "=\"" + HTMLText.escape(shown) + "\""
        }
    }

    /// Text with its references resolved (`&lt;`, `&#52;`, `&#x34;`); `nil` for a reference XML does not define.
    static func resolve(_ text: ArraySlice<UInt8>) -> String? {
        guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        let source = String(decoding: text, as: UTF8.self)
        var rest = Substring(source)
        while let amp = rest.firstIndex(of: "&") {
            scalars.append(contentsOf: rest[..<amp].unicodeScalars)
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { return nil }
            let reference = rest[rest.index(after: amp)..<semicolon]
            switch reference {
            case "lt": scalars.append("<")
            case "gt": scalars.append(">")
            case "amp": scalars.append("&")
            case "quot": scalars.append("\"")
            case "apos": scalars.append("'")
            default:
                guard reference.hasPrefix("#") else { return nil }
                let digits = reference.dropFirst()
                let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                guard let value, let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        scalars.append(contentsOf: rest.unicodeScalars)
        return String(scalars)
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    func starts(_ prefix: String) -> Bool {
        let needle = Array(prefix.utf8)
        return index + needle.count <= bytes.count && bytes[index..<(index + needle.count)].elementsEqual(needle)
    }

    func find(_ needle: String, from: Int) -> Int? { LooseText.find(Array(needle.utf8), in: bytes, from: from) }

    func next(_ byte: UInt8, from: Int? = nil) -> Int? { bytes[(from ?? index)...].firstIndex(of: byte) }

    func string(_ from: Int, _ to: Int) -> String { String(decoding: bytes[from..<to], as: UTF8.self) }
}
