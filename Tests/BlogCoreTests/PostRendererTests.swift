import Foundation
import Testing

@testable import BlogCore

@Suite struct PostRendererTests {
    func makePost(_ body: String, source: String = "content/posts/a.md", summary: String? = nil) -> Post {
        Post(
            kind: .post, source: source, bundleFolder: nil, slug: "a", title: "A", date: fixedNow, updated: nil,
            summary: summary,
            tags: [], image: nil, bannerImage: nil, externalURL: nil, language: nil, authors: nil, isDraft: false,
            attachments: [], extensions: [:], body: body, bodyFirstLine: 5)
    }

    func renderer(_ yaml: String = "title: T\nbase_url: https://example.com/blog/\n", pages: [String: String] = [:])
        throws -> PostRenderer
    {
        PostRenderer(configuration: try configuration(yaml), pageURLs: pages)
    }

    @Test func summaryIsTheFirstParagraphAsPlainText() throws {
        let rendered = try renderer().render(
            makePost("![cover](c.png)\n\n# Title\n\nThe *first* \"real\" `paragraph`\nwraps.\n\nSecond.\n"))
        #expect(rendered.summary == "The first “real” paragraph wraps.")
        let long = String(repeating: "word ", count: 100)
        let truncated = try renderer().render(makePost(long)).summary
        #expect(truncated.count <= 301 && truncated.hasSuffix("word…"))
        #expect(try renderer().render(makePost("Body", summary: "Given.")).summary == "Given.")
    }

