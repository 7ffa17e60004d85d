import BlogFileSystem
import CommonMark
import Foundation
import JSONFeed

/// What rendering a post's Markdown produced; only strings and values leave CommonMark.
struct RenderedPost: Sendable {
    /// HTML for the post's own page: links to other posts' sources rewritten, headings with `id`s.
    var html: PostHTML
    /// The same HTML with every relative URL made absolute, for feed readers that show it off the site;
    /// empty unless asked for, since only the posts on a feed's first page need it.
    var feedHTML: String
    /// The front matter summary, or the first paragraph as plain text.
    var summary: String
    var wordCount: Int
    /// The headings within the site's table-of-contents levels, nested.
    var toc: [TableOfContentsEntry] = []
    var diagnostics: [Diagnostic]
    /// Its terms and excerpt for the search index; nil when the site has no search.
    var search: SearchDocument? = nil

    /// Minutes at 200 words a minute, at least one.
    var readingMinutes: Int { max(1, (wordCount + 199) / 200) }
}

/// Renders posts through libcmark with the site's Markdown options.
struct PostRenderer: Sendable {
    let configuration: SiteConfiguration
    /// What a link to a source (`content/posts/a.md`) leads to.
    let linkTarget: @Sendable (String) -> LinkTarget
    static let summaryLimit = 300

    /// Where a link to another source's file leads.
    enum LinkTarget: Sendable, Equatable {
        /// The root-relative URL of its page (`/blog/posts/a/`).
        case page(String)
        /// A draft or future post left out of this build.
        case leftOut
        /// No post or page.
        case none
    }

    /// A renderer whose links to other sources lead by `pageURLs` (source path to root-relative URL);
    /// `leftOut` names the drafts and future posts left out of this build.
    init(configuration: SiteConfiguration, pageURLs: [String: String], leftOut: Set<String> = []) {
        self.init(configuration: configuration) { path in
            pageURLs[path].map(LinkTarget.page) ?? (leftOut.contains(path) ? .leftOut : .none)
        }
    }

    /// A renderer that asks `linkTarget` where each link to another source leads: a rebuild of a few
    /// edited posts looks up only the pages they link to.
    init(configuration: SiteConfiguration, linkTarget: @escaping @Sendable (String) -> LinkTarget) {
        self.configuration = configuration
        self.linkTarget = linkTarget
    }

    private var parseOptions: RenderOptions { configuration.markdown.parseOptions }
    private var htmlOptions: RenderOptions { configuration.markdown.htmlOptions }

    func render(_ post: Post, includingFeedHTML: Bool = true) throws -> RenderedPost {
        var vocabulary = makeVocabulary()
        return try render(post, includingFeedHTML: includingFeedHTML, vocabulary: &vocabulary)
    }

    /// The vocabulary a worker renders posts with: the site's search words.
    func makeVocabulary() -> SearchVocabulary {
        SearchVocabulary(configuration.search?.words ?? SearchWords(stems: false))
    }

