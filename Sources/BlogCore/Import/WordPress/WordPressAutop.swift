import Foundation

/// WordPress's `wpautop` (wp-includes/formatting.php), which every classic-editor post is shown through:
/// text separated by a blank line becomes a `<p>`, a single line break a `<br />`, and block-level tags are
/// left unwrapped. Block-editor content is stored with its own `<p>`s and is never passed through it.
/// `<pre>` contents are kept as written, as WordPress keeps them.
enum WordPressAutop {
    static let blocks =
        "(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area"
        + "|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header"
        + "|footer|nav|figure|figcaption|details|menu|summary)"

    static func replace(_ text: String, _ pattern: String, _ template: String) -> String {
        text.replacingOccurrences(
            of: pattern, with: template, options: [.regularExpression, .caseInsensitive], range: nil)
    }

    /// The paragraphs WordPress would show for `text`; `protected` holds placeholders (code, `<pre>`) that
    /// stand alone and are neither wrapped nor broken.
    static func paragraphs(_ text: String) -> String {
        var pee = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        guard !pee.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return "" }
        pee += "\n"
        // Two <br>s in a row mean a paragraph break.
        pee = replace(pee, #"<br\s*/?>\s*<br\s*/?>"#, "\n\n")
        // A block tag starts and ends its own paragraph.
        pee = replace(pee, "(<\(blocks)[\\s/>])", "\n\n$1")
        pee = replace(pee, "(</\(blocks)>)", "$1\n\n")
        pee = replace(pee, #"<hr\s*?/?>"#, "<hr />\n\n")
        // Line breaks inside a tag are not the author's: they join the tag's attributes.
        pee = joinedTagLines(pee)
        pee = replace(pee, "\\n\\n+", "\n\n")
        let chunks = pee.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        pee = chunks.filter { !$0.isEmpty }.map { "<p>\($0)</p>\n" }.joined()
        pee = replace(pee, #"<p>\s*</p>"#, "")
        pee = replace(pee, "<p>([^<]+)</(div|address|form)>", "<p>$1</p></$2>")
        pee = replace(pee, "<p>\\s*(</?\(blocks)[^>]*>)\\s*</p>", "$1")
        pee = replace(pee, "<p>(<li.+?)</p>", "$1")
        pee = replace(pee, "<p><blockquote([^>]*)>", "<blockquote$1><p>")
        pee = replace(pee, "</blockquote></p>", "</p></blockquote>")
        pee = replace(pee, "<p>\\s*(</?\(blocks)[^>]*>)", "$1")
        pee = replace(pee, "(</?\(blocks)[^>]*>)\\s*</p>", "$1")
        pee = replace(pee, "(?<!<br />)\\s*\\n", "<br />\n")
        pee = replace(pee, "(</?\(blocks)[^>]*>)\\s*<br />", "$1")
        pee = replace(pee, "<br />(\\s*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)", "$1")
        pee = replace(pee, "\\n</p>$", "</p>")
        return pee
    }

    /// Newlines inside tags (`<img\nsrc=…>`) become spaces, as `wp_replace_in_html_tags` does; a `<` that
    /// starts no tag (`a < b`) is text.
    private static func joinedTagLines(_ text: String) -> String {
        guard text.contains("<"), let tag = try? NSRegularExpression(pattern: "<[A-Za-z/!][^<>]*>") else {
            return text
        }
        let source = text as NSString
        var result = ""
        var last = 0
        for match in tag.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            result += source.substring(with: NSRange(location: last, length: match.range.location - last))
            result += source.substring(with: match.range).replacingOccurrences(of: "\n", with: " ")
            last = match.range.location + match.range.length
        }
        return result + source.substring(from: last)
    }
}
