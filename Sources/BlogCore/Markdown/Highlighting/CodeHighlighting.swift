import CommonMark

/// Highlights fenced code at build time: each code block whose info string names a known language is
/// written as libcmark writes it (`<pre><code class="language-swift">`), with `<span class="hl-…">`
/// around keywords, strings, comments and the like inside. Classes, never styles: the theme colours
/// them, and a feed reader shows plain code. Blocks without a language, or with an unknown one, are
/// left to libcmark.
enum CodeHighlighting {
    static func highlight(_ document: Document) {
        highlight(document.nodes(ofKind: .codeBlock))
    }

    /// Highlights the given code blocks (a post's, found by the walk that finds its headings and links).
    static func highlight(_ blocks: [Node]) {
        for block in blocks {
            guard let info = block.fenceInfo, !info.isEmpty else { continue }
            // The info string's first word, as libcmark takes it: up to ASCII white space (by byte: a
            // Character's properties were looked up for every code block of every post).
            let first = String(
                decoding: info.utf8.prefix { !(($0 == 0x20) || (0x09...0x0D).contains($0)) }, as: UTF8.self)
            guard let syntax = LanguageSyntax.named(first), let code = block.literal else { continue }
            // The class as libcmark writes it: escaped, after `language-` unless it starts with that.
            let name = first.hasPrefix("language-") ? first : "language-" + first
            let open = "<pre><code class=\"\(HTMLEscaping().escapeText(name))\">"
            try? block.replaceWithCustomBlock(
                onEnter: open + Highlighter.html(code, syntax: syntax) + "</code></pre>", onExit: "")
        }
    }
}
