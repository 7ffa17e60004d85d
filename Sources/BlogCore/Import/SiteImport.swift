import BlogFileSystem
import Foundation
import TOMLKit
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
    }

    let engine: Engine
    let source: URL
    let destination: URL

    public init(engine: Engine, source: URL, destination: URL) {
        self.engine = engine
        self.source = source.standardizedFileURL
        self.destination = destination.standardizedFileURL
    }

    /// The settings read from the old site's configuration.
    struct Settings {
        var title = "My Blog"
        var description = ""
        var author: String?
        var siteURL = "https://example.com"
        var basePath = ""
        var timeZone = TimeZone(identifier: "UTC")!
        var timeZoneName = "UTC"
        var postsPerPage: Int?
        var permalink: String?
        var language: String?
        /// Hugo's `permalinks`, by section.
        var hugoPermalinks: [String: String] = [:]
        /// Jekyll's `paginate_path` (`/page:num/`) when the site paginates.
        var paginatePath: String?
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
        /// The file name without extension (and its date, for Jekyll).
        var name: String
        var nameDate: FrontMatterDate.Timestamp?
    }

    public func run() throws(DiagnosticError) -> Report {
        try checkFolders()
        var report = Report()
        let settings = try readSettings()
        var entries = try collectEntries(&report)
        let postFiles = linkTargets(entries)
        let assets = Set(
            assetCopies(&report).compactMap { copy in
                copy.to.hasPrefix("site-template/static/")
                    ? String(copy.to.dropFirst("site-template/static/".count)) : nil
            })
        var written: [(String, String)] = []
        for index in entries.indices {
            let entry = entries[index]
            let links = postFiles.mapValues { relativePath(from: entry.destination, to: $0) }
            let converted = TemplateConversion.convert(
                entry.body,
                context: .init(siteURL: settings.siteURL, basePath: settings.basePath, postFiles: links, assets: assets)
            )
            for leftover in converted.leftovers {
                report.warnings.append(
                    Diagnostic(
                        .warning, file: entry.source, line: entry.bodyFirstLine + leftover.line - 1,
                        message: "\(Diagnostic.quoted(leftover.text)) was left as text: it has no equivalent here"))
            }
            entries[index].body = converted.markdown
            let frontMatter = frontMatterText(entries[index], settings: settings, report: &report)
            written.append((entry.destination, "---\n" + frontMatter + "---\n" + converted.markdown))
            let isDraft =
                entry.isDraft
                || entry.fields.contains {
                    ($0.key == "published" && $0.value.string == "false")
                        || ($0.key == "draft" && $0.value.string == "true")
                }
            switch (entry.kind, isDraft) {
            case (.page, _): report.pages += 1
            case (.post, true): report.drafts += 1
            case (.post, false): report.posts += 1
            }
        }
        written.append(("blog.yaml", blogYAML(settings, posts: report.posts)))
        written.append((".gitignore", "public/\n.blog-cache/\n.*.blog-staging/\n.*.blog-trash-*/\n.*.blog-spare/\n"))
        written += DefaultTheme.files.map { ("site-template/\($0.path)", $0.contents) }
        for (path, text) in written { try create(path, Data(text.utf8)) }
        try copyAssets(&report)
        return report
    }

    // MARK: Folders

    private func checkFolders() throws(DiagnosticError) {
        guard FileSystem.kind(of: source.resolvingSymlinksInPath().path) == .folder else {
            throw DiagnosticError(
                file: source.path, message: "no such folder; expected the \(engine.rawValue) site to import")
        }
        let marker =
            engine == .jekyll
            ? ["_config.yml", "_config.yaml", "_posts"]
            : ["hugo.toml", "hugo.yaml", "config.toml", "config.yaml", "content"]
        guard marker.contains(where: { FileSystem.exists(source.appending(path: $0).path) }) else {
            throw DiagnosticError(
                file: source.path,
                message: "not a \(engine.rawValue) site: none of \(marker.joined(separator: ", ")) is there")
        }
        let sourcePath = source.resolvingSymlinksInPath().path + "/"
        let destinationPath = destination.resolvingSymlinksInPath().path + "/"
        if destinationPath.hasPrefix(sourcePath) || sourcePath.hasPrefix(destinationPath) {
            throw DiagnosticError(
                file: destination.path,
                message:
                    "the new site may not be inside the old one, nor the old inside the new: nothing is ever written into \(source.path)"
            )
        }
        if FileSystem.exists(destination.path) {
            let entries = FileSystem.names(in: destination.path) ?? ["?"]
            if !entries.isEmpty {
                throw DiagnosticError(
                    file: destination.path,
                    message: "the folder exists and is not empty; import into a new or empty folder")
            }
        }
    }

    private func create(_ path: String, _ data: Data) throws(DiagnosticError) {
        do {
            try ExclusiveFile.create(at: destination.appending(path: path), contents: data)
        } catch {
            throw DiagnosticError(file: path, message: "cannot create the file: \(error)")
        }
    }

    // MARK: Settings

    private func readSettings() throws(DiagnosticError) -> Settings {
        var settings = Settings()
        let config: [String: Any]
        switch engine {
        case .jekyll:
            config = try readConfig(["_config.yml", "_config.yaml"])
            settings.permalink = (config["permalink"] as? String) ?? "date"
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
        case .hugo:
            config = try readConfig(["hugo.toml", "config.toml", "hugo.yaml", "config.yaml", "hugo.yml", "config.yml"])
            let baseURL = (config["baseURL"] as? String) ?? (config["baseurl"] as? String) ?? "https://example.com/"
            if let url = URL(string: baseURL), let host = url.host {
                settings.siteURL = "\(url.scheme ?? "https")://\(host)\(url.port.map { ":\($0)" } ?? "")"
                settings.basePath = url.path == "/" ? "" : url.path
            }
            if let zone = (config["timeZone"] ?? config["timezone"]) as? String,
                let timeZone = TimeZone(identifier: zone)
            {
                settings.timeZone = timeZone
                settings.timeZoneName = zone
            }
            let params = config["params"] as? [String: Any] ?? [:]
            settings.description = (params["description"] as? String) ?? ""
            settings.author =
                (params["author"] as? String) ?? (config["author"] as? [String: Any])?["name"] as? String
                ?? (params["author"] as? [String: Any])?["name"] as? String
            if let paginate = config["paginate"] ?? (config["pagination"] as? [String: Any])?["pagerSize"] {
                settings.postsPerPage = Int("\(paginate)")
            }
            let permalinks = config["permalinks"] as? [String: Any] ?? [:]
            for (section, pattern) in permalinks {
                if let pattern = pattern as? String { settings.hugoPermalinks[section] = pattern }
            }
            if let pattern = (permalinks["posts"] ?? permalinks["post"]) as? String {
                settings.permalink = HugoURLs.translate(pattern)
            } else {
                settings.permalink = Routes.defaultPostPattern
            }
            settings.language = config["languageCode"] as? String
        }
        if let title = config["title"] as? String { settings.title = title }
        return settings
    }

    private func readConfig(_ names: [String]) throws(DiagnosticError) -> [String: Any] {
        for name in names {
            let url = source.appending(path: name)
            guard let data = FileContents.read(url), let text = String(data: data, encoding: .utf8) else { continue }
            if name.hasSuffix(".toml") {
                do {
                    let table = try TOMLTable(string: text)
                    return (try? JSONSerialization.jsonObject(with: Data(table.convert(to: .json).utf8)))
                        as? [String: Any] ?? [:]
                } catch let error as TOMLParseError {
                    throw DiagnosticError(
                        file: name, line: error.source.begin.line, column: error.source.begin.column,
                        message: "not valid TOML: \(error.description)")
                } catch {
                    throw DiagnosticError(file: name, message: "not valid TOML")
                }
            }
            do {
                return (try Yams.load(yaml: text) as? [String: Any]) ?? [:]
            } catch {
                throw DiagnosticError([YAMLErrors.diagnostic(for: error, file: name, lineOffset: 0)])
            }
        }
        return [:]
    }

    private func blogYAML(_ settings: Settings, posts: Int) -> String {
        func quoted(_ text: String) -> String { JSONText.quoted(text) }
        let base = settings.siteURL.hasSuffix("/") ? String(settings.siteURL.dropLast()) : settings.siteURL
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
        if let permalink = settings.permalink { yaml += "permalink: \(quoted(permalink))\n" }
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
        return yaml
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
