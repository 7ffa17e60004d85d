import Foundation

/// A WordPress post's stored HTML as the body of a Markdown file that shows what WordPress showed.
///
/// The body stays HTML, which the build lets through (`markdown: unsafe`, on by default): converting to
/// Markdown would lose classes, figures and tables. Block comments go; shortcodes become HTML;
/// classic-editor text gets WordPress's own paragraphs (``WordPressAutop``). CommonMark §4.6 passes an HTML
/// block through untouched only up to a blank line and only when it starts with a block tag, so each part
/// of the body starts with one (a `<div>` is put around it otherwise) and holds no blank line: inside
/// `<pre>` a blank line becomes `&#10;` on the line before, elsewhere it is white space and goes.
struct WordPressContent {
    var shortcodes = WordPressShortcodes()
    var uploads = WordPressUploads()

    struct Result {
        var body: String
        /// The text before `<!--more-->`, for `summary:`: the build reads no summary out of HTML blocks.
        var summary: String?
        /// What was left as it was written, each once.
        var leftovers: [String] = []
        /// Paths below `wp-content/uploads/` the body links to, as written, each once.
        var uploads: [String] = []
        /// Galleries that show fewer images than they name.
        var galleries: [WordPressShortcodes.Gallery] = []
    }

    static func placeholder(_ number: Int) -> String { "\u{E000}\(number)\u{E001}" }

    func convert(_ content: String, postID: String) -> Result {
        var parts = [content]
        // `<!--more-->` (or `<!--more Read on-->`) ends the summary; WordPress splits the raw text there.
        if let more = content.range(of: "<!--more(.*?)-->", options: .regularExpression) {
            parts = [String(content[..<more.lowerBound]), String(content[more.upperBound...])]
        }
        var result = Result(body: "")
        let html = parts.map { convertPart($0, postID: postID, into: &result) }
        result.body = html.map(Self.markdownBlock).joined(separator: "\n\n<!--more-->\n\n")
        if html.count > 1 {
            let text = HTMLEntities.plainText(html[0])
            result.summary = text.isEmpty ? nil : text
        }
        var seen: Set<String> = []
        result.leftovers = result.leftovers.filter { seen.insert($0).inserted }
        seen = []
        result.uploads = result.uploads.filter { seen.insert($0).inserted }
        return result
    }

    private func convertPart(_ text: String, postID: String, into result: inout Result) -> String {
        let hasBlocks = text.contains("<!-- wp:")
        var html = Self.removingBlockComments(text, leftovers: &result.leftovers)
        if html.contains("<!--nextpage-->") { result.leftovers.append("<!--nextpage-->") }
        let converted = shortcodes.convert(html, postID: postID)
        result.leftovers += converted.leftovers
        result.galleries += converted.galleries
        var protected = converted.protected
        html = Self.protectingPre(converted.html, &protected)
        if !hasBlocks { html = WordPressAutop.paragraphs(html) }
        for (number, block) in protected.enumerated() {
            let token = Self.placeholder(number)
            html = html.replacingOccurrences(
                of: "<p>\\s*\(token)\\s*(</p>)?", with: token, options: .regularExpression)
            html = html.replacingOccurrences(of: token, with: block)
        }
        html = Self.linkingEmbeds(html)
        // The links are pointed at the copies once the writer knows which files `--uploads` has.
        result.uploads += uploads.paths(in: html)
        return html
    }

    /// `<!-- wp:paragraph -->`, `<!-- /wp:paragraph -->` go; a self-closing block (`<!-- wp:latest-posts /-->`)
    /// is made by PHP when the page is shown, has no HTML here, and stays as the comment, reported.
    static func removingBlockComments(_ html: String, leftovers: inout [String]) -> String {
        guard html.contains("<!-- ") else { return html }
        var result = html
        // Reported once per block name and post, at its first use: a widget page repeats each many times.
        if let dynamic = try? NSRegularExpression(pattern: #"(<!-- wp:[a-z0-9/_-]+)(\s+\{.*?\})?\s*/-->"#) {
            let source = html as NSString
            for match in dynamic.matches(in: html, range: NSRange(location: 0, length: source.length)) {
                leftovers.append(source.substring(with: match.range(at: 1)))
            }
        }
        result = result.replacingOccurrences(
            of: #"<!-- /?wp:[a-z0-9/_-]+(\s+\{.*?\})?\s*-->\n?"#, with: "", options: .regularExpression)
        return result
    }

    /// `<pre>` blocks as placeholders, so that `wpautop` leaves them alone as WordPress does.
    private static func protectingPre(_ html: String, _ protected: inout [String]) -> String {
        guard html.range(of: "<pre", options: .caseInsensitive) != nil,
            let pre = try? NSRegularExpression(
                pattern: "<pre[\\s>].*?</pre>", options: [.caseInsensitive, .dotMatchesLineSeparators])
        else { return html }
        let source = html as NSString
        var result = ""
        var last = 0
        for match in pre.matches(in: html, range: NSRange(location: 0, length: source.length)) {
            result += source.substring(with: NSRange(location: last, length: match.range.location - last))
            protected.append(source.substring(with: match.range))
            result += "\n\n" + placeholder(protected.count - 1) + "\n\n"
            last = match.range.location + match.range.length
        }
        return result + source.substring(from: last)
    }

    /// The embed block keeps its URL as text in a wrapper, which WordPress turned into a player; here it
    /// becomes a link (a static page cannot ask the provider for one).
    private static func linkingEmbeds(_ html: String) -> String {
        html.replacingOccurrences(
            of: #"(<div class="wp-block-embed__wrapper">\s*)(https?://[^\s<"]+)(\s*</div>)"#,
            with: "$1<a href=\"$2\">$2</a>$3", options: .regularExpression)
    }

    /// CommonMark §4.6 type 6 start tags: a block that starts with one is HTML up to its first blank line.
    static let blockStart =
        "^<(address|article|aside|blockquote|caption|center|dd|details|dialog|div|dl|dt|fieldset|figcaption"
        + "|figure|footer|form|h[1-6]|header|hr|iframe|legend|li|main|menu|nav|ol|p|section|summary|table"
        + "|tbody|td|tfoot|th|thead|tr|ul)(\\s|/?>|$)"

    /// `html` as one CommonMark HTML block (see the type's comment).
    static func markdownBlock(_ html: String) -> String {
        var lines: [String] = []
        var inPre = false
        for line in html.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if inPre, !lines.isEmpty { lines[lines.count - 1] += "&#10;" + line }
            } else {
                lines.append(String(line))
            }
            let opens = line.ranges(of: "<pre", options: .caseInsensitive)
            let closes = line.ranges(of: "</pre>", options: .caseInsensitive)
            if opens > closes { inPre = true } else if closes > opens { inPre = false }
        }
        let text = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return "" }
        if text.range(of: blockStart, options: [.regularExpression, .caseInsensitive]) != nil { return text }
        return "<div>\n" + text + "\n</div>"
    }
}

extension Substring {
    /// How often `target` occurs.
    fileprivate func ranges(of target: String, options: String.CompareOptions) -> Int {
        var count = 0
        var rest = self[...]
        while let found = rest.range(of: target, options: options) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }
}