    /// Renders a post, counting its search terms in `vocabulary` (``makeVocabulary()``), which a worker
    /// keeps from post to post.
    func render(_ post: Post, includingFeedHTML: Bool, vocabulary: inout SearchVocabulary) throws -> RenderedPost {
        let document = try Document(
            markdown: post.body.replacingControlCharacters, options: parseOptions,
            extensions: configuration.markdown.extensions)
        var diagnostics: [Diagnostic] = []
        // The body's length, which its text does not pass by much: made once, not grown node by node.
        var text = TextBuffer(capacity: configuration.search != nil ? post.body.utf8.count + 64 : 0)
        let walked = Self.walk(
            document, collectingParagraphs: post.summary == nil && configuration.summaryWords == nil,
            collectingText: configuration.search != nil, into: &text)
        // Before the anchors: the search index holds what the reader sees of a heading.
        var search: SearchDocument?
        var words = walked.words
        if let settings = configuration.search {
            if vocabulary.words != settings.words { vocabulary = SearchVocabulary(settings.words) }
            let made = text.withUnsafeBufferPointer {
                SearchDocument.make(
                    bodyUTF8: $0, headings: walked.headings.map(Self.blockText), fields: Self.searchFields(of: post),
                    vocabulary: &vocabulary)
            }
            search = made.document
            // The text's words where its nodes meet were counted apart by the walk.
            words += made.bodyWords
        }
        let toc = try HeadingAnchors.add(to: walked.headings, levels: configuration.markdown.tocLevels)
        // Hugo's summary ends at a paragraph; which one is known from the HTML, and the text from the tree.
        let summaryBlocks =
            post.summary == nil && configuration.summaryWords != nil ? Self.summaryBlocks(of: document.rootNode) : []
        if configuration.markdown.highlight { CodeHighlighting.highlight(walked.codeBlocks) }
        for link in walked.links {
            guard let url = link.url, let target = Self.markdownTarget(url, from: post.source) else { continue }
            let found = linkTarget(target.path)
            if case .page(let page) = found {
                link.url = page + target.fragment
            } else {
                let line = link.startLine > 0 ? post.bodyFirstLine + link.startLine - 1 : nil
                let reason =
                    found == .leftOut ? "is a draft or future post left out of this build" : "is not a post or page"
                diagnostics.append(
                    Diagnostic(
                        .warning, file: post.source, line: line,
                        message: "link to \(Diagnostic.quoted(url)), but \(target.path) \(reason)"))
            }
        }
        let html = PostHTML(bytes: try document.htmlUTF8(options: htmlOptions))
        var feedHTML = ""
        if includingFeedHTML {
            let routes = Routes(configuration: configuration)
            let permalink = routes.absolute(routes.page(of: post).url)
            var rewritten = false
            for node in walked.links + walked.images {
                if let url = node.url, let absolute = Self.absolute(url, against: permalink), absolute != url {
                    node.url = absolute
                    rewritten = true
                }
            }
            for node in walked.rawHTML {
                guard let literal = node.literal else { continue }
                let absolute = RawHTMLLinks.absolutized(literal, against: permalink)
                if absolute != literal {
                    node.literal = absolute
                    rewritten = true
                }
            }
            // Most posts link only to other sites: then the feed's HTML is the page's, without a second render.
            feedHTML = rewritten ? try document.html(options: htmlOptions) : html.text
        }
        let summary =
            try post.summary ?? separatedSummary(of: post.body)
            ?? (configuration.summaryWords.map { Self.summary(of: summaryBlocks, html: html.text, words: $0) }
                ?? Self.summary(of: walked.paragraphs))
        return RenderedPost(
            html: html, feedHTML: feedHTML, summary: summary, wordCount: words,
            toc: TableOfContentsEntry.nested(toc),
            diagnostics: diagnostics, search: search)
    }

    /// What the search index counts of a post besides its body: its title, its tags as the site names them
    /// (each folded alone, so here as on its tag page) and its front matter's summary.
    static func searchFields(of post: Post) -> SearchDocument.Fields {
        SearchDocument.Fields(
            title: post.title, tags: TagFolding([]).folded(post.tags).map(\.name), summary: post.summary)
    }

    /// What one walk of a post's tree finds: the headings and links to change, the paragraphs a summary
    /// may come from, and the words. One walk, not one for each: walking the tree of every post costs as
    /// much as all that is done with the nodes.
    private struct Walked {
        var headings: [Node] = []
        var links: [Node] = []
        var images: [Node] = []
        /// HTML blocks and inline HTML, whose URLs the feed's HTML makes absolute.
        var rawHTML: [Node] = []
        var paragraphs: [Node] = []
        var codeBlocks: [Node] = []
        /// The words of the text nodes, inline code and code blocks for the reading time; while the text is
        /// collected for the search index, only those of the text before a node that the node's words
        /// continue in the text collected, which its scanner counts as one (``ReadingWords/joins(_:_:)``).
        var words = 0
    }

