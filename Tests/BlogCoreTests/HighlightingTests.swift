import BlogCore
import Foundation
import Testing

/// Fenced code is highlighted at build time with classes only, and the code's text never changes.
@Suite struct HighlightingTests {
    /// A sample for every language the manual lists, with what must come out as which kind.
    static let samples: [(language: String, code: String, expected: [String])] = [
        (
            "bash", "# note\nfor f in *.md; do echo \"$f\" ${HOME}; done\n",
            ["comment\"># note", "keyword\">for", "string\">&quot;$f&quot;", "variable\">${HOME}"]
        ),
        (
            "c", "#include <stdio.h>\nint main(void) { return 0; /* ok */ }\n",
            ["meta\">#include &lt;stdio.h&gt;", "type\">int", "keyword\">return", "comment\">/* ok */"]
        ),
        (
            "cpp", "template <typename T> class Box { T* p = nullptr; }; // c\n",
            ["keyword\">template", "keyword\">class", "literal\">nullptr", "comment\">// c"]
        ),
        (
            "css", "a.link:hover { color: #fff; margin: 1.5em; }\n",
            ["property\">color", "number\">#fff", "number\">1.5em"]
        ),
        (
            "diff", "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n",
            ["meta\">--- a", "section\">@@ -1 +1 @@", "deleted\">-old", "inserted\">+new"]
        ),
        (
            "go", "package main\nfunc main() { fmt.Println(`raw`) }\n",
            ["keyword\">package", "keyword\">func", "string\">`raw`"]
        ),
        (
            "html", "<!-- c --><a href=\"x\">T &amp; U</a>\n",
            [
                "comment\">&lt;!-- c --&gt;", "tag\">&lt;a", "attr\">href", "string\">&quot;x&quot;",
                "literal\">&amp;amp;",
            ]
        ),
        (
            "java", "@Override public String name() { return \"n\"; }\n",
            ["meta\">@Override", "keyword\">public", "type\">String", "string\">&quot;n&quot;"]
        ),
        (
            "javascript", "const x = `t ${y}`; // c\nif (a === null) {}\n",
            ["keyword\">const", "string\">`t ${y}`", "comment\">// c", "literal\">null"]
        ),
        (
            "json", "{\"key\": [1, true, null, \"v\"]}\n",
            ["property\">&quot;key&quot;", "number\">1", "literal\">true", "string\">&quot;v&quot;"]
        ),
        (
            "kotlin", "data class P(val x: Int) // c\nfun main() = println(\"\"\"multi\nline\"\"\")\n",
            [
                "keyword\">data", "keyword\">val", "type\">Int",
                "string\">&quot;&quot;&quot;multi\nline&quot;&quot;&quot;",
            ]
        ),
        (
            "python", "@dataclass\ndef f(x):\n    \"\"\"Doc.\"\"\"\n    return None  # c\n",
            [
                "meta\">@dataclass", "keyword\">def", "string\">&quot;&quot;&quot;Doc.&quot;&quot;&quot;",
                "literal\">None", "comment\"># c",
            ]
        ),
        (
            "ruby", "def hi(name) = puts \"hi #{name}\" # c\n",
            ["keyword\">def", "string\">&quot;hi #{name}&quot;", "comment\"># c"]
        ),
        (
            "rust", "fn main() { let v: Vec<u8> = vec![]; /* a /* nested */ b */ }\n",
            ["keyword\">fn", "keyword\">let", "type\">Vec", "comment\">/* a /* nested */ b */"]
        ),
        (
            "sql", "SELECT name FROM users WHERE id = 1; -- c\n",
            ["keyword\">SELECT", "keyword\">FROM", "number\">1", "comment\">-- c"]
        ),
        (
            "swift", "@MainActor final class A: Sendable { let s = \"x\"; func f() async {} }\n",
            ["meta\">@MainActor", "keyword\">final", "type\">Sendable", "keyword\">async"]
        ),
        (
            "toml", "[package]\nname = \"blog\" # c\nversion = 2\n",
            ["section\">[package]", "property\">name", "string\">&quot;blog&quot;", "comment\"># c", "number\">2"]
        ),
        (
            "typescript", "interface P { x: number }\nconst p: P = { x: 1 };\n",
            ["keyword\">interface", "type\">number", "keyword\">const", "number\">1"]
        ),
        (
            "yaml", "title: \"Hi\" # c\nlist:\n  - 12\n  - true\n",
            ["property\">title", "string\">&quot;Hi&quot;", "comment\"># c", "number\">12", "literal\">true"]
        ),
    ]

    static let aliases = [
        "sh": "bash", "js": "javascript", "ts": "typescript", "py": "python", "yml": "yaml", "c++": "cpp", "rs": "rust",
        "kt": "kotlin", "golang": "go", "rb": "ruby",
    ]

    func render(_ markdown: String, highlight: Bool = true) throws -> String {
        var settings = MarkdownSettings()
        settings.highlight = highlight
        return try MarkdownPage.render(markdown, settings: settings, headingIDs: false).html
    }

    /// The text a reader sees: tags taken out, libcmark's four entities read back.
    func text(of html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(arguments: samples.indices)
    func everyListedLanguageIsHighlightedWithClassesOnly(index: Int) throws {
        let sample = Self.samples[index]
        let markdown = "```\(sample.language)\n\(sample.code)```\n"
        let html = try render(markdown)
        #expect(html.hasPrefix("<pre><code class=\"language-\(sample.language)\">"))
        #expect(html.hasSuffix("</code></pre>\n"))
        for fragment in sample.expected {
            #expect(html.contains("<span class=\"hl-\(fragment)"), "\(sample.language): \(fragment)\n\(html)")
        }
        #expect(!html.contains("style="))
        // Only spans are added: the code as a reader sees it is the code as written.
        let plain = try render(markdown, highlight: false)
        #expect(text(of: html) == text(of: plain))
        #expect(
            html.replacingOccurrences(of: #"<span class="hl-[a-z]+">"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: "</span>", with: "") == plain)
    }

    @Test func aliasesNameTheirLanguages() throws {
        for (alias, language) in Self.aliases {
            let sample = try #require(Self.samples.first { $0.language == language })
            let html = try render("```\(alias)\n\(sample.code)```\n")
            #expect(html.hasPrefix("<pre><code class=\"language-\(alias)\">"), "\(alias)")
            #expect(html.contains("<span class=\"hl-"), "\(alias)")
        }
    }

    @Test func unknownOrMissingLanguagesAreLeftAsLibcmarkWritesThem() throws {
        for markdown in [
            "```\nlet x = 1\n```\n", "```brainfuck\n+++.\n```\n", "    indented code\n",
            "```unknown extra words\n\n```\n",
        ] {
            #expect(try render(markdown) == (try render(markdown, highlight: false)), "\(markdown)")
        }
    }

    @Test func anyCodeKeepsItsText() throws {
        // Unterminated strings and comments, lone quotes, markup-like text, non-ASCII and control-free
        // odd bytes: the text always survives.
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "\"", "'", "`", "/*", "*/", "//", "#", "<", ">", "&", "\\", "\n", " ", "x", "1.5e-3", "é", "日本", "$", "${",
            "@a", "--", "[[", "=", ":", "{", "}", "\"\"\"",
        ]
        for language in Self.samples.map(\.language) {
            for _ in 0..<40 {
                let code = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined()
                let markdown = "```\(language)\n\(code)\n```\n"
                let html = try render(markdown)
                #expect(
                    text(of: html) == text(of: try render(markdown, highlight: false)),
                    "\(language): \(code.debugDescription)")
            }
        }
    }
}
