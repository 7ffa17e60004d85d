import CommonMark
import Testing

/// What the GFM extensions promise besides equality with cmark-gfm (GFMOracleTests): positions, limits,
/// and extensions that can be switched off one by one.
@Suite struct GFMTests {
    @Test func nodesKeepTheirSourceLinesWhenTablesAreParsedAgain() throws {
        // Tables parse the document a second time with the cells in front; diagnostics still need the
        // lines as written.
        let markdown = "# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSee [x](y.md).\n"
        let document = try Document(markdown: markdown, extensions: .gfm)
        #expect(try document.html().contains("<table>"))
        #expect(document.nodes(ofKind: .link).map(\.startLine) == [7])
        #expect(document.nodes(ofKind: .heading).map(\.startLine) == [1])
    }

    @Test func eachExtensionCanBeLeftOut() throws {
        let markdown = "| a |\n|---|\n| b |\n\n~~s~~ www.example.org\n\n- [ ] t\n\nx[^1]\n\n[^1]: n\n"
        let all = try Document(markdown: markdown, extensions: .gfm).html()
        for fragment in [
            "<table>", "<del>", "<a href=\"http://www.example.org\">", "type=\"checkbox\"", "footnote-ref",
        ] {
            #expect(all.contains(fragment), "\(fragment)")
        }
        let plain = try Document(markdown: markdown).html()
        // Plain CommonMark reads the footnote definition as a link reference definition.
        #expect(
            !plain.contains("<table>") && !plain.contains("<del>") && !plain.contains("checkbox")
                && !plain.contains("www.example.org</a>"))
        for (name, extensionSet) in Extensions.named {
            let html = try Document(markdown: markdown, extensions: Extensions.gfm.subtracting(extensionSet)).html()
            let fragment = [
                "table": "<table>", "strikethrough": "<del>", "autolink": "www.example.org</a>",
                "tasklist": "checkbox", "footnotes": "footnote-ref",
            ][name]!
            #expect(!html.contains(fragment), "\(name) was left out but is still there")
        }
    }

    @Test func aTableBombStaysBounded() throws {
        // A short header over many one-character rows would fill in millions of empty cells.
        let columns = String(repeating: "a|", count: 2_000)
        let delimiter = String(repeating: "-|", count: 2_000)
        let markdown = "|" + columns + "\n|" + delimiter + "\n" + String(repeating: "x\n", count: 2_000)
        let html = try Document(markdown: markdown, extensions: .table).html()
        #expect(html.hasPrefix("<table>"))
        // At most the cell budget's worth of cells, then the rest is text.
        #expect(html.utf8.count < 16 * (1 << 19) + markdown.utf8.count * 2)
        #expect(html.contains("<p>x\nx"))
    }

    @Test func footnoteDefinitionsInCodeAreLeftAlone() throws {
        let markdown = "```\n[^1]: not a definition\n```\n\nText[^1].\n"
        let html = try Document(markdown: markdown, extensions: .gfm).html()
        #expect(html.contains("[^1]: not a definition"))
        #expect(!html.contains("footnote"))
    }

    /// Text shaped to make the extensions' scans start again at every position. Each of these took from
    /// seconds to minutes for a few hundred kilobytes before the scans were bounded or kept to what can
    /// still match; the benchmark, not this test, watches the time.
    @Test func hostileRunsRenderWithBoundedWork() throws {
        let cases: [(String, (String) -> Bool)] = [
            (String(repeating: "www.a_", count: 50_000), { $0.hasPrefix("<p>www.a_www.a_") && $0.hasSuffix("</p>\n") }),
            (String(repeating: "x@", count: 100_000), { !$0.contains("<a ") }),
            (
                String(repeating: "~~a ", count: 30_000) + String(repeating: " b~ ", count: 30_000),
                { !$0.contains("<del>") }
            ),
            (
                (0..<20_000).map { "[^\($0)]: n\n" }.joined() + (0..<20_000).map { "[^\($0)]" }.joined(),
                { $0.contains("id=\"fn-19999\"") }
            ),
            (
                "http://a.b/" + String(repeating: "(", count: 50_000) + String(repeating: ")", count: 50_000),
                { $0.contains("<a href=") }
            ),
            // Read from the source: one text node cut into 10,000 links, each after an entity.
            (
                String(repeating: "www.a.com&amp; ", count: 10_000),
                { $0.hasSuffix("<a href=\"http://www.a.com\">www.a.com</a>&amp;</p>\n") }
            ),
            // References whose labels hold escapes, each restored from the source of one long paragraph.
            (
                String(repeating: "x[^a\\_b] ", count: 20_000) + "\n\n[^a\\_b]: n\n",
                { $0.contains("data-footnote-ref>1</a>") }
            ),
        ]
        for (markdown, check) in cases {
            let html = try Document(markdown: markdown, extensions: .gfm).html()
            #expect(check(html), "\(markdown.prefix(40)) gave \(html.prefix(80))…\(html.suffix(80))")
        }
    }
}
