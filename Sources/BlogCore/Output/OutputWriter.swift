import CFileSystem
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a build's files so that the output folder is replaced whole, or not at all.
///
/// The new tree is made in a staging folder beside the output (`.NAME.blog-staging`) and swapped in with
/// one atomic exchange only after every file is written, so a failed or killed build leaves the previous
/// output exactly as it was. Files whose bytes did not change are hard links to the old ones (same inode,
/// same modification time), so rsync-style deploys upload only what changed. The output is marked with a
/// `.blog-output` file; a folder holding anything else is never replaced.
struct OutputWriter {
    static let marker = ".blog-output"
    /// Set to a number of seconds to pause after staging and before the swap; the kill test uses it.
    static let pauseVariable = "BLOG_PAUSE_BEFORE_SWAP"
    let folder: URL
    /// How the folder is named in messages.
    let displayName: String

    var staging: URL {
        folder.deletingLastPathComponent().appending(path: ".\(folder.lastPathComponent).blog-staging")
    }

    /// Refuses folders a build must never replace.
    func check(siteRoot: URL) throws(DiagnosticError) {
        let output = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let root = siteRoot.standardizedFileURL.resolvingSymlinksInPath().path
        let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.resolvingSymlinksInPath().path
        let protected = [root, root + "/content", root + "/site-template", home, "/"]
        if protected.contains(where: { $0 == output || $0.hasPrefix(output.hasSuffix("/") ? output : output + "/") }) {
            throw DiagnosticError(file: displayName, message: "refusing to write the site into \(displayName): it is the site, its content or theme, a folder above them, the home folder or /; choose an output folder such as public/")
        }
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) != nil {
            throw DiagnosticError(file: displayName, message: "the output folder is a symbolic link; pass the folder it points to as --output")
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

    /// Stages every file, then swaps the staged tree in for the old output.
    func write(_ files: [String: Data]) throws -> Counts {
        let fileManager = FileManager.default
        try removeStaleStaging()
        try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        try Data("This folder is made by `blog build` and replaced on every build.\n".utf8).write(to: staging.appending(path: Self.marker))
        var counts = Counts()
        var folders = Set<String>()
        for path in files.keys.sorted() {
            guard let data = files[path] else { continue }
            let target = staging.appending(path: path)
            let parent = target.deletingLastPathComponent().path
            if !folders.contains(parent) {
                try fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true)
                folders.insert(parent)
            }
            let old = folder.appending(path: path)
            if let existing = fileManager.contents(atPath: old.path), existing == data, link(old.path, target.path) == 0 {
                counts.unchanged += 1
                continue
            }
            try data.write(to: target)
            counts.written += 1
        }
        counts.removed = oldFiles().subtracting(files.keys).count
        if let pause = ProcessInfo.processInfo.environment[Self.pauseVariable].flatMap(Double.init) {
            Thread.sleep(forTimeInterval: pause)
        }
        try swapIn()
        return counts
    }

    /// Exchanges staging and output in one step; the old tree, now in staging, is then removed.
    private func swapIn() throws {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: folder.path) {
            if blog_rename_exchange(staging.path, folder.path) != 0 {
                // Without renameat2 the swap takes two renames; the old tree stays beside until removed.
                let old = folder.deletingLastPathComponent().appending(path: ".\(folder.lastPathComponent).blog-old")
                try? fileManager.removeItem(at: old)
                try fileManager.moveItem(at: folder, to: old)
                try fileManager.moveItem(at: staging, to: folder)
                try? fileManager.removeItem(at: old)
                return
            }
            try fileManager.removeItem(at: staging)
        } else {
            try fileManager.moveItem(at: staging, to: folder)
        }
    }

    /// A staging folder left by a killed build is removed, but only if it is one of ours.
    private func removeStaleStaging() throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: staging.path) else { return }
        let entries = (try? fileManager.contentsOfDirectory(atPath: staging.path)) ?? []
        guard entries.isEmpty || entries.contains(Self.marker) else {
            throw DiagnosticError(file: staging.lastPathComponent, message: "a folder with the staging name exists and was not made by blog; move it away")
        }
        try fileManager.removeItem(at: staging)
    }

    private func oldFiles() -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result = Set<String>()
        for case let path as String in enumerator where path != Self.marker {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appending(path: path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.insert(path)
            }
        }
        return result
    }
}
