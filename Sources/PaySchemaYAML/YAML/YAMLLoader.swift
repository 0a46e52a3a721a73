import CLibYAML
import PaySchemaLanguage

/// Reads YAML text with libyaml's event parser into ``YAMLNode`` trees that keep every node's
/// line and column.
///
/// Syntax errors, duplicate mapping keys, unknown aliases and extra documents become
/// diagnostics; the loader never traps on any input.
public enum YAMLLoader {
    /// Limits that keep hostile or broken schema files from costing unbounded time or memory; each
    /// one exceeded is a located error.
    public struct Limits: Sendable, Hashable {
        /// The largest file, in bytes.
        public var maxBytes = 2 << 20
        /// The deepest nesting of mappings and sequences.
        public var maxDepth = 64
        /// The most nodes the document may hold once aliases are expanded ("billion laughs" stops here).
        public var maxNodes = 200_000
        /// The most keys one mapping may hold.
        public var maxKeysPerMapping = 10_000

        /// The limits `payschema` applies.
        public static let standard = Limits()
    }

    /// The result of loading one file.
    public struct Result: Sendable {
        /// The document's root, `nil` when the file is empty or could not be parsed.
        public var root: YAMLNode?
        /// Problems found while reading.
        public var diagnostics: [Diagnostic]
        /// Whether libyaml stopped at a syntax error (nothing after it was read, so later stages
        /// have nothing to check).
        public var stoppedAtSyntaxError = false
    }

