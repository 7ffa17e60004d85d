import Foundation
import Testing

@testable import BlogCore

/// Only http, https, mailto and relative URLs from front matter become links, however a script URL is
/// dressed up.
@Suite struct LinkSafetyTests {
    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "  javascript:alert(1)", "\u{01}javascript:alert(1)",
        "java\tscript:alert(1)",
        "java\nscript:alert(1)", "&#106;avascript:alert(1)", "&#x6A;avascript:alert(1)", "javascript&colon;alert(1)",
        "javascript&#58;alert(1)",
        "%6Aavascript:alert(1)", "javascript%3Aalert(1)", "%256Aavascript:alert(1)", "vbscript:msgbox", "VBScript:x",
        "data:text/html,<script>",
        "DATA:text/html;base64,PHNjcmlwdD4=", "ftp://example.com/file",
    ])
    func scriptAndOtherSchemesAreRefused(_ url: String) {
        #expect(LinkSafety.problem(url) != nil, "\(url)")
    }

    @Test(arguments: [
        "https://example.com/a", "HTTP://example.com", "mailto:ada@example.com", "/images/a.png", "a.png", "../b/c.jpg",
        "#top",
        "?q=1", "//cdn.example.com/x.png", "https://example.com/a:b", "café.png", "a%20b.png", "a&amp;b.png", "",
    ])
    func webAndRelativeURLsAreAllowed(_ url: String) {
        #expect(LinkSafety.problem(url) == nil, "\(url)")
    }

    @Test func extensionsRefuseOnlyScriptURLs() {
        #expect(LinkSafety.isScript(" javascript:x"))
        #expect(LinkSafety.isScript("data:text/html,x"))
        #expect(!LinkSafety.isScript("Note: this is text"))
        #expect(!LinkSafety.isScript("https://example.com"))
    }

    @Test(arguments: [
        (
            "external_url: \"javascript:alert(1)\"",
            "content/posts/x.md:4:15: error: 'external_url' must be an http, https or mailto URL or a relative one, not a javascript: URL; got \"javascript:alert(1)\""
        ),
        (
            "image: \" &#x6A;avascript:alert(1)\"",
            "content/posts/x.md:4:8: error: 'image' must be an http, https or mailto URL or a relative one, not a javascript: URL; got \" &#x6A;avascript:alert(1)\""
        ),
        (
            "authors:\n  - {name: A, url: \"vbscript:x\"}",
            "content/posts/x.md:5:20: error: 'url' must be an http, https or mailto URL or a relative one, not a vbscript: URL; got \"vbscript:x\""
        ),
        (
            "attachments:\n  - {url: \"data:text/html,x\", mime_type: text/html}",
            "content/posts/x.md:5:11: error: 'url' must be an http, https or mailto URL or a relative one, not a data: URL; got \"data:text/html,x\""
        ),
        (
            "_ext: {about: \"JAVASCRIPT:x\"}",
            "content/posts/x.md:4:1: error: '_ext' holds a script URL, \"JAVASCRIPT:x\"; extensions may not carry javascript:, vbscript: or data: links"
        ),
    ])
    func frontMatterLinksAreChecked(_ line: String, _ message: String) {
        let text = "---\ntitle: T\ndate: 2024-01-01\n\(line)\n---\nBody\n"
        let (post, diagnostics) = FrontMatter.read(
            text, file: "content/posts/x.md", kind: .post, defaultSlug: "x", timeZone: TimeZone(identifier: "UTC")!)
        #expect(post == nil)
        #expect(diagnostics.map(\.description) == [message])
    }

    @Test(arguments: [
        ("https://example.com//blog", "https://example.com/blog/"), ("https://example.com///", "https://example.com/"),
        ("https://example.com/a//b/", "https://example.com/a/b/"),
        ("https://example.com/blog", "https://example.com/blog/"),
    ])
    func baseURLPathsNeverStartWithTwoSlashes(_ url: String, _ normalized: String) throws {
        let (configuration, _) = try SiteConfiguration.load(from: "title: T\nbase_url: \(url)\n")
        #expect(configuration.baseURL == normalized)
        #expect(!configuration.basePath.hasPrefix("//"))
    }

    @Test func controlCharactersBecomeReplacementCharacters() {
        #expect("a\u{01}b\u{7F}c\td\ne\r\u{0C}".replacingControlCharacters == "a\u{FFFD}b\u{FFFD}c\td\ne\r\u{0C}")
        let long = String(repeating: "plain text, ", count: 100)
        #expect(long.replacingControlCharacters == long)
        #expect((long + "\u{1B}").replacingControlCharacters == long + "\u{FFFD}")
        #expect(HTMLEscaping().escapeText("<\u{00}\u{1B}>") == "&lt;\u{FFFD}\u{FFFD}&gt;")
    }
}
