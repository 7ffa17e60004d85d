import BlogFileSystem
import Foundation

extension SiteImport {
    /// Names, in the report, every file of SRC the import neither brought nor reported already: names that
    /// are not UTF-8, links that lead out of SRC or nowhere, links to folders, pipes and devices, and files of
    /// no kind the import takes. Hidden folders and the old engine's and theme's folders (`_layouts`,
    /// `themes`, …) are named once each, with their count of files.
    func reportFilesLeft(brought: Set<String>, _ report: inout Report) {
        guard let tree = try? FolderWalk.tree(source.path) else { return }
        let reported = Set(report.warnings.map(\.file))
        var groups: [String: (reason: String, count: Int)] = [:]
        var lines: [(path: String, message: String)] = []
        func add(_ path: String, _ message: @autoclosure () -> String) {
            if let group = group(of: path) {
                groups[group.folder, default: (group.reason, 0)].count += 1
            } else if !reported.contains(path) {
                lines.append((path, message()))
            }
        }
        for path in tree.files where !brought.contains(path) && !isConfiguration(path) {
            add(path, leftFileMessage(path))
        }
        for path in tree.invalidNames { add(path, "not imported: its name is not UTF-8 (shown with U+FFFD)") }
        for (path, error) in tree.unreadable {
            add(path, "not imported: it cannot be read or followed (\(error.reason))")
        }
        for path in tree.linkedFolders { add(path, "not imported: a symbolic link to a folder, which is not followed") }
        for path in tree.others { add(path, "not imported: neither a file nor a folder") }
        for (folder, group) in groups {
            lines.append((folder, "not imported: \(group.reason) (\(group.count) file\(group.count == 1 ? "" : "s"))"))
        }
        for line in lines.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            report.warn(line.path, line.message)
        }
    }

    /// The folder a left file is named under instead of itself, and why none of it comes along.
    private func group(of path: String) -> (folder: String, reason: String)? {
        let parts = path.pathSegments
        if let hidden = parts.firstIndex(where: \.isHiddenName) {
            return (parts[...hidden].joined(separator: "/"), "hidden")
        }
        switch engine {
        case .jekyll:
            // Jekyll reads no folder starting with `_` as content but `_posts` and `_drafts`.
            guard
                let index = parts.dropLast().firstIndex(where: {
                    $0.hasPrefix("_") && $0 != "_posts" && $0 != "_drafts"
                })
            else { return nil }
            return (parts[...index].joined(separator: "/"), "the old engine's or theme's folder")
        case .hugo:
            let engineFolders: Set<Substring> = [
                "layouts", "themes", "archetypes", "assets", "data", "i18n", "resources", "public", "node_modules",
            ]
            guard parts.count > 1, engineFolders.contains(parts[0]) else { return nil }
            return (String(parts[0]), "the old engine's or theme's folder")
        }
    }

    /// Configuration files, whose settings went into blog.yaml.
    private func isConfiguration(_ path: String) -> Bool {
        switch engine {
        case .jekyll: return path == "_config.yml" || path == "_config.yaml"
        case .hugo:
            return path.hasPrefix("config/")
                || HugoConfig.extensions.contains { path == "hugo.\($0)" || path == "config.\($0)" }
        }
    }

    /// Why one file was not brought.
    private func leftFileMessage(_ path: String) -> String {
        let full = source.appending(path: path).path
        if FileSystem.kind(of: full) == .symbolicLink, !isInsideSource(full) {
            return "not imported: a symbolic link out of the old site, which is not followed"
        }
        if engine == .hugo, Self.hugoName(path, languages: []).base == "_index" {
            return "not imported: a section's list page; the new site makes its own list pages"
        }
        return "not imported: neither a post, a page nor a file the old engine publishes as it is"
    }

    /// Whether `path` leads, every symbolic link followed, to a place inside SRC.
    func isInsideSource(_ path: String) -> Bool {
        guard let resolved = FileSystem.resolvedPath(path), let root = FileSystem.resolvedPath(source.path) else {
            return false
        }
        return resolved.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Whether the entry at `path` (in SRC) is a file to read: a regular file, or a symbolic link to one
    /// inside SRC (Jekyll publishes those); a link out of SRC is not followed.
    func isSourceFile(_ path: String) -> Bool {
        switch FileSystem.kind(of: path) {
        case .file?: true
        case .symbolicLink?: FileSystem.resolvedKind(of: path) == .file && isInsideSource(path)
        default: false
        }
    }
}
