import BlogFileSystem
import Foundation
import JSONFeed
import Yams

extension SiteImport {
    /// Markdown extensions Jekyll and Hugo read.
    static let markdownExtensions: Set<String> = ["md", "markdown", "mkd", "mkdn", "mdown"]

    /// Files of a Jekyll site's root that are tooling, not content.
    static let jekyllTooling: Set<String> = [
        "Gemfile", "Gemfile.lock", "node_modules", "vendor", "Rakefile", "package.json",
        "package-lock.json", "yarn.lock", "README.md", "README", "LICENSE", "LICENSE.md",
        "CHANGELOG.md", "feed.xml", "sitemap.xml", "Dockerfile", "docker-compose.yml",
    ]

    func collectEntries(_ report: inout Report) throws(DiagnosticError) -> [Entry] {
        var entries: [Entry] = []
        var taken: Set<String> = []
        func add(_ relative: String, kind: Post.Kind, draft: Bool, destinationFolder: String, bundle: Bool = false) {
            let url = source.appending(path: relative)
            guard let data = FileContents.read(url) else {
                report.warnings.append(
                    Diagnostic(.warning, file: relative, message: "cannot read the file; it was not imported"))
                return
            }
            guard let text = String(data: data, encoding: .utf8) else {
                report.warnings.append(
                    Diagnostic(.warning, file: relative, message: "not UTF-8 text; it was not imported"))
                return
            }
            let file = (relative as NSString).lastPathComponent
            let baseName =
                bundle
                ? ((relative as NSString).deletingLastPathComponent as NSString).lastPathComponent
                : (file as NSString).deletingPathExtension
            var destination =
                bundle ? "\(destinationFolder)/\(baseName)/index.md" : "\(destinationFolder)/\(baseName).md"
            var suffix = 2
            while taken.contains(destination.lowercased()) {
                destination =
                    bundle
                    ? "\(destinationFolder)/\(baseName)-\(suffix)/index.md"
                    : "\(destinationFolder)/\(baseName)-\(suffix).md"
                suffix += 1
            }
            taken.insert(destination.lowercased())
            guard
                let entry = parse(
                    text, source: relative, destination: destination, kind: kind, draft: draft, name: baseName,
                    report: &report)
            else { return }
            entries.append(entry)
        }
        switch engine {
        case .jekyll:
            for relative in markdownFiles(under: "_posts") {
                add(relative, kind: .post, draft: false, destinationFolder: "content/posts")
            }
            // Posts written in HTML or Textile have no Markdown to carry over: named, so that no URL is lost silently.
            for relative in files(at: "_posts")
            where !Self.markdownExtensions.contains((relative as NSString).pathExtension.lowercased()) {
                report.warnings.append(
                    Diagnostic(
                        .warning, file: relative,
                        message: "not imported: only Markdown posts come along; its URL is not served"))
            }
            for relative in markdownFiles(under: "_drafts") {
                add(relative, kind: .post, draft: true, destinationFolder: "content/posts")
            }
            for name in (FileSystem.names(in: source.path) ?? []).sorted()
            where Self.markdownExtensions.contains((name as NSString).pathExtension.lowercased())
                && !Self.jekyllTooling.contains(name)
                && !name.hasPrefix("_") && !name.hasPrefix(".")
                && (name as NSString).deletingPathExtension.lowercased() != "index"
            {
                add(name, kind: .page, draft: false, destinationFolder: "content/pages")
            }
        case .hugo:
            for relative in markdownFiles(under: "content") {
                let parts = relative.split(separator: "/").map(String.init)
                let file = parts.last ?? ""
                if file.hasPrefix("_index.") { continue }
                if parts.count == 2 {
                    add(relative, kind: .page, draft: false, destinationFolder: "content/pages")
                } else if parts.count >= 3 {
                    let isBundle = (file as NSString).deletingPathExtension == "index"
                    add(relative, kind: .post, draft: false, destinationFolder: "content/posts", bundle: isBundle)
                }
            }
        }
        return entries
    }

