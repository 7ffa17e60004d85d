import Foundation
import JSONFeed

/// Builds a site: reads blog.yaml, the theme and the content, renders everything and writes the output.
public struct SiteBuilder: Sendable {
    /// The site to build.
    public let site: Site

    /// Makes a builder for `site`.
    public init(site: Site) {
        self.site = site
    }

    /// Paths that belong to the engine; a page slug may not take them.
    static let reservedSlugs: Set<String> = ["posts", "tags", "page", "archive", "feed.json", "404.html", "index.html"]

    /// Builds the site into the output folder.
    ///
    /// - Returns: What was built, with every warning.
    /// - Throws: ``DiagnosticError`` with every error and warning found; nothing is written then.
    public func build(_ options: BuildOptions) async throws(DiagnosticError) -> BuildSummary {
        let started = ContinuousClock.now
        var (configuration, diagnostics) = try site.loadConfiguration()
        if let override = options.baseURL {
            guard let normalized = SiteConfiguration.normalizedBaseURL(override) else {
                throw DiagnosticError(file: "--base-url", message: "expected an absolute http or https URL such as https://example.com/blog/, got \(Diagnostic.quoted(override))")
            }
            configuration.baseURL = normalized
        }
        let outputName = options.output ?? "public"
        let outputURL = (outputName.hasPrefix("/") ? URL(filePath: outputName) : site.root.appending(path: outputName)).standardizedFileURL
        let writer = OutputWriter(folder: outputURL, displayName: outputName)
        try writer.check(siteRoot: site.root)
        var templates: TemplateSet?
        do {
            let (loaded, warnings) = try TemplateSet.load(from: site.root.appending(path: "site-template"), displayFolder: "site-template", strict: options.isStrict)
            templates = loaded
            diagnostics += warnings
        } catch {
            diagnostics += error.diagnostics
        }

        let loaded = await ContentLoader(root: site.root, timeZone: configuration.timeZone).load()
        diagnostics += loaded.diagnostics
        var summary = BuildSummary(output: outputURL)
        var posts: [Post] = []
        var leftOut = Set<String>()
        for post in loaded.posts {
            if post.isDraft && !options.includesDrafts {
                summary.draftsSkipped += 1
                leftOut.insert(post.source)
            } else if let date = post.date, date > options.now, !options.includesFuture {
                summary.futureSkipped += 1
                leftOut.insert(post.source)
            } else {
                posts.append(post)
            }
        }
        let pages = loaded.pages.filter { !$0.isDraft || options.includesDrafts }
        diagnostics += Self.checkCollisions(posts: posts, pages: pages)

        var pageURLs: [String: String] = [:]
        for post in posts + pages { pageURLs[post.source] = configuration.basePath + post.outputFolder.pathEncoded }
        let renderer = PostRenderer(configuration: configuration, pageURLs: pageURLs, leftOut: leftOut)
        let rendered = await Self.render(posts + pages, with: renderer, progress: options.progress)
        var published: [PublishedPost] = []
        for (post, result) in zip(posts + pages, rendered) {
            switch result {
            case .success(let output):
                diagnostics += output.diagnostics
                let path = pageURLs[post.source] ?? configuration.basePath
                let tags = Self.uniqueTags(post.tags)
                published.append(PublishedPost(post: post, rendered: output, path: path, permalink: configuration.absoluteURL(forPath: path), tags: tags))
            case .failure(let error):
                diagnostics.append(Diagnostic(.error, file: post.source, message: "libcmark could not render the Markdown (\(error))"))
            }
        }
        guard let templates, !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticError(diagnostics.sorted(by: Self.diagnosticOrder))
        }

        let postPages = published.filter { $0.post.kind == .post }.sorted(by: Self.newestFirst)
        let standalone = published.filter { $0.post.kind == .page }.sorted { $0.post.slug < $1.post.slug }
        let context = PageContext(configuration: configuration, navigation: standalone.map { ($0.post.title, $0.path) })
        var files = SitePages(context: context, templates: templates).render(posts: postPages, pages: standalone)
        do {
            files["feed.json"] = try FeedEncoder(prettyPrinted: true).encode(FeedBuilder(configuration: configuration).feed(for: postPages))
        } catch {
            throw DiagnosticError(file: "feed.json", message: "cannot encode the feed: \(error)")
        }
        diagnostics += copyStaticFiles(into: &files, posts: published)

