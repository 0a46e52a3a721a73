import Foundation
@_spi(Generated) import PaymentSchemasVocabulary

/// A generated struct whose fields are listed once, in wire order, with their keys and rules:
/// `visitFields(_:)` is that list, and encoding walks it (the type's `encode(to:)` comes from
/// here, not from generated code); ``PayFieldValidating`` and ``PayFieldDecoding`` add validation
/// and decoding from the same list.
public protocol PayFieldVisiting: Encodable {
    /// The wire format whose names validation paths use (the schema's first encoding).
    @_spi(Generated) static var payPrimaryFormat: WireFormat { get }

    /// Hands each field, in wire order, to `fields` with its key and rules; decoding writes the
    /// fields it reads.
    @_spi(Generated) mutating func visitFields<Phase: PayFieldPhase>(_ fields: inout PayFieldVisitor<Phase>)

    /// The members of the payload's object that no field models, kept as they came and written
    /// back after the fields (``PayUnknownMembers``).
    var unknownMembers: PayUnknownMembers { get set }

    /// Whether decoding refuses members no field models (the schema's `unknownMembers: refuse`)
    /// instead of keeping them.
    @_spi(Generated) static var payRefusesUnknownMembers: Bool { get }
}

@_spi(Generated)
extension PayFieldVisiting {
    /// JSON, unless the schema lists another encoding first.
    @inlinable public static var payPrimaryFormat: WireFormat { .json }

    /// Members no field models are kept, unless the schema says `unknownMembers: refuse`.
    @inlinable public static var payRefusesUnknownMembers: Bool { false }

    /// Walks the fields of this value in a phase that only reads them (encoding, validating),
    /// without copying the value: `visitFields(_:)` is mutating because decoding writes through
    /// it, and in these phases no visitor method ever assigns to a field, so the walk gets the
    /// value's own storage, borrowed, not a copy of every field it holds.
    /// (Only `encode(to:)` and `collectViolations(at:into:)` call it.)
    @inlinable
    func walkWithoutWriting<Phase: PayFieldPhase>(_ fields: inout PayFieldVisitor<Phase>) {
        withUnsafePointer(to: self) { borrowed in
            UnsafeMutablePointer(mutating: borrowed).pointee.visitFields(&fields)
        }
    }

    /// Encodes the fields under the wire names of the encoder's format; absent optionals are
    /// omitted, and a required nullable field without a value is written as `null`.
    /// The members no field models (``unknownMembers``) follow the fields, in the same object.
    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var fields = PayFieldVisitor<PayEncodingPhase>(state: PayEncodingState(container: PayEncodingContainer(encoder)))
        let kept = unknownMembers
        if !kept.isEmpty {
            fields.state.container.writtenNames = []
            if !kept.spellings.isEmpty, !PayEncodingContainer.writesSchemaSpelling(encoder) {
                fields.state.container.spellings = kept.spellings
            }
        }
        walkWithoutWriting(&fields)
        if !kept.isEmpty, fields.state.error == nil {
            do { try fields.state.container.putUnknown(kept) } catch { fields.state.error = error }
        }
        if let error = fields.state.error { throw error }
    }
}

/// A ``PayFieldVisiting`` struct whose rules its field list holds: validation walks the list too.
public protocol PayFieldValidating: PayFieldVisiting, PayValidatable {}

@_spi(Generated)
extension PayFieldValidating {
    /// Appends every constraint violation of this value and the values it holds, with wire paths.
    @inlinable
    public func collectViolations(at path: PayPath, into violations: inout [ValidationViolation]) {
        var state = PayValidationState(path: path, format: Self.payPrimaryFormat)
        swap(&state.violations, &violations)
        checkFields(in: &state)
        swap(&state.violations, &violations)
    }

    /// Checks this value, held by the field of key `key`, in the walk whose state is `state`
    /// (called through optional chaining, so an optional field's value is not copied out first).
    @inlinable
    func check<Phase: PayFieldPhase>(in state: inout Phase.State, of phase: Phase.Type, _ key: PayFieldKey) {
        Phase.validating(&state, nested: self, key)
    }

