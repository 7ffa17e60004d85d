import BlogFileSystem
import Foundation
import JSONFeed
import Yams

extension SiteImport {
    /// Markdown extensions Jekyll and Hugo read.
    static let markdownExtensions: Set<String> = ["md", "markdown", "mkd", "mkdn", "mdown"]
    /// HTML content files, which both engines publish as posts: their body is carried over as raw HTML.
    static let htmlExtensions: Set<String> = ["html", "htm"]

    /// Files of a Jekyll site's root that are tooling, not content.
    static let jekyllTooling: Set<String> = [
        "Gemfile", "Gemfile.lock", "node_modules", "vendor", "Rakefile", "package.json",
        "package-lock.json", "yarn.lock", "README.md", "README", "LICENSE", "LICENSE.md",
        "CHANGELOG.md", "feed.xml", "sitemap.xml", "Dockerfile", "docker-compose.yml",
    ]

    /// Jekyll's `DATE_FILENAME_MATCHER`: a post's file name is a date (parts unpadded or not), a hyphen, and
    /// its slug.
    static func jekyllFileName(_ base: String) -> (date: (year: Int, month: Int, day: Int), slug: String)? {
        guard let match = base.range(of: #"^\d{2,4}-\d{1,2}-\d{1,2}-"#, options: .regularExpression) else { return nil }
        let parts = base[match].dropLast().split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return ((parts[0], parts[1], parts[2]), String(base[match.upperBound...]))
    }

    func collectEntries(_ report: inout Report, settings: Settings) throws(DiagnosticError) -> [Entry] {
        var entries: [Entry] = []
        var taken: Set<String> = []
        // The next suffix to try for each name taken, so that 10,000 posts of one name (`x/index.md` in
        // many folders) are numbered in linear time.
        var nextSuffix: [String: Int] = [:]
        func add(
            _ relative: String, kind: Post.Kind, draft: Bool, destinationFolder: String, bundle: String? = nil,
            categories: [String] = [], name: String? = nil
        ) {
            let text: String
            do {
                text = try self.text(of: relative)
            } catch {
                report.warnings.append(Self.diagnostic(for: error, file: relative, severity: .warning))
                return
            }
            let file = (relative as NSString).lastPathComponent
            let fileBase = name ?? (file as NSString).deletingPathExtension
            let baseName = bundle.map { ($0 as NSString).lastPathComponent } ?? fileBase
            func path(_ name: String) -> String {
                bundle != nil ? "\(destinationFolder)/\(name)/index.md" : "\(destinationFolder)/\(name).md"
            }
            var destination = path(baseName)
            let first = destination.lowercased()
            if taken.contains(first) {
                var suffix = nextSuffix[first, default: 2]
                repeat {
                    destination = path("\(baseName)-\(suffix)")
                    suffix += 1
                } while taken.contains(destination.lowercased())
                nextSuffix[first] = suffix
            }
            taken.insert(destination.lowercased())
            guard
                var entry = parse(
                    text, source: relative, destination: destination, kind: kind, draft: draft,
                    name: baseName, report: &report)
            else { return }
            entry.bundleSource = bundle
            entry.pathCategories = categories
            entry.isHTML = Self.htmlExtensions.contains((file as NSString).pathExtension.lowercased())
            entries.append(entry)
        }
        let steps = engine == .jekyll ? jekyllEntries() : hugoEntries(settings)
        for step in steps {
            switch step {
            case .add(let found):
                add(
                    found.relative, kind: found.kind, draft: found.draft, destinationFolder: found.destinationFolder,
                    bundle: found.bundle, categories: found.categories, name: found.name)
            case .warn(let file, let message):
                report.warn(file, message)
            }
        }
        return entries
    }

    /// A content file found, to import as a post or page.
    struct FoundEntry {
        var relative: String
        var kind: Post.Kind
        var draft: Bool
        var destinationFolder: String
        var bundle: String? = nil
        var categories: [String] = []
        var name: String? = nil
    }

    /// What collecting entries does with each file, in the order the files are met.
    enum CollectingStep {
        case add(FoundEntry)
        case warn(String, String)
    }

    /// Jekyll's posts (in every `_posts` folder, with the folders above as categories), drafts and pages.
    private func jekyllEntries() -> [CollectingStep] {
        var steps: [CollectingStep] = []
        for (folder, categories) in jekyllPostFolders() {
            for relative in contentFiles(under: folder) {
                let base = ((relative as NSString).lastPathComponent as NSString).deletingPathExtension
                // Jekyll reads only files named by a date as posts; others in _posts are not published.
                guard Self.jekyllFileName(base) != nil else {
                    steps.append(
                        .warn(
                            relative,
                            "not imported: Jekyll publishes only posts whose file name starts with a date "
                                + "such as 2019-03-25-"))
                    continue
                }
                steps.append(
                    .add(
                        FoundEntry(
                            relative: relative, kind: .post, draft: false, destinationFolder: "content/posts",
                            categories: categories)))
            }
        }
        for relative in contentFiles(under: "_drafts") {
            steps.append(
                .add(FoundEntry(relative: relative, kind: .post, draft: true, destinationFolder: "content/posts")))
        }
        for name in (FileSystem.names(in: source.path) ?? []).sorted()
        where Self.markdownExtensions.contains((name as NSString).pathExtension.lowercased())
            && !Self.jekyllTooling.contains(name)
            && !name.hasPrefix("_") && !name.hasPrefix(".")
            && (name as NSString).deletingPathExtension.lowercased() != "index"
        {
            steps.append(
                .add(FoundEntry(relative: name, kind: .page, draft: false, destinationFolder: "content/pages")))
        }
        return steps
    }

    /// Hugo's content in the default language: the root's files and bundles as pages, the sections' as posts;
    /// a leaf bundle's other files are its resources.
    private func hugoEntries(_ settings: Settings) -> [CollectingStep] {
        var steps: [CollectingStep] = []
        let root = settings.contentDir
        let files = contentFiles(under: root)
        let languages = settings.hugo.languages
        func base(_ path: String) -> String { Self.hugoName(path, languages: languages).base }
        let bundles = Set(files.filter { base($0) == "index" }.map { ($0 as NSString).deletingLastPathComponent })
        for relative in files {
            let folder = (relative as NSString).deletingLastPathComponent
            let (name, language) = Self.hugoName(relative, languages: languages)
            if name == "_index" { continue }
            let isIndex = name == "index"
            if !isIndex, Self.isInBundle(folder, bundles) { continue }
            // `post.de.md` beside `post.md`: a translation, which Hugo publishes under its language.
            if let language, language != settings.hugo.defaultLanguage {
                steps.append(
                    .warn(
                        relative,
                        "not imported: its translation into '\(language)'; only the default language "
                            + "'\(settings.hugo.defaultLanguage)' comes along"))
                continue
            }
            if folder == root {
                steps.append(
                    .add(
                        FoundEntry(
                            relative: relative, kind: .page, draft: false, destinationFolder: "content/pages",
                            name: name)))
            } else if isIndex, (folder as NSString).deletingLastPathComponent == root {
                steps.append(
                    .add(
                        FoundEntry(
                            relative: relative, kind: .page, draft: false, destinationFolder: "content/pages",
                            bundle: folder)))
            } else {
                steps.append(
                    .add(
                        FoundEntry(
                            relative: relative, kind: .post, draft: false, destinationFolder: "content/posts",
                            bundle: isIndex ? folder : nil, name: name)))
            }
        }
        return steps
    }

    /// Every `_posts` folder Jekyll reads: at the root and in any folder below it that Jekyll reads (none
    /// starting with `_` or `.`), with the folders above it, which are its posts' categories (`en/news/_posts`).
    func jekyllPostFolders() -> [(folder: String, categories: [String])] {
        var found: [(String, [String])] = []
        func visit(_ relative: String, _ parts: [String]) {
            let path = relative.isEmpty ? source.path : source.appending(path: relative).path
            for name in (FileSystem.names(in: path) ?? []).sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                guard FileSystem.kind(of: source.appending(path: child).path) == .folder else { continue }
                if name == "_posts" {
                    found.append((child, parts))
                } else if !name.hasPrefix("_"), !name.hasPrefix("."), !Self.jekyllTooling.contains(name),
                    parts.count < 8
                {
                    visit(child, parts + [name])
                }
            }
        }
        visit("", [])
        return found
    }

