import Foundation

/// Turns the Liquid tags of a Jekyll post and the shortcodes of a Hugo post into Markdown where their
/// meaning is clear, and reports, by line, every one it leaves as text.
struct TemplateConversion {
    /// What the conversion needs to know of the site being imported.
    struct Context {
        /// The old site's `url` and `baseurl` (Jekyll) or `baseURL` (Hugo), as its templates print them.
        var siteURL: String
        var basePath: String
        /// The new file of a post, relative to the new site's folder, by the names a post may be linked
        /// with: Jekyll's `post_url` name (`2019-03-25-title`) and source path (`_posts/2019-03-25-title.md`),
        /// Hugo's ref path (`posts/title.md`, `title`). One table serves every post: a link is made relative
        /// to ``file`` when it is found, where a table per post made an import quadratic in its posts.
        var postFiles: [String: String]
        /// The new file of the post being converted, relative to the new site's folder.
        var file = ""
        /// The paths of the assets copied to the new site's root (`assets/x.png`): a root-relative link to
        /// one gets the base path in front, so that it works under it (Jekyll's `{{ site.baseurl }}` did).
        var assets: Set<String> = []
        /// Liquid is Jekyll's; a Hugo post runs only shortcodes (`{{< >}}`, `{{% %}}`), the rest is its text.
        var engine: SiteImport.Engine = .jekyll
        /// `_config.yml`'s scalar values by key, for `{{ site.KEY }}`.
        var siteValues: [String: String] = [:]
        /// The URL path each post had, by the names `post_url` and `link` use: inside code, where no link is
        /// rewritten, Jekyll printed that URL.
        var postURLs: [String: String] = [:]
    }

    struct Result {
        var markdown: String
        /// Line (1-based, in the body as written) and what was left.
        var leftovers: [(line: Int, text: String)]
    }

