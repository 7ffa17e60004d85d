import BlogFileSystem
import Foundation
import Yams

/// `blog import jekyll|hugo SRC DEST`: a new site in DEST with every post, draft and asset of a Jekyll or
/// Hugo site, dates written with explicit offsets, URLs kept (blog.yaml's `permalink:`, a post's `url:`
/// where the pattern cannot say it, redirects for `redirect_from:` and `aliases:`), and template code
/// converted where its meaning is clear. SRC is only read.
public struct SiteImport {
    public enum Engine: String, Sendable, CaseIterable {
        case jekyll
        case hugo
    }

    /// What an import did, and every construct it could not convert.
    public struct Report: Sendable {
        public var posts = 0
        public var drafts = 0
        public var pages = 0
        public var assets = 0
        public var redirects = 0
        public var warnings: [Diagnostic] = []

        mutating func warn(_ file: String, line: Int? = nil, _ message: String) {
            warnings.append(Diagnostic(.warning, file: file, line: line, message: message))
        }
    }

    let engine: Engine
    let source: URL
    let destination: URL
    /// The time of the import, against which Hugo's `expiryDate` is read.
    let now: Date

    /// - Parameters:
    ///   - now: When the import runs: a Hugo post whose `expiryDate` is past is imported as a draft, as
    ///     Hugo leaves it out.
    public init(engine: Engine, source: URL, destination: URL, now: Date = Date()) {
        self.engine = engine
        self.source = source.standardizedFileURL
        self.destination = destination.standardizedFileURL
        self.now = now
    }

    /// The settings read from the old site's configuration.
    struct Settings {
        var title = "My Blog"
        var description = ""
        var author: String?
        var siteURL = "https://example.com"
        var basePath = ""
        var timeZone = TimeZone.gmt
        var timeZoneName = "UTC"
        var postsPerPage: Int?
        var permalink: String?
        var language: String?
        /// Jekyll: `_config.yml`'s scalar values by key, for `{{ site.KEY }}` in posts.
        var siteValues: [String: String] = [:]
        /// Hugo's `permalinks`, by section.
        var hugoPermalinks: [String: String] = [:]
        /// Jekyll's `paginate_path` (`/page:num/`) when the site paginates.
        var paginatePath: String?
        /// Jekyll: the posts' URL template, from `collections.posts.permalink`, else the site's `permalink`.
        var jekyllPostsTemplate = Permalink.pattern(for: "date")
        /// Jekyll's `defaults`: scope path, scope type, values.
        var jekyllDefaultScopes: [(path: String, type: String?, values: [String: Any])] = []
        /// The text that ends a post's summary, when the old site names one (`excerpt_separator`).
        var summarySeparator: String?
        /// Hugo's `summaryLength`: the words of a summary made without a separator.
        var summaryWords: Int?
        /// Hugo: the merged configuration and the folder of the default language's content.
        var hugo = HugoConfig()
        var contentDir = "content"
        /// Hugo: the folders below the content folder that hold an `_index` file, which makes them sections.
        var hugoSections: Set<String> = []
        /// Whether the old engine published raw HTML in Markdown: kramdown does; Hugo's goldmark (0.60 and
        /// later) only with `markup.goldmark.renderer.unsafe: true`, else it writes `<!-- raw HTML omitted -->`.
        var allowsRawHTML = true

        /// The values Jekyll's `defaults` give a post at `path`: every scope whose path contains it and whose
        /// type is `posts` or unset, the more specific path winning, then the later scope.
        func jekyllDefaults(for path: String) -> [String: Any] {
            var values: [String: Any] = [:]
            let matching = jekyllDefaultScopes.enumerated().filter { _, scope in
                let scopePath = scope.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                // A scope path may hold `*` for one folder name (Jekyll's glob scopes).
                let glob =
                    "^"
                    + NSRegularExpression.escapedPattern(for: scopePath)
                    .replacingOccurrences(of: "\\*", with: "[^/]*")
                let inScope =
                    scopePath.isEmpty || path == scopePath || path.hasPrefix(scopePath + "/")
                    || scopePath.contains("*") && path.range(of: glob + "(/|$)", options: .regularExpression) != nil
                return inScope && (scope.type == nil || scope.type == "posts")
            }
            let ordered = matching.sorted { ($0.element.path.count, $0.offset) < ($1.element.path.count, $1.offset) }
            for (_, scope) in ordered { values.merge(scope.values) { _, new in new } }
            return values
        }
    }

