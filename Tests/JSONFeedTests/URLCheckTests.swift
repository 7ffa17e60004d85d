import Testing

@testable import JSONFeed

/// The validator's test for white space in a URL reads ASCII by byte; it must say what Swift's
/// `Character.isWhitespace` says, for every ASCII character and for the Unicode spaces beside them.
@Suite struct URLCheckTests {
    @Test func whiteSpaceIsFoundAsCharactersFindIt() {
        var texts = (0..<0x80).map { "https://example.com/a" + String(UnicodeScalar(UInt8($0))) + "b" }
        texts += [
            "https://example.com/\u{85}", "https://example.com/\u{A0}", "https://example.com/\u{2028}",
            "https://example.com/\u{3000}x", "https://example.com/café", "https://example.com/\r\n", "",
        ]
        for text in texts {
            #expect(
                FeedReader.containsWhitespace(text) == text.contains(where: \.isWhitespace),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
