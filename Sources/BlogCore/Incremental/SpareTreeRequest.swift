import BlogFileSystem
import Foundation

/// The spare tree a build could not make in its own time, to be made after it.
///
/// A build stages into the tree the previous swap replaced (``StagedTree``); a clean build leaves none,
/// so the first edit after it would re-create every folder and link. A build that left no spare for a
/// large output says so with one of these; `blog build` hands it to a process of its own (`blog
/// link-spare`), which links the tree in the background after the build has returned. The cache already
/// describes the spare as the output: a spare that is missing, half made or stale is only not used,
/// since every file in it is checked against the cache before it is kept.
public struct SpareTreeRequest: Sendable, Equatable {
    /// The site root.
    public var site: String
    /// The output folder.
    public var output: String
    /// The cache folder, relative to the site root.
    public var cacheFolder: String
    /// The fingerprint of the build whose cache holds the manifest.
    public var fingerprint: UInt64

    /// Makes the request; `blog link-spare` rebuilds it from its arguments.
    public init(site: String, output: String, cacheFolder: String, fingerprint: UInt64) {
        self.site = site
        self.output = output
        self.cacheFolder = cacheFolder
        self.fingerprint = fingerprint
    }

    /// Links the spare tree from the output as the build's record describes it. Returns false, leaving no
    /// spare, when the record is of another build, a file no longer matches it, or a build is under way.
    public func fulfil() async -> Bool {
        let site = Site(root: URL(filePath: site))
        guard let cache = await BuildRecord.File.read(for: site, in: cacheFolder, fingerprint: fingerprint)?.record(),
            cache.spare == cache.outputs
        else { return false }
        let target = OutputFolder(folder: URL(filePath: output), displayName: output)
        return StagedTree.linkSpare(for: target, manifest: cache.outputs)
    }
}
