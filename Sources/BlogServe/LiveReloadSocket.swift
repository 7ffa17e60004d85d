import FlyingFox

/// The server side of a page's live-reload WebSocket: sends the current ``BuildStatus/Snapshot`` as soon as
/// the page connects, then one message after every build, until the page goes or the server stops.
struct LiveReloadSocket: WSMessageHandler {
    let status: BuildStatus

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (messages, continuation) = AsyncStream.makeStream(of: WSMessage.self)
        let status = status
        let sending = Task {
            var known = -1
            while let snapshot = await status.next(after: known) {
                known = snapshot.generation
                continuation.yield(.text(snapshot.message))
            }
            continuation.yield(.close(.goingAway))
            continuation.finish()
        }
        // The page says nothing; its stream ends when it closes the connection.
        let listening = Task {
            for await _ in client {}
            sending.cancel()
        }
        continuation.onTermination = { _ in
            sending.cancel()
            listening.cancel()
        }
        return messages
    }
}