    /// One post or page to write.
    struct Entry {
        var source: String
        var destination: String
        var kind: Post.Kind
        var isDraft: Bool
        /// Front matter as read, scalars as written.
        var fields: [(key: String, value: Yams.Node)]
        var body: String
        var bodyFirstLine: Int
        /// The file name without extension, or the bundle folder's name.
        var name: String
        /// For a Hugo leaf bundle, its folder in the source, whose other files go beside the new index.md.
        var bundleSource: String? = nil
        /// Jekyll's categories from the folders above `_posts` (`blog/_posts` gives `blog`).
        var pathCategories: [String] = []
        /// The source is HTML, carried over as raw HTML.
        var isHTML = false

        /// The value of a front matter key, if given.
        func field(_ key: String) -> Yams.Node? { fields.first { $0.key == key }?.value }
    }

    public func run() throws(DiagnosticError) -> Report {
        try checkFolders()
        var report = Report()
        let settings = try readSettings()
        var entries = try collectEntries(&report, settings: settings)
        // A file past the build's bounds stops the import before anything is written, with every problem.
        if report.warnings.contains(where: { $0.severity == .error }) { throw DiagnosticError(report.warnings) }
        let postFiles = linkTargets(entries, contentDir: settings.contentDir)
        let assets = Set(
            assetCopies(entries, settings: settings, &report).compactMap { copy in
                copy.to.hasPrefix("site-template/static/")
                    ? String(copy.to.dropFirst("site-template/static/".count)) : nil
            })
        // Each post's old URL, for tags inside code, where Jekyll printed it as text.
        var scratch = Report()
        var urlOfFile: [String: String] = [:]
        for entry in entries {
            let date = postDate(entry, settings: settings, report: &scratch)
            let url =
                entry.kind == .post
                ? date.flatMap { postURL(entry, date: $0, settings: settings) }
                : pageURL(entry, date: date, settings: settings)
            urlOfFile[entry.destination] = url
        }
        // Jekyll 4's post_url and link print relative_url, the base path included.
        let base = settings.basePath.hasSuffix("/") ? String(settings.basePath.dropLast()) : settings.basePath
        let basePath = base.isEmpty || base.hasPrefix("/") ? base : "/" + base
        let postURLs = postFiles.compactMapValues { urlOfFile[$0].map { basePath + $0 } }
        var written: [(String, String)] = []
        // The build's own outputs at the root, which no post may take.
        var usedURLs = UsedURLs()
        let feedName = engine == .jekyll ? "feed.xml" : "index.xml"
        for output in Routes.defaultRootFiles + [feedName] {
            usedURLs[output] = ""
        }
        for index in entries.indices {
            let entry = entries[index]
            let context = TemplateConversion.Context(
                siteURL: settings.siteURL, basePath: settings.basePath,
                postFiles: postFiles, file: entry.destination, assets: assets, engine: engine,
                siteValues: settings.siteValues, postURLs: postURLs)
            entries[index].body = converted(entry, context: context, settings: settings, report: &report)
            // A post's own `excerpt_separator` (Jekyll) becomes the site's, the one the build reads.
            if engine == .jekyll, let own = entry.field("excerpt_separator")?.string, !own.isEmpty, own != "\n\n",
                let range = entries[index].body.range(of: own)
            {
                entries[index].body.replaceSubrange(range, with: settings.summarySeparator ?? "<!--more-->")
            }
            let frontMatter = frontMatterText(entries[index], settings: settings, usedURLs: &usedURLs, report: &report)
            written.append((entry.destination, "---\n" + frontMatter + "---\n" + entries[index].body))
            switch (entry.kind, frontMatter.contains("\ndraft: true\n")) {
            case (.page, _): report.pages += 1
            case (.post, true): report.drafts += 1
            case (.post, false): report.posts += 1
            }
        }
        written.append(("blog.yaml", blogYAML(settings, posts: report.posts, report: &report)))
        written.append((".gitignore", Self.gitignore))
        written += DefaultTheme.files.map { ("site-template/\($0.path)", $0.contents) }
        for (path, text) in written { try create(path, Data(text.utf8)) }
        let copied = try copyAssets(entries, settings: settings, &report)
        reportFilesLeft(brought: copied.union(entries.map(\.source)), &report)
        return report
    }

