import BlogFileSystem
import Foundation

/// The site's content files as found, before any is read.
struct SourceScan: Sendable {
    /// Posts and pages in path order.
    var files: [ContentFile]
    /// Each file's stamp, in the same order; nil when the file could not be stamped.
    var stamps: [FileStamp?]
    /// The files beside each post folder's index.md, relative to the site root, in a fixed order: they
    /// are copied to the output, so a change to one is a change.
    var bundleFiles: [String]
    var diagnostics: [Diagnostic]
    /// Where the stamps may differ from those of the record that `blog serve`'s memory holds: the files a
    /// watcher saw change since the memory's record was made from this scan. Nil when unknown (a scan of
    /// every file), and then every stamp is compared.
    var differing: Set<Int>? = nil
}

extension SiteBuilder {
    /// Lists the content files and stamps each, on every core: the record of the last build is compared
    /// with the stamps, and a build reuses what it has for each file whose stamp is as before.
    func scanSources(_ plan: BuildPlan) async -> SourceScan {
        if let last = plan.lastScan, let scan = Self.restampChanged(plan, last) {
            plan.options.memory?.remember(scan, positions: last.positions)
            PhaseTimer.note("stamped only the \(plan.options.changedSources?.count ?? 0) files a watcher saw change")
            return scan
        }
        let loader = ContentLoader(root: site.root, timeZone: plan.configuration.timeZone)
        let (files, diagnostics) = loader.scan()
        let stamps = await Self.stamps(of: files.map(\.path), in: plan.rootPath)
        let scan = SourceScan(files: files, stamps: stamps, bundleFiles: bundleFiles(files), diagnostics: diagnostics)
        if let memory = plan.options.memory {
            memory.remember(scan, positions: Dictionary(files.enumerated().map { ($1.path, $0) }) { first, _ in first })
        }
        return scan
    }

    /// The last scan of this process with only the files a watcher saw change stamped again, when each is
    /// a post, page or post-folder file that scan found and is still there (edited in place, or saved by
    /// renaming over it): listing and stamping every source is most of an edit's cost in a large site,
    /// and the watcher has seen every change since. Nil, for the whole scan, when no watcher vouches for
    /// the changes or a change may add or remove a file.
    private static func restampChanged(_ plan: BuildPlan, _ last: (scan: SourceScan, positions: [String: Int]))
        -> SourceScan?
    {
        guard let changed = plan.options.changedSources else { return nil }
        var scan = last.scan
        let bundleFiles = Set(scan.bundleFiles)
        for path in changed {
            // Post-folder files are stamped by the build itself, but must still be there, as files: a
            // post replaced by a folder of its name is listed again by the whole scan.
            let fullPath = plan.rootPath + "/" + path
            guard FileSystem.resolvedKind(of: fullPath) == .file, let stamp = FileStamp(fullPath) else { return nil }
            if let position = last.positions[path] {
                scan.stamps[position] = stamp
                scan.differing?.insert(position)
            } else if !bundleFiles.contains(path) {
                return nil
            }
        }
        return scan
    }

    /// The stamps of many files at paths relative to `folder`, made on every core in runs of at least a
    /// thousand, in the order of `paths`.
    static func stamps(of paths: [String], in folder: String) async -> [FileStamp?] {
        await paths.parallelMapChunks(minimumChunk: 1000, chunksPerCore: 1) {
            FileStamp.stamps(of: $0, in: folder)
        }.flatMap { $0 }
    }

    /// The files beside each post folder's index.md, relative to the site root, in a fixed order.
    private func bundleFiles(_ content: [ContentFile]) -> [String] {
        var files: [String] = []
        for bundle in content.compactMap(\.bundle) {
            for path in FileSystem.subpaths(of: site.root.appending(path: bundle).path)
            where path != SiteLayout.bundleIndex {
                if FileSystem.resolvedKind(of: site.root.appending(path: "\(bundle)/\(path)").path) == .file {
                    files.append("\(bundle)/\(path)")
                }
            }
        }
        return files
    }
}
