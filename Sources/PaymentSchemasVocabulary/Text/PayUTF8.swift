/// UTF-8 validation that says where a document stops being valid.
public enum PayUTF8 {
    /// The length of the valid UTF-8 sequence at `offset`, or 0 when the bytes there are invalid.
    public static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        let first = bytes[offset]
        if first < 0x80 { return 1 }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return 0
        }
        guard offset + length <= bytes.count else { return 0 }
        for position in 1..<length {
            let byte = bytes[offset + position]
            let (low, high) = position == 1 ? (lower, upper) : (0x80, 0xBF)
            if byte < low || byte > high { return 0 }
        }
        return length
    }

    /// The byte offset of the first invalid UTF-8 sequence, `nil` when all of `bytes` is valid.
    public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var offset = 0
        while offset < bytes.count {
            let length = sequenceLength(bytes, at: offset)
            if length == 0 { return offset }
            offset += length
        }
        return nil
    }
}
