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
}

extension SiteBuilder {
    /// Lists the content files and stamps each, on every core: the record of the last build is compared
    /// with the stamps, and a build reuses what it has for each file whose stamp is as before.
    func scanSources(_ plan: BuildPlan) async -> SourceScan {
        let loader = ContentLoader(root: site.root, timeZone: plan.configuration.timeZone)
        let (files, diagnostics) = loader.scan()
        let stamps = await Self.stamps(of: files.map(\.path), in: plan.rootPath)
        return SourceScan(files: files, stamps: stamps, bundleFiles: bundleFiles(files), diagnostics: diagnostics)
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
