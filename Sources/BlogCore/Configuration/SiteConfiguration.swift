import Foundation
import Images
import Yams

import struct CommonMark.Extensions

/// The settings of a site, read from `blog.yaml` at its root.
public struct SiteConfiguration: Sendable, Equatable {
    /// An author from `blog.yaml` or front matter.
    public struct Author: Sendable, Equatable {
        /// The author's name.
        public var name: String
        /// A page for the author.
        public var url: String?
        /// A square image of the author.
        public var avatar: String?
    }

    /// The site's name.
    public var title: String
    /// The absolute URL the site is served from, always ending in `/` (for example `https://example.com/blog/`).
    public var baseURL: String {
        didSet { basePath = Self.path(of: baseURL) }
    }
    /// The path part of ``baseURL`` (`/blog/`, or `/`), which every internal link starts with. Kept, not
    /// computed when asked: it is asked for several times for every post.
    public private(set) var basePath: String
    /// One line about the site; empty by default.
    public var description: String
    /// A BCP 47 language tag for `<html lang>` and the feed.
    public var language: String
    /// The zone in which front matter dates without an offset are read.
    public var timeZone: TimeZone
    /// The site's authors, for the feed.
    public var authors: [Author]
    /// Posts on each index page.
    public var postsPerPage: Int
    /// How many of the newest posts the feed carries.
    public var feedItemLimit: Int
    /// The feed's `icon`, resolved against ``baseURL``.
    public var feedIcon: String?
    /// The feed's `favicon`, resolved against ``baseURL``.
    public var feedFavicon: String?
    /// The feed formats to write (`feed.json`, `feed.atom`, `feed.rss` in blog.yaml); all by default.
    public var feedFormats: Set<FeedFormat> = Set(FeedFormat.allCases)
    /// Whether feed items carry the whole post (`feed.content: full`, the default) or its summary.
    public var feedCarriesSummaries = false
    /// Whether `feed.json` links the older posts' pages through `next_url` (`feed.archive`, on by default).
    public var feedArchive = true
    /// Whether the archive's pages (past the first of each feed) carry whole posts (`feed.archive_content:
    /// full`) or their summaries, the default: whole posts put every post's text four times over in a
    /// site's output (the site's archive and each of its tags'), for readers that seldom page back.
    public var feedArchiveCarriesWholePosts = false
    /// Whether each tag has feeds of its own (`feed.tags`, on by default).
    public var tagFeeds = true
    /// A feed file's own path (`feed.atom_path: feed.xml`), so that a moved blog's subscribers keep theirs.
    public var feedPaths: [FeedFormat: String] = [:]
    /// Old paths that redirect elsewhere (`redirects:` in blog.yaml): path from the site's root → a path from
    /// the site's root or an absolute URL.
    public var redirects: [String: String] = [:]
    /// Posts' URLs: a pattern such as `/:year/:month/:day/:title/` or a Jekyll style name (`date`,
    /// `pretty`, `ordinal`, `weekdate`, `none`); nil for `/posts/SLUG/`.
    public var permalink: String?
    /// The text in a post that ends its summary (`summary_separator:`, `<!--more-->` by default, the marker
    /// of Hugo and WordPress): what stands before it is the summary in list pages and feeds.
    public var summarySeparator = "<!--more-->"
    /// Where a post without a separator or a front-matter summary has its summary end (`summary_words:`):
    /// after the first paragraph at which it has this many words, as Hugo's `summaryLength` does; nil for the
    /// first paragraph, shortened to ``PostRenderer/summaryLimit`` characters.
    public var summaryWords: Int?
    /// How `blog check --external` treats other sites (`check:` in blog.yaml).
    public var linkCheck = LinkCheckSettings()
    /// The search index (`search:` in blog.yaml): on by default, in the site's language; nil when
    /// `search: false` turns it off.
    public var search: SearchSettings? = SearchSettings(language: "en")
    /// How posts' Markdown becomes HTML (`markdown:` in blog.yaml).
    public var markdown = MarkdownSettings()
    /// How the images in post folders are encoded (`images:` in blog.yaml).
    public var images = ImageSettings()
    /// Let raw HTML in posts through (the author is trusted); `markdown.unsafe: false` turns it off.
    public var allowsRawHTML: Bool {
        get { markdown.unsafe }
        set { markdown.unsafe = newValue }
    }
    /// Curly quotes and dashes.
    public var usesSmartPunctuation: Bool {
        get { markdown.smart }
        set { markdown.smart = newValue }
    }

