import BlogFileSystem

/// The Markdown bodies of a build's sources, taken out of them once read, so that each body is freed as
/// soon as its post is rendered instead of all of them being held until the build ends (the bodies of ten
/// thousand posts are most of a build's memory, and memory first touched costs a page fault).
final class PostBodies: Sendable {
    private let bodies: Locked<[String]>

    /// Moves every source's body here, leaving the sources' posts with empty bodies.
    init(taking sources: inout [LoadedFile]) {
        var bodies = [String](repeating: "", count: sources.count)
        for index in sources.indices where sources[index].post != nil {
            bodies[index] = sources[index].post?.body ?? ""
            sources[index].post?.body = ""
        }
        self.bodies = Locked(bodies)
    }

    /// Keeps the bodies of posts read apart from a whole build's sources (a rebuild of edited posts).
    init(_ bodies: [String]) {
        self.bodies = Locked(bodies)
    }

    /// The body of the source at `index`, which stays here.
    func body(_ index: Int) -> String {
        bodies.withLock { $0[index] }
    }

    /// The body of the source at `index`, which is no longer kept here.
    func take(_ index: Int) -> String {
        bodies.withLock { bodies in
            defer { bodies[index] = "" }
            return bodies[index]
        }
    }
}