    /// Markdown files below a folder of the source, in path order; links are not followed.
    func markdownFiles(under folder: String) -> [String] {
        let root = source.appending(path: folder).standardizedFileURL.path
        return FileSystem.subpaths(of: root).filter { path in
            Self.markdownExtensions.contains((path as NSString).pathExtension.lowercased())
                && FileSystem.kind(of: root + "/" + path) == .file
        }.map { folder + "/" + $0 }
    }

    private func parse(
        _ text: String, source relative: String, destination: String, kind: Post.Kind, draft: Bool, name: String,
        report: inout Report
    ) -> Entry? {
        let file: SourceFile
        do {
            file = try SourceFile.split(text)
        } catch {
            report.warnings.append(
                Diagnostic(
                    .warning, file: relative, line: 1, message: "its front matter is not closed; it was not imported"))
            return nil
        }
        var fields: [(key: String, value: Yams.Node)] = []
        if var yaml = file.frontMatter {
            if file.isTOML {
                do {
                    yaml = try TOMLFrontMatter.yaml(from: yaml)
                } catch {
                    report.warnings.append(
                        Diagnostic(
                            .warning, file: relative, line: error.line + 1, column: error.column,
                            message: "its TOML front matter is not valid (\(error.message)); it was not imported"))
                    return nil
                }
            }
            do {
                if case .mapping(let mapping)? = try Yams.compose(
                    yaml: yaml, YAMLFields.resolver, YAMLFields.makeConstructor(), .utf8)
                {
                    for (key, value) in mapping { if let key = key.string { fields.append((key, value)) } }
                }
            } catch {
                // Where the YAML goes wrong, as a build would say it, as a warning: the post is not imported.
                var problem = YAMLErrors.diagnostic(for: error, file: relative, lineOffset: file.frontMatterLineOffset)
                problem.severity = .warning
                problem.message += "; it was not imported"
                report.warnings.append(problem)
                return nil
            }
        }
        let stamp = engine == .jekyll ? FrontMatterDate.fromFileName(name) : nil
        return Entry(
            source: relative, destination: destination, kind: kind, isDraft: draft, fields: fields, body: file.body,
            bodyFirstLine: file.bodyFirstLine, name: stamp?.rest ?? name, nameDate: stamp?.date)
    }

    /// Every name a post or page may be linked by in the old site, to its new file (relative to DEST).
    func linkTargets(_ entries: [Entry]) -> [String: String] {
        var targets: [String: String] = [:]
        for entry in entries {
            let path = entry.source
            let withoutExtension = (path as NSString).deletingPathExtension
            let file = (path as NSString).lastPathComponent
            targets[path] = entry.destination
            targets[file] = entry.destination
            targets[(file as NSString).deletingPathExtension] = entry.destination
            if engine == .hugo, path.hasPrefix("content/") {
                let inContent = String(path.dropFirst("content/".count))
                targets[inContent] = entry.destination
                targets[(inContent as NSString).deletingPathExtension] = entry.destination
                if file.hasPrefix("index.") {
                    let bundle = (inContent as NSString).deletingLastPathComponent
                    targets[bundle] = entry.destination
                    targets[(bundle as NSString).lastPathComponent] = entry.destination
                }
            } else {
                targets[withoutExtension] = entry.destination
            }
        }
        return targets
    }

    /// `to` relative to the folder of `from`, both relative to DEST.
    func relativePath(from: String, to: String) -> String {
        let fromParts = from.split(separator: "/").dropLast()
        let toParts = to.split(separator: "/")
        var common = 0
        while common < fromParts.count, common < toParts.count - 1,
            fromParts[fromParts.startIndex + common] == toParts[common]
        { common += 1 }
        let ups = Array(repeating: "..", count: fromParts.count - common)
        return (ups + toParts[common...].map(String.init)).joined(separator: "/")
    }

