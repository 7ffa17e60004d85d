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
        let template = try MustacheTemplate(string: HTMLEscaping.pragma + "line one\n{{x}}|{{{x}}}|{{#list}}{{.}}{{/list}}\n")
        #expect(template.render(["x": "<b>&", "list": ["<i>"]]) == "line one\n&lt;b&gt;&amp;|<b>&|&lt;i&gt;\n")
    }
}