    /// Loads the first document of `text`.
    public static func load(_ text: String, file: String, limits: Limits = .standard) -> Result {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            load(buffer: UnsafeBufferPointer(buffer), file: file, limits: limits)
        }
    }

    /// Loads the first document of UTF-8 `bytes`.
    public static func load(bytes: [UInt8], file: String, limits: Limits = .standard) -> Result {
        bytes.withUnsafeBufferPointer { load(buffer: $0, file: file, limits: limits) }
    }

    /// An open mapping or sequence; a value in the loader's stack, so its fields are updated in
    /// place without the dynamic exclusivity checks a class's stored properties need.
    private struct Frame {
        enum Kind { case mapping, sequence }
        let kind: Kind
        let location: SourceLocation
        let anchor: String?
        var items: [YAMLNode] = []
        var entries: [(key: YAMLNode, value: YAMLNode)] = []
        var pendingKey: YAMLNode?
        /// A fingerprint of each scalar key so far, with the index of its entry: new keys are
        /// compared by fingerprint first, and by text only when the fingerprints agree.
        var fingerprints: [(print: UInt64, entry: Int)] = []
        /// Fingerprint → first entry, once the mapping has more keys than a linear scan suits.
        var index: [UInt64: Int] = [:]
        /// The document's node count when the frame opened (for alias weights).
        var startCount = 0

        /// Where `text` was first used as a key here, if it was.
        /// `known` is the key's fingerprint when the caller has its bytes at hand.
        mutating func firstUse(of text: String, fingerprint known: UInt64?) -> SourceLocation? {
            let print = known ?? Self.fingerprint(text)
            // The entry this key will head once its value arrives.
            let entry = entries.count
            if index.isEmpty {
                for candidate in fingerprints where candidate.print == print {
                    if let key = key(at: candidate.entry), key.scalar == text { return key.location }
                }
                fingerprints.append((print, entry))
                if fingerprints.count > 32 {
                    for candidate in fingerprints where index[candidate.print] == nil { index[candidate.print] = candidate.entry }
                }
                return nil
            }
            guard let first = index[print] else {
                index[print] = entry
                return nil
            }
            if let key = key(at: first), key.scalar == text { return key.location }
            // Two texts with one fingerprint: look for the text itself.
            return entries.first { $0.key.scalar == text }?.key.location
        }

        private func key(at entry: Int) -> YAMLNode? {
            entries.indices.contains(entry) ? entries[entry].key : nil
        }

        /// FNV-1a over the UTF-8 bytes.
        static func fingerprint(_ text: String) -> UInt64 {
            var text = text
            return text.withUTF8(fingerprint)
        }

        /// FNV-1a over `bytes`.
        static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return hash
        }

        init(kind: Kind, location: SourceLocation, anchor: String?) {
            self.kind = kind
            self.location = location
            self.anchor = anchor
        }
    }

    static func load(buffer: UnsafeBufferPointer<UInt8>, file: String, limits: Limits = .standard) -> Result {
        var parser = yaml_parser_t()
        var diagnostics: [Diagnostic] = []
        guard buffer.count <= limits.maxBytes else {
            return Result(
                root: nil,
                diagnostics: [
                    Diagnostic(
                        .error, "the file has \(buffer.count) bytes; a schema file may have at most \(limits.maxBytes)",
                        at: SourceLocation(file: file, line: 1, column: 1))
                ])
        }
        guard yaml_parser_initialize(&parser) == 1 else {
            return Result(
                root: nil,
                diagnostics: [
                    Diagnostic(.error, "could not initialize the YAML parser", at: SourceLocation(file: file, line: 1, column: 1))
                ])
        }
        defer { yaml_parser_delete(&parser) }
        if let base = buffer.baseAddress, buffer.count > 0 {
            yaml_parser_set_input_string(&parser, base, buffer.count)
        } else {
            return Result(root: nil, diagnostics: [])
        }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

        var stack: [Frame] = []
        var anchors: [String: YAMLNode] = [:]
        var root: YAMLNode?
        var documents = 0
        var event = yaml_event_t()
        // Nodes so far, aliases counted at their expanded size, and the size of each anchored node.
        var nodeCount = 0
        var anchorWeights: [String: Int] = [:]
        func limitExceeded(_ message: String, at mark: yaml_mark_t) -> Result {
            diagnostics.append(Diagnostic(.error, message, at: location(mark)))
            return Result(root: nil, diagnostics: diagnostics)
        }

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
            guard let pointer else { return "" }
            return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
        }

        func cString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            guard let pointer else { return nil }
            return String(cString: pointer)
        }

        /// `fingerprint`: a scalar's, from libyaml's bytes, for when it turns out to be a key.
        func attach(_ node: YAMLNode, fingerprint: UInt64? = nil) {
            guard !stack.isEmpty else {
                if documents == 1 { root = node }
                return
            }
            let top = stack.count - 1
            switch stack[top].kind {
            case .sequence:
                stack[top].items.append(node)
            case .mapping:
                if let key = stack[top].pendingKey {
                    stack[top].entries.append((key: key, value: node))
                    stack[top].pendingKey = nil
                } else {
                    if let text = node.scalar {
                        if let first = stack[top].firstUse(of: text, fingerprint: fingerprint) {
                            diagnostics.append(
                                Diagnostic(
                                    .error, "duplicate key '\(text)' (first defined at line \(first.line), column \(first.column))",
                                    at: node.location))
                        }
                    } else {
                        diagnostics.append(
                            Diagnostic(.error, "mapping keys must be scalars, found \(node.kindDescription)", at: node.location))
                    }
                    stack[top].pendingKey = node
                }
            }
        }

        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                var message = problem
                if let context = parser.context.map({ String(cString: $0) }) {
                    message = "\(problem) \(context)"
                }
                diagnostics.append(Diagnostic(.error, "YAML syntax error: \(message)", at: location(parser.problem_mark)))
                return Result(root: nil, diagnostics: diagnostics, stoppedAtSyntaxError: true)
            }
            defer { yaml_event_delete(&event) }
            let type = event.type
            if type == YAML_STREAM_END_EVENT {
                break
            } else if type == YAML_DOCUMENT_START_EVENT {
                documents += 1
                if documents == 2 {
                    diagnostics.append(
                        Diagnostic(.error, "a schema file holds one YAML document; found another", at: location(event.start_mark)))
                }
            } else if type == YAML_SCALAR_EVENT {
                let scalar = event.data.scalar
                let style: YAMLNode.ScalarStyle
                switch scalar.style {
                case YAML_SINGLE_QUOTED_SCALAR_STYLE, YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .quoted
                case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: style = .block
                default: style = .plain
                }
                let node = YAMLNode(.scalar(string(scalar.value, scalar.length), style), at: location(event.start_mark))
                nodeCount += 1
                guard nodeCount <= limits.maxNodes else {
                    return limitExceeded("the document has more than \(limits.maxNodes) nodes", at: event.start_mark)
                }
                if let anchor = cString(scalar.anchor) {
                    anchors[anchor] = node
                    anchorWeights[anchor] = 1
                }
                // A key of the open mapping: within the limit, and fingerprinted from libyaml's bytes
                // (valid UTF-8, which libyaml checks, so they are the key's text).
                var fingerprint: UInt64?
                if let top = stack.indices.last, stack[top].kind == .mapping, stack[top].pendingKey == nil {
                    guard stack[top].entries.count < limits.maxKeysPerMapping else {
                        return limitExceeded("a mapping may have at most \(limits.maxKeysPerMapping) keys", at: event.start_mark)
                    }
                    if let value = scalar.value { fingerprint = Frame.fingerprint(UnsafeBufferPointer(start: value, count: scalar.length)) }
                }
                attach(node, fingerprint: fingerprint)
            } else if type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT {
                guard stack.count < limits.maxDepth else {
                    return limitExceeded("nesting is deeper than \(limits.maxDepth) levels", at: event.start_mark)
                }
                let isSequence = type == YAML_SEQUENCE_START_EVENT
                let anchor = isSequence ? cString(event.data.sequence_start.anchor) : cString(event.data.mapping_start.anchor)
                var frame = Frame(kind: isSequence ? .sequence : .mapping, location: location(event.start_mark), anchor: anchor)
                frame.startCount = nodeCount
                stack.append(frame)
            } else if type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT {
                guard let frame = stack.popLast() else { continue }
                let node: YAMLNode
                switch frame.kind {
                case .sequence: node = YAMLNode(.sequence(frame.items), at: frame.location)
                case .mapping: node = YAMLNode(.mapping(frame.entries), at: frame.location)
                }
                nodeCount += 1
                if let anchor = frame.anchor {
                    anchors[anchor] = node
                    anchorWeights[anchor] = nodeCount - frame.startCount
                }
                attach(node)
            } else if type == YAML_ALIAS_EVENT {
                let name = cString(event.data.alias.anchor) ?? ""
                if let target = anchors[name] {
                    nodeCount += anchorWeights[name] ?? 1
                    guard nodeCount <= limits.maxNodes else {
                        return limitExceeded(
                            "the document expands to more than \(limits.maxNodes) nodes (aliases included)", at: event.start_mark)
                    }
                    var copy = target
                    copy.location = location(event.start_mark)
                    attach(copy)
                } else {
                    diagnostics.append(Diagnostic(.error, "unknown alias '*\(name)'", at: location(event.start_mark)))
                    attach(YAMLNode(.scalar("", .plain), at: location(event.start_mark)))
                }
            }
        }
        return Result(root: root, diagnostics: diagnostics)
    }

    /// Counts libyaml's events in `bytes` without building anything: the floor for any loader
    /// built on libyaml, used by the benchmarks.
    public static func scanEvents(bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1, let base = buffer.baseAddress else { return 0 }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            var count = 0
            while yaml_parser_parse(&parser, &event) == 1 {
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                count += 1
                if done { break }
            }
            return count
        }
    }
}