    /// The front matter written for an entry: the keys the engine reads, dates with explicit offsets.
    func frontMatterText(_ entry: Entry, settings: Settings, report: inout Report) -> String {
        var lines: [String] = []
        var hasDate = false
        var isDraft = entry.isDraft
        func value(_ node: Yams.Node) -> String {
            switch node {
            case .scalar(let scalar): return JSONText.quoted(scalar.string)
            case .sequence(let sequence):
                return "[" + sequence.compactMap { $0.string.map(JSONText.quoted) }.joined(separator: ", ") + "]"
            default:
                return (try? Yams.serialize(node: node).trimmingCharacters(in: .whitespacesAndNewlines)).map {
                    "\n  " + $0.replacingOccurrences(of: "\n", with: "\n  ")
                } ?? "null"
            }
        }
        let dateKeys: Set<String> = ["date", "lastmod", "last_modified_at", "updated"]
        var dropped: [String] = []
        for (key, node) in entry.fields {
            if dateKeys.contains(key) || key == "publishDate" && !entry.fields.contains(where: { $0.key == "date" }) {
                guard let text = node.string, let written = importedDate(text, settings: settings) else {
                    report.warnings.append(
                        Diagnostic(
                            .warning, file: entry.source,
                            message: "'\(key)' \(Diagnostic.quoted(node.string ?? "")) is not a date; left out"))
                    continue
                }
                let name = key == "publishDate" ? "date" : key
                if name == "date" { hasDate = true }
                lines.append("\(name): \(written)")
                continue
            }
            if key == "published", node.string == "false" { isDraft = true; continue }
            if key == "draft" { if node.string == "true" { isDraft = true }; continue }
            if key == "aliases" || key == "redirect_from" {
                report.redirects += node.sequence?.count ?? (node.string == nil ? 0 : 1)
            }
            if key == "slug", engine == .hugo, let slug = node.string {
                lines.append("slug: \(JSONText.quoted(HugoURLs.urlize(slug)))")
                continue
            }
            guard FrontMatter.knownKeys.contains(key) || key.hasPrefix("_") else {
                dropped.append(key)
                continue
            }
            lines.append("\(key): \(value(node))")
        }
        if !hasDate, entry.kind == .post {
            var date: String?
            if let stamp = entry.nameDate, let instant = stamp.date(in: settings.timeZone) {
                date = RFC3339.string(from: instant, offset: settings.timeZone.secondsFromGMT(for: instant))
            } else if let modified = FileStamp(source.appending(path: entry.source).path).map({
                Date(timeIntervalSince1970: Double($0.modified) / 1e9)
            }) {
                // A draft (or a Hugo post) without a date: Jekyll and Hugo show the file's time.
                date = RFC3339.string(from: modified, offset: settings.timeZone.secondsFromGMT(for: modified))
                if !entry.isDraft {
                    report.warnings.append(
                        Diagnostic(
                            .warning, file: entry.source,
                            message: "no date; the file's modification time, \(date!), was written"))
                }
            }
            if let date { lines.insert("date: \(date)", at: 0) }
        }
        if engine == .hugo, entry.kind == .post, !entry.fields.contains(where: { $0.key == "url" }),
            let url = HugoURLs.url(of: entry, settings: settings)
        {
            lines.append("url: \(JSONText.quoted(url))")
        }
        if isDraft { lines.append("draft: true") }
        if !dropped.isEmpty {
            lines.append("# Keys of the old site's theme, which mean nothing here: \(dropped.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A front matter date as the old engine read it, written with an explicit offset so that nothing
    /// depends on the reader's zone. Jekyll (through Ruby's YAML) reads a time without offset as UTC and
    /// dates a post in the site's zone; Hugo reads it in the site's zone and keeps a written offset.
    func importedDate(_ text: String, settings: Settings) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let stamp = FrontMatterDate.Timestamp(trimmed) else { return nil }
        let zone: TimeZone
        switch engine {
        case .jekyll:
            zone =
                stamp.hasTime && stamp.offset == nil
                ? TimeZone(identifier: "UTC")!
                : stamp.offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? settings.timeZone
        case .hugo:
            zone = stamp.offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? settings.timeZone
        }
        guard let instant = stamp.date(in: zone) else { return nil }
        // Jekyll shows every date in the site's zone; Hugo keeps the offset written.
        let offset =
            engine == .jekyll
            ? settings.timeZone.secondsFromGMT(for: instant)
            : (stamp.offset ?? settings.timeZone.secondsFromGMT(for: instant))
        return RFC3339.string(from: instant, offset: offset)
    }

    /// Copies what is not content: a Jekyll site's files outside `_` folders, a Hugo site's `static/` and
    /// the files of its page bundles.
    func copyAssets(_ report: inout Report) throws(DiagnosticError) {
        var ignored = Report()
        let copies = assetCopies(&ignored)
        for copy in copies {
            guard let data = FileContents.read(source.appending(path: copy.from)) else {
                report.warnings.append(
                    Diagnostic(.warning, file: copy.from, message: "cannot read the file; it was not copied"))
                continue
            }
            do {
                try ExclusiveFile.create(at: destination.appending(path: copy.to), contents: data)
                report.assets += 1
            } catch .exists {
                report.warnings.append(
                    Diagnostic(
                        .warning, file: copy.from,
                        message: "\(copy.to) is the theme's own file; the old one was not copied"))
            } catch {
                throw DiagnosticError(file: copy.to, message: "cannot create the file: \(error)")
            }
        }
    }

    /// What is copied where; warnings for the old theme's template pages go into `report`.
    func assetCopies(_ report: inout Report) -> [(from: String, to: String)] {
        var copies: [(from: String, to: String)] = []
        switch engine {
        case .jekyll:
            for name in (FileSystem.names(in: source.path) ?? []).sorted()
            where !name.hasPrefix("_") && !name.hasPrefix(".") && !Self.jekyllTooling.contains(name)
                && !Self.markdownExtensions.contains((name as NSString).pathExtension.lowercased())
            {
                let path = source.appending(path: name).path
                if (name as NSString).pathExtension == "html" || (name as NSString).pathExtension == "xml",
                    let data = FileContents.read(URL(filePath: path)), data.starts(with: Data("---".utf8))
                {
                    report.warnings.append(
                        Diagnostic(
                            .warning, file: name,
                            message:
                                "a template page of the old theme (Liquid); not imported, the default theme makes its own"
                        ))
                    continue
                }
                for file in files(at: name) { copies.append((file, "site-template/static/" + file)) }
            }
        case .hugo:
            for file in files(at: "static") {
                copies.append((file, "site-template/static/" + file.dropFirst("static/".count)))
            }
            for relative in markdownFiles(under: "content")
            where (relative as NSString).lastPathComponent.hasPrefix("index.") {
                let folder = (relative as NSString).deletingLastPathComponent
                let bundle = (folder as NSString).lastPathComponent
                for file in files(at: folder)
                where !Self.markdownExtensions.contains((file as NSString).pathExtension.lowercased()) {
                    copies.append((file, "content/posts/\(bundle)/" + file.dropFirst(folder.count + 1)))
                }
            }
        }
        return copies
    }

    /// Regular files at a path of the source (a file, or every file below a folder), links not followed.
    private func files(at relative: String) -> [String] {
        let url = source.appending(path: relative)
        switch FileSystem.kind(of: url.path) {
        case .file?: return [relative]
        case .folder?:
            guard let names = FileSystem.names(in: url.path) else { return [] }
            return names.sorted().filter { !$0.hasPrefix(".") }.flatMap { files(at: relative + "/" + $0) }
        default: return []
        }
    }
}
