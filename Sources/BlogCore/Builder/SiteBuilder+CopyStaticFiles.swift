import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Copies the theme's `static/` files to the output root, and each post folder's files beside its page.
    ///
    /// - Returns: Warnings for files not copied: unreadable, outside the site, or on a path the build makes.
    func copyStaticFiles(_ pages: RenderedPages, into output: StagedOutput, _ plan: BuildPlan) throws(DiagnosticError) -> [Diagnostic] {
        var copier = StaticCopier(root: site.root, routes: plan.routes, output: output)
        do {
            for post in pages.all {
                guard let bundle = post.post.bundleFolder else { continue }
                try copier.copy(from: bundle, to: Routes.folder(of: post.post), skipping: ["index.md"])
            }
            try copier.copy(from: "site-template/static", to: "", skipping: [])
        } catch {
            throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(error)")
        }
        return copier.diagnostics
    }
}

/// Copies folders of the site into the staged output, remembering what it made so that no two files
/// land on one path.
private struct StaticCopier {
    let root: URL
    let routes: Routes
    let output: StagedOutput
    private(set) var diagnostics: [Diagnostic] = []
    private var made = Set<String>()

    init(root: URL, routes: Routes, output: StagedOutput) {
        self.root = root
        self.routes = routes
        self.output = output
    }

    /// Copies every regular file below `folder` (relative to the site root) to `prefix` in the output, in
    /// path order; hidden files and `skipped` names are left out.
    mutating func copy(from folder: String, to prefix: String, skipping skipped: Set<String>) throws {
        let folderURL = root.appending(path: folder)
        guard let enumerator = FileManager.default.enumerator(at: folderURL, includingPropertiesForKeys: [.isRegularFileKey]) else { return }
        var urls: [URL] = []
        for case let url as URL in enumerator { urls.append(url) }
        let generated = routes.generatedPaths(in: prefix)
        for url in urls.sorted(by: { $0.path < $1.path }) {
            let relative = String(url.standardizedFileURL.path.dropFirst(folderURL.standardizedFileURL.path.count + 1))
            let display = "\(folder)/\(relative)"
            if let problem = ContentLoader.outsideLinkProblem(url, root: root) {
                diagnostics.append(Diagnostic(.warning, file: display, message: "not copied: \(problem)"))
                continue
            }
            guard (try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            if skipped.contains(relative) || relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let target = prefix + relative
            guard !generated.contains(target), made.insert(target).inserted else {
                diagnostics.append(Diagnostic(.warning, file: display, message: "not copied: the build already makes \(target)"))
                continue
            }
            guard let data = FileContents.read(url) else {
                diagnostics.append(Diagnostic(.warning, file: display, message: "cannot read the file; it was not copied"))
                continue
            }
            try output.put(target, data)
        }
    }
}
