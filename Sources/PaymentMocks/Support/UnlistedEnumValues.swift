import Foundation
import PaymentSchemasRuntime

/// The values of open enums a decoded request carries that its schema does not list. An open enum
/// keeps an unlisted value so that a provider's answer with a new value is read, not refused; a
/// provider judges what a client sends against its list, so a sandbox refuses such a value in a
/// request. The walk follows the value's stored properties (optionals, arrays and dictionaries
/// included) and names each place as JSON pointers name it, the property names in snake case (the
/// providers' key style where the sandbox uses this).
public enum UnlistedEnumValues {
    /// One unlisted value: where it is and what it was.
    public struct Finding: Equatable, Sendable {
        /// A JSON pointer to it (`/payment_source/paypal/tax_info/tax_id_type`).
        public var pointer: String
        /// The value as sent.
        public var value: String
    }

    /// Every unlisted open-enum value in `value`, in the order of its properties, except in the
    /// enums of `allowed` (whose unlisted values the provider judges by a rule of its own).
    public static func find(in value: Any, allowing allowed: [Any.Type] = []) -> [Finding] {
        var found: [Finding] = []
        var path: [Step] = []
        walk(value, path: &path, allowed: allowed.map { ObjectIdentifier($0) }, into: &found)
        return found
    }

    /// One step from a value to what it holds; a finding's pointer is spelled from its steps
    /// (only then: most requests have no finding, and every node is visited).
    private enum Step {
        case property(String)
        case index(Int)
        case key(String)

        var pointerPart: String {
            switch self {
            case .property(let label): return "/" + UnlistedEnumValues.snakeCase(label)
            case .index(let index): return "/\(index)"
            case .key(let key): return "/" + key
            }
        }
    }

    private static func walk(_ value: Any, path: inout [Step], allowed: [ObjectIdentifier], into found: inout [Finding]) {
        // A decoded request is bounded by the payload limits; the depth bound is a second guard.
        guard path.count < 64 else { return }
        // The leaves most fields hold, answered without reflection.
        if value is String || value is Decimal || value is Bool || value is Int || value is Date || value is URL { return }
        if let open = value as? any PayOpenEnum {
            // The enum's own type (an optional holding it casts too, and is not the allowed type).
            if !open.isKnown, !allowed.contains(ObjectIdentifier(type(of: open))) {
                let pointer = path.map(\.pointerPart).joined()
                found.append(Finding(pointer: pointer.isEmpty ? "/" : pointer, value: "\(open.rawValue)"))
            }
            return
        }
        if let optional = value as? any OptionalValue {
            // An absent field (most of a whole operation's) ends here.
            if let wrapped = optional.wrappedValue { walk(wrapped, path: &path, allowed: allowed, into: &found) }
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection, .set:
            for (index, child) in mirror.children.enumerated() {
                path.append(.index(index))
                walk(child.value, path: &path, allowed: allowed, into: &found)
                path.removeLast()
            }
        case .dictionary:
            for child in mirror.children {
                let pair = Mirror(reflecting: child.value).children.map(\.value)
                guard pair.count == 2 else { continue }
                path.append(.key("\(pair[0])"))
                walk(pair[1], path: &path, allowed: allowed, into: &found)
                path.removeLast()
            }
        case .struct, .class:
            for child in mirror.children {
                guard let label = child.label, label != "unknownMembers" else { continue }
                path.append(.property(label))
                walk(child.value, path: &path, allowed: allowed, into: &found)
                path.removeLast()
            }
        default:
            return
        }
    }

    /// `paymentSource` as `payment_source`, `level2` as `level_2`.
    static func snakeCase(_ name: String) -> String {
        var out = ""
        var previous: Character?
        for character in name {
            if character.isUppercase {
                out += "_" + character.lowercased()
            } else if character.isNumber, let previous, !previous.isNumber {
                out += "_" + String(character)
            } else {
                out.append(character)
            }
            previous = character
        }
        return out
    }
}

/// An optional seen through `Any`: its wrapped value, without reflection.
private protocol OptionalValue {
    /// The value, `nil` when absent.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}