    /// Checks the fields of this value on `state`, whose path is this value's: a value nested in
    /// another is checked in its holder's walk, its name pushed on the one path and popped after
    /// (``PayValidatingPhase``), not on a copy of the path per value. The walk names fields as this
    /// type's format does; `state` keeps its own format.
    @inlinable
    func checkFields(in state: inout PayValidationState) {
        var fields = PayFieldVisitor<PayValidatingPhase>(state: PayValidationState(path: .root, format: Self.payPrimaryFormat))
        swap(&fields.state.path, &state.path)
        swap(&fields.state.violations, &state.violations)
        walkWithoutWriting(&fields)
        swap(&fields.state.path, &state.path)
        swap(&fields.state.violations, &state.violations)
    }
}

/// A ``PayFieldVisiting`` struct decoded from its field list: decoding starts from
/// `payPlaceholder` and each field read replaces its part; a field missing or invalid is
/// recorded, and every problem is thrown at once after the last field.
public protocol PayFieldDecoding: PayFieldVisiting, Decodable {
    /// The value decoding starts from: each mandatory field holds a stand-in of its type (empty
    /// text, zero, the first case), each defaulted field its default. Never handed out by a
    /// strict decode, where a mandatory field that is not read is an error.
    @_spi(Generated) static var payPlaceholder: Self { get }
}

@_spi(Generated)
extension PayFieldDecoding {
    /// Decodes the value, reporting every missing or invalid field at once as a `PayloadDecodingError`.
    /// Members no field reads are kept in ``PayFieldVisiting/unknownMembers`` (or, where the
    /// schema refuses them, reported with the other problems).
    @inlinable
    public init(from decoder: any Decoder) throws {
        var fields = PayFieldVisitor<PayDecodingPhase>(state: try PayDecodingContainer(decoder))
        self = Self.payPlaceholder
        visitFields(&fields)
        try fields.state.finishReading(into: &self)
    }
}

/// What a walk of a field list does, and what it holds while it does it: the three phases are
/// types, so that each walk is compiled for its phase alone, holding only its own state.
@_spi(Generated)
public protocol PayFieldPhase {
    /// What the walk holds: a decoding container, an encoding one, or the violations found.
    associatedtype State
    /// The phase's work.
    static var work: PayFieldWork { get }
    /// Runs a decoding step on the state (`nil` in the other phases).
    static func decoding<T>(_ state: inout State, _ step: (inout PayDecodingContainer) -> T?) -> T?
    /// Runs an encoding step on the state, keeping its first error (nothing in the other phases).
    static func encoding(_ state: inout State, _ step: (inout PayEncodingContainer) throws -> Void)
    /// Runs a check on the state: the value's path, the format of its names, the violations
    /// (nothing in the other phases).
    static func validating(_ state: inout State, _ step: (PayPath, WireFormat, inout [ValidationViolation]) -> Void)
    /// Checks `value`, held by the field of key `key`, in the same walk (nothing in the other
    /// phases).
    static func validating<T: PayFieldValidating>(_ state: inout State, nested value: T, _ key: PayFieldKey)
    /// Whether a decoding walk has read every member of its object, so an optional field visited
    /// now is absent without a lookup (`false` in the other phases).
    static func readEveryMember(_ state: State) -> Bool
}

/// The work of a ``PayFieldPhase``.
@_spi(Generated)
public enum PayFieldWork: Sendable {
    /// Reading fields from a decoder.
    case decoding
    /// Writing fields to an encoder.
    case encoding
    /// Checking the fields' rules.
    case validating
}

/// Reading fields from a decoder.
@_spi(Generated)
public enum PayDecodingPhase: PayFieldPhase {
    /// ``PayFieldWork/decoding``.
    @inlinable public static var work: PayFieldWork { .decoding }
    /// Runs `step` on the container.
    @inlinable
    public static func decoding<T>(_ state: inout PayDecodingContainer, _ step: (inout PayDecodingContainer) -> T?) -> T? {
        step(&state)
    }
    /// Nothing: decoding writes nothing.
    @inlinable
    public static func encoding(_ state: inout PayDecodingContainer, _ step: (inout PayEncodingContainer) throws -> Void) {}
    /// Nothing: decoding checks no rules (validation follows it).
    @inlinable
    public static func validating(_ state: inout PayDecodingContainer, _ step: (PayPath, WireFormat, inout [ValidationViolation]) -> Void) {
    }
    /// Nothing: decoding checks no rules.
    @inlinable
    public static func validating<T: PayFieldValidating>(_ state: inout PayDecodingContainer, nested value: T, _ key: PayFieldKey) {}
    /// Whether the container's fields have read every member of its object.
    @inlinable
    public static func readEveryMember(_ state: PayDecodingContainer) -> Bool { state.readEveryMember }
}

