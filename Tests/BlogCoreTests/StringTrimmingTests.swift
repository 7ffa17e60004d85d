import Foundation
import Testing

@testable import BlogCore

@Suite struct StringTrimmingTests {
    static let texts = [
        "", " ", "\t a b \t", "\n\r\u{0B}\u{0C}x\n", "\u{00A0}nbsp\u{00A0}", "\u{3000}全角\u{3000}",
        "\u{2028}line\u{2029}", "\u{85}next\u{85}",
        "\u{200B}zero width\u{200B}", " \u{301}combining ", "日本語", "  inner  spaces stay  ",
    ]

    /// The same result as Foundation's `trimmingCharacters(in:)`, which it replaces.
    @Test(arguments: texts) func trimsWhatFoundationTrims(_ text: String) {
        #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingWhitespace(andNewlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Every scalar is judged as Foundation's sets judge it; for punctuation, Swift's Unicode tables may
    /// know characters that Foundation's ICU does not yet.
    @Test func scalarClassesMatchFoundationsSets() {
        var whitespace = 0, newline = 0, punctuation = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isSpaceAsFoundation != CharacterSet.whitespaces.contains(scalar) { whitespace += 1 }
            if scalar.isSpaceOrNewlineAsFoundation != CharacterSet.whitespacesAndNewlines.contains(scalar) {
                newline += 1
            }
            if CharacterSet.punctuationCharacters.contains(scalar) && !scalar.isPunctuation { punctuation += 1 }
        }
        #expect(whitespace == 0 && newline == 0 && punctuation == 0)
    }

    @Test func summariesLoseTrailingPunctuationLikeFoundationWould() {
        let text = String(repeating: "word ", count: 59) + "end,—!» more words follow here"
        let cut = String(text.prefix(PostRenderer.summaryLimit))
        let space = cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? cut
        #expect(
            PostRenderer.truncated(text) == space.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
                + "…")
    }
}
