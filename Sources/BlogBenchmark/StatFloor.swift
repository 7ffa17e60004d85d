import BlogFileSystem
import Foundation

/// What a build that trusts no source it has not looked at pays before it knows that one post changed:
/// listing the posts' folder and stamping (`stat`) every post, on both cores as `blog build` does. Linux
/// gives no cheaper sign of a change short of a watcher running between builds, so an edit grows with the
/// site by at least this much.
enum StatFloor {
    /// The median of five listings and stampings of the posts of `site`.
    static func seconds(site: URL) async -> Double {
        let folder = site.appending(path: "content/posts").path
        var runs: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let names = ((try? FolderWalk.entries(of: folder)) ?? []).map(\.name)
            let half = names.count / 2
            async let first = FileStamp.stamps(of: names[..<half], in: folder)
            async let second = FileStamp.stamps(of: names[half...], in: folder)
            _ = await (first.count, second.count)
            let elapsed = ContinuousClock.now - start
            runs.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return runs.sorted()[runs.count / 2]
    }
}
