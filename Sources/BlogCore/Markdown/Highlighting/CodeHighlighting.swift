import CommonMark

/// Highlights fenced code at build time: each code block whose info string names a known language is
/// written as libcmark writes it (`<pre><code class="language-swift">`), with `<span class="hl-…">`
/// around keywords, strings, comments and the like inside. Classes, never styles: the theme colours
/// them, and a feed reader shows plain code. Blocks without a language, or with an unknown one, are
/// left to libcmark.
enum CodeHighlighting {
    static func highlight(_ document: Document) {
        for block in document.nodes(ofKind: .codeBlock) {
            guard let info = block.fenceInfo, !info.isEmpty, let syntax = LanguageSyntax.named(info), let code = block.literal else { continue }
            // The class as libcmark writes it: the info string's first word, escaped, after `language-`
            // unless it starts with that.
            let first = String(info.prefix { !$0.isWhitespace && $0 != "\t" })
            let name = first.hasPrefix("language-") ? first : "language-" + first
            let open = "<pre><code class=\"\(HTMLEscaping().escapeText(name))\">"
            try? block.replaceWithCustomBlock(onEnter: open + Highlighter.html(code, syntax: syntax) + "</code></pre>", onExit: "")
        }
    }
}
