/// The server side of a page's live-reload WebSocket: the current ``BuildStatus/Snapshot`` as soon as the
/// page connects, then one message after every build, until the page goes or the server stops.
struct LiveReloadSocket: Sendable {
    let status: BuildStatus

    /// The messages to send, in order; the stream ends when the server stops, and stops waiting when the
    /// consumer goes away.
    func messages() -> AsyncStream<String> {
        let (messages, continuation) = AsyncStream.makeStream(of: String.self)
        let status = status
        let sending = Task {
            var known = -1
            while let snapshot = await status.next(after: known) {
                known = snapshot.generation
                continuation.yield(snapshot.message)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in sending.cancel() }
        return messages
    }
}
