import BlogFileSystem
import Foundation
import JSONFeed
import Yams

extension SiteImport {
    /// One line (or a few, for a nested value) of front matter to write, under its key.
    struct WrittenKey {
        var key: String
        var text: String
        /// Where the value came from, for a warning when the build would refuse it.
        var sourceKey: String

        /// `key: value`, the value written as YAML already.
        init(_ key: String, _ value: String, from sourceKey: String? = nil) {
            self.key = key
            text = "\(key): \(value)"
            self.sourceKey = sourceKey ?? key
        }
    }

    /// A post's date, as the old engine read it: the instant, and the offset to write it with.
    struct ReadDate {
        var instant: Date
        var offset: Int

        /// RFC 3339 with the offset.
        var text: String { RFC3339.string(from: instant, offset: offset) }
    }

    /// The front matter written for an entry: a title, a date with its offset and the URL the old engine
    /// published the post at, each as the old engine made it, and the keys the build reads; every value is
    /// checked as the build checks it, so that what is written is never refused.
    func frontMatterText(
        _ entry: Entry, settings: Settings, usedURLs: inout UsedURLs,
        report: inout Report
    ) -> String {
        var keys: [WrittenKey] = []
        var isDraft = entry.isDraft
        var dropped: [String] = []
        let date = postDate(entry, settings: settings, report: &report)
        keys.append(WrittenKey("title", JSONText.quoted(title(of: entry))))
        if let date {
            keys.append(WrittenKey("date", date.text))
        }
        let url =
            entry.kind == .post
            ? date.flatMap { postURL(entry, date: $0, settings: settings) }
            : pageURL(entry, date: date, settings: settings)
        // Hugo resolves an alias without a leading slash against the page's folder (`/blog/2022/`).
        var aliasBase = "/"
        if engine == .hugo, let url, let slash = url.dropLast().lastIndex(of: "/") { aliasBase = String(url[...slash]) }
        let dateKeys: Set<String> = ["date", "publishDate", "publishdate", "pubdate", "published_at"]
        let updateKeys: Set<String> = ["lastmod", "last_modified_at", "updated", "modified"]
        for (key, node) in entry.fields {
            switch key {
            case "title", "permalink", "url":
                continue
            case "description" where entry.body.contains(settings.summarySeparator ?? "<!--more-->"),
                "summary" where engine == .hugo && entry.body.contains("<!--more-->"):
                // Both engines take the text before the separator as the summary, where the build would take
                // a description (and Hugo before its own `summary`); the separator is the author's choice.
                dropped.append(key)
            case _ where dateKeys.contains(key):
                continue
            case _ where updateKeys.contains(key):
                guard !keys.contains(where: { $0.key == "updated" }) else { continue }
                if let read = readDate(node, settings: settings) {
                    keys.append(WrittenKey("updated", read.text, from: key))
                } else {
                    let value = Diagnostic.quoted(node.string ?? "")
                    report.warn(entry.source, "'\(key)' \(value) is not a date; left out")
                }
            case "published", "expiryDate", "expirydate", "unpublishdate", "draft":
                if isLeftOut(key, node, entry: entry, settings: settings, report: &report) { isDraft = true }
            case "aliases", "redirect_from":
                if let written = aliasesKey(key, node, base: aliasBase, entry: entry, report: &report) {
                    keys.append(written)
                }
            case "tags", "categories", "category":
                let values = Self.strings(node)
                if case .scalar = node, engine == .jekyll {
                    keys.append(WrittenKey(key, JSONText.quoted(values.joined(separator: " "))))
                } else if !values.isEmpty {
                    keys.append(WrittenKey(key, Self.list(values)))
                }
            case "author", "authors":
                if !keys.contains(where: { $0.key == "authors" }), let written = Self.authorsKey(key, node) {
                    keys.append(written)
                }
            case "slug":
                // The slug is in the URL written as `permalink`; the build's own slug rules (no spaces, no '/')
                // would only refuse what the engines took.
                continue
            default:
                guard FrontMatter.knownKeys.contains(key) || key.hasPrefix("_") else {
                    dropped.append(key)
                    continue
                }
                keys.append(WrittenKey(key, Self.value(node)))
            }
        }
        if let url { keys.append(permalinkKey(url, entry: entry, usedURLs: &usedURLs, report: &report)) }
        if isDraft { keys.append(WrittenKey("draft", "true")) }
        keys = checked(keys, entry: entry, settings: settings, report: &report)
        var lines = keys.map(\.text)
        if !dropped.isEmpty {
            lines.append("# Keys of the old site's theme, which mean nothing here: \(dropped.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether the old engine leaves the entry out for `key`: Jekyll's `published: false`, Hugo's `draft`
    /// and expiry dates past.
    private func isLeftOut(_ key: String, _ node: Node, entry: Entry, settings: Settings, report: inout Report)
        -> Bool
    {
        switch key {
        case "published":
            // Jekyll leaves out a post whose `published` is YAML's false (`false`, `no`, `off`, unquoted); a
            // quoted "false" is a string, which Ruby takes as true. Hugo reads `published` as a date.
            return engine == .jekyll && Self.isPlain(node) && Self.isFalse(node)
        case "draft":
            // Jekyll has no `draft` key (drafts live in _drafts); Hugo's is a boolean, or a string strconv reads.
            // A site with `buildDrafts` publishes its drafts.
            return engine == .hugo && settings.hugo.bool("builddrafts") != true
                && ["true", "t", "1", "yes", "on"].contains(node.string?.lowercased() ?? "")
        default:
            // Hugo's expiry dates; Jekyll has no such key.
            guard engine == .hugo, settings.hugo.bool("buildexpired") != true,
                let expiry = readDate(node, settings: settings), expiry.instant <= now
            else { return false }
            report.warn(entry.source, "expired on \(expiry.text), so Hugo leaves it out; imported as a draft")
            return true
        }
    }

    /// `aliases` or `redirect_from` as the old engine resolved them, each checked as the build checks it.
    private func aliasesKey(
        _ key: String, _ node: Node, base aliasBase: String, entry: Entry, report: inout Report
    ) -> WrittenKey? {
        var paths: [String] = []
        for written in Self.strings(node) where !written.contains("://") {
            var path = written.hasPrefix("/") ? written : aliasBase + written
            // Hugo writes an alias without an extension as a folder's index.html (jekyll-redirect-from
            // writes it as PATH.html, as the build does).
            if engine == .hugo, !path.hasSuffix("/"), !Self.lastSegmentHasExtension(path) { path += "/" }
            if let problem = Permalink.pathProblem(path) {
                report.warn(
                    entry.source,
                    "the old path \(Diagnostic.quoted(written)) of '\(key)' \(problem); "
                        + "no redirect is written for it")
            } else {
                paths.append(path)
            }
        }
        report.redirects += paths.count
        return paths.isEmpty ? nil : WrittenKey(key, Self.list(paths))
    }

    /// `authors` from a list of ids (Jekyll's `_data/authors.yml`) or of names, a mapping with a name, or a
    /// name; nil when none is left.
    private static func authorsKey(_ key: String, _ node: Node) -> WrittenKey? {
        let names: [String]
        if case .mapping(let mapping) = node {
            names = mapping["name"]?.string.map { [$0] } ?? []
        } else if case .sequence(let sequence) = node {
            names = sequence.compactMap { element in
                if case .mapping(let mapping) = element { return mapping["name"]?.string }
                return element.string
            }
        } else {
            names = strings(node)
        }
        let written = names.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return written.isEmpty ? nil : WrittenKey("authors", list(written), from: key)
    }

    /// `permalink`: the URL the old engine published the entry at, or a free one when the new site's own
    /// outputs or another entry take it, or the build would refuse it.
    private func permalinkKey(
        _ url: String, entry: Entry, usedURLs: inout UsedURLs, report: inout Report
    ) -> WrittenKey {
        var path = url
        let output = Routes.outputPath(ofPermalink: url)
        if let other = usedURLs[output] ?? (Self.isBuildOutput(output) ? "" : nil) {
            path = freePath(entry, &usedURLs)
            let whose =
                other.isEmpty
                ? "the new site's own (its home page, a list page, a feed or the sitemap)" : "also \(other)'s"
            report.warn(entry.source, "its URL \(url) is \(whose); it is at \(path)")
        } else if let problem = Permalink.pathProblem(url) {
            path = freePath(entry, &usedURLs)
            report.warn(entry.source, "its URL \(Diagnostic.quoted(url)) \(problem); it is at \(path)")
        }
        usedURLs[Routes.outputPath(ofPermalink: path)] = entry.source
        return WrittenKey("permalink", JSONText.quoted(path))
    }

    /// Whether the build writes this output whatever the posts: the home page and the root's files (counted in
    /// `usedURLs` already), and everything below the folders of its list pages and feed archive.
    static func isBuildOutput(_ output: String) -> Bool {
        Routes.isEngineOutput(output)
    }

    /// The output paths taken so far, each with the source that took it ("" for the new site's own), and the
    /// next suffix to try for a free path by its name, so that finding one is not a walk over the ones taken
    /// (10,000 posts of one name were quadratic).
    struct UsedURLs {
        var owners: [String: String] = [:]
        var nextSuffix: [String: Int] = [:]

        subscript(output: String) -> String? {
            get { owners[output] }
            set { owners[output] = newValue }
        }
    }

    /// `/posts/NAME/` (`/pages/NAME/` for a page; then `-2`, `-3` …) for one whose old URL cannot be kept: no
    /// other post's path.
    func freePath(_ entry: Entry, _ usedURLs: inout UsedURLs) -> String {
        let base = Slug.make(from: Self.jekyllFileName(entry.name)?.slug ?? entry.name)
        let folder = entry.kind == .post ? "posts" : "pages"
        let first = "/\(folder)/\(base.isEmpty ? "untitled" : base)/"
        var path = first
        if usedURLs[Routes.outputPath(ofPermalink: path)] != nil {
            var suffix = usedURLs.nextSuffix[first, default: 2]
            repeat {
                path = "/\(folder)/\(base)-\(suffix)/"
                suffix += 1
            } while usedURLs[Routes.outputPath(ofPermalink: path)] != nil
            usedURLs.nextSuffix[first] = suffix
        }
        return path
    }

    /// The keys, less any the build refuses (each reported with the build's own message): the written text
    /// is read exactly as `blog build` reads it.
    private func checked(
        _ written: [WrittenKey], entry: Entry, settings: Settings,
        report: inout Report
    ) -> [WrittenKey] {
        var keys = written
        for _ in 0..<written.count {
            let text = "---\n" + keys.map(\.text).joined(separator: "\n") + "\n---\n"
            let fileName = ((entry.destination as NSString).lastPathComponent as NSString).deletingPathExtension
            let (_, diagnostics) = FrontMatter.read(
                text, file: entry.destination, kind: entry.kind,
                defaultSlug: "imported", timeZone: settings.timeZone,
                fileName: fileName)
            let errors = diagnostics.filter { $0.severity == .error }
            guard let error = errors.first else { return keys }
            // Line 1 is the opening `---`; each key's text may span several lines.
            var line = 2
            var culprit: Int?
            for (index, key) in keys.enumerated() {
                let count = key.text.split(separator: "\n", omittingEmptySubsequences: false).count
                if let errorLine = error.line, errorLine >= line, errorLine < line + count { culprit = index }
                line += count
            }
            if culprit == nil { culprit = keys.firstIndex { error.message.contains("'\($0.key)'") } }
            guard let index = culprit, keys[index].key != "title" else {
                report.warn(entry.source, "the build will refuse what was written: \(error.message)")
                return keys
            }
            report.warn(entry.source, "'\(keys[index].sourceKey)' left out: \(error.message)")
            keys.remove(at: index)
        }
        return keys
    }

    /// The title the old engine shows: front matter's, else Jekyll's from the file name's slug
    /// (`release-0.9.0` is "Release 0.9.0"), else the file name.
    func title(of entry: Entry) -> String {
        if let node = entry.fields.first(where: { $0.key == "title" })?.value, let text = node.string,
            !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
            return text
        }
        if engine == .jekyll {
            var slug = Self.jekyllFileName(entry.name)?.slug ?? entry.name
            while slug.hasSuffix(".") { slug.removeLast() }
            return Self.titleized(slug)
        }
        return entry.name
    }

    /// Jekyll's `Utils.titleize_slug`: words split at hyphens (only), each `String#capitalize`d (first letter
    /// upper case, the rest lower), joined with spaces.
    static func titleized(_ slug: String) -> String {
        var words = slug.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        // Ruby's `split` drops trailing empty fields.
        while words.last == "" { words.removeLast() }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")
    }

    /// The post's date: front matter's as the engine reads it, else (Jekyll) the file name's at midnight in
    /// the site's zone, else the file's modification time, with a warning.
    func postDate(_ entry: Entry, settings: Settings, report: inout Report) -> ReadDate? {
        // Hugo's default order of date keys (`frontmatter.date`); Jekyll reads `date` only.
        let keys =
            engine == .jekyll
            ? ["date"] : ["date", "publishDate", "publishdate", "pubdate", "published", "lastmod", "modified"]
        for key in keys {
            guard let node = entry.field(key), !YAMLFields.isNull(node) else { continue }
            if let read = readDate(node, settings: settings) { return read }
            let reader = engine == .jekyll ? "Jekyll" : "Hugo"
            let value = Diagnostic.quoted(node.string ?? "")
            report.warn(entry.source, "'\(key)' \(value) is not a date \(reader) reads; left out")
        }
        if engine == .jekyll, let parts = Self.jekyllFileName(entry.name)?.date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = settings.timeZone
            if let instant = calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day)) {
                return ReadDate(instant: instant, offset: settings.timeZone.secondsFromGMT(for: instant))
            }
        }
        if engine == .hugo, entry.kind == .post, !entry.isDraft {
            // Hugo dates a page without any date key at Go's zero time, and lists it there.
            let zero = Date(timeIntervalSince1970: -62_135_596_800)
            report.warn(entry.source, "no date; Hugo dated it 0001-01-01T00:00:00Z, which was written")
            return ReadDate(instant: zero, offset: 0)
        }
        guard entry.kind == .post,
            let stamp = FileStamp(source.appending(path: entry.source).path)
        else { return nil }
        // A draft (or a Hugo post) without a date: Jekyll and Hugo show the file's time.
        let modified = Date(timeIntervalSince1970: (Double(stamp.modified) / 1e9).rounded(.down))
        let read = ReadDate(instant: modified, offset: settings.timeZone.secondsFromGMT(for: modified))
        if !entry.isDraft {
            report.warn(entry.source, "no date; the file's modification time, \(read.text), was written")
        }
        return read
    }

    /// A front matter date as the old engine reads it. Jekyll: see ``JekyllDate``, shown in the site's zone.
    /// Hugo: a value without offset is in the site's `timeZone` (a date alone is its midnight), and a
    /// written offset is kept.
    func readDate(_ node: Yams.Node, settings: Settings) -> ReadDate? {
        guard case .scalar(let scalar) = node else { return nil }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        switch engine {
        case .jekyll:
            guard let instant = JekyllDate.instant(text, isPlain: Self.isPlain(node), zone: settings.timeZone)
            else { return nil }
            return ReadDate(instant: instant, offset: settings.timeZone.secondsFromGMT(for: instant))
        case .hugo:
            if let stamp = FrontMatterDate.Timestamp(text), let instant = stamp.date(in: settings.timeZone) {
                let offset = stamp.offset ?? settings.timeZone.secondsFromGMT(for: instant)
                return ReadDate(instant: instant, offset: offset)
            }
            guard let instant = JekyllDate.parse(text, zone: settings.timeZone, readingZoneNames: false) else {
                return nil
            }
            return ReadDate(instant: instant, offset: settings.timeZone.secondsFromGMT(for: instant))
        }
    }

    /// The path the old engine published a post at.
    func postURL(_ entry: Entry, date: ReadDate, settings: Settings) -> String? {
        switch engine {
        case .jekyll: return jekyllURL(entry, date: date.instant, settings: settings)
        case .hugo: return HugoURLs.url(of: entry, date: date, settings: settings)
        }
    }

    /// The path the old engine published a page at: its own `permalink` or `url`; else Jekyll's page template
    /// (`/:path/:basename` with the ending of the site's permalink style: `/` for `pretty` or a pattern
    /// ending in one, `.html` for `date`, `ordinal`, `none` or a pattern ending in `:output_ext`), or Hugo's
    /// rules for a regular page, as for a post.
    func pageURL(_ entry: Entry, date: ReadDate?, settings: Settings) -> String? {
        if let own = (entry.field("permalink") ?? entry.field("url"))?.string, !own.isEmpty, !own.contains(":") {
            return own.hasPrefix("/") ? own : "/" + own
        }
        switch engine {
        case .jekyll:
            let style = settings.permalink ?? "date"
            if style == "pretty" || style.hasSuffix("/") { return "/\(entry.name)/" }
            if ["date", "ordinal", "none"].contains(style) || style.hasSuffix(":output_ext") {
                return "/\(entry.name).html"
            }
            return "/\(entry.name)"
        case .hugo:
            return HugoURLs.url(
                of: entry, date: date ?? ReadDate(instant: Date(timeIntervalSince1970: 0), offset: 0),
                settings: settings)
        }
    }

    /// Jekyll 4.3's `Document#url`: the post's `permalink` (its own, else from `defaults`), else the posts'
    /// template (`collections.posts.permalink`, else the site's `permalink` style), expanded by `UrlDrop`
    /// with the date in the site's zone, then `URL#sanitize_url` (`..` and `./` go, slashes are squeezed).
    func jekyllURL(_ entry: Entry, date: Date, settings: Settings) -> String {
        let defaults = settings.jekyllDefaults(for: entry.source)
        let template =
            entry.fields.first(where: { $0.key == "permalink" })?.value.string
            ?? (defaults["permalink"] as? String).map(Permalink.pattern(for:)) ?? settings.jekyllPostsTemplate
        let base = ((entry.source as NSString).lastPathComponent as NSString).deletingPathExtension
        var fileSlug = Self.jekyllFileName(base)?.slug ?? base
        while fileSlug.hasSuffix(".") { fileSlug.removeLast() }
        let slug = entry.field("slug")?.string ?? (defaults["slug"] as? String) ?? fileSlug
        var categories = entry.pathCategories
        func add(_ values: [String]) {
            for value in values where !categories.contains(value) { categories.append(value) }
        }
        if let node = entry.field("categories") {
            // Jekyll's merge_categories! splits a string of categories at white space; `category` stays whole.
            if case .scalar(let scalar) = node {
                add(scalar.string.split(whereSeparator: \.isWhitespace).map(String.init))
            } else {
                add(Self.strings(node))
            }
        } else if let list = defaults["categories"] {
            add((list as? [Any])?.map { "\($0)" } ?? "\(list)".split(separator: " ").map(String.init))
        }
        if let value = entry.field("category")?.string { add([value]) }
        let values = Permalink.Values(
            date: date, zone: settings.timeZone, name: slug, fileName: base,
            categories: categories)
        var url = Permalink.expand(template, values)
        url = ("/" + url).replacingOccurrences(of: "..", with: "/").replacingOccurrences(of: "./", with: "")
        while url.contains("//") { url = url.replacingOccurrences(of: "//", with: "/") }
        return url
    }

    /// An unquoted scalar, which YAML may resolve to a boolean or a timestamp.
    static func isPlain(_ node: Yams.Node) -> Bool { node.scalar?.style == .plain || node.scalar?.style == .any }

    static func lastSegmentHasExtension(_ path: String) -> Bool {
        (path.split(separator: "/").last ?? "").contains(".")
    }

    static func isFalse(_ node: Yams.Node) -> Bool { ["false", "no", "off"].contains(node.string?.lowercased() ?? "") }

    /// The strings of a value: the words of a string (as Jekyll splits tags and categories), or a list's
    /// scalars, nested lists flattened.
    static func strings(_ node: Yams.Node) -> [String] {
        switch node {
        case .scalar(let scalar):
            return YAMLFields.isNull(node) ? [] : [scalar.string].filter { !$0.isEmpty }
        case .sequence(let sequence):
            return sequence.flatMap { strings($0) }
        default:
            return []
        }
    }

    static func list(_ values: [String]) -> String { "[" + values.map(JSONText.quoted).joined(separator: ", ") + "]" }

    static func value(_ node: Yams.Node) -> String {
        switch node {
        case .scalar(let scalar): return JSONText.quoted(scalar.string)
        case .sequence: return list(strings(node))
        default:
            return (try? Yams.serialize(node: node).trimmingCharacters(in: .whitespacesAndNewlines))
                .map { "\n  " + $0.replacingOccurrences(of: "\n", with: "\n  ") } ?? "null"
        }
    }
}
