import Foundation
import Mustache
import Testing

@testable import BlogCore

@Suite struct HTMLEscapingTests {
    static let texts = [
        "", "plain words", "<a href=\"x\">Tom & Jerry's</a>", "&amp; already", "日本語 <b>太字</b>", "emoji 👩‍👩‍👧 & <", "'\"<>&",
        "no specials at all, but a long line of them: " + String(repeating: "abc ", count: 50),
    ]

    /// The same bytes as swift-mustache's own HTML escaping, which themes were written against.
    @Test(arguments: texts) func escapesLikeSwiftMustache(_ text: String) throws {
        let reference = try MustacheTemplate(string: "{{text}}").render(["text": text])
        #expect(HTMLEscaping().escapeText(text) == reference)
    }

    /// A per-`Character` look-up misses a `<` that a combining mark follows; bytes do not.
    @Test func escapesAnAngleBracketThatACombiningMarkFollows() {
        #expect(HTMLEscaping().escapeText("<\u{301}script>") == "&lt;\u{301}script&gt;")
    }

    @Test func templatesEscapeThroughItAndThePragmaLeavesNoTrace() throws {
        _ = HTMLEscaping.registration
        let template = try MustacheTemplate(
            string: HTMLEscaping.pragma + "line one\n{{x}}|{{{x}}}|{{#list}}{{.}}{{/list}}\n")
        #expect(template.render(["x": "<b>&", "list": ["<i>"]]) == "line one\n&lt;b&gt;&amp;|<b>&|&lt;i&gt;\n")
    }
}

/// XML text for the Atom and RSS feeds: the five escapes, and every character XML 1.0 forbids replaced.
@Suite struct XMLTextTests {
    /// The rule, scalar by scalar.
    static func reference(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let forbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                result.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }

    @Test func escapesAsTheRuleSaysOnRandomText() {
        let pieces = [
            "a", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{FFFE}",
            "\u{FFFF}", "\u{FFFD}",
            "\u{EFBF}", "é", "日本", "👩‍👩‍👧", "<p class=\"x\">", " ",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            #expect(XMLText.escaped(text) == Self.reference(text), "\(text.debugDescription)")
        }
        #expect(
            XMLText.escaped("Tom & <Jerry> \"'\u{1}\u{FFFF}") == "Tom &amp; &lt;Jerry&gt; &quot;&apos;\u{FFFD}\u{FFFD}")
    }
}