    static func convert(_ body: String, context: Context) -> Result {
        var body = body
        if context.engine == .jekyll {
            // A link tag split over lines (`{% post_url\n  name %}`) is one tag to Liquid.
            body = replace(body, #"\{%-?\s*(post_url|link)\s+([^\s%]+)\s*-?%\}"#) { groups in
                groups[0].contains("\n") ? linkTarget(groups[2], context: context) ?? groups[0] : groups[0]
            }
        }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var leftovers: [(Int, String)] = []
        var output: [String] = []
        var index = 0
        var inFence = false
        var rawBlock = false
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !rawBlock, trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                output.append(line)
                index += 1
                continue
            }
            if inFence {
                output.append(
                    fencedLine(
                        line, rawBlock: &rawBlock, leftovers: &leftovers, number: index + 1,
                        context: context))
                index += 1
                continue
            }
            if let block = highlightBlock(lines, at: index) {
                output += block.fenced
                index = block.next
                continue
            }
            // kramdown's attribute lists on a line of their own (`{: .class}`, `{:toc}`): the table of contents
            // is the theme's; `* TOC` before `{:toc}` goes with it.
            if match(trimmed, #"^\{:[^}]*\}$"#) != nil {
                if trimmed.contains("toc"), let last = output.last?.trimmingCharacters(in: .whitespaces),
                    ["* TOC", "- TOC", "* toc", "1. TOC"].contains(last)
                {
                    output.removeLast()
                }
                index += 1
                continue
            }
            let result = convertLine(
                line, rawBlock: &rawBlock, leftovers: &leftovers, number: index + 1, context: context)
            output.append(result)
            index += 1
        }
        return Result(markdown: output.joined(separator: "\n"), leftovers: leftovers)
    }

    /// `{% highlight lang %}` … `{% endhighlight %}` or `{{< highlight lang >}}` … `{{< /highlight >}}` from
    /// the line at `start`, as a fenced code block, and the line after it; nil when none starts there. The
    /// fence is longer than any run of backticks inside, so that no line of the code can close it early.
    private static func highlightBlock(_ lines: [String], at start: Int) -> (fenced: [String], next: Int)? {
        let trimmed = lines[start].trimmingCharacters(in: .whitespaces)
        guard
            let language = match(trimmed, #"^\{%-?\s*highlight\s+([A-Za-z0-9_+#.-]+)[^%]*-?%\}$"#)
                ?? match(trimmed, #"^\{\{[<%]\s*highlight\s+"?([A-Za-z0-9_+#.-]+)"?[^>%]*[>%]\}\}$"#)
        else { return nil }
        let isLiquid = trimmed.hasPrefix("{%")
        var code: [String] = []
        var index = start + 1
        while index < lines.count {
            let inner = lines[index].trimmingCharacters(in: .whitespaces)
            if isLiquid
                ? match(inner, #"^\{%-?\s*endhighlight\s*-?%\}$"#) != nil
                : match(inner, #"^\{\{[<%]\s*/highlight\s*[>%]\}\}$"#) != nil
            {
                break
            }
            code.append(lines[index])
            index += 1
        }
        let fence = String(repeating: "`", count: max(3, (code.map(longestBacktickRun).max() ?? 0) + 1))
        return ([fence + language] + code + [fence], index + 1)
    }

    /// The most backticks in a row in `line`.
    private static func longestBacktickRun(_ line: String) -> Int {
        var longest = 0
        var run = 0
        for character in line.utf8 {
            run = character == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// One line outside fenced code, converted: `{% raw %}` … `{% endraw %}`, as often as they stand on a
    /// line or across lines, keep what is inside as written, and what is outside is converted; template
    /// code left over is reported at `number`.
    private static func convertLine(
        _ line: String, rawBlock: inout Bool, leftovers: inout [(Int, String)], number: Int, context: Context
    ) -> String {
        var result = ""
        var rest = Substring(line)
        while !rest.isEmpty {
            let tag = rawBlock ? #"\{%-?\s*endraw\s*-?%\}"# : #"\{%-?\s*raw\s*-?%\}"#
            let found = context.engine == .jekyll ? rest.range(of: tag, options: .regularExpression) : nil
            let piece = String(rest[..<(found?.lowerBound ?? rest.endIndex)])
            if rawBlock {
                result += piece
            } else {
                let inline = convertInline(uncommentedShortcodes(piece), context: context)
                let converted = withBasePath(inline, context: context)
                for leftover in templateCode(in: converted, engine: context.engine)
                where !isUncommented(leftover, in: piece) {
                    leftovers.append((number, leftover))
                }
                result += converted
            }
            guard let found else { break }
            rawBlock.toggle()
            rest = rest[found.upperBound...]
        }
        return result
    }

    /// A line of fenced code: Jekyll and Hugo run their templates there too, so `{% raw %}` is taken away,
    /// a commented shortcode (`{{</* x */>}}`) shows as written, and anything else is reported.
    private static func fencedLine(
        _ written: String, rawBlock: inout Bool, leftovers: inout [(Int, String)],
        number: Int, context: Context
    ) -> String {
        let engine = context.engine
        var sawRaw = false
        var line = replace(written, #"\{%-?\s*(end)?raw\s*-?%\}"#) { groups in
            sawRaw = true
            rawBlock = groups[1].isEmpty
            return ""
        }
        line = uncommentedShortcodes(line)
        if engine == .jekyll, !rawBlock, !sawRaw {
            line = replace(line, #"\{%-?\s*(post_url|link)\s+([^\s%]+)\s*-?%\}"#) { groups in
                context.postURLs[groups[2]] ?? context.postURLs[(groups[2] as NSString).lastPathComponent] ?? groups[0]
            }
        }
        if !rawBlock, !sawRaw {
            for leftover in templateCode(in: line, engine: engine) where !isUncommented(leftover, in: written) {
                leftovers.append((number, leftover))
            }
        }
        return line
    }

    /// Hugo's way of writing a shortcode as text: `{{</* name */>}}` shows `{{< name >}}`.
    private static func uncommentedShortcodes(_ line: String) -> String {
        line.replacingOccurrences(of: "{{</*", with: "{{<").replacingOccurrences(of: "*/>}}", with: ">}}")
            .replacingOccurrences(of: "{{%/*", with: "{{%").replacingOccurrences(of: "*/%}}", with: "%}}")
    }

    /// Whether a shortcode left in a line was written commented out, to be shown as text.
    private static func isUncommented(_ code: String, in original: String) -> Bool {
        original.contains("{{</*") || original.contains("{{%/*")
    }

    /// Tags inside a line: site variables, links to posts, figures, refs.
    private static func convertInline(_ text: String, context: Context) -> String {
        var line = text
        let base = context.basePath.hasSuffix("/") ? String(context.basePath.dropLast()) : context.basePath
        // {{ site.baseurl }} and {{ site.url }}: the old site's values, which the new one keeps.
        line = replace(line, #"\{\{-?\s*site\.baseurl\s*-?\}\}"#) { _ in base }
        line = replace(line, #"\{\{-?\s*site\.url\s*-?\}\}"#) { _ in context.siteURL }
        // {{ "/x" | relative_url }} and {{ "/x" | absolute_url }}.
        line = replace(line, #"\{\{-?\s*["']([^"']*)["']\s*\|\s*(relative_url|absolute_url)\s*-?\}\}"#) { groups in
            let path = groups[1].hasPrefix("/") ? groups[1] : "/" + groups[1]
            return (groups[2] == "absolute_url" ? context.siteURL : "") + base + path
        }
        // {% post_url name %} and {% link path %}: the post's new file, which the build links to its page.
        line = replace(line, #"\{%-?\s*(post_url|link)\s+([^\s%]+)\s*-?%\}"#) { groups in
            linkTarget(groups[2], context: context) ?? groups[0]
        }
        // {{ site.KEY }}: the value in _config.yml, as Jekyll printed it.
        if context.engine == .jekyll {
            line = replace(line, #"\{\{-?\s*site\.([A-Za-z0-9_]+)\s*-?\}\}"#) { groups in
                context.siteValues[groups[1]] ?? groups[0]
            }
        }
        // {{< ref "x" >}} and {{< relref "x" >}}.
        line = replace(line, #"\{\{[<%]\s*(rel)?ref\s+"?([^"\s>%]+)"?\s*[>%]\}\}"#) { groups in
            let target = groups[2]
            let fragment = target.firstIndex(of: "#").map { String(target[$0...]) } ?? ""
            let path = fragment.isEmpty ? target : String(target.prefix { $0 != "#" })
            let key = path.hasPrefix("/") ? String(path.dropFirst()) : path
            guard
                let file = context.postFiles[key] ?? context.postFiles[(key as NSString).lastPathComponent]
                    ?? context.postFiles[((key as NSString).lastPathComponent as NSString).deletingPathExtension]
            else { return groups[0] }
            return SiteImport.relativePath(from: context.file, to: file) + fragment
        }
        // {{< figure src="…" alt="…" caption="…" >}}: an image with its caption.
        line = replace(line, #"\{\{[<%]\s*figure\s+([^>%]*?)\s*/?[>%]\}\}"#) { groups in
            let attributes = Self.attributes(groups[1])
            guard let source = attributes["src"] else { return groups[0] }
            func escaped(_ text: String) -> String { HTMLEscaping().escapeText(text) }
            var html =
                "<figure><img src=\"\(escaped(source))\" alt=\"\(escaped(attributes["alt"] ?? attributes["caption"] ?? ""))\">"
            if let caption = attributes["caption"] ?? attributes["title"] {
                html += "<figcaption>\(escaped(caption))</figcaption>"
            }
            return html + "</figure>"
        }
        return line
    }

    /// The new file a `post_url` or `link` tag names, relative to the post.
    private static func linkTarget(_ name: String, context: Context) -> String? {
        (context.postFiles[name] ?? context.postFiles[(name as NSString).lastPathComponent]).map {
            SiteImport.relativePath(from: context.file, to: $0)
        }
    }

    /// Root-relative links and sources to copied assets (`](/assets/x.png)`, `src="/assets/x.png"`), under
    /// the base path.
    private static func withBasePath(_ text: String, context: Context) -> String {
        let base = context.basePath.hasSuffix("/") ? String(context.basePath.dropLast()) : context.basePath
        guard !base.isEmpty, !context.assets.isEmpty else { return text }
        return replace(text, #"(\]\(|(?:src|href|srcset)=["'])/([^)"'\s?#]+)"#) { groups in
            context.assets.contains(groups[2]) ? groups[1] + base + "/" + groups[2] : groups[0]
        }
    }

    /// `key="value"` pairs of a shortcode.
    private static func attributes(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        guard let expression = try? NSRegularExpression(pattern: #"([A-Za-z_]+)\s*=\s*"([^"]*)""#) else {
            return result
        }
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let key = Range(match.range(at: 1), in: text), let value = Range(match.range(at: 2), in: text) else {
                continue
            }
            result[String(text[key])] = String(text[value])
        }
        return result
    }

    /// Every piece of template code in a text, by line, converting nothing.
    static func leftovers(in text: String, engine: SiteImport.Engine) -> [(line: Int, text: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { index, line in
            templateCode(in: String(line), engine: engine).map { (index + 1, $0) }
        }
    }

    /// Liquid tags and output, and Hugo shortcodes, left in a line.
    static func templateCode(in line: String, engine: SiteImport.Engine = .jekyll) -> [String] {
        let pattern = engine == .jekyll ? #"\{%.*?%\}|\{\{.*?\}\}"# : #"\{\{[<%].*?[>%]\}\}"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap {
            Range($0.range, in: line).map { String(line[$0]) }
        }
    }

    private static func match(_ text: String, _ pattern: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(found.range(at: found.numberOfRanges > 1 ? 1 : 0), in: text)
        else { return nil }
        return String(text[range])
    }

    private static func replace(_ text: String, _ pattern: String, with make: ([String]) -> String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        var result = ""
        var last = text.startIndex
        for found in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(found.range, in: text) else { continue }
            let groups = (0..<found.numberOfRanges).map { index in
                Range(found.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
            result += text[last..<whole.lowerBound]
            result += make(groups)
            last = whole.upperBound
        }
        return result + text[last...]
    }
}
