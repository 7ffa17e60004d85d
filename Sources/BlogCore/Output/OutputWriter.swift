import Foundation

/// Writes a build's files into the output folder.
///
/// The folder is marked as made by `blog` with a `.blog-output` file; old files are removed only from a
/// marked folder, and a folder holding anything else is refused. Files whose bytes did not change are not
/// rewritten, so their modification times stay and rsync-style deploys upload only what changed.
struct OutputWriter {
    static let marker = ".blog-output"
    let folder: URL
    /// How the folder is named in messages.
    let displayName: String

    /// Refuses folders a build must never write into.
    func check(siteRoot: URL) throws(DiagnosticError) {
        let output = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let root = siteRoot.standardizedFileURL.resolvingSymlinksInPath().path
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.resolvingSymlinksInPath().path
        let protected = [root, root + "/content", root + "/site-template", home, "/"]
        if protected.contains(where: { $0 == output || $0.hasPrefix(output.hasSuffix("/") ? output : output + "/") }) {
            throw DiagnosticError(file: displayName, message: "refusing to write the site into \(displayName): it is the site, its content or theme, a folder above them, the home folder or /; choose an output folder such as public/")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw DiagnosticError(file: displayName, message: "the output path is a file, not a folder; remove it or choose another --output")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if !entries.isEmpty && !entries.contains(Self.marker) {
            throw DiagnosticError(file: displayName, message: "the output folder holds files that blog did not make; empty it or choose another --output (blog only replaces folders marked with \(Self.marker))")
        }
    }

    struct Counts {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    /// Writes every file, skips unchanged ones and removes files of an earlier build that are no longer made.
    func write(_ files: [String: Data]) throws -> Counts {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        var counts = Counts()
        var folders = Set<String>()
        for path in files.keys.sorted() {
            guard let data = files[path] else { continue }
            let url = folder.appending(path: path)
            let parent = url.deletingLastPathComponent().path
            if !folders.contains(parent) {
                try fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true)
                folders.insert(parent)
            }
            if let existing = fileManager.contents(atPath: url.path), existing == data {
                counts.unchanged += 1
                continue
            }
            try data.write(to: url, options: .atomic)
            counts.written += 1
        }
        try Data("This folder is made by `blog build` and replaced on every build.\n".utf8).write(to: folder.appending(path: Self.marker))
        counts.removed = removeStale(keeping: Set(files.keys))
        return counts
    }

    private func removeStale(keeping kept: Set<String>) -> Int {
        let fileManager = FileManager.default
        guard let enumerator = fileManager.enumerator(atPath: folder.path) else { return 0 }
        var removed = 0
        var directories: [String] = []
        for case let path as String in enumerator {
            if path == Self.marker { continue }
            let url = folder.appending(path: path)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                directories.append(path)
            } else if !kept.contains(path) {
                try? fileManager.removeItem(at: url)
                removed += 1
            }
        }
        for path in directories.sorted(by: >) {
            let url = folder.appending(path: path)
            if (try? fileManager.contentsOfDirectory(atPath: url.path))?.isEmpty == true { try? fileManager.removeItem(at: url) }
        }
        return removed
    }
}