    /// A Hugo content file's name without its extension and without a language code Hugo reads from it
    /// (`post.de.md` is `post` in `de`), and that language.
    static func hugoName(_ path: String, languages: Set<String>) -> (base: String, language: String?) {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let language = (base as NSString).pathExtension.lowercased()
        guard !language.isEmpty, languages.contains(language) else { return (base, nil) }
        return ((base as NSString).deletingPathExtension, language)
    }

    /// Whether `folder` is one of `bundles` or below one: its ancestors looked up, not every bundle compared.
    static func isInBundle(_ folder: String, _ bundles: Set<String>) -> Bool {
        var current = folder
        while !current.isEmpty {
            if bundles.contains(current) { return true }
            current = (current as NSString).deletingLastPathComponent
        }
        return false
    }

    private static func isIndex(_ path: String) -> Bool {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension == "index"
    }

    /// Markdown and HTML files below a folder of the source, in path order; links are not followed.
    func contentFiles(under folder: String) -> [String] {
        guard Self.staysInside(folder) else { return [] }
        let root = source.appending(path: folder).standardizedFileURL.path
        return FileSystem.subpaths(of: root).filter { path in
            let ext = (path as NSString).pathExtension.lowercased()
            return (Self.markdownExtensions.contains(ext) || Self.htmlExtensions.contains(ext))
                && !path.pathSegments.contains(where: \.isHiddenName)
                && isSourceFile(root + "/" + path)
        }.map { folder + "/" + $0 }
    }