    /// The separator is found among the body's bytes as Foundation's `range(of:)` finds it among its
    /// characters: after multi-byte text, at either end, after a partial match, or not at all.
    @Test(arguments: [
        ("Intro.\n\n<!--more-->\n\nRest.", "<!--more-->"), ("<!--more-->", "<!--more-->"),
        ("Café — 日本語 🇫🇷 e\u{301} <!--more--> after", "<!--more-->"), ("<!--mor <!--more", "<!--more-->"),
        ("<<!--more-->>", "<!--more-->"), ("", "<!--more-->"), ("short", "<!--more-->"),
        ("a <!-- more --> b", "<!--more-->"),
        ("ends with <!--more-->", "<!--more-->"), ("é+é", "+"), ("none", ""),
    ])
    func separatorIsFoundAsFoundationFindsIt(text: String, separator: String) {
        let found = PostRenderer.firstRange(of: separator, in: text)
        let expected = separator.isEmpty ? nil : text.range(of: separator)
        #expect(found == expected)
        if let found { #expect(text[found] == separator) }
    }

    @Test func linksToPostSourcesAreRewritten() throws {
        let pages = [
            "content/posts/b.md": "/blog/posts/b/", "content/pages/about.md": "/blog/about/",
            "content/posts/trip/index.md": "/blog/posts/trip/",
        ]
        let rendered = try renderer(pages: pages).render(
            makePost(
                "[b](b.md) [about](../pages/about.md#team) [trip](./trip/index.md) [gone](missing.md) [web](https://x.org/y.md)\n"
            ))
        #expect(
            rendered.html
                == "<p><a href=\"/blog/posts/b/\">b</a> <a href=\"/blog/about/#team\">about</a> <a href=\"/blog/posts/trip/\">trip</a> <a href=\"missing.md\">gone</a> <a href=\"https://x.org/y.md\">web</a></p>\n"
        )
        #expect(
            rendered.diagnostics.map(\.description) == [
                #"content/posts/a.md:5: warning: link to "missing.md", but content/posts/missing.md is not a post or page"#
            ])
    }

    @Test func feedHTMLHasAbsoluteURLs() throws {
        let rendered = try renderer().render(
            makePost(
                "[rel](photo.png) [root](/x/) [frag](#top) [abs](https://o.org/) [mail](mailto:a@b.c) ![i](img/p.png)\n"
            ))
        #expect(
            rendered.feedHTML
                == "<p><a href=\"https://example.com/blog/posts/a/photo.png\">rel</a> <a href=\"https://example.com/x/\">root</a> <a href=\"https://example.com/blog/posts/a/#top\">frag</a> <a href=\"https://o.org/\">abs</a> <a href=\"mailto:a@b.c\">mail</a> <img src=\"https://example.com/blog/posts/a/img/p.png\" alt=\"i\" /></p>\n"
        )
        #expect(rendered.html.text.contains("href=\"photo.png\""))
    }

    /// The feed's HTML is the page's when nothing in the post is relative, and every relative URL,
    /// in Markdown or raw HTML, is made absolute otherwise.
    @Test(arguments: [
        (
            "[abs](https://o.org/) www.e.org <b>bold</b> <img src=\"https://o.org/i.png\">\n\n| a |\n|---|\n| b |\n",
            true
        ),
        ("Text with a footnote[^1].\n\n[^1]: The note.\n", true),
        ("![i](p.png)\n", false),
        ("<video poster=\"p.jpg\" src=\"https://o.org/v.mp4\"></video>\n", false),
        ("<div>\n<a href=\"../b/\">b</a>\n</div>\n", false),
        ("[frag](#top)\n", false),
    ])
    func feedHTMLIsThePagesWhenNothingIsRelative(markdown: String, same: Bool) throws {
        let rendered = try renderer().render(makePost(markdown))
        #expect((rendered.feedHTML == rendered.html.text) == same, "\(rendered.feedHTML)")
        if !same {
            #expect(
                !rendered.feedHTML.contains("\"p.png") && !rendered.feedHTML.contains("\"p.jpg")
                    && !rendered.feedHTML.contains("\"../b/")
                    && !rendered.feedHTML.contains("\"#top"), "\(rendered.feedHTML)")
        }
    }

    @Test func headingsGetStableUniqueAnchors() throws {
        let rendered = try renderer().render(makePost("## Intro\n\n## Intro\n\n### Ça marche *bien*\n\n## !!!\n"))
        #expect(
            rendered.html
                == "<h2 id=\"intro\">Intro</h2>\n<h2 id=\"intro-1\">Intro</h2>\n<h3 id=\"ca-marche-bien\">Ça marche <em>bien</em></h3>\n<h2 id=\"section\">!!!</h2>\n"
        )
    }

    @Test func rawHTMLFollowsTheUnsafeOption() throws {
        let body = "<figure>\n<video src=\"v.mp4\"></video>\n</figure>\n\nText <b>bold</b>\n"
        #expect(
            try renderer().render(makePost(body)).html
                == "<figure>\n<video src=\"v.mp4\"></video>\n</figure>\n<p>Text <b>bold</b></p>\n")
        let safe = try renderer("title: T\nbase_url: https://e.org/\nmarkdown:\n  unsafe: false\n").render(
            makePost(body)
        ).html
        #expect(
            safe == "<!-- raw HTML omitted -->\n<p>Text <!-- raw HTML omitted -->bold<!-- raw HTML omitted --></p>\n")
    }

    @Test func wordCountAndReadingTime() throws {
        let rendered = try renderer().render(makePost(String(repeating: "one two three ", count: 100) + "\n\n日本語\n"))
        #expect(rendered.wordCount == 303)
        #expect(rendered.readingMinutes == 2)
        #expect(try renderer().render(makePost("")).readingMinutes == 1)
    }

    /// White space of any script separates words; each ideograph or kana is a word; other letters,
    /// accented or not, and dashes inside a word do not split it.
    @Test(arguments: [
        ("café au lait", 3), ("naïve—word", 1), ("a\u{3000}b\u{00A0}c", 3), ("日本語", 3), ("ひらがな and カタカナ", 9),
        ("Ελληνικά κείμενα", 2), ("`code span` and\n\n    indented code\n", 5), ("ｶﾀｶﾅ", 1), ("x\u{2028}y", 2),
    ])
    func wordsAreCountedInEveryScript(_ text: String, _ words: Int) throws {
        #expect(try renderer().render(makePost(text)).wordCount == words)
    }

    /// With the search index on, the words are counted as the index's scanner reads the text collected from
    /// the tree, where a node's text continues the one before it; the reading time counts each node apart,
    /// as without the index.
    @Test(arguments: [
        "*foo*bar", "**foo**: bar", "[link](https://e.org/).", "a`code`b", "日*本*語", "a*日*b", "x\u{A0}*y*z",
        "*é*é", "“*quoted*”", "a  \nb", "a\\\nb", "a\nb", "![alt](x.png)y", "&amp;x", "<span>a</span>b",
        "- *a*b\n- c\n\n```\ncode\n```\nafter", "# *Head*ing\n\ntext", "> q*u*ote\n", "*a* *b*", "*\u{2003}*x",
        "ｶ*ﾀ*", "", "*a*\n\n*b*",
    ])
    func wordsAreCountedAlikeWithAndWithoutSearch(_ text: String) throws {
        let without = try renderer("title: T\nbase_url: https://example.com/blog/\nsearch: false\n")
        let expected = try without.render(makePost(text)).wordCount
        #expect(try renderer().render(makePost(text)).wordCount == expected, "\(text.debugDescription)")
    }

    @Test(arguments: [
        ("https://e.org/a.md", true), ("mailto:a@e.org", true), ("a+b.c-d:x", true), ("C:x", true), ("x2:y", true),
        ("posts/a.md", false), ("1abc:x", false), ("é:x", false), ("a b:x", false), ("a_b:x", false), (":x", false),
        ("", false),
    ])
    func schemesAreASCIILettersDigitsPlusMinusDot(_ url: String, _ hasScheme: Bool) {
        #expect(PostRenderer.hasScheme(url) == hasScheme)
    }

    /// Counting by eight bytes, by byte and by scalar gives what a count by Unicode's properties gives,
    /// on texts that mix every kind of white space with letters in and out of ASCII at every offset.
    @Test func wordCountAgreesWithACountByProperties() {
        func reference(_ text: String) -> Int {
            var count = 0
            var inWord = false
            for scalar in text.unicodeScalars {
                if scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value) {
                    count += 1
                    inWord = false
                } else if scalar.properties.isWhitespace {
                    inWord = false
                } else if !inWord {
                    count += 1
                    inWord = true
                }
            }
            return count
        }
        let pieces: [String] = [
            "a", "Z", "0", "-", ".", "\u{7F}", "\u{1}", " ", "\t", "\n", "\r", "\u{B}", "\u{C}", "\u{8}", "\u{E}",
            "\u{1F}", "!", "é", "“", "—", "\u{A0}", "\u{2028}", "日", "カ", "\u{3000}", "😀",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3_000 {
            var text = ""
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(seed >> 58)
            for _ in 0..<length {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly ASCII letters and spaces, as in prose, so that runs of eight ASCII bytes occur.
                let pick = Int(seed >> 33) % (pieces.count * 2)
                text += pick < pieces.count ? pieces[pick] : (pick % 3 == 0 ? " " : "x")
            }
            let words = text.utf8.withContiguousStorageIfAvailable(PostRenderer.wordCount(inUTF8:))
            #expect(words == reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            // The search index's scanner counts the same words as it reads the text for its terms.
            let scanned = text.utf8.withContiguousStorageIfAvailable { SearchWords.scan($0) { _, _ in } }
            #expect(scanned == reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// The shortcut below U+3000 gives what Unicode's properties give, scalar by scalar.
    @Test func wordCountShortcutAgreesWithUnicodeProperties() {
        for value in UInt32(0x80)..<0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let ideographic = scalar.properties.isIdeographic || (0x3040...0x30FF).contains(value)
            let expected = ideographic ? 3 : scalar.properties.isWhitespace ? 2 : 1
            var text = "a"
            text.unicodeScalars.append(scalar)
            text += "b"
            let words = text.utf8.withContiguousStorageIfAvailable(PostRenderer.wordCount(inUTF8:))
            #expect(words == expected, "U+\(String(value, radix: 16, uppercase: true))")
        }
    }
}
