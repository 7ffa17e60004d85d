import JSONFeed

/// What open pages are told about builds: the build's number and, when it failed, its diagnostics.
///
/// Each page's live-reload connection waits in ``next(after:)`` for a build newer than the one it knows.
actor BuildStatus {
    struct Snapshot: Sendable, Equatable {
        var generation: Int
        /// The failed build's diagnostics, one per line, as the terminal shows them; nil after a good build.
        var error: String?

        /// `{"generation":3,"error":null}`, the message a page receives.
        var message: String {
            JSONValue.object(["generation": .integer(Int64(generation)), "error": error.map(JSONValue.string) ?? .null])
                .serialized()
        }
    }

    private(set) var current = Snapshot(generation: 0, error: nil)
    /// The site's base path as of the last build that read blog.yaml.
    private(set) var basePath = "/"
    private var waiters: [Int: CheckedContinuation<Snapshot?, Never>] = [:]
    private var nextWaiter = 0
    private var isStopped = false

    func setBasePath(_ path: String) {
        basePath = path
    }

    /// Records a finished build and wakes every waiting page, unless the build was good and changed
    /// nothing that was already shown (pages then keep their scroll position).
    func publish(error: String?, outputChanged: Bool = true) {
        if error == nil, !outputChanged, current.error == nil, current.generation > 0 { return }
        current = Snapshot(generation: current.generation + 1, error: error)
        resumeAll(with: current)
    }

    /// The status once its generation differs from `generation` (at once when it already does); nil when
    /// the server stops or the waiting task is cancelled.
    func next(after generation: Int) async -> Snapshot? {
        guard !isStopped else { return nil }
        guard current.generation == generation else { return current }
        let id = nextWaiter
        nextWaiter += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { return continuation.resume(returning: nil) }
                waiters[id] = continuation
            }
        } onCancel: {
            Task { await self.resume(id, with: nil) }
        }
    }

    /// Ends every wait, now and later, for a server that is stopping.
    func stop() {
        isStopped = true
        resumeAll(with: nil)
    }

    private func resumeAll(with snapshot: Snapshot?) {
        let woken = waiters
        waiters = [:]
        for continuation in woken.values { continuation.resume(returning: snapshot) }
    }

    private func resume(_ id: Int, with snapshot: Snapshot?) {
        waiters.removeValue(forKey: id)?.resume(returning: snapshot)
    }
}
