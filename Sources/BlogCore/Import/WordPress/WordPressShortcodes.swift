import Foundation

/// The shortcodes of WordPress core (and the `[code]` of the syntax highlighter plugins) as the HTML they
/// show; any other shortcode stays as text and is reported.
struct WordPressShortcodes {
    /// Attachment URLs by post ID, and each post's attachments in export order, for `[gallery]`.
    var attachmentURLs: [String: String] = [:]
    var attachmentsOfPost: [String: [String]] = [:]

    static let converted = ["caption", "wp_caption", "gallery", "embed", "audio", "video", "code", "sourcecode"]

    /// What converting one post's shortcodes gave: the HTML with a placeholder on its own line for each
    /// converted shortcode, their HTML (kept out of `wpautop`), and what was left as text.
    struct Result {
        var html: String
        var protected: [String]
        var leftovers: [String]
        var galleries: [Gallery] = []
    }

    /// A `[gallery]` some of whose attachments are not in the export: it shows the others.
    struct Gallery: Equatable {
        var shortcode: String
        var shown: Int
        var missing: [String]
    }

    /// WordPress's `get_shortcode_regex` for the names converted here: an escaped `[[name]]`, the
    /// attributes, and an optional enclosed content up to `[/name]`.
    static let pattern = try? NSRegularExpression(
        pattern: #"\[(\[?)("# + converted.joined(separator: "|")
            + #")(?![\w-])([^\]\/]*(?:\/(?!\])[^\]\/]*)*?)(?:(\/)\]|\](?:([^\[]*+(?:\[(?!\/\2\])[^\[]*+)*+)\[\/\2\])?)(\]?)"#,
        options: [.caseInsensitive])

    /// Any other shortcode WordPress would run: a name with attributes, a closing `[/name]`, or `[name /]`.
    static let otherPattern = try? NSRegularExpression(pattern: #"\[([A-Za-z][\w-]*)(\s+[^\]]*=[^\]]*|\s*/)\]"#)

    func convert(_ html: String, postID: String) -> Result {
        var result = Result(html: "", protected: [], leftovers: [])
        guard let pattern = Self.pattern else { return Result(html: html, protected: [], leftovers: []) }
        let source = html as NSString
        var last = 0
        for match in pattern.matches(in: html, range: NSRange(location: 0, length: source.length)) {
            result.html += source.substring(with: NSRange(location: last, length: match.range.location - last))
            last = match.range.location + match.range.length
            func group(_ index: Int) -> String {
                let range = match.range(at: index)
                return range.location == NSNotFound ? "" : source.substring(with: range)
            }
            let whole = source.substring(with: match.range)
            // `[[caption]]` is how an author writes the shortcode itself as text.
            if group(1) == "[", group(6) == "]" {
                result.html += String(whole.dropFirst().dropLast())
                continue
            }
            let attributes = Self.attributes(group(3))
            let galleries = result.galleries.count
            let converted = shortcode(
                group(2).lowercased(), attributes, content: group(5), postID: postID, into: &result)
            if result.galleries.count > galleries { result.galleries[galleries].shortcode = String(whole.prefix(80)) }
            if let converted {
                // WordPress runs shortcodes after `wpautop`, so their HTML is never split into paragraphs.
                result.protected.append(converted)
                result.html += "\n\n" + WordPressContent.placeholder(result.protected.count - 1) + "\n\n"
            } else {
                result.html += whole
                // A gallery none of whose attachments are in the export is reported as such.
                if result.galleries.count == galleries { result.leftovers.append(String(whole.prefix(80))) }
            }
        }
        result.html += source.substring(from: last)
        result.leftovers += Self.otherShortcodes(in: result.html)
        return result
    }

    static func otherShortcodes(in html: String) -> [String] {
        guard let other = otherPattern else { return [] }
        let source = html as NSString
        var found: [String] = []
        for match in other.matches(in: html, range: NSRange(location: 0, length: source.length)) {
            let name = source.substring(with: match.range(at: 1))
            if !converted.contains(name.lowercased()) { found.append(source.substring(with: match.range)) }
        }
        if let closing = try? NSRegularExpression(pattern: #"\[/([A-Za-z][\w-]*)\]"#) {
            for match in closing.matches(in: html, range: NSRange(location: 0, length: source.length)) {
                let text = source.substring(with: match.range)
                if !found.contains(text) { found.append(text) }
            }
        }
        return found
    }

    /// `shortcode_parse_atts`: `name="value"`, `name='value'`, `name=value`; values as written (HTML).
    static func attributes(_ text: String) -> [String: String] {
        guard
            let pattern = try? NSRegularExpression(
                pattern: #"([\w-]+)\s*=\s*"([^"]*)"|([\w-]+)\s*=\s*'([^']*)'|([\w-]+)\s*=\s*([^\s'"\]]+)"#)
        else { return [:] }
        let source = text as NSString
        var values: [String: String] = [:]
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: source.length)) {
            for (name, value) in [(1, 2), (3, 4), (5, 6)] where match.range(at: name).location != NSNotFound {
                values[source.substring(with: match.range(at: name)).lowercased()] =
                    source.substring(with: match.range(at: value))
            }
        }
        if let first = text.split(whereSeparator: \.isWhitespace).first, !first.contains("="),
            first.hasPrefix("http://") || first.hasPrefix("https://")
        {
            values["0"] = String(first)
        }
        return values
    }

