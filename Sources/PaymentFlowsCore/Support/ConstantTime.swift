/// Comparisons whose duration does not depend on where two secrets differ.
public enum ConstantTime {
    /// Whether `a` equals `b`, comparing every byte of the longer one.
    public static func equals(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= x ^ y
        }
        return difference == 0 && left.count == right.count
    }
}
