import BlogFileSystem
import Foundation

/// The last build's cache, kept in memory between the builds of one long-running process (`blog serve`),
/// so that a rebuild neither parses the cache from disk first nor waits for it to be written after.
///
/// A build given a memory takes the cache from it when the fingerprint matches, and leaves the new cache
/// there instead of on disk; the on-disk cache, now stale, is removed at once, so that a process that dies
/// before ``save()`` leaves no cache rather than a wrong one. Call ``save()`` when the result has been
/// shown, to let the next process start from the cache; it also gives a first build's output the spare
/// tree that later builds stage into (see ``StagedOutput``), which a clean build has no time to make.
public final class BuildMemory: Sendable {
    private struct State {
        var cache: BuildCache?
        var quick: QuickCheck?
        /// Where the remembered cache belongs on disk, while it is not written there.
        var unsaved: (site: Site, folder: String)?
        var output: OutputWriter?
        /// Counts the builds remembered, so that a save never puts back an older cache.
        var build = 0
    }

    private let state = Locked(State())

    /// Makes an empty memory; the first build reads the cache from disk.
    public init() {}

    func cache(fingerprint: UInt64) -> BuildCache? {
        state.withLock { $0.cache?.fingerprint == fingerprint ? $0.cache : nil }
    }

    func quickCheck(fingerprint: UInt64) -> QuickCheck? {
        state.withLock { $0.quick?.fingerprint == fingerprint ? $0.quick : nil }
    }

    func remember(_ cache: BuildCache, _ quick: QuickCheck, for site: Site, in folder: String, output: OutputWriter) {
        state.withLock { $0 = State(cache: cache, quick: quick, unsaved: (site, folder), output: output, build: $0.build + 1) }
        try? FileManager.default.removeItem(at: BuildCache.url(for: site, in: folder))
        try? FileManager.default.removeItem(at: QuickCheck.url(for: site, in: folder))
    }

    /// Writes the remembered cache to disk, if a build left one there since the last call, after making
    /// the output's spare tree when it has none. Call it between builds, never during one.
    public func save() {
        let taken = state.withLock { state -> (cache: BuildCache, quick: QuickCheck, place: (site: Site, folder: String), output: OutputWriter?, build: Int)? in
            defer { state.unsaved = nil }
            guard let cache = state.cache, let quick = state.quick, let place = state.unsaved else { return nil }
            return (cache, quick, place, state.output, state.build)
        }
        guard let taken else { return }
        var cache = taken.cache
        if cache.spare == nil, let output = taken.output, StagedOutput.linkSpare(for: output, manifest: cache.outputs) {
            cache.spare = cache.outputs
            state.withLock { state in
                if state.build == taken.build { state.cache = cache }
            }
        }
        cache.save(for: taken.place.site, in: taken.place.folder)
        taken.quick.save(for: taken.place.site, in: taken.place.folder)
    }
}
