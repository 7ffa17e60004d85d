/// English inflection stripped from a word: step 1 of Porter's algorithm (1980), the plural and the
/// `-ed`, `-ing` and `-y` endings, so that `runs`, `running` and `run` are one term. The later steps
/// (`-ational`, `-ness`, …) are left out: they merge words readers tell apart, and each rule here is
/// repeated in the theme's `search.js`.
enum SearchStemmer {
    /// The stem of a folded word; words with anything but ASCII letters, or shorter than three letters,
    /// are returned as they are.
    static func stem(_ word: String) -> String {
        var letters = Array(word.utf8)
        stem(&letters)
        return String(decoding: letters, as: UTF8.self)
    }

    /// The same on a word's UTF-8 bytes, in place: every word of every post goes through here.
    static func stem(_ w: inout [UInt8]) {
        guard w.count > 2, w.allSatisfy({ (0x61...0x7A).contains($0) }) else { return }
        stepOneA(&w)
        stepOneB(&w)
        // 1c: a final y after a vowel-bearing stem becomes i.
        if w.last == y, hasVowel(w, upTo: w.count - 1) { w[w.count - 1] = i }
    }

    private static let (e, i, s, y) = (UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "s"), UInt8(ascii: "y"))

    private static func stepOneA(_ w: inout [UInt8]) {
        if ends(w, "sses") || ends(w, "ies") {
            w.removeLast(2)
        } else if !ends(w, "ss"), w.last == s {
            w.removeLast()
        }
    }

    private static func stepOneB(_ w: inout [UInt8]) {
        if ends(w, "eed") {
            if measure(w, upTo: w.count - 3) > 0 { w.removeLast() }
            return
        }
        let suffix = ends(w, "ed") ? 2 : ends(w, "ing") ? 3 : 0
        guard suffix > 0, hasVowel(w, upTo: w.count - suffix) else { return }
        w.removeLast(suffix)
        let n = w.count
        if ends(w, "at") || ends(w, "bl") || ends(w, "iz") {
            w.append(e)
        } else if n >= 2, w[n - 1] == w[n - 2], isConsonant(w, n - 1), !"lsz".utf8.contains(w[n - 1]) {
            w.removeLast()
        } else if measure(w, upTo: n) == 1, endsConsonantVowelConsonant(w) {
            w.append(e)
        }
    }

    private static func ends(_ w: [UInt8], _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard w.count > count else { return false }
        return suffix.withUTF8Buffer { tail in
            (0..<count).allSatisfy { w[w.count - count + $0] == tail[$0] }
        }
    }

    /// Porter's consonant: not a vowel, and `y` only when it follows a vowel or starts the word.
    private static func isConsonant(_ w: [UInt8], _ offset: Int) -> Bool {
        switch w[offset] {
        case UInt8(ascii: "a"), e, i, UInt8(ascii: "o"), UInt8(ascii: "u"): return false
        case y: return offset == 0 || !isConsonant(w, offset - 1)
        default: return true
        }
    }

    private static func hasVowel(_ w: [UInt8], upTo end: Int) -> Bool {
        (0..<end).contains { !isConsonant(w, $0) }
    }

    /// The number of vowel-consonant sequences in the first `end` letters: Porter's m in [C](VC)^m[V].
    private static func measure(_ w: [UInt8], upTo end: Int) -> Int {
        var count = 0
        var previousIsVowel = false
        for offset in 0..<end {
            let isVowel = !isConsonant(w, offset)
            if !isVowel && previousIsVowel { count += 1 }
            previousIsVowel = isVowel
        }
        return count
    }

    /// Consonant, vowel, consonant at the end, the last not w, x or y (`hop` of `hoping` gets its e back).
    private static func endsConsonantVowelConsonant(_ w: [UInt8]) -> Bool {
        let n = w.count
        guard n >= 3, isConsonant(w, n - 1), !isConsonant(w, n - 2), isConsonant(w, n - 3) else { return false }
        return !"wxy".utf8.contains(w[n - 1])
    }
}
