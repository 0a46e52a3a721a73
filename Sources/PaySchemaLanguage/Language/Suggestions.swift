/// "Did you mean" suggestions by edit distance.
package enum Suggestions {
    /// The candidate closest to `word`, when it is close enough to be a likely misspelling.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let limit = max(1, min(3, candidate.count / 4 + 1))
            let other = Array(candidate.lowercased())
            // The distance is at least the difference in length: most candidates stop here.
            guard abs(other.count - lowered.count) <= limit,
                let distance = editDistance(lowered, other, limit: limit)
            else { continue }
            if let current = best, distance > current.distance || (distance == current.distance && candidate >= current.candidate) {
                continue
            }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// `; did you mean 'x'?` or the empty string.
    package static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance over characters.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        return editDistance(a, b, limit: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// Levenshtein distance over characters when it is at most `limit`, `nil` beyond it (a row
    /// whose smallest entry exceeds the limit ends the computation).
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var smallest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                smallest = min(smallest, current[j])
            }
            if smallest > limit { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
