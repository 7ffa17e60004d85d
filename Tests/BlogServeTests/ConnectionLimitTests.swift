import BlogFileSystem
import Testing

@testable import BlogServe

@Suite struct ConnectionLimitTests {
    @Test func connectionsLeaveTheReserveFree() {
        #expect(ConnectionLimit(usage: DescriptorUsage(limit: 1024, open: 20)).maximum == 1024 - 20 - 32)
        #expect(ConnectionLimit(usage: DescriptorUsage(limit: 64, open: 20)).maximum == 12)
        // Too low a limit for the whole reserve still lets a browser in.
        #expect(ConnectionLimit(usage: DescriptorUsage(limit: 48, open: 20)).maximum == 8)
        #expect(ConnectionLimit(usage: DescriptorUsage(limit: .max, open: 20)).maximum == .max - 52)
        #expect(ConnectionLimit(usage: nil).maximum == .max)
    }

    @Test func acceptingStopsAtTheMaximumAndGoesOnWhenAConnectionCloses() {
        var limit = ConnectionLimit(usage: DescriptorUsage(limit: 64, open: 22))
        for _ in 0..<10 {
            #expect(limit.isAcceptingNewConnections())
            limit.connectionOpened()
        }
        #expect(!limit.isAcceptingNewConnections())
        limit.connectionClosed()
        #expect(limit.isAcceptingNewConnections())
    }

    @Test func aLimitTooLowToStartIsRefused() throws {
        #expect(throws: Never.self) {
            try PreviewServer.checkDescriptors(DescriptorUsage(limit: 64, open: 20), cores: 2)
        }
        #expect(throws: Never.self) {
            try PreviewServer.checkDescriptors(DescriptorUsage(limit: 50, open: 20), cores: 2)
        }
        #expect(throws: Never.self) { try PreviewServer.checkDescriptors(nil, cores: 2) }
        let error = #expect(throws: ServeError.self) {
            try PreviewServer.checkDescriptors(DescriptorUsage(limit: 49, open: 20), cores: 2)
        }
        #expect(error?.message == "the limit of open files is 49 (ulimit -n); the preview needs at least 50")
    }
}