    /// The new site's .gitignore: the build's output and scratch folders.
    static let gitignore = "public/\n.blog-cache/\n.*.blog-staging/\n.*.blog-trash-*/\n.*.blog-spare/\n"

    /// An entry's body with its template code converted, each construct left as text reported by line.
    private func converted(
        _ entry: Entry, context: TemplateConversion.Context, settings: Settings, report: inout Report
    ) -> String {
        if entry.isHTML, !settings.allowsRawHTML {
            report.warn(
                entry.source,
                "an HTML post, which Hugo published as written; the new site omits raw HTML as Hugo did in "
                    + "Markdown (markdown.unsafe: false in blog.yaml), so its body is omitted until that is true")
        }
        // An HTML post is carried over as written: its template code is only reported.
        let converted =
            entry.isHTML
            ? TemplateConversion.Result(
                markdown: entry.body,
                leftovers: TemplateConversion.leftovers(in: entry.body, engine: engine))
            : TemplateConversion.convert(entry.body, context: context)
        for leftover in converted.leftovers {
            report.warn(
                entry.source, line: entry.bodyFirstLine + leftover.line - 1,
                "\(Diagnostic.quoted(leftover.text)) was left as text: it has no equivalent here")
        }
        return converted.markdown
    }

    // MARK: Folders

    private func checkFolders() throws(DiagnosticError) {
        guard FileSystem.kind(of: source.resolvingSymlinksInPath().path) == .folder else {
            throw DiagnosticError(
                file: source.path, message: "no such folder; expected the \(engine.rawValue) site to import")
        }
        let hugoMarkers = [
            "hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml",
            "config.json", "config/_default", "content",
        ]
        let marker = engine == .jekyll ? ["_config.yml", "_config.yaml", "_posts"] : hugoMarkers
        guard marker.contains(where: { FileSystem.exists(source.appending(path: $0).path) }) else {
            throw DiagnosticError(
                file: source.path,
                message: "not a \(engine.rawValue) site: none of \(marker.joined(separator: ", ")) is there")
        }
        try Self.checkDestination(destination, source: source)
    }

    /// DEST for any import: apart from the source (``checkApart(_:source:)``), and new or empty.
    static func checkDestination(_ destination: URL, source: URL) throws(DiagnosticError) {
        try checkApart(destination, source: source)
        if FileSystem.exists(destination.path) {
            let entries = FileSystem.names(in: destination.path) ?? ["?"]
            if !entries.isEmpty {
                throw DiagnosticError(
                    file: destination.path,
                    message: "the folder exists and is not empty; import into a new or empty folder")
            }
        }
    }

    /// SRC and DEST, every symbolic link on the way resolved (DEST's deepest existing folder, when DEST is not
    /// there yet), may not be one, nor either inside the other: nothing may ever be written into SRC.
    private static func checkApart(_ destination: URL, source: URL) throws(DiagnosticError) {
        let refusal = DiagnosticError(
            file: destination.path,
            message:
                "the new site may not be inside the old one, nor the old inside the new: nothing is ever written into \(source.path)"
        )
        guard let sourcePath = FileSystem.resolvedPath(source.path),
            let destinationPath = Self.resolved(destination.path)
        else {
            throw DiagnosticError(
                file: destination.path, message: "a symbolic link to nothing is on the way; expected a folder to create"
            )
        }
        let (old, new) = (sourcePath == "/" ? "/" : sourcePath + "/", destinationPath + "/")
        if new.hasPrefix(old) || old.hasPrefix(new) { throw refusal }
    }