    /// With `collectingText`, the walk collects the text of every text and code node in `text`, one space
    /// between, for the search index.
    private static func walk(
        _ document: Document, collectingParagraphs: Bool, collectingText: Bool, into text: inout TextBuffer
    ) -> Walked {
        var walked = Walked()
        document.forEachNode { node in
            // The kind and a literal are each asked of cmark once: this runs for every node of every post.
            let kind = node.kind
            switch kind {
            case .text, .code, .codeBlock:
                node.withLiteralBytes { literal in
                    if collectingText {
                        // A code block's text is set apart by spaces.
                        if kind != .codeBlock, joinedWords(text, literal) { walked.words += 1 }
                        appendText(literal, of: kind, to: &text)
                    } else {
                        walked.words += wordCount(inUTF8: literal)
                    }
                }
                if kind == .codeBlock { walked.codeBlocks.append(node) }
                return
            default:
                if collectingText { appendText(UnsafeBufferPointer(start: nil, count: 0), of: kind, to: &text) }
            }
            switch kind {
            case .heading: walked.headings.append(node)
            case .link: walked.links.append(node)
            case .image: walked.images.append(node)
            case .htmlBlock, .htmlInline: walked.rawHTML.append(node)
            case .paragraph where collectingParagraphs: walked.paragraphs.append(node)
            default: break
            }
        }
        return walked
    }

    /// Whether the text collected so far ends in a word that `literal`'s first word continues there: the
    /// reading time counts each node's words apart.
    private static func joinedWords(_ text: borrowing TextBuffer, _ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let last = text.last, !literal.isEmpty, last != UInt8(ascii: " ") else { return false }
        return text.withUnsafeBufferPointer { text in
            var start = text.count - 1
            while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
            return ReadingWords.joins(ReadingWords.scalar(text, at: start), ReadingWords.scalar(literal, at: 0))
        }
    }

    /// Adds a node's text (its `literal`, for text and code) to the search text: inline text as it is, a
    /// space for a line break and around every block, so that neither words of two paragraphs nor a link
    /// and the period after it are split or joined.
    private static func appendText(
        _ literal: UnsafeBufferPointer<UInt8>, of kind: Node.Kind, to text: inout TextBuffer
    ) {
        switch kind {
        case .text, .code: text.append(literal)
        case .emphasis, .strong, .link, .image, .htmlInline, .customInline: break
        case .codeBlock:
            text.append(UInt8(ascii: " "))
            text.append(literal)
            text.append(UInt8(ascii: " "))
        default: if text.last != UInt8(ascii: " ") { text.append(UInt8(ascii: " ")) }
        }
    }

