import BlogFileSystem
import Foundation

extension SiteBuilder {
    /// Copies the theme's `static/` files to the output root, and each post folder's files beside its page.
    ///
    /// - Parameter earlier: The diagnostics of the steps before, reported with an error of this one.
    /// - Returns: Warnings for files not copied because the build makes their path.
    /// - Throws: ``DiagnosticError`` when a file cannot be read or leads out of the site: nothing is published then.
    func copyStaticFiles(_ pages: RenderedPages, into output: StagedOutput, _ plan: BuildPlan, earlier: [[Diagnostic]]) throws(DiagnosticError) -> [Diagnostic] {
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
        try Self.stopOnErrors(earlier + [copier.diagnostics])
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

    /// Copies every file below `folder` (relative to the site root) to `prefix` in the output, in path
    /// order; hidden files and `skipped` names are left out. A file or folder that cannot be read, a name
    /// that is not UTF-8 and a link that leads out of the site or nowhere are errors.
    mutating func copy(from folder: String, to prefix: String, skipping skipped: Set<String>) throws {
        let folderPath = root.appending(path: folder).path
        let tree: FolderWalk.Tree
        do {
            tree = try FolderWalk.tree(folderPath)
        } catch {
            if !error.isMissing { diagnostics.append(Diagnostic(.error, file: folder, message: "cannot read (\(error.reason))")) }
            return
        }
        for (path, error) in tree.unreadable {
            let what = error.isMissing ? "a symbolic link to nothing; fix or remove the link" : "cannot read (\(error.reason))"
            diagnostics.append(Diagnostic(.error, file: "\(folder)/\(path)", message: what))
        }
        for path in tree.invalidNames {
            diagnostics.append(Diagnostic(.error, file: "\(folder)/\(path)", message: "the file name is not valid UTF-8; rename the file"))
        }
        let generated = routes.generatedPaths(in: prefix)
        for relative in tree.files {
            if skipped.contains(relative) || relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let display = "\(folder)/\(relative)"
            if let problem = ContentLoader.outsideLinkProblem(path: folderPath + "/" + relative, root: root) {
                diagnostics.append(Diagnostic(.error, file: display, message: problem))
                continue
            }
            let target = prefix + relative
            guard !generated.contains(target), made.insert(target).inserted else {
                diagnostics.append(Diagnostic(.warning, file: display, message: "not copied: the build already makes \(target)"))
                continue
            }
            do {
                try output.put(target, try FileContents.contents(atPath: folderPath + "/" + relative))
            } catch let error as FileSystemError where error.path.hasPrefix(folderPath) {
                diagnostics.append(Diagnostic(.error, file: display, message: "cannot read (\(error.reason))"))
            }
        }
    }
}
