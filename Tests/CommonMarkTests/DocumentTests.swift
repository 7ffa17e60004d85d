import CommonMark
import Testing

@Suite struct DocumentTests {
    @Test func rendersHTMLWithSmartPunctuation() throws {
        let document = try Document(markdown: "# Title\n\n\"Quotes\" -- and... *em*\n", options: .smart)
        #expect(try document.html(options: .smart) == "<h1>Title</h1>\n<p>“Quotes” – and… <em>em</em></p>\n")
    }

    @Test func aNULCharacterBecomesTheReplacementCharacter() throws {
        // Without libcmark's UTF-8 check, which a String never needs, NUL is still replaced, as
        // CommonMark asks.
        let document = try Document(markdown: "a\u{0}b café\n")
        #expect(try document.html() == "<p>a\u{FFFD}b café</p>\n")
    }

    @Test func rawHTMLPassesOnlyWhenUnsafe() throws {
        let markdown = "<figure>x</figure>\n\n[a](javascript:alert(1))\n"
        let document = try Document(markdown: markdown)
        #expect(
            try document.html(options: .unsafe) == "<figure>x</figure>\n<p><a href=\"javascript:alert(1)\">a</a></p>\n")
        #expect(try document.html() == "<!-- raw HTML omitted -->\n<p><a href=\"\">a</a></p>\n")
    }

    @Test func walksNodesAndRewritesURLs() throws {
        let document = try Document(markdown: "See [one](a.md) and ![pic](b.png).\n\nSecond paragraph.\n")
        let links = document.nodes(ofKind: .link)
        #expect(links.map(\.url) == ["a.md"])
        links[0].url = "/posts/a/"
        let images = document.nodes(ofKind: .image)
        images[0].url = "https://example.org/b.png"
        #expect(
            try document.html()
                == "<p>See <a href=\"/posts/a/\">one</a> and <img src=\"https://example.org/b.png\" alt=\"pic\" />.</p>\n<p>Second paragraph.</p>\n"
        )
        let paragraphs = document.nodes(ofKind: .paragraph)
        #expect(paragraphs.map(\.plainText) == ["See one and pic.", "Second paragraph."])
        #expect(paragraphs.map(\.startLine) == [1, 3])
        var kinds: [Node.Kind] = []
        document.forEachNode { kinds.append($0.kind) }
        #expect(kinds == [.document, .paragraph, .text, .link, .text, .text, .image, .text, .text, .paragraph, .text])
    }

    @Test func headingBecomesCustomBlockWithAnchor() throws {
        let document = try Document(markdown: "## Hello *world*\n\ntext\n")
        let heading = try #require(document.nodes(ofKind: .heading).first)
        #expect(heading.headingLevel == 2)
        #expect(heading.plainText == "Hello world")
        try heading.replaceWithCustomBlock(onEnter: "<h2 id=\"hello-world\">", onExit: "</h2>")
        let html = try document.html()
        // On one line, as libcmark writes a heading: the tags are a custom inline inside a custom block.
        #expect(html == "<h2 id=\"hello-world\">Hello <em>world</em></h2>\n<p>text</p>\n")
        #expect(document.nodes(ofKind: .heading).isEmpty)
    }

    @Test func manyDocumentsParseAndFree() throws {
        // Run under valgrind or LeakSanitizer by scripts/check-leaks.sh; here it must simply not crash.
        for index in 0..<500 {
            let document = try Document(markdown: "# \(index)\n\n- a\n- b [x](y)\n", options: [.smart])
            try document.nodes(ofKind: .heading).first?.replaceWithCustomBlock(onEnter: "<h1>", onExit: "</h1>")
            #expect(try document.html().hasPrefix("<h1>\(index)</h1>\n"))
        }
    }

    @Test func aTreeLeftToTheExitRendersAsBefore() throws {
        let markdown = "# a\n\n| x |\n| - |\n| y |\n\nwww.example.org ~~b~~[^1]\n\n[^1]: n\n"
        let freed = try Document(markdown: markdown, options: [.smart], extensions: .gfm).html()
        let kept = try Document(markdown: markdown, options: [.smart], extensions: .gfm)
        kept.leaveTreeToExit()
        #expect(try kept.html() == freed)
        #expect(freed.contains("<table>") && freed.contains("<del>b</del>") && freed.contains("footnotes"))
    }
}