    static let knownKeys = [
        "title", "base_url", "description", "language", "timezone", "authors", "posts_per_page", "feed",
        "markdown", "permalink", "redirects", "summary_separator", "summary_words", "check", "search", "images",
    ]
    static let feedKeys = [
        "item_limit", "icon", "favicon", "json", "atom", "rss", "json_path", "atom_path", "rss_path", "content",
        "archive", "archive_content", "tags",
    ]
    static let markdownKeys = ["unsafe", "smart", "extensions", "highlight", "toc_levels"]
    static let authorKeys = ["name", "url", "avatar"]

    private static func path(of baseURL: String) -> String {
        // By bytes: string searches (Foundation's through NSString) cost more than the rest of a
        // carried-over post's work when computed for every post.
        let bytes = Array(baseURL.utf8)
        var index = 0
        while index + 3 <= bytes.count,
            bytes[index] != UInt8(ascii: ":") || bytes[index + 1] != UInt8(ascii: "/")
                || bytes[index + 2] != UInt8(ascii: "/")
        {
            index += 1
        }
        guard index + 3 <= bytes.count, let slash = bytes[(index + 3)...].firstIndex(of: UInt8(ascii: "/")) else {
            return "/"
        }
        return String(decoding: bytes[slash...], as: UTF8.self)
    }

    /// Reads and checks `blog.yaml`.
    ///
    /// - Returns: The configuration and its warnings (unknown keys).
    /// - Throws: ``DiagnosticError`` naming the file, line and key of each mistake.
    public static func load(from text: String, file: String = "blog.yaml") throws(DiagnosticError) -> (
        SiteConfiguration, [Diagnostic]
    ) {
        let root: Node?
        do {
            root = try YAMLFields.boundedCompose(text)
        } catch {
            throw DiagnosticError([YAMLFields.diagnostic(for: error, file: file, lineOffset: 0)])
        }
        guard case .mapping(let mapping)? = root else {
            throw DiagnosticError(
                file: file, line: 1, column: 1,
                message: "blog.yaml must be a mapping of keys to values such as 'title: My Blog'")
        }
        var fields = YAMLFields(mapping: mapping, file: file)
        fields.warnUnknownKeys(known: knownKeys, context: "")
        let title = fields.string("title", required: true, example: "'title: My Blog'")
        var baseURL = fields.string("base_url", required: true, example: "'base_url: https://example.com/'")
        if let url = baseURL {
            if let normalized = normalizedBaseURL(url) {
                baseURL = normalized
            } else {
                fields.error(
                    at: fields.node("base_url"),
                    "'base_url' must be an absolute http or https URL such as https://example.com/blog/, got \(Diagnostic.quoted(url))"
                )
                baseURL = nil
            }
        }
        let description = fields.string("description") ?? ""
        let language = fields.languageTag("language") ?? "en"
        var timeZone = TimeZone(identifier: "UTC") ?? TimeZone.current
        if let identifier = fields.string("timezone") {
            if let zone = TimeZone(identifier: identifier) {
                timeZone = zone
            } else {
                fields.error(
                    at: fields.node("timezone"),
                    "'timezone' must be an IANA time zone such as Europe/Berlin or UTC, got \(Diagnostic.quoted(identifier))"
                )
            }
        }
        let authors = readAuthors(&fields)
        let postsPerPage = fields.integer("posts_per_page", minimum: 1, maximum: 10_000) ?? 10
        let (feedItemLimit, icon, favicon, formats, feedPaths) = readFeed(&fields)

        let settings = readMarkdown(&fields)
        let errors = fields.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let title, let baseURL else { throw DiagnosticError(fields.diagnostics) }
        var configuration = SiteConfiguration(
            title: title, baseURL: baseURL, basePath: path(of: baseURL), description: description, language: language,
            timeZone: timeZone,
            authors: authors, postsPerPage: postsPerPage, feedItemLimit: feedItemLimit, feedIcon: icon,
            feedFavicon: favicon, markdown: settings
        )
        configuration.feedFormats = formats
        configuration.feedPaths = feedPaths
        configuration.feedCarriesSummaries = readFeedContent(&fields, key: "content") ?? false
        configuration.feedArchiveCarriesWholePosts = !(readFeedContent(&fields, key: "archive_content") ?? true)
        (configuration.feedArchive, configuration.tagFeeds) = readFeedSwitches(&fields)
        configuration.redirects = readRedirects(&fields)
        configuration.linkCheck = readCheck(&fields)
        configuration.search = readSearch(&fields, siteLanguage: language)
        configuration.images = readImages(&fields)
        try readPosts(&fields, into: &configuration)
        return (configuration, fields.diagnostics)
    }

