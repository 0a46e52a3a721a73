import Foundation
import PaymentSchemasVocabulary

/// Text made safe for HTML: for element content, attribute values and JavaScript string literals.
public enum HTMLText {
    /// `&`, `<`, `>`, `"`, `'` and a carriage return as character references (``PayMarkupEscaping``).
    public static func escape(_ text: String) -> String {
        PayMarkupEscaping.escaped(text)
    }

    /// A JavaScript string literal (double-quoted) that is also safe inside a `<script>` element.
    public static func javaScriptString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003C"
            case ">": out += "\\u003E"
            case "&": out += "\\u0026"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A whole page: title, body and an optional script.
    public static func page(title: String, body: String, script: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>body{font-family:-apple-system,system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button,.btn{display:block;width:100%;margin:.5rem 0;padding:.8rem;font-size:1rem}</style>
        </head><body>
        \(body)
        \(script.isEmpty ? "" : "<script>\n\(script)\n</script>")
        </body></html>
        """
    }
}