        do {
            let counts = try writer.write(files)
            summary.filesWritten = counts.written
            summary.filesUnchanged = counts.unchanged
            summary.filesRemoved = counts.removed
        } catch {
            throw DiagnosticError(file: outputName, message: "cannot write the output: \(error.localizedDescription)")
        }
        summary.posts = postPages.count
        summary.pages = standalone.count
        summary.tags = Set(postPages.flatMap { $0.tags.map(\.slug) }).count
        summary.diagnostics = diagnostics.sorted(by: Self.diagnosticOrder)
        let elapsed = ContinuousClock.now - started
        summary.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return summary
    }

    /// Renders Markdown on every core; results come back in input order, so output never depends on scheduling.
    static func render(_ posts: [Post], with renderer: PostRenderer, progress: (@Sendable (Int, Int) -> Void)?) async -> [Result<RenderedPost, CommonMarkFailure>] {
        await withTaskGroup(of: (Int, Result<RenderedPost, CommonMarkFailure>).self) { group in
            for (index, post) in posts.enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try renderer.render(post)))
                    } catch {
                        return (index, .failure(CommonMarkFailure(description: "\(error)")))
                    }
                }
            }
            var results = [Result<RenderedPost, CommonMarkFailure>?](repeating: nil, count: posts.count)
            var done = 0
            for await (index, result) in group {
                results[index] = result
                done += 1
                progress?(done, posts.count)
            }
            return results.map { $0 ?? .failure(CommonMarkFailure(description: "not rendered")) }
        }
    }

    struct CommonMarkFailure: Error, Sendable {
        var description: String
    }

    /// Two posts or pages on one URL is an error naming both files.
    static func checkCollisions(posts: [Post], pages: [Post]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var owners: [String: String] = [:]
        for post in (posts + pages).sorted(by: { $0.source < $1.source }) {
            if post.kind == .page, reservedSlugs.contains(post.slug) {
                diagnostics.append(Diagnostic(.error, file: post.source, message: "the page slug \(Diagnostic.quoted(post.slug)) is used by the engine; choose another 'slug'"))
                continue
            }
            if let owner = owners[post.outputFolder] {
                diagnostics.append(Diagnostic(.error, file: post.source, message: "\(owner) and \(post.source) would both be published at /\(post.outputFolder); give one of them another 'slug'"))
            } else {
                owners[post.outputFolder] = post.source
            }
        }
        return diagnostics
    }

    /// Tags folded to one entry per slug, keeping the first spelling.
    static func uniqueTags(_ tags: [String]) -> [(name: String, slug: String)] {
        var seen = Set<String>()
        var result: [(name: String, slug: String)] = []
        for tag in tags {
            let name = tag.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            let slug = Slug.make(from: name, fallback: "tag")
            if seen.insert(slug).inserted { result.append((name, slug)) }
        }
        return result
    }

    static func newestFirst(_ a: PublishedPost, _ b: PublishedPost) -> Bool {
        let left = a.post.date ?? .distantPast
        let right = b.post.date ?? .distantPast
        return left != right ? left > right : a.post.slug < b.post.slug
    }

    static func diagnosticOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.file, a.line ?? 0, a.column ?? 0, a.message) < (b.file, b.line ?? 0, b.column ?? 0, b.message)
    }

    /// The theme's `static/` files at the output root, and each post bundle's files beside its page.
    private func copyStaticFiles(into files: inout [String: Data], posts: [PublishedPost]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func copy(from folder: URL, display: String, to prefix: String, skipping skipped: Set<String>) {
            guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return }
            for case let url as URL in enumerator {
                let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
                if let problem = ContentLoader.outsideLinkProblem(url, root: site.root) {
                    diagnostics.append(Diagnostic(.warning, file: "\(display)/\(relative)", message: "not copied: \(problem)"))
                    continue
                }
                guard (try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                if skipped.contains(relative) || relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                let target = prefix + relative
                guard files[target] == nil else {
                    diagnostics.append(Diagnostic(.warning, file: "\(display)/\(relative)", message: "not copied: the build already makes \(target)"))
                    continue
                }
                guard let data = FileManager.default.contents(atPath: url.path) else {
                    diagnostics.append(Diagnostic(.warning, file: "\(display)/\(relative)", message: "cannot read the file; it was not copied"))
                    continue
                }
                files[target] = data
            }
        }
        for post in posts {
            guard let bundle = post.post.bundleFolder else { continue }
            copy(from: site.root.appending(path: bundle), display: bundle, to: post.post.outputFolder, skipping: ["index.md"])
        }
        copy(from: site.root.appending(path: "site-template/static"), display: "site-template/static", to: "", skipping: [])
        return diagnostics
    }
}

extension String {
    /// Each path segment percent-encoded for an `href`.
    var pathEncoded: String {
        split(separator: "/", omittingEmptySubsequences: false).map { Slug.pathSegment(String($0)) }.joined(separator: "/")
    }
}
