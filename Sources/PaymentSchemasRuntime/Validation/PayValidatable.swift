import PaymentSchemasVocabulary

/// A generated type whose constraints can be checked.
public protocol PayValidatable {
    /// Appends every violation in this value (and the values it holds) to `violations`, with paths under `path`.
    func collectViolations(at path: PayPath, into violations: inout [ValidationViolation])
}

extension PayValidatable {
    /// Every violation in this value.
    public var violations: [ValidationViolation] {
        var found: [ValidationViolation] = []
        collectViolations(at: .root, into: &found)
        return found
    }

    /// Throws a ``ValidationError`` listing every violation, if there is any.
    public func validate() throws {
        let found = violations
        if !found.isEmpty { throw ValidationError(violations: found) }
    }
}

extension Optional: PayValidatable where Wrapped: PayValidatable {
    /// Validates the wrapped value when present.
    public func collectViolations(at path: PayPath, into violations: inout [ValidationViolation]) {
        if let value = self { value.collectViolations(at: path, into: &violations) }
    }
}

extension Array: PayValidatable where Element: PayValidatable {
    /// Validates each element at `path[index]`.
    public func collectViolations(at path: PayPath, into violations: inout [ValidationViolation]) {
        for (index, element) in enumerated() {
            element.collectViolations(at: path.appending(index: index), into: &violations)
        }
    }
}

extension Set: PayValidatable where Element: PayValidatable {
    /// Validates each element; positions follow the set's iteration order.
    public func collectViolations(at path: PayPath, into violations: inout [ValidationViolation]) {
        for (index, element) in enumerated() {
            element.collectViolations(at: path.appending(index: index), into: &violations)
        }
    }
}

extension Dictionary: PayValidatable where Key == String, Value: PayValidatable {
    /// Validates each value at `path.key`, in key order.
    public func collectViolations(at path: PayPath, into violations: inout [ValidationViolation]) {
        for key in keys.sorted() {
            self[key]?.collectViolations(at: path.appending(key), into: &violations)
        }
    }
}
