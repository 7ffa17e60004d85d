import CommonMark

/// How Markdown is turned into HTML: the `markdown:` settings of blog.yaml, and the flags of
/// `blog markdown`, which renders one document the way a post's body is rendered.
public struct MarkdownSettings: Sendable, Equatable {
    /// The GitHub-Flavored Markdown extensions; all five unless blog.yaml turns some off.
    public var extensions: Extensions = .gfm
    /// Curly quotes and dashes.
    public var smart = true
    /// Let raw HTML through (the author is trusted).
    public var unsafe = true
    /// Highlight fenced code whose language is known.
    public var highlight = true
    /// The heading levels the table of contents lists.
    public var tocLevels: ClosedRange<Int> = 2...4

    public init() {}

    var parseOptions: RenderOptions { smart ? [.smart] : [] }
    var htmlOptions: RenderOptions { unsafe ? parseOptions.union(.unsafe) : parseOptions }
}

/// One entry of a post's table of contents, with the entries of the levels below it.
public struct TableOfContentsEntry: Sendable, Equatable {
    public var level: Int
    public var id: String
    public var title: String
    public var children: [TableOfContentsEntry] = []

    /// Nests a flat list of headings: each entry holds the entries of deeper levels that follow it.
    static func nested(_ flat: [TableOfContentsEntry]) -> [TableOfContentsEntry] {
        var result: [TableOfContentsEntry] = []
        for entry in flat {
            if var last = result.last, entry.level > last.level {
                last.children = nested(last.children + [entry])
                result[result.count - 1] = last
            } else {
                result.append(entry)
            }
        }
        return result
    }
}

/// Renders one Markdown document as `blog markdown` does: the post body's rendering without the site.
public enum MarkdownPage {
    /// The HTML of `markdown`, and its table of contents when `headingIDs` is set (headings get ids, as
    /// in posts, only then: without them the HTML is exactly libcmark's, or cmark-gfm's with extensions).
    /// C0 control characters other than white space, and DEL, become U+FFFD as in posts unless
    /// `keepingControlCharacters`, which passes them through as cmark-gfm does (it replaces NUL alone).
    /// `beforeExit`: the process exits after this one document, which then leaves its tree to the exit
    /// (``CommonMark/Document/leaveTreeToExit()``).
    public static func render(
        _ markdown: String, settings: MarkdownSettings, headingIDs: Bool, keepingControlCharacters: Bool = false,
        beforeExit: Bool = false
    ) throws -> Rendered {
        let document = try Document(
            markdown: keepingControlCharacters ? markdown : markdown.replacingControlCharacters,
            options: settings.parseOptions, extensions: settings.extensions)
        if beforeExit { document.leaveTreeToExit() }
        var toc: [TableOfContentsEntry] = []
        if headingIDs {
            toc = try HeadingAnchors.add(to: document.nodes(ofKind: .heading), levels: settings.tocLevels)
        }
        if settings.highlight { CodeHighlighting.highlight(document) }
        return Rendered(
            htmlUTF8: try document.htmlUTF8(options: settings.htmlOptions), toc: TableOfContentsEntry.nested(toc))
    }

    /// A document's HTML and its table of contents.
    public struct Rendered: Sendable {
        /// The HTML as libcmark wrote it, in UTF-8 (valid for the valid UTF-8 it parsed): a command writes it
        /// out without reading it again as a `String`.
        public var htmlUTF8: [UInt8]
        public var toc: [TableOfContentsEntry]
        public var html: String { String(decoding: htmlUTF8, as: UTF8.self) }
    }
}

extension MarkdownPage {
    /// A table of contents as nested lists in `<nav class="toc">`; empty when there are no entries.
    public static func navigation(_ entries: [TableOfContentsEntry]) -> String {
        guard !entries.isEmpty else { return "" }
        let escaping = HTMLEscaping()
        func list(_ entries: [TableOfContentsEntry]) -> String {
            var html = "<ul>\n"
            for entry in entries {
                html += "<li><a href=\"#\(escaping.escapeText(entry.id))\">\(escaping.escapeText(entry.title))</a>"
                if !entry.children.isEmpty { html += "\n" + list(entry.children) }
                html += "</li>\n"
            }
            return html + "</ul>\n"
        }
        return "<nav class=\"toc\">\n" + list(entries) + "</nav>\n"
    }
}

/// Unique heading ids from the headings' text, as on GitHub: `example`, then `example-1`, `example-2`.
enum HeadingAnchors {
    /// Gives each heading its id and returns the headings within `levels`, in order.
    static func add(to headings: [Node], levels: ClosedRange<Int>) throws -> [TableOfContentsEntry] {
        var taken: Set<String> = []
        var nextNumber: [String: Int] = [:]
        var entries: [TableOfContentsEntry] = []
        for heading in headings {
            let title = heading.plainText
            let base = Slug.make(from: title, fallback: "section")
            var id = base
            // A made id may be taken by a heading written that way (`Example 1`): count on until one is free.
            if taken.contains(id) {
                var number = nextNumber[base] ?? 1
                while taken.contains("\(base)-\(number)") { number += 1 }
                id = "\(base)-\(number)"
                nextNumber[base] = number + 1
            }
            taken.insert(id)
            let level = heading.headingLevel
            if levels.contains(level) { entries.append(TableOfContentsEntry(level: level, id: id, title: title)) }
            try heading.replaceWithCustomBlock(
                onEnter: "<h\(level) id=\"\(HTMLEscaping().escapeText(id))\">", onExit: "</h\(level)>")
        }
        return entries
    }
}