    /// One shortcode as HTML, or nil when it cannot be said (it then stays as text).
    private func shortcode(
        _ name: String, _ attributes: [String: String], content: String, postID: String, into result: inout Result
    ) -> String? {
        switch name {
        case "caption", "wp_caption": return Self.caption(attributes, content: content)
        case "gallery": return gallery(attributes, postID: postID, into: &result)
        case "embed":
            let url = HTMLEntities.decode(content.trimmingCharacters(in: .whitespacesAndNewlines))
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else { return nil }
            let escaped = HTMLEntities.escape(url)
            return "<p><a href=\"\(escaped)\">\(escaped)</a></p>"
        case "audio", "video": return Self.media(name, attributes)
        default:
            // `[code]` and `[sourcecode]` of SyntaxHighlighter: the text between is code, shown as written,
            // so its references are decoded once and the text escaped again.
            let language = attributes["language"] ?? attributes["lang"] ?? ""
            let code = HTMLEntities.decode(content.trimmingCharacters(in: .newlines))
            let safeLanguage = language.filter { $0.isLetter || $0.isNumber || "+-#_".contains($0) }
            let attribute = safeLanguage.isEmpty ? "" : " class=\"language-\(safeLanguage.lowercased())\""
            return "<pre><code\(attribute)>\(HTMLEntities.escape(code))</code></pre>"
        }
    }

    /// `[caption]`: the image (or linked image) first, then the caption's HTML, or the `caption` attribute.
    static func caption(_ attributes: [String: String], content: String) -> String? {
        let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            let image = trimmed.range(
                of: #"^(<a\s[^>]*>\s*<img\s[^>]*>\s*</a>|<img\s[^>]*>)"#,
                options: [.regularExpression, .caseInsensitive])
        else { return nil }
        let text = attributes["caption"] ?? String(trimmed[image.upperBound...])
        var figure = "<figure"
        if let id = attributes["id"], !id.isEmpty {
            figure += " id=\"\(HTMLEntities.escape(HTMLEntities.decode(id)))\""
        }
        let align = (attributes["align"] ?? "alignnone").filter { $0.isLetter || $0 == "-" }
        figure += " class=\"wp-caption \(align)\""
        if let width = attributes["width"].flatMap(Int.init) { figure += " style=\"width: \(width)px\"" }
        let caption = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return figure + ">" + trimmed[image] + "<figcaption class=\"wp-caption-text\">\(caption)</figcaption></figure>"
    }

    /// `[gallery ids="1,2"]`, or without ids every image attached to the post, as one figure of the images
    /// the export has; the attachments it lacks are noted in `result.galleries`.
    private func gallery(_ attributes: [String: String], postID: String, into result: inout Result) -> String? {
        let ids =
            attributes["ids"].map {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            ?? attachmentsOfPost[attributes["id"] ?? postID] ?? []
        let urls = ids.compactMap { attachmentURLs[$0] }
        if urls.count < ids.count {
            let missing = ids.filter { attachmentURLs[$0] == nil }
            result.galleries.append(Gallery(shortcode: "", shown: urls.count, missing: missing))
        }
        guard !urls.isEmpty else { return nil }
        let images = urls.map { "<img src=\"\(HTMLEntities.escape($0))\" alt=\"\" loading=\"lazy\">" }
        return "<figure class=\"gallery\">" + images.joined() + "</figure>"
    }

    /// `[audio]` and `[video]` with their sources (`src`, or one attribute per format), as HTML 5 media.
    static func media(_ name: String, _ attributes: [String: String]) -> String? {
        let formats =
            name == "audio"
            ? ["src", "mp3", "m4a", "ogg", "wav", "wma"] : ["src", "mp4", "m4v", "webm", "ogv", "wmv", "flv"]
        // WordPress.com's `[audio URL]`: the source as the first, unnamed attribute.
        let sources = (formats.compactMap { attributes[$0] } + [attributes["0"] ?? ""]).filter { !$0.isEmpty }
        guard !sources.isEmpty else { return nil }
        var tag = "<\(name) controls preload=\"metadata\""
        for key in ["poster", "width", "height"] {
            if let value = attributes[key], name == "video" {
                tag += " \(key)=\"\(HTMLEntities.escape(HTMLEntities.decode(value)))\""
            }
        }
        if attributes["loop"] == "on" || attributes["loop"] == "1" { tag += " loop" }
        let inner = sources.map { "<source src=\"\(HTMLEntities.escape(HTMLEntities.decode($0)))\">" }.joined()
        let link = HTMLEntities.escape(HTMLEntities.decode(sources[0]))
        return tag + ">" + inner + "<a href=\"\(link)\">\(link)</a></\(name)>"
    }
}