    /// Markdown files below a folder of the source, in path order; links are not followed.
    func markdownFiles(under folder: String) -> [String] {
        contentFiles(under: folder).filter {
            Self.markdownExtensions.contains(($0 as NSString).pathExtension.lowercased())
        }
    }

    /// The text with its front matter where both engines find it: Hugo skips blank lines before the opening
    /// delimiter, and both accept spaces after a delimiter (`+++ `); the build wants them exact. Returns the
    /// number of lines dropped before the front matter too, to keep reported lines those of the source.
    static func normalizedDelimiters(_ text: String, engine: Engine) -> (text: String, droppedLines: Int) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var dropped = 0
        if engine == .hugo {
            while lines.count > 1, lines[0].trimmingCharacters(in: .whitespaces).isEmpty,
                lines.contains(where: { ["---", "+++"].contains($0.trimmingCharacters(in: .whitespaces)) })
            {
                lines.removeFirst()
                dropped += 1
            }
            if dropped > 0, !["---", "+++"].contains(lines[0].trimmingCharacters(in: .whitespaces)) {
                return (text, 0)
            }
        }
        guard let first = lines.first.map({ $0.trimmingCharacters(in: .whitespaces) }),
            first == "---" || first == "+++"
        else {
            return (text, 0)
        }
        lines[0] = first
        if let closing = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == first }) {
            lines[closing] = first
        }
        return (lines.joined(separator: "\n"), dropped)
    }

    func parse(
        _ text: String, source relative: String, destination: String, kind: Post.Kind, draft: Bool,
        name: String, report: inout Report
    ) -> Entry? {
        let (normalized, dropped) = Self.normalizedDelimiters(text, engine: engine)
        var file: SourceFile
        do {
            file = try SourceFile.split(normalized)
            if engine == .hugo, file.frontMatter == nil, let json = Self.jsonFrontMatter(text) { file = json }
        } catch {
            report.warn(relative, line: 1, "its front matter is not closed; it was not imported")
            return nil
        }
        var fields: [(key: String, value: Yams.Node)] = []
        if var yaml = file.frontMatter {
            if file.isTOML {
                do {
                    yaml = try TOMLFrontMatter.yaml(from: yaml)
                } catch {
                    // Nesting the build refuses is an error; other TOML it cannot read, as Hugo would not, is
                    // only reported.
                    let isBound = error.message == TOMLFrontMatter.tooDeepMessage
                    report.warnings.append(
                        Diagnostic(
                            isBound ? .error : .warning, file: relative, line: error.line + 1 + dropped,
                            column: error.column,
                            message: isBound
                                ? error.message
                                : "its TOML front matter is not valid (\(error.message)); it was not imported"))
                    return nil
                }
            }
            do {
                if case .mapping(let mapping)? = try YAMLFields.boundedCompose(yaml) {
                    // Hugo's front matter keys are case-insensitive (`Title:`, `Date:`); Jekyll's are not.
                    for (key, value) in mapping {
                        if let key = key.string { fields.append((engine == .hugo ? key.lowercased() : key, value)) }
                    }
                }
            } catch {
                // Where the YAML goes wrong, as a build would say it. Past the build's bounds it is an error;
                // YAML the build cannot read is a warning: the post is not imported.
                var problem = YAMLFields.diagnostic(
                    for: error, file: relative, lineOffset: file.frontMatterLineOffset + dropped)
                if case .syntax = error {
                    problem.severity = .warning
                    problem.message += "; it was not imported"
                }
                report.warnings.append(problem)
                return nil
            }
        } else if engine == .jekyll, kind == .post {
            // Jekyll publishes only files with front matter; the rest of _posts is copied as is, never a post.
            report.warn(
                relative, line: 1,
                "not imported: Jekyll publishes a post only when the file starts with front matter ('---')")
            return nil
        }
        return Entry(
            source: relative, destination: destination, kind: kind, isDraft: draft, fields: fields, body: file.body,
            bodyFirstLine: file.bodyFirstLine + dropped, name: name)
    }

    /// Hugo's JSON front matter: an object at the start of the file (after blank lines), the body after the
    /// line it closes on. JSON is YAML, so the object is read as the YAML front matter is.
    static func jsonFrontMatter(_ text: String) -> SourceFile? {
        guard let open = text.firstIndex(where: { !$0.isWhitespace }), text[open] == "{" else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        var index = open
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "{" {
                depth += 1
            } else if character == "}" {
                depth -= 1
                if depth == 0 { break }
            }
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return nil }
        let json = String(text[open...index])
        let lineEnd = text[index...].firstIndex(of: "\n") ?? text.endIndex
        let bodyStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
        let lines = text[..<bodyStart].filter { $0 == "\n" }.count
        return SourceFile(
            frontMatter: json, frontMatterLineOffset: text[..<open].filter { $0 == "\n" }.count,
            body: String(text[bodyStart...]), bodyFirstLine: lines + 1)
    }

    /// Every name a post or page may be linked by in the old site, to its new file (relative to DEST).
    func linkTargets(_ entries: [Entry], contentDir: String) -> [String: String] {
        var targets: [String: String] = [:]
        for entry in entries {
            let path = entry.source
            let withoutExtension = (path as NSString).deletingPathExtension
            let file = (path as NSString).lastPathComponent
            targets[path] = entry.destination
            targets[file] = entry.destination
            targets[(file as NSString).deletingPathExtension] = entry.destination
            if engine == .hugo, path.hasPrefix(contentDir + "/") {
                let inContent = String(path.dropFirst(contentDir.count + 1))
                targets[inContent] = entry.destination
                targets[(inContent as NSString).deletingPathExtension] = entry.destination
                if let bundle = entry.bundleSource {
                    let inside = String(bundle.dropFirst(min(bundle.count, contentDir.count + 1)))
                    targets[inside] = entry.destination
                    targets[(bundle as NSString).lastPathComponent] = entry.destination
                }
            } else {
                targets[withoutExtension] = entry.destination
            }
        }
        return targets
    }

    /// `to` relative to the folder of `from`, both relative to DEST.
    static func relativePath(from: String, to: String) -> String {
        let fromParts = from.split(separator: "/").dropLast()
        let toParts = to.split(separator: "/")
        var common = 0
        while common < fromParts.count, common < toParts.count - 1,
            fromParts[fromParts.startIndex + common] == toParts[common]
        { common += 1 }
        let ups = Array(repeating: "..", count: fromParts.count - common)
        return (ups + toParts[common...].map(String.init)).joined(separator: "/")
    }

    /// Copies what is not content: a Jekyll site's files outside `_` folders, a Hugo site's `static/` and
    /// the files of its page bundles.
    ///
    /// - Returns: The files of SRC copied, or named in the report as not copied.
    func copyAssets(_ entries: [Entry], settings: Settings, _ report: inout Report) throws(DiagnosticError)
        -> Set<String>
    {
        var ignored = Report()
        let copies = assetCopies(entries, settings: settings, &ignored)
        for copy in copies {
            guard Self.staysInside(copy.from), Self.staysInside(copy.to) else {
                report.warn(copy.from, "not copied: the path leads out of the old site or into \(copy.to)")
                continue
            }
            guard let data = FileContents.read(source.appending(path: copy.from)) else {
                report.warn(copy.from, "cannot read the file; it was not copied")
                continue
            }
            do {
                try ExclusiveFile.create(at: destination.appending(path: copy.to), contents: data)
                report.assets += 1
            } catch .exists {
                report.warn(copy.from, "\(copy.to) is the theme's own file; the old one was not copied")
            } catch {
                throw DiagnosticError(file: copy.to, message: "cannot create the file: \(error)")
            }
        }
        return Set(copies.map(\.from))
    }

    /// What is copied where; warnings for the old theme's template pages go into `report`.
    func assetCopies(_ entries: [Entry], settings: Settings, _ report: inout Report) -> [(from: String, to: String)] {
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
                    report.warn(
                        name, "a template page of the old theme (Liquid); not imported, the default theme makes its own"
                    )
                    continue
                }
                // Jekyll copies no file below a folder starting with `_` (a category's `_posts` were imported).
                for file in files(at: name) where !file.split(separator: "/").contains(where: { $0.hasPrefix("_") }) {
                    copies.append((file, "site-template/static/" + file))
                }
            }
        case .hugo:
            for mount in settings.hugo.staticMounts {
                for file in files(at: mount.source) {
                    // A mounted file goes to the target itself; a mounted folder's files go below it.
                    let inside =
                        file == mount.source
                        ? (file as NSString).lastPathComponent : String(file.dropFirst(mount.source.count + 1))
                    let target =
                        mount.target.isEmpty
                        ? inside : file == mount.source ? mount.target : mount.target + "/" + inside
                    copies.append((file, "site-template/static/" + target))
                }
            }
            // Each bundle's files go beside its own new index.md, so that bundles with one folder name in
            // different years or sections keep their own pictures.
            for entry in entries {
                guard let folder = entry.bundleSource else { continue }
                let target = (entry.destination as NSString).deletingLastPathComponent
                for file in files(at: folder)
                where Self.hugoName(file, languages: settings.hugo.languages).base != "index"
                    || (file as NSString).deletingLastPathComponent != folder
                {
                    copies.append((file, "\(target)/" + file.dropFirst(folder.count + 1)))
                }
            }
        }
        return copies
    }

    /// Regular files at a path of the source (a file, or every file below a folder), links not followed.
    private func files(at relative: String) -> [String] {
        guard Self.staysInside(relative) else { return [] }
        let url = source.appending(path: relative)
        switch FileSystem.kind(of: url.path) {
        case .file?: return [relative]
        case .symbolicLink? where isSourceFile(url.path): return [relative]
        case .folder?:
            guard let names = FileSystem.names(in: url.path) else { return [] }
            return names.sorted().filter { !$0.hasPrefix(".") }.flatMap { files(at: relative + "/" + $0) }
        default: return []
        }
    }
}
