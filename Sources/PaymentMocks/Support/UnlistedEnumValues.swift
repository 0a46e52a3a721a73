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
        walk(value, pointer: "", allowed: allowed.map { ObjectIdentifier($0) }, depth: 0, into: &found)
        return found
    }

    private static func walk(_ value: Any, pointer: String, allowed: [ObjectIdentifier], depth: Int, into found: inout [Finding]) {
        // A decoded request is bounded by the payload limits; the depth bound is a second guard.
        guard depth < 64 else { return }
        if let open = value as? any PayOpenEnum {
            if !open.isKnown, !allowed.contains(ObjectIdentifier(type(of: value))) {
                found.append(Finding(pointer: pointer.isEmpty ? "/" : pointer, value: "\(open.rawValue)"))
            }
            return
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first?.value {
                walk(wrapped, pointer: pointer, allowed: allowed, depth: depth + 1, into: &found)
            }
        case .collection, .set:
            for (index, child) in mirror.children.enumerated() {
                walk(child.value, pointer: pointer + "/\(index)", allowed: allowed, depth: depth + 1, into: &found)
            }
        case .dictionary:
            for child in mirror.children {
                let pair = Mirror(reflecting: child.value).children.map(\.value)
                guard pair.count == 2 else { continue }
                walk(pair[1], pointer: pointer + "/\(pair[0])", allowed: allowed, depth: depth + 1, into: &found)
            }
        case .struct, .class:
            for child in mirror.children {
                guard let label = child.label, label != "unknownMembers" else { continue }
                walk(child.value, pointer: pointer + "/" + snakeCase(label), allowed: allowed, depth: depth + 1, into: &found)
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
