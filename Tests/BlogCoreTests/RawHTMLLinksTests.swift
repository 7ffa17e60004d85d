import Testing

@testable import BlogCore

/// Feed content has no relative URLs, raw HTML included, so that readers can show images and follow links.
@Suite struct RawHTMLLinksTests {
    static let base = "https://example.com/blog/posts/a/"

    @Test(arguments: [
        (#"<img src="cat.png" alt="A cat">"#, #"<img src="https://example.com/blog/posts/a/cat.png" alt="A cat">"#),
        (#"<a href='/about/'>About</a>"#, #"<a href='https://example.com/about/'>About</a>"#),
        (#"<A HREF=../b/>B</A>"#, #"<A HREF=https://example.com/blog/posts/b/>B</A>"#),
        (
            #"<video poster="p.jpg" src="v.mp4"></video>"#,
            #"<video poster="https://example.com/blog/posts/a/p.jpg" src="https://example.com/blog/posts/a/v.mp4"></video>"#
        ),
        (
            #"<img srcset="a.png 1x, /b.png 2x">"#,
            #"<img srcset="https://example.com/blog/posts/a/a.png 1x, https://example.com/b.png 2x">"#
        ),
        (#"<a href="https://other.example/x">x</a>"#, #"<a href="https://other.example/x">x</a>"#),
        (
            ##"<a href="mailto:a@b.c">m</a> <a href="#top">t</a>"##,
            ##"<a href="mailto:a@b.c">m</a> <a href="https://example.com/blog/posts/a/#top">t</a>"##
        ),
        (#"<p>src="x.png" is text, not an attribute</p>"#, #"<p>src="x.png" is text, not an attribute</p>"#),
        (
            #"<img data-src="lazy.png" src = "x.png">"#,
            #"<img data-src="lazy.png" src = "https://example.com/blog/posts/a/x.png">"#
        ),
    ])
    func relativeURLsInRawHTMLBecomeAbsolute(_ html: String, _ expected: String) {
        #expect(RawHTMLLinks.absolutized(html, against: Self.base) == expected)
    }

    /// The feed's copy of a post is rewritten; the page keeps the URLs as written.
    @Test func theFeedHTMLOfAPostHasAbsoluteURLsAndThePageKeepsItsOwn() throws {
        let (configuration, _) = try SiteConfiguration.load(from: "title: T\nbase_url: https://example.com/blog/\n")
        let post = Post(
            kind: .post, source: "content/posts/a.md", bundleFolder: nil, slug: "a", title: "A", date: fixedNow,
            updated: nil,
            summary: nil, tags: [], image: nil, bannerImage: nil, externalURL: nil, language: nil, authors: nil,
            isDraft: false,
            attachments: [], extensions: [:],
            body: "<figure><img src=\"cat.png\"></figure>\n\nText <a href=\"b/\">b</a>.\n", bodyFirstLine: 1)
        let rendered = try PostRenderer(configuration: configuration, pageURLs: [:]).render(post)
        #expect(rendered.feedHTML.contains(#"<img src="https://example.com/blog/posts/a/cat.png">"#))
        #expect(rendered.feedHTML.contains(#"<a href="https://example.com/blog/posts/a/b/">"#))
        #expect(String(decoding: rendered.html.bytes, as: UTF8.self).contains(#"<img src="cat.png">"#))
    }
}
