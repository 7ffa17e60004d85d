import Mustache
import Testing

@testable import BlogCore

@Suite struct PostHTMLTests {
    static let html = "<p>Tom &amp; Jerry’s “<em>day</em>”</p>\n<pre><code>a\nb\n</code></pre>\n"

    /// Each way a template can print a post's content, in the HTML content type and in plain text.
    static let templates = [
        "<article>{{{post.content}}}</article>",
        "<pre>{{post.content}}</pre>",
        "{{{post.content}}}|{{post.content}}|{{{post.content}}}",
        "{{#post.content}}[{{{.}}}]{{/post.content}}{{^post.content}}none{{/post.content}}",
        "{{count(post.content)}} {{uppercased(post.content)}}",
        "{{#post}}{{{content}}}{{/post}}",
        "{{%CONTENT_TYPE:TEXT}}{{post.content}}",
    ]

    /// A page spliced from the marker is byte for byte the page rendered from the HTML as a `String`.
    @Test(arguments: templates) func splicedPageIsThePageOfTheString(_ text: String) throws {
        _ = HTMLEscaping.registration
        let template = try MustacheTemplate(string: (text.hasPrefix("{{%") ? "" : HTMLEscaping.pragma) + text)
        let html = PostHTML(bytes: Array(Self.html.utf8))
        let spliced = html.splice(into: template.render(TemplateObject(["post": TemplateObject(["content": html])])))
        let expected = template.render(TemplateObject(["post": TemplateObject(["content": Self.html])]))
        #expect(String(decoding: spliced, as: UTF8.self) == expected)
        #expect(expected.lowercased().contains("jerry"))
    }

    /// Empty HTML opens a section as an empty string does; a page without the marker is left as it is,
    /// private-use characters and all.
    @Test func emptyHTMLAndPagesWithoutTheMarker() throws {
        let empty = PostHTML(bytes: [])
        let template = try MustacheTemplate(string: "{{#content}}open{{/content}}[{{{content}}}]")
        #expect(empty.splice(into: template.render(TemplateObject(["content": empty]))) == Array("open[]".utf8))
        let page = "<p>\u{E000}&post-html-\u{E000} \u{E000}</p>"
        #expect(PostHTML(bytes: Array("x".utf8)).splice(into: page) == Array(page.utf8))
    }
}