    /// `markdown:`: how posts' Markdown becomes HTML.
    private static func readMarkdown(_ fields: inout YAMLFields) -> MarkdownSettings {
        var settings = MarkdownSettings()
        if var markdown = fields.mapping("markdown") {
            markdown.warnUnknownKeys(known: markdownKeys, context: "markdown ")
            settings.unsafe = markdown.bool("unsafe") ?? true
            settings.smart = markdown.bool("smart") ?? true
            settings.highlight = markdown.bool("highlight") ?? true
            settings.extensions = readExtensions(&markdown)
            if let levels = readLevels(&markdown) { settings.tocLevels = levels }
            fields.absorb(markdown)
        }
        return settings
    }

    /// `summary_separator:` and `permalink:`, which shape every post.
    private static func readPosts(_ fields: inout YAMLFields, into configuration: inout SiteConfiguration)
        throws(DiagnosticError)
    {
        if let separator = fields.string("summary_separator") {
            if separator.trimmingWhitespace().isEmpty {
                fields.error(
                    at: fields.node("summary_separator"),
                    "'summary_separator' must not be empty; leave it out for <!--more-->")
                throw DiagnosticError(fields.diagnostics)
            }
            configuration.summarySeparator = separator
        }
        configuration.summaryWords = fields.integer("summary_words", minimum: 1, maximum: 100_000)
        if fields.diagnostics.contains(where: { $0.severity == .error }) { throw DiagnosticError(fields.diagnostics) }
        if let permalink = fields.string("permalink") {
            if let problem = Permalink.patternProblem(Permalink.pattern(for: permalink)) {
                fields.error(
                    at: fields.node("permalink"), "'permalink' \(problem), got \(Diagnostic.quoted(permalink))")
                throw DiagnosticError(fields.diagnostics)
            }
            configuration.permalink = permalink
        }
    }

    /// `feed:`: the item limit, icon, favicon, the formats written and their paths.
    private static func readFeed(_ fields: inout YAMLFields)
        -> (limit: Int, icon: String?, favicon: String?, formats: Set<FeedFormat>, paths: [FeedFormat: String])
    {
        var formats = Set(FeedFormat.allCases)
        var feedPaths: [FeedFormat: String] = [:]
        guard var feed = fields.mapping("feed") else { return (20, nil, nil, formats, feedPaths) }
        feed.warnUnknownKeys(known: feedKeys, context: "feed ")
        let limit = feed.integer("item_limit", minimum: 1, maximum: 10_000) ?? 20
        let icon = feed.link("icon")
        let favicon = feed.link("favicon")
        for format in FeedFormat.allCases where feed.bool(format.rawValue) == false { formats.remove(format) }
        for format in FeedFormat.allCases {
            let key = "\(format.rawValue)_path"
            guard let path = feed.string(key) else { continue }
            if let problem = Permalink.pathProblem("/" + path), !path.hasPrefix("/") {
                feed.error(at: feed.node(key), "'\(key)' \(problem), got \(Diagnostic.quoted(path))")
            } else if path.hasPrefix("/") || path.hasSuffix("/") || path.isEmpty {
                feed.error(
                    at: feed.node(key),
                    "'\(key)' must be a file's path from the site's root without a leading '/', such as feed.xml, got \(Diagnostic.quoted(path))"
                )
            } else if feedPaths.values.contains(path) {
                feed.error(at: feed.node(key), "'\(key)' is another feed's path already")
            } else {
                feedPaths[format] = path
            }
        }
        fields.absorb(feed)
        return (limit, icon, favicon, formats, feedPaths)
    }

