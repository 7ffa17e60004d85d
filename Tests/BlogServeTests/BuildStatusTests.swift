import Foundation
import Testing

@testable import BlogServe

@Suite struct BuildStatusTests {
    @Test func aNewerBuildIsToldAtOnceAndTheNextOneWhenItComes() async throws {
        let status = BuildStatus()
        await status.publish(error: nil)
        #expect(await status.next(after: -1) == .init(generation: 1, error: nil))
        async let waiting = status.next(after: 1)
        try await Task.sleep(for: .milliseconds(50))
        await status.publish(error: "x.md:1:1: error: bad")
        #expect(await waiting == .init(generation: 2, error: "x.md:1:1: error: bad"))
    }

    @Test func aGoodBuildThatChangedNothingIsNotNews() async {
        let status = BuildStatus()
        await status.publish(error: nil, outputChanged: false)
        #expect(await status.current.generation == 1)
        await status.publish(error: nil, outputChanged: false)
        #expect(await status.current.generation == 1)
        await status.publish(error: "bad")
        // The page shows an overlay; the same good output as before must still take it away.
        await status.publish(error: nil, outputChanged: false)
        #expect(await status.current == .init(generation: 3, error: nil))
    }

    @Test func stoppingAndCancellingEndTheWait() async throws {
        let status = BuildStatus()
        let cancelled = Task { await status.next(after: 0) }
        try await Task.sleep(for: .milliseconds(50))
        cancelled.cancel()
        #expect(await cancelled.value == nil)
        async let waiting = status.next(after: 0)
        try await Task.sleep(for: .milliseconds(50))
        await status.stop()
        #expect(await waiting == nil)
        #expect(await status.next(after: 5) == nil)
    }

    @Test func theMessageIsJSON() throws {
        let message = BuildStatus.Snapshot(generation: 3, error: "a.md:2:7: error: \"quoted\"").message
        let object = try #require(try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any])
        #expect(object["generation"] as? Int == 3)
        #expect(object["error"] as? String == "a.md:2:7: error: \"quoted\"")
        #expect(BuildStatus.Snapshot(generation: 1, error: nil).message == #"{"generation":1,"error":null}"#)
    }

    @Test func theSocketSendsTheStatusNowAndAfterEveryBuildUntilTheServerStops() async throws {
        let status = BuildStatus()
        await status.publish(error: nil)
        var received = LiveReloadSocket(status: status).messages().makeAsyncIterator()
        #expect(await received.next() == #"{"generation":1,"error":null}"#)
        await status.publish(error: "bad")
        #expect(await received.next() == #"{"generation":2,"error":"bad"}"#)
        await status.stop()
        #expect(await received.next() == nil)
    }
}