    /// `path` with every symbolic link resolved, for a path that need not exist: its deepest existing
    /// ancestor resolved and the names below it as written; nil when a name on the way is a symbolic link that
    /// leads nowhere, which creating the folder would follow.
    static func resolved(_ path: String) -> String? {
        var existing = path
        var below: [String] = []
        while FileSystem.kind(of: existing) == nil, existing != "/", !existing.isEmpty {
            below.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        guard let base = FileSystem.resolvedPath(existing) else { return nil }
        return ([base == "/" ? "" : base] + below).joined(separator: "/")
    }

    /// Whether a path relative to SRC or DEST stays inside it: no `..`, no absolute path. Paths made from a
    /// Hugo configuration (`staticDir`, `contentDir`, a mount's source or target) are the old site's to choose.
    static func staysInside(_ relative: String) -> Bool {
        !relative.hasPrefix("/") && !relative.pathSegments.contains(where: \.isParentSegment)
    }

    private func create(_ path: String, _ data: Data) throws(DiagnosticError) {
        guard Self.staysInside(path) else {
            throw DiagnosticError(file: path, message: "the path leads out of the new site; nothing was written there")
        }
        do {
            try ExclusiveFile.create(at: destination.appending(path: path), contents: data)
        } catch {
            throw DiagnosticError(file: path, message: "cannot create the file: \(error)")
        }
    }

    // MARK: Settings

    private func readSettings() throws(DiagnosticError) -> Settings {
        var settings = Settings()
        switch engine {
        case .jekyll: try readJekyllSettings(&settings)
        case .hugo: try readHugoSettings(&settings)
        }
        return settings
    }

    /// `_config.yml`: permalinks from the site, `collections.posts` and `defaults`, paging, URL, zone,
    /// excerpts and the values `{{ site.KEY }}` reads.
    private func readJekyllSettings(_ settings: inout Settings) throws(DiagnosticError) {
        let config = try readConfig(["_config.yml", "_config.yaml"])
        let style = (config["permalink"] as? String) ?? "date"
        settings.permalink = style
        settings.jekyllPostsTemplate = Permalink.pattern(for: style)
        if let posts = (config["collections"] as? [String: Any])?["posts"] as? [String: Any],
            let pattern = posts["permalink"] as? String
        {
            settings.jekyllPostsTemplate = Permalink.pattern(for: pattern)
        }
        for scope in config["defaults"] as? [[String: Any]] ?? [] {
            let scopeOf = scope["scope"] as? [String: Any] ?? [:]
            settings.jekyllDefaultScopes.append(
                (
                    path: (scopeOf["path"] as? String) ?? "", type: scopeOf["type"] as? String,
                    values: scope["values"] as? [String: Any] ?? [:]
                ))
        }
        if let paginate = config["paginate"] {
            settings.postsPerPage = Int("\(paginate)")
            settings.paginatePath = (config["paginate_path"] as? String) ?? "/page:num/"
        }
        if let url = config["url"] as? String { settings.siteURL = url }
        settings.basePath = (config["baseurl"] as? String) ?? ""
        if let zone = config["timezone"] as? String, let timeZone = TimeZone(identifier: zone) {
            settings.timeZone = timeZone
            settings.timeZoneName = zone
        }
        settings.description = (config["description"] as? String) ?? ""
        if let author = config["author"] as? String {
            settings.author = author
        } else if let author = config["author"] as? [String: Any] {
            settings.author = author["name"] as? String
        }
        settings.language = config["lang"] as? String
        // Jekyll's default separator, a blank line, is the first paragraph, which is the build's own summary;
        // an empty one turns excerpts off, which the build has no switch for.
        if let separator = config["excerpt_separator"] as? String, !separator.isEmpty, separator != "\n\n" {
            settings.summarySeparator = separator
        }
        if let title = (config["title"] as? String) ?? (config["name"] as? String) { settings.title = title }
        for (key, value) in config {
            if let text = value as? String { settings.siteValues[key] = text }
            if let number = value as? Int { settings.siteValues[key] = String(number) }
        }
    }

    /// Hugo's configuration, merged as Hugo merges it: sections, base URL, zone, paging and permalinks.
    private func readHugoSettings(_ settings: inout Settings) throws(DiagnosticError) {
        let config = try HugoConfig.read(source) { (name) throws(DiagnosticError) in try configurationText(name) }
        settings.hugo = config
        settings.contentDir = config.contentDir
        let root = source.appending(path: settings.contentDir).path
        for path in FileSystem.subpaths(of: root) where (path as NSString).lastPathComponent.hasPrefix("_index.") {
            settings.hugoSections.insert((path as NSString).deletingLastPathComponent)
        }
        let baseURL = config.string("baseurl") ?? "https://example.com/"
        if let url = URL(string: baseURL), let host = url.host {
            settings.siteURL = "\(url.scheme ?? "https")://\(host)\(url.port.map { ":\($0)" } ?? "")"
            settings.basePath = url.path == "/" ? "" : url.path
        }
        // Only the site's own `timeZone` (or its default language's): the same key inside another table
        // (`[security]`) is not a setting.
        let zoneName = config.string("timezone") ?? config.string("languages.\(config.defaultLanguage).timezone")
        if let zone = zoneName, let timeZone = TimeZone(identifier: zone) {
            settings.timeZone = timeZone
            settings.timeZoneName = zone
        }
        let language = "languages.\(config.defaultLanguage)"
        settings.description =
            config.string("params.description") ?? config.string("\(language).params.description") ?? ""
        settings.author =
            config.string("params.author") ?? config.string("author.name")
            ?? config.string("params.author.name")
        if let paginate = config.value("paginate") ?? config.value("pagination.pagersize") {
            settings.postsPerPage = Int("\(paginate)")
        }
        let section = ["posts", "post", "blog", "news"].first { config.permalink(section: $0) != nil }
        if let section, let pattern = config.permalink(section: section) {
            let translated = HugoURLs.translate(pattern)
            settings.permalink =
                Permalink.patternProblem(translated) == nil ? translated : Routes.defaultPostPattern
        } else {
            settings.permalink = Routes.defaultPostPattern
        }
        settings.language = config.string("languagecode") ?? config.string("\(language).languagecode")
        if let title = config.string("title") ?? config.string("\(language).title") { settings.title = title }
        settings.summarySeparator = nil
        // Hugo makes every summary without `<!--more-->` from whole paragraphs up to `summaryLength` words (70
        // when unset), a language's own value first.
        let length = config.value("\(language).summarylength") ?? config.value("summarylength")
        settings.summaryWords = length.flatMap { Int("\($0)") }.map { min(max($0, 1), 100_000) } ?? 70
        settings.allowsRawHTML = config.bool("markup.goldmark.renderer.unsafe") == true
    }

    private func readConfig(_ names: [String]) throws(DiagnosticError) -> [String: Any] {
        for name in names {
            guard let text = try configurationText(name) else { continue }
            return try HugoConfig.configurationTree(text, name: name) as? [String: Any] ?? [:]
        }
        return [:]
    }

    private func blogYAML(_ settings: Settings, posts: Int, report: inout Report) -> String {
        func quoted(_ text: String) -> String { JSONText.quoted(text) }
        var base = settings.siteURL.hasSuffix("/") ? String(settings.siteURL.dropLast()) : settings.siteURL
        let parsed = URL(string: base)
        if !["http", "https"].contains(parsed?.scheme?.lowercased() ?? "") || parsed?.host == nil {
            report.warn(
                "blog.yaml",
                "the old site's URL \(quoted(settings.siteURL)) is no absolute http or https URL; "
                    + "https://example.com was written, to be replaced by the site's own")
            base = "https://example.com"
        }
        let path =
            settings.basePath.hasPrefix("/") || settings.basePath.isEmpty ? settings.basePath : "/" + settings.basePath
        var yaml = """
            # Imported from \(engine == .jekyll ? "Jekyll" : "Hugo") by blog import; see the manual for every key.
            title: \(quoted(settings.title))
            base_url: \(quoted(base + path + "/"))
            description: \(quoted(settings.description))
            timezone: \(settings.timeZoneName)

            """
        if let language = settings.language { yaml += "language: \(quoted(language))\n" }
        if let author = settings.author { yaml += "authors:\n  - name: \(quoted(author))\n" }
        if let perPage = settings.postsPerPage, perPage > 0 { yaml += "posts_per_page: \(perPage)\n" }
        // For new posts only: each imported post carries the URL its engine gave it.
        if let permalink = settings.permalink {
            if let problem = Permalink.patternProblem(Permalink.pattern(for: permalink)) {
                report.warn(
                    "blog.yaml",
                    "the old site's permalink \(quoted(permalink)) \(problem); new posts get \(Routes.defaultPostPattern)"
                )
            } else {
                yaml += "permalink: \(quoted(permalink))\n"
            }
        }
        if let separator = settings.summarySeparator { yaml += "summary_separator: \(quoted(separator))\n" }
        if let words = settings.summaryWords { yaml += "summary_words: \(words)\n" }
        if !settings.allowsRawHTML {
            // libcmark's safe mode writes `<!-- raw HTML omitted -->` where goldmark does, so that a post's
            // `<script>` or `onerror=` stays as inert as Hugo left it.
            yaml +=
                "# Hugo omitted raw HTML (its markup.goldmark.renderer.unsafe is not true); so does this site.\n"
                + "markdown:\n  unsafe: false\n"
        }
        // The old feed's path, so that subscribers keep it: jekyll-feed writes /feed.xml, Hugo /index.xml.
        switch engine {
        case .jekyll: yaml += "feed:\n  atom_path: feed.xml\n"
        case .hugo: yaml += "feed:\n  rss_path: index.xml\n"
        }
        // Jekyll's list pages were /page2/, /page3/ …; they redirect to /page/2/ ….
        if let pattern = settings.paginatePath, let perPage = settings.postsPerPage, perPage > 0, posts > perPage {
            let pages = (posts + perPage - 1) / perPage
            var lines: [String] = []
            for number in 2...pages {
                let old = pattern.replacingOccurrences(of: ":num", with: String(number))
                let new = Routes.listPagePath(number)
                if old != new { lines.append("  \(quoted(old.hasPrefix("/") ? old : "/" + old)): \(quoted(new))") }
            }
            if !lines.isEmpty { yaml += "redirects:\n" + lines.joined(separator: "\n") + "\n" }
        }
        return Self.checkedConfiguration(yaml, report: &report)
    }

    /// blog.yaml, read back as the build reads it: a setting the build refuses is left out (a title or base URL
    /// is replaced by the default one) and reported with the build's own message.
    static func checkedConfiguration(_ yaml: String, report: inout Report) -> String {
        // Top-level blocks: a line that starts a key, and the indented lines under it.
        var blocks: [String] = []
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix(" "), !blocks.isEmpty {
                blocks[blocks.count - 1] += "\n" + line
            } else {
                blocks.append(String(line))
            }
        }
        for _ in 0..<blocks.count {
            let text = blocks.joined(separator: "\n") + "\n"
            let error: DiagnosticError
            do {
                _ = try SiteConfiguration.load(from: text)
                return text
            } catch let thrown {
                error = thrown
            }
            guard let problem = error.diagnostics.first(where: { $0.severity == .error }), let line = problem.line
            else { break }
            var first = 1
            guard
                let index = blocks.firstIndex(where: { block in
                    let count = block.split(separator: "\n", omittingEmptySubsequences: false).count
                    defer { first += count }
                    return line >= first && line < first + count
                })
            else { break }
            let key = String(blocks[index].prefix { $0 != ":" })
            switch key {
            case "title":
                blocks[index] = "title: \"My Blog\""
            case "base_url":
                blocks[index] = "base_url: \"https://example.com/\""
            default:
                blocks.remove(at: index)
            }
            let outcome = key == "title" || key == "base_url" ? "replaced by the default" : "left out"
            report.warn("blog.yaml", "'\(key)' \(outcome): \(problem.message)")
        }
        return blocks.joined(separator: "\n") + "\n"
    }
}

/// JSON string literals, which YAML reads as double-quoted strings.
enum JSONText {
    static func quoted(_ text: String) -> String {
        String(
            decoding: (try? JSONSerialization.data(
                withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])) ?? Data("\"\"".utf8),
            as: UTF8.self)
    }
}