    /// `search:`: false turns the index off; a mapping may set `language`, the site's by default.
    private static func readSearch(_ fields: inout YAMLFields, siteLanguage: String) -> SearchSettings? {
        guard let node = fields.node("search") else { return SearchSettings(language: siteLanguage) }
        if case .mapping(let mapping) = node {
            var search = YAMLFields(mapping: mapping, file: fields.file, lineOffset: fields.lineOffset)
            search.warnUnknownKeys(known: ["language"], context: "search ")
            let language = search.languageTag("language") ?? siteLanguage
            fields.absorb(search)
            return SearchSettings(language: language)
        }
        return fields.bool("search") == false ? nil : SearchSettings(language: siteLanguage)
    }

    /// `feed.content` and `feed.archive_content`: `full` or `summary`; whether it is `summary`, nil when
    /// not given.
    private static func readFeedContent(_ fields: inout YAMLFields, key: String) -> Bool? {
        guard case .mapping(let mapping)? = fields.node("feed") else { return nil }
        var feed = YAMLFields(mapping: mapping, file: fields.file, lineOffset: fields.lineOffset)
        guard let content = feed.string(key) else { return nil }
        if content != "full" && content != "summary" {
            feed.error(at: feed.node(key), "'\(key)' must be full or summary, got \(Diagnostic.quoted(content))")
        }
        fields.absorb(feed)
        return content == "summary"
    }

    /// `feed.archive` and `feed.tags`, both on unless set to false.
    private static func readFeedSwitches(_ fields: inout YAMLFields) -> (archive: Bool, tags: Bool) {
        guard case .mapping(let mapping)? = fields.node("feed") else { return (true, true) }
        var feed = YAMLFields(mapping: mapping, file: fields.file, lineOffset: fields.lineOffset)
        let switches = (feed.bool("archive") ?? true, feed.bool("tags") ?? true)
        fields.absorb(feed)
        return switches
    }

    /// `redirects:`, a mapping of old paths (from the site's root) to new paths or absolute URLs.
    private static func readRedirects(_ fields: inout YAMLFields) -> [String: String] {
        guard let node = fields.node("redirects"), !YAMLFields.isNull(node) else { return [:] }
        guard case .mapping(let mapping) = node else {
            fields.error(
                at: node,
                "'redirects' must be a mapping of old paths to new ones, such as {/old/: /new/}, got \(YAMLFields.shown(node))"
            )
            return [:]
        }
        var redirects: [String: String] = [:]
        for (key, value) in mapping {
            guard let from = key.string, let to = value.string else { continue }
            let path = from.hasPrefix("/") ? from : "/" + from
            if let problem = Permalink.pathProblem(path) {
                fields.error(at: key, "the old path \(Diagnostic.quoted(from)) \(problem)")
            } else if !to.hasPrefix("/") && !to.hasPrefix("https://") && !to.hasPrefix("http://") {
                fields.error(
                    at: value,
                    "a redirect's target must be a path from the site's root or an http(s) URL, got \(Diagnostic.quoted(to))"
                )
            } else {
                redirects[path] = to
            }
        }
        return redirects
    }

    /// `markdown.extensions`: `false` (none), `true` (all), or a mapping of extension names to
    /// booleans, where a name left out stays on.
    private static func readExtensions(_ fields: inout YAMLFields) -> Extensions {
        guard let node = fields.node("extensions"), !YAMLFields.isNull(node) else { return .gfm }
        let names = Extensions.named.map(\.name)
        if case .mapping(let mapping) = node {
            var switches = YAMLFields(mapping: mapping, file: fields.file, lineOffset: fields.lineOffset)
            switches.warnUnknownKeys(known: names, context: "markdown extensions ")
            var extensions = Extensions.gfm
            for (name, value) in Extensions.named where switches.bool(name) == false { extensions.remove(value) }
            fields.absorb(switches)
            return extensions
        }
        if case .scalar = node, let all = node.bool { return all ? .gfm : [] }
        fields.error(
            at: node,
            "'extensions' must be true, false, or a mapping such as {table: false, footnotes: false} (names: \(names.joined(separator: ", "))), got \(YAMLFields.shown(node))"
        )
        return .gfm
    }