/// Writing fields to an encoder.
@_spi(Generated)
public enum PayEncodingPhase: PayFieldPhase {
    /// ``PayFieldWork/encoding``.
    @inlinable public static var work: PayFieldWork { .encoding }
    /// Nothing: encoding reads nothing.
    @inlinable
    public static func decoding<T>(_ state: inout PayEncodingState, _ step: (inout PayDecodingContainer) -> T?) -> T? { nil }
    /// Runs `step` on the container, keeping the first error; after one, the rest is not written.
    @inlinable
    public static func encoding(_ state: inout PayEncodingState, _ step: (inout PayEncodingContainer) throws -> Void) {
        guard state.error == nil else { return }
        do { try step(&state.container) } catch { state.error = error }
    }
    /// Nothing: encoding checks no rules.
    @inlinable
    public static func validating(_ state: inout PayEncodingState, _ step: (PayPath, WireFormat, inout [ValidationViolation]) -> Void) {}
    /// Nothing: encoding checks no rules.
    @inlinable
    public static func validating<T: PayFieldValidating>(_ state: inout PayEncodingState, nested value: T, _ key: PayFieldKey) {}
    /// `false`: encoding reads no members.
    @inlinable
    public static func readEveryMember(_ state: PayEncodingState) -> Bool { false }
}

/// Checking the fields' rules.
@_spi(Generated)
public enum PayValidatingPhase: PayFieldPhase {
    /// ``PayFieldWork/validating``.
    @inlinable public static var work: PayFieldWork { .validating }
    /// Nothing: validation reads no payload.
    @inlinable
    public static func decoding<T>(_ state: inout PayValidationState, _ step: (inout PayDecodingContainer) -> T?) -> T? { nil }
    /// Nothing: validation writes nothing.
    @inlinable
    public static func encoding(_ state: inout PayValidationState, _ step: (inout PayEncodingContainer) throws -> Void) {}
    /// Runs `step` with the value's path and format, appending to the violations.
    @inlinable
    public static func validating(_ state: inout PayValidationState, _ step: (PayPath, WireFormat, inout [ValidationViolation]) -> Void) {
        step(state.path, state.format, &state.violations)
    }
    /// Pushes the field's name on the path, checks `value`'s fields, pops the name.
    @inlinable
    public static func validating<T: PayFieldValidating>(_ state: inout PayValidationState, nested value: T, _ key: PayFieldKey) {
        state.path.components.append(.key(key.name(for: state.format)))
        value.checkFields(in: &state)
        state.path.components.removeLast()
    }
    /// `false`: validation reads no members.
    @inlinable
    public static func readEveryMember(_ state: PayValidationState) -> Bool { false }
}

/// What an encoding walk holds: the container, and the first error the encoder threw.
@_spi(Generated)
public struct PayEncodingState {
    /// The container fields are written to.
    @usableFromInline var container: PayEncodingContainer
    /// The first error the encoder threw; the fields after it are not written.
    @usableFromInline var error: (any Error)?

    /// A walk that writes to `container`.
    @inlinable
    public init(container: PayEncodingContainer) {
        self.container = container
        self.error = nil
    }
}

/// What a validating walk holds: where the value sits, the format of its names, what was found.
@_spi(Generated)
public struct PayValidationState {
    /// Where the value being validated sits in its payload.
    @usableFromInline var path: PayPath
    /// The format whose names validation paths use.
    @usableFromInline let format: WireFormat
    /// The violations found so far.
    @usableFromInline var violations: [ValidationViolation]

    /// A walk that checks a value at `path`, naming fields as `format` does.
    @inlinable
    public init(path: PayPath, format: WireFormat) {
        self.path = path
        self.format = format
        self.violations = []
    }
}

/// Walks the fields of one generated struct in one phase: reading them from a decoder, writing
/// them to an encoder, or checking their rules. Each method takes one field's storage, its
/// ``PayFieldKey``, whether it must be present (`required`) and its constraints (data): decoding
/// reads the field into the storage, encoding writes it (an absent value is omitted), validation
/// checks the rules (an absent value passes).
@_spi(Generated)
public struct PayFieldVisitor<Phase: PayFieldPhase> {
    /// What the phase holds.
    @usableFromInline var state: Phase.State

