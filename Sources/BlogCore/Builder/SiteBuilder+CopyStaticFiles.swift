import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Copies the theme's `static/` files to the output root, and each post folder's files beside its page,
    /// but the images ``processImages(_:bodies:into:_:)`` published.
    ///
    /// Warnings for files not copied because the build makes their path are added to `run`.
    ///
    /// - Throws: ``DiagnosticError`` when a file cannot be read or leads out of the site, or when a post's
    ///   own permalink names a path the build writes: nothing is published then.
    func copyStaticFiles(
        _ pages: RenderedPages, generated: Set<String>, redirects: Set<String>, into output: StagedTree,
        _ run: inout BuildRun
    ) throws(DiagnosticError) {
        let plan = run.plan
        let images = pages.images
        var made: [String: String] = [:]
        for path in generated.union(images.outputs) { made[path] = "the build" }
        for path in plan.routes.rootOutputs { made[path] = "the build" }
        for path in redirects { made[path] = "a redirect" }
        // A post's or page's own permalink may name a path the build writes (`/feed/1.json`, `/tags/`).
        var clashes: [Diagnostic] = []
        for post in pages.all {
            let path = plan.routes.page(of: post.post).path
            if made[path] == "the build" {
                clashes.append(
                    Diagnostic(
                        .error, file: post.post.source,
                        message:
                            "its page would be \(path), which the build writes (a list page, a feed, the sitemap or robots.txt); give it another 'permalink'"
                    ))
            }
            made[path] = post.post.source
        }
        try run.stopOnErrors(adding: clashes)
        var copier = StaticCopier(root: site.root, output: output, made: made)
        for post in pages.all { copier.pages[post.post.source] = plan.routes.page(of: post.post).path }
        do {
            for post in pages.all {
                guard let bundle = post.post.bundleFolder else { continue }
                let skipped = (images.handled[bundle] ?? []).union([SiteLayout.bundleIndex])
                try copier.copy(from: bundle, to: plan.routes.folder(of: post.post), skipping: skipped)
            }
            try copier.copy(
                from: SiteLayout.staticFiles, to: "", skipping: images.handled[SiteLayout.staticFiles] ?? [],
                yieldingToPages: false)
        } catch {
            throw DiagnosticError(file: plan.output.displayName, message: "cannot write the output: \(error)")
        }
        try run.stopOnErrors(adding: copier.diagnostics)
    }
}

/// Copies folders of the site into the staged output, so that no two files land on one path and no file
/// lands where the build makes a folder, or inside a file it makes.
private struct StaticCopier {
    let root: URL
    let output: StagedTree
    private(set) var diagnostics: [Diagnostic] = []
    /// The page path of each post and page, by source.
    var pages: [String: String] = [:]
    /// Every path in the output with who made it: a source file, "the build", or a copied file.
    private var made: [String: String]
    /// Every folder that holds a made path.
    private var folders: [String: String] = [:]

    init(root: URL, output: StagedTree, made: [String: String]) {
        self.root = root
        self.output = output
        self.made = made
        for (path, owner) in made { addFolders(of: path, owner: owner) }
    }

    private mutating func addFolders(of path: String, owner: String) {
        var folder = path[...]
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            guard folders[String(folder)] == nil else { break }
            folders[String(folder)] = owner
        }
    }

    /// Who already takes `target`: the same path, a folder there, or a file where one of its folders must be.
    private func owner(of target: String) -> String? {
        if let owner = made[target] ?? folders[target] { return owner }
        var folder = target[...]
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if let owner = made[String(folder)] { return owner }
        }
        return nil
    }

    /// Copies every file below `folder` (relative to the site root) to `prefix` in the output, in path
    /// order; hidden files and `skipped` names are left out. A file or folder that cannot be read, a name
    /// that is not UTF-8 and a link that leads out of the site or nowhere are errors. A file that a post's
    /// or page's page is in the way of is a warning, unless it may not yield to pages (the theme's): then
    /// the page is the error.
    mutating func copy(
        from folder: String, to prefix: String, skipping skipped: Set<String>, yieldingToPages: Bool = true
    ) throws {
        let folderPath = root.appending(path: folder).path
        // A walk follows the folder itself when it is a link, and the theme may be one: its files would
        // then come from outside the site unchecked.
        if folder == SiteLayout.staticFiles || FileSystem.kind(of: folderPath) == .symbolicLink,
            FileSystem.exists(folderPath),
            let problem = ContentLoader.resolvedOutsideProblem(URL(filePath: folderPath), root: root)
        {
            diagnostics.append(Diagnostic(.error, file: folder, message: problem))
            return
        }
        let tree: FolderWalk.Tree
        do {
            tree = try FolderWalk.tree(folderPath)
        } catch {
            if !error.isMissing {
                diagnostics.append(Diagnostic(.error, file: folder, message: "cannot read (\(error.reason))"))
            }
            return
        }
        diagnostics += Diagnostic.problems(in: tree, of: folder)
        // Folders behind links are not copied; one that leads out of the site must not go unsaid.
        for linked in tree.linkedFolders where !linked.pathSegments.contains(where: \.isHiddenName) {
            if let problem = ContentLoader.resolvedOutsideProblem(URL(filePath: folderPath + "/" + linked), root: root)
            {
                diagnostics.append(Diagnostic(.error, file: "\(folder)/\(linked)", message: problem))
            }
        }
        for relative in tree.files {
            if skipped.contains(relative) || relative.pathSegments.contains(where: \.isHiddenName) {
                continue
            }
            let display = "\(folder)/\(relative)"
            if let problem = ContentLoader.outsideLinkProblem(path: folderPath + "/" + relative, root: root) {
                diagnostics.append(Diagnostic(.error, file: display, message: problem))
                continue
            }
            let target = prefix + relative
            if let owner = owner(of: target), !yieldingToPages, let page = pages[owner] {
                diagnostics.append(
                    Diagnostic(
                        .error, file: owner,
                        message:
                            "its page would be \(page), in the way of the theme's file \(display); give it another 'slug' or 'permalink'"
                    ))
                continue
            } else if let owner = owner(of: target) {
                diagnostics.append(
                    Diagnostic(
                        .warning, file: display,
                        message: "not copied: \(owner) already makes /\(target) or a folder in its way"))
                continue
            }
            made[target] = display
            addFolders(of: target, owner: display)
            do {
                try output.put(target, try FileContents.contents(atPath: folderPath + "/" + relative))
            } catch let error as FileSystemError where error.path.hasPrefix(folderPath) {
                diagnostics.append(Diagnostic(.error, file: display, message: "cannot read (\(error.reason))"))
            }
        }
    }
}