    /// `markdown.toc_levels`: the heading levels of the table of contents, such as `2-4` or `2`.
    private static func readLevels(_ fields: inout YAMLFields) -> ClosedRange<Int>? {
        guard let node = fields.node("toc_levels"), !YAMLFields.isNull(node) else { return nil }
        let text: String
        if case .scalar(let scalar) = node { text = scalar.string } else { text = "" }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        if parts.count == 1, let level = parts[0], (1...6).contains(level) { return level...level }
        if parts.count == 2, let low = parts[0], let high = parts[1], (1...6).contains(low), (low...6).contains(high) {
            return low...high
        }
        fields.error(
            at: node,
            "'toc_levels' must be a heading level from 1 to 6 or a range such as 2-4, got \(YAMLFields.shown(node))")
        return nil
    }

    private static func readAuthors(_ fields: inout YAMLFields) -> [Author] {
        guard let node = fields.node("authors"), !YAMLFields.isNull(node) else { return [] }
        guard case .sequence(let sequence) = node else {
            fields.error(
                at: node,
                "'authors' must be a list such as [{name: Ada, url: https://ada.example}], got \(YAMLFields.shown(node))"
            )
            return []
        }
        return sequence.compactMap { author(from: $0, fields: &fields) }
    }

    /// One author: a name as text, or a mapping of name, url and avatar.
    static func author(from node: Node, fields: inout YAMLFields) -> Author? {
        switch node {
        case .scalar(let scalar) where !YAMLFields.isNull(node):
            return Author(name: scalar.string)
        case .mapping(let mapping):
            var author = YAMLFields(mapping: mapping, file: fields.file, lineOffset: fields.lineOffset)
            author.warnUnknownKeys(known: authorKeys, context: "author ")
            let name = author.string("name", required: true, example: "'name: Ada Lovelace'")
            let url = author.link("url")
            let avatar = author.link("avatar")
            fields.absorb(author)
            return name.map { Author(name: $0, url: url, avatar: avatar) }
        default:
            fields.error(
                at: node,
                "an author must be a name or a mapping with 'name', 'url' and 'avatar', got \(YAMLFields.shown(node))")
            return nil
        }
    }

    /// `https://example.com/blog` becomes `https://example.com/blog/`; anything but an absolute http(s) URL
    /// with a host is refused. Repeated slashes in the path become one (`https://example.com//blog/` →
    /// `https://example.com/blog/`): pages link by the path, and a path starting `//` names another host.
    static func normalizedBaseURL(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil
        else { return nil }
        var url = text.hasSuffix("/") ? text : text + "/"
        let origin = url.range(of: "://").map { url[..<$0.upperBound] } ?? ""
        let path = url.dropFirst(origin.count)
        if let slash = path.firstIndex(of: "/"), path[slash...].contains("//") {
            var collapsed = String(path[slash...])
            while collapsed.contains("//") { collapsed = collapsed.replacingOccurrences(of: "//", with: "/") }
            url = origin + path[..<slash] + collapsed
        }
        return url
    }
}

/// A feed format the site can publish.
public enum FeedFormat: String, Sendable, CaseIterable, Hashable, Comparable {
    case json
    case atom
    case rss

    /// In the order of the cases: JSON Feed, Atom, RSS.
    public static func < (a: FeedFormat, b: FeedFormat) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }

    /// How a page names it: `JSON Feed`, `Atom`, `RSS`.
    var displayName: String {
        switch self {
        case .json: "JSON Feed"
        case .atom: "Atom"
        case .rss: "RSS"
        }
    }

    /// The media type of a `<link rel="alternate">` to it.
    var mediaType: String {
        switch self {
        case .json: "application/feed+json"
        case .atom: "application/atom+xml"
        case .rss: "application/rss+xml"
        }
    }
}
