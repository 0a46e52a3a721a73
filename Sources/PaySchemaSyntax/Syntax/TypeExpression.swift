import PaySchemaLanguage
import PaySchemaYAML

/// A field's type as written in a schema: `String`, `[Card]`, `Set<CardType>`, `[String: Price]`,
/// its declared types by name (the shape is the language's ``SchemaType``).
package typealias TypeExpression = SchemaType<String>

extension SchemaType where Name == String {
    /// The built-in scalar types.
    package typealias Primitive = SchemaPrimitive

    /// Every named type this expression mentions.
    package var namedTypes: [String] { names }

    /// Parses a type expression; the message explains what is wrong when it cannot.
    package static func parse(_ text: String) -> Swift.Result<TypeExpression, TypeExpressionError> {
        // Most expressions are a bare ASCII name (`String`, `Money`): answered without the parser,
        // with the parser's result.
        if text != "Set", !text.isEmpty, text.utf8.allSatisfy(Self.isASCIINameByte) {
            return .success(Primitive(rawValue: text).map(TypeExpression.primitive) ?? .named(text))
        }
        // And a list of one (`[String]`, `[Card]`), the next most common.
        let bytes = text.utf8
        if bytes.count > 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]"),
            bytes.dropFirst().dropLast().allSatisfy(Self.isASCIINameByte)
        {
            let name = String(text.dropFirst().dropLast())
            if name != "Set" {
                return .success(.list(Primitive(rawValue: name).map(TypeExpression.primitive) ?? .named(name)))
            }
        }
        var parser = Parser(text: Array(text.unicodeScalars))
        parser.skipSpaces()
        let result = parser.parseType()
        if case .success = result {
            parser.skipSpaces()
            if parser.index < parser.text.count {
                return .failure(
                    TypeExpressionError(
                        message: "unexpected '\(String(parser.text[parser.index]))' in type '\(text)'", offset: parser.index))
            }
        }
        return result
    }

    private static func isASCIINameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private struct Parser {
        let text: [Unicode.Scalar]
        var index = 0

        mutating func skipSpaces() {
            while index < text.count, text[index] == " " { index += 1 }
        }

        mutating func expect(_ scalar: Unicode.Scalar) -> Bool {
            skipSpaces()
            if index < text.count, text[index] == scalar {
                index += 1
                return true
            }
            return false
        }

        /// A letter (ASCII answered without the Unicode tables), a digit or `_`.
        static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII {
                return Naming.isASCIILetter(UInt8(scalar.value)) || ("0"..."9").contains(scalar) || scalar == "_"
            }
            return scalar.properties.isAlphabetic
        }

        mutating func identifier() -> String? {
            skipSpaces()
            let start = index
            while index < text.count, Self.isIdentifierScalar(text[index]) {
                index += 1
            }
            return start == index ? nil : String(String.UnicodeScalarView(text[start..<index]))
        }

        mutating func parseType() -> Swift.Result<TypeExpression, TypeExpressionError> {
            skipSpaces()
            let start = index
            if expect("[") {
                let first: TypeExpression
                switch parseType() {
                case .success(let type): first = type
                case .failure(let error): return .failure(error)
                }
                if expect(":") {
                    guard first == .primitive(.string) else {
                        return .failure(TypeExpressionError(message: "map keys must be String", offset: start + 1))
                    }
                    let value: TypeExpression
                    switch parseType() {
                    case .success(let type): value = type
                    case .failure(let error): return .failure(error)
                    }
                    guard expect("]") else {
                        return .failure(TypeExpressionError(message: "expected ']' to close the map type", offset: index))
                    }
                    return .success(.map(value))
                }
                guard expect("]") else {
                    return .failure(TypeExpressionError(message: "expected ']' to close the list type", offset: index))
                }
                return .success(.list(first))
            }
            guard let name = identifier() else {
                return .failure(TypeExpressionError(message: "expected a type name", offset: index))
            }
            if name == "Set" {
                guard expect("<") else { return .failure(TypeExpressionError(message: "expected '<' after Set", offset: index)) }
                let element: TypeExpression
                switch parseType() {
                case .success(let type): element = type
                case .failure(let error): return .failure(error)
                }
                guard expect(">") else { return .failure(TypeExpressionError(message: "expected '>' to close Set<...>", offset: index)) }
                return .success(.set(element))
            }
            if let primitive = Primitive(rawValue: name) { return .success(.primitive(primitive)) }
            return .success(.named(name))
        }
    }
}

/// Why a type expression could not be parsed, and at which character.
package struct TypeExpressionError: Error, Sendable, Hashable {
    /// What is wrong.
    package var message: String
    /// The 0-based character offset in the expression.
    package var offset: Int
}