    /// For a relative link to a `.md` file, the source path it points to (relative to the site root) and
    /// its `#fragment`.
    static func markdownTarget(_ url: String, from source: String) -> (path: String, fragment: String)? {
        guard !hasScheme(url), !url.hasPrefix("/"), !url.hasPrefix("#") else { return nil }
        var path = url
        var fragment = ""
        if let hash = url.firstIndex(of: "#") {
            path = String(url[..<hash])
            fragment = String(url[hash...])
        }
        guard path.hasSuffix(".md") else { return nil }
        let decoded = path.removingPercentEncoding ?? path
        var components = source.split(separator: "/").dropLast().map(String.init)
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(String(part))
            }
        }
        return (components.joined(separator: "/"), fragment)
    }

    static func hasScheme(_ url: String) -> Bool {
        // By byte: a Character search walks grapheme clusters, for every link of every post.
        guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        let scheme = url.utf8[..<colon]
        // By byte: a scheme is ASCII, and Character.isLetter looks Unicode properties up (every link of every post).
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        func isSchemeByte(_ byte: UInt8) -> Bool {
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.".utf8.contains(byte)
        }
        guard let first = scheme.first, isLetter(first) else { return false }
        return scheme.allSatisfy(isSchemeByte)
    }

    /// A relative URL resolved against the post's permalink; nil for URLs that are already absolute.
    static func absolute(_ url: String, against base: String) -> String? {
        guard !hasScheme(url), !url.hasPrefix("//") else { return nil }
        return URL(string: url, relativeTo: URL(string: base))?.absoluteString
    }

    /// The text before the site's summary separator (`<!--more-->`), as plain text with its blocks separated by
    /// spaces; nil when the post has none. A separator inside fenced code cuts before that code, as Hugo 0.111
    /// did (0.168 reads the code's text too). Not shortened: the author chose where it ends.
    func separatedSummary(of body: String) throws -> String? {
        guard let cut = Self.summaryCut(in: body, separator: configuration.summarySeparator) else { return nil }
        let document = try Document(
            markdown: String(body[..<cut]).replacingControlCharacters, options: parseOptions,
            extensions: configuration.markdown.extensions)
        let text = Self.blockText(document.rootNode)
        let words = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.isEmpty ? nil : words
    }

    /// Where the summary ends in the Markdown: at the separator, or at the opening of the fenced code block it
    /// stands in.
    static func summaryCut(in body: String, separator: String) -> String.Index? {
        guard let found = firstRange(of: separator, in: body) else { return nil }
        // CommonMark §4.5: a fence is three or more backticks or tildes; it closes with as many of the same.
        var fenceStart: String.Index?
        var fence: (character: Character, length: Int) = ("`", 0)
        var lineStart = body.startIndex
        while lineStart < found.lowerBound {
            let lineEnd = body[lineStart...].firstIndex(of: "\n") ?? body.endIndex
            let trimmed = body[lineStart..<lineEnd].drop { $0 == " " }
            if let character = trimmed.first, character == "`" || character == "~" {
                let length = trimmed.prefix { $0 == character }.count
                if fenceStart == nil, length >= 3 {
                    fenceStart = lineStart
                    fence = (character, length)
                } else if fenceStart != nil, character == fence.character, length >= fence.length,
                    trimmed.dropFirst(length).allSatisfy(\.isWhitespace)
                {
                    fenceStart = nil
                }
            }
            guard lineEnd < body.endIndex else { break }
            lineStart = body.index(after: lineEnd)
        }
        return fenceStart ?? found.lowerBound
    }

    /// Where `needle` first occurs in `text`, found among the UTF-8 bytes: every post without a separator is
    /// searched to its end, and Foundation's `range(of:)` does that through UTF-16 (7% of a clean build's
    /// processor time at 10,000 posts).
    static func firstRange(of needle: String, in text: String) -> Range<String.Index>? {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return nil }
        var contiguous = text
        let offset = contiguous.withUTF8 { ByteSearch.firstIndex(of: pattern, in: UnsafeRawBufferPointer($0)) }
        guard let offset else { return nil }
        let lower = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return lower..<text.utf8.index(lower, offsetBy: pattern.count)
    }

    /// The text of a node's blocks, each block's text separated from the next by a space; raw HTML is left out.
    static func blockText(_ node: Node) -> String {
        switch node.kind {
        case .document, .blockQuote, .list, .item:
            return node.children.map(blockText).joined(separator: " ")
        case .htmlBlock, .thematicBreak:
            return ""
        case .codeBlock:
            // Hugo's `plainify` keeps the code's text.
            return node.literal ?? ""
        default:
            return node.plainText(includingImages: false)
        }
    }

    /// The first paragraph with words in it (a paragraph holding only an image is passed over).
    static func summary(of paragraphs: [Node]) -> String {
        for paragraph in paragraphs {
            let text = paragraph.plainText(includingImages: false).trimmingWhitespace(andNewlines: true)
            if !text.isEmpty { return truncated(text) }
        }
        return ""
    }

    /// A block's text for a summary: how many `</p>` the HTML has closed by its end, and which of the
    /// document's top-level blocks it stands in.
    struct SummaryBlock {
        var text: String
        var closings: Int
        var top: Int
    }

    /// A post's text block by block in document order, each with the number of `</p>` its HTML has closed by
    /// its end, for Hugo's automatic summary (``summary(of:html:words:)``). Taken before code is highlighted,
    /// while code blocks still hold their text. Raw HTML is left out of the text, as `plainify` leaves the tags.
    static func summaryBlocks(of root: Node) -> [SummaryBlock] {
        var blocks: [SummaryBlock] = []
        var closings = 0
        var top = 0
        // `rendersP`: false for the paragraphs of a tight list's items, which have no `</p>`.
        func add(_ node: Node, rendersP: Bool = true) {
            let text: String
            switch node.kind {
            case .list:
                let tight = node.isTightList
                for item in node.children {
                    for child in item.children { add(child, rendersP: !tight || child.kind != .paragraph) }
                }
                return
            case .document:
                for child in node.children {
                    add(child)
                    top += 1
                }
                return
            case .blockQuote, .item, .customBlock:
                for child in node.children { add(child) }
                return
            case .htmlBlock:
                closings += (node.literal ?? "").components(separatedBy: "</p>").count - 1
                text = ""
            case .thematicBreak:
                return
            case .codeBlock:
                text = node.literal ?? ""
            default:
                text = node.plainText(includingImages: false)
            }
            if rendersP, node.kind == .paragraph { closings += 1 }
            let words = text.split(whereSeparator: \.isWhitespace)
            blocks.append(SummaryBlock(text: words.joined(separator: " "), closings: closings, top: top))
        }
        add(root)
        return blocks
    }

    /// Hugo's automatic summary (0.134 and later): the text up to the end of the paragraph at which Hugo's count
    /// of the rendered HTML's words reaches `limit`; the whole text when it never does. What stands between
    /// paragraphs (headings, lists, code) is part of it, as in Hugo, which cuts the HTML after a `</p>`.
    static func summary(of blocks: [SummaryBlock], html: String, words limit: Int) -> String {
        let cut = summaryParagraphs(inHTML: html, words: limit) ?? Int.max
        // A cut inside a list or a quote takes the rest of it: Hugo 0.168 does not leave one open.
        let last = blocks.first { $0.closings >= cut }?.top ?? Int.max
        return blocks.filter { $0.top <= last && !$0.text.isEmpty }.map(\.text).joined(separator: " ")
    }

    /// How many `</p>` Hugo's automatic summary of `limit` words takes (`ExtractSummaryFromHTML`, 0.134 and
    /// later; checked against 0.168 on paragraphs of known lengths); nil for the whole text. Its quirks are
    /// kept, since they decide where real summaries end: words are the HTML's white-space-separated tokens from
    /// one `</p>` to the next, a token that looks like a tag (`<a`) or an attribute (`href="…">text`) is no word,
    /// and the stretch's last character is left out of the token it ends (`… x</p>` does not count `x`).
    static func summaryParagraphs(inHTML html: String, words limit: Int) -> Int? {
        var count = 0
        var closings = 0
        // Goldmark writes `<pre tabindex="0">`, which makes a code block's first word part of an attribute, and
        // nothing between `</pre>` and the next tag, which makes them one token.
        let goldmark = html.replacingOccurrences(of: "<pre><code", with: "<pre tabindex=\"0\"><code")
            .replacingOccurrences(of: "</code></pre>\n", with: "</code></pre>")
        var rest = Substring(goldmark)
        while let close = rest.range(of: "</p>") {
            closings += 1
            let scalars = rest[..<close.lowerBound].unicodeScalars
            var wordStart = scalars.startIndex
            var index = scalars.startIndex
            while index < scalars.endIndex {
                let next = scalars.index(after: index)
                if scalars[index].properties.isWhitespace || next == scalars.endIndex {
                    if isHugoWord(scalars[wordStart..<index]) { count += 1 }
                    wordStart = index
                    if count >= limit { return closings }
                }
                index = next
            }
            rest = rest[close.upperBound...]
        }
        return nil
    }

    /// Hugo's `countWord` outside CJK languages: not empty once trimmed, not `>`, not `</?letters>?`, and not
    /// `letters="…` or `letters='…`.
    private static func isHugoWord(_ token: Substring.UnicodeScalarView.SubSequence) -> Bool {
        let word = token.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }
            .reversed()
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        guard let first = word.first, word.count > 1 || first != ">" else { return false }
        var rest = word[...]
        if first == "<" {
            rest = rest.dropFirst()
            if rest.first == "/" { rest = rest.dropFirst() }
            let letters = rest.prefix(while: isLetter).count
            rest = rest.dropFirst(letters)
            return letters == 0 || !(rest.isEmpty || (rest.count == 1 && rest.first == ">"))
        }
        let letters = rest.prefix(while: isLetter).count
        rest = rest.dropFirst(letters)
        let quote = rest.dropFirst().first
        return letters == 0 || rest.first != "=" || (quote != "\"" && quote != "'")
    }

    static func truncated(_ text: String) -> String {
        guard text.count > summaryLimit else { return text }
        var cut = String(text.prefix(summaryLimit))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > summaryLimit / 2 {
            cut = String(cut[..<space])
        }
        return cut.trimmingScalars { $0.isSpaceAsFoundation || $0.isPunctuation } + "…"
    }

    /// The words of one node's text (``ReadingWords``); ``walk(_:collectingParagraphs:collectingText:into:)`` adds up
    /// those of text, inline code and code blocks.
    static func wordCount(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var words = ReadingWords()
        words.add(bytes)
        return words.count
    }
}
