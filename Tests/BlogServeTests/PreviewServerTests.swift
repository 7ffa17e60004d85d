import Testing
@testable import BlogServe

@Suite struct PreviewServerTests {
    @Test(arguments: [
        ("127.0.0.1:8080", true), ("localhost:8080", true), ("LOCALHOST", true), ("blog.localhost:8080", true), ("[::1]:8080", true),
        ("127.1.2.3", true), ("attacker.example:8080", false), ("127.0.0.1.attacker.example", false), ("127.0.0.256", false),
        ("0x7f.0.0.1", false), ("", false),
    ])
    func onLoopbackOnlyLoopbackNamesAreAnswered(host: String, allowed: Bool) {
        #expect(PreviewServer.isAllowed(host: host, listeningOn: "127.0.0.1") == allowed)
    }

    @Test func aMissingHostIsRefusedOnLoopbackAndAnyHostIsFineElsewhere() {
        #expect(!PreviewServer.isAllowed(host: nil, listeningOn: "127.0.0.1"))
        #expect(PreviewServer.isAllowed(host: "laptop.lan:8080", listeningOn: "0.0.0.0"))
    }
}