    /// A walk holding `state`.
    @inlinable
    public init(state: Phase.State) {
        self.state = state
    }

    /// Runs one decoding step on the container, in place.
    @inlinable
    mutating func read<T>(_ step: (inout PayDecodingContainer) -> T?) -> T? {
        Phase.decoding(&state, step)
    }

    /// Runs one encoding step on the container, in place, keeping the first error.
    @inlinable
    mutating func write(_ step: (inout PayEncodingContainer) throws -> Void) {
        Phase.encoding(&state, step)
    }

    /// Runs one check with the value's path and the format of its names.
    @inlinable
    mutating func checking(_ step: (PayPath, WireFormat, inout [ValidationViolation]) -> Void) {
        Phase.validating(&state, step)
    }
}

// How each kind of field is read and written; a mandatory field that is missing keeps its
// placeholder (the problem is recorded), a defaulted one keeps its default.
@_spi(Generated)
extension PayFieldVisitor {
    @inlinable
    mutating func transfer<T: Codable>(_ value: inout T?, _ key: PayFieldKey, required: Bool) {
        switch Phase.work {
        case .decoding where !required && Phase.readEveryMember(state):
            // Every member is read: this optional field is absent (no lookup, no copy of a `nil`).
            value = nil
        case .decoding: value = read { required ? $0.present(T.self, key) : $0.optional(T.self, key) }
        case .encoding: write { try $0.encodeIfPresent(value, key) }
        case .validating: break
        }
    }

    @inlinable
    mutating func transfer<T: Codable>(_ value: inout T, _ key: PayFieldKey, required: Bool) {
        switch Phase.work {
        case .decoding:
            if let read = read({ required ? $0.required(T.self, key) : $0.optional(T.self, key) }) {
                value = read
            } else {
                keepDefault(value, key)
            }
        case .encoding: write { try $0.encode(value, key) }
        case .validating: break
        }
    }

    /// A boxed field: read into a box of its own, written and checked where it lies.
    @inlinable
    mutating func transfer<T: Codable>(_ value: inout PayBoxed<T>, _ key: PayFieldKey) {
        switch Phase.work {
        case .decoding where Phase.readEveryMember(state): value.box = nil
        case .decoding: value.box = read { $0.optional(T.self, key) }.map(PayBox.init)
        case .encoding: write { try $0.encodeIfPresent(value.box?.value, key) }
        case .validating: break
        }
    }

    @inlinable
    mutating func transfer<C: Codable>(
        _ value: inout C?, _ key: PayFieldKey, read reader: (inout PayDecodingContainer) -> C?,
        write writer: (inout PayEncodingContainer, C?) throws -> Void
    ) {
        switch Phase.work {
        case .decoding: value = read(reader)
        case .encoding: write { try writer(&$0, value) }
        case .validating: break
        }
    }

    @inlinable
    mutating func transfer<C: Codable>(
        _ value: inout C, _ key: PayFieldKey, read reader: (inout PayDecodingContainer) -> C?,
        write writer: (inout PayEncodingContainer, C?) throws -> Void
    ) {
        switch Phase.work {
        case .decoding:
            if let read = read(reader) {
                value = read
            } else {
                keepDefault(value, key)
            }
        case .encoding: write { try writer(&$0, value) }
        case .validating: break
        }
    }

    /// A field left as it was because its member is absent: its default, written back as absent
    /// while it holds it (`PayDecodingContainer.noteDefault(_:_:)`).
    @inlinable
    mutating func keepDefault<T: Encodable>(_ value: T, _ key: PayFieldKey) {
        _ = read { container -> Bool? in
            container.noteDefault(key, value)
            return nil
        }
    }

    /// Whether this walk checks rules.
    @inlinable var validating: Bool { Phase.work == .validating }

    /// A collection's `minItems` and `maxItems`.
    @inlinable
    mutating func counts(_ count: Int?, _ key: PayFieldKey, minItems: Int?, maxItems: Int?) {
        guard minItems != nil || maxItems != nil else { return }
        checking { path, format, violations in
            PayRules.items(count, key.name(for: format), minItems: minItems, maxItems: maxItems, at: path, into: &violations)
        }
    }
}
