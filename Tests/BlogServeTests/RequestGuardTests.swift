import Testing

@testable import BlogServe

/// The preview answers only its own address and its own pages, on every loopback spelling.
@Suite struct RequestGuardTests {
    static let listening = [
        "127.0.0.1", "127.0.0.2", "localhost", "::1", "0:0:0:0:0:0:0:1", "0000:0000:0000:0000:0000:0000:0000:0001",
    ]

    @Test(arguments: [
        ("127.0.0.1:8080", true), ("localhost:8080", true), ("LOCALHOST", true), ("blog.localhost:8080", true),
        ("[::1]:8080", true),
        ("[0:0:0:0:0:0:0:1]:8080", true), ("[::ffff:127.0.0.1]", true), ("localhost.:80", true), ("127.1.2.3", true),
        ("attacker.example:8080", false), ("evil.example", false), ("127.0.0.1.attacker.example", false),
        ("127.0.0.256", false),
        ("0x7f.0.0.1", false), ("localhost.evil.example", false), ("[::2]", false), ("[1::1]", false), ("", false),
    ])
    func onEveryLoopbackAddressOnlyLoopbackNamesAreAnswered(host: String, allowed: Bool) {
        for address in Self.listening {
            #expect(
                (RequestGuard(listeningOn: address).refusal(host: host, origin: nil) == nil) == allowed,
                "\(address) \(host)")
        }
    }

    @Test func aMissingHostIsRefusedOnLoopbackAndAnyHostIsFineElsewhere() {
        #expect(RequestGuard(listeningOn: "127.0.0.1").refusal(host: nil, origin: nil) != nil)
        #expect(RequestGuard(listeningOn: "0.0.0.0").refusal(host: "laptop.lan:8080", origin: nil) == nil)
    }

    /// A request with an `Origin` must come from a page of the preview, by the name the request uses.
    @Test(arguments: [
        ("http://127.0.0.1:8080", true), ("HTTP://127.0.0.1:8080", true), ("null", false),
        ("http://localhost.evil.example", false),
        ("http://evil.example", false), ("http://127.0.0.1:9090", false), ("https://127.0.0.1:8080", false),
        ("http://localhost:8080", false),
    ])
    func aForeignOriginIsRefused(origin: String, allowed: Bool) {
        for address in ["127.0.0.1", "0.0.0.0"] {
            #expect(
                (RequestGuard(listeningOn: address).refusal(host: "127.0.0.1:8080", origin: origin) == nil) == allowed,
                "\(address) \(origin)")
        }
    }

    @Test func loopbackSpellings() {
        for name in [
            "127.0.0.1", "127.255.255.254", "::1", "0::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "localhost",
            "a.b.localhost",
        ] {
            #expect(RequestGuard.isLoopback(name), "\(name)")
        }
        for name in [
            "128.0.0.1", "::", "::2", "1::", "::ffff:10.0.0.1", "localhostx", "0.0.0.0", "example.com", ":::1",
            "1:2:3:4:5:6:7:8:9",
        ] {
            #expect(!RequestGuard.isLoopback(name), "\(name)")
        }
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.0.0.1:8080", true), ("localhost:80", true), ("[::1]", true), ("[::1]:4000", true),
        ("blog_test.local", true), ("a-b.example:", true), ("127.0.0.1:8080@evil.example", false),
        ("a, b", false), ("a/b", false), ("a:1:2", false), ("[::1]x", false), ("[::1]:80x", false), ("", false),
        ("[::1", false), ("[zz]", false), ("a:123456", false), ("a:70000", false), ("é.example", false),
        ("a b", false), ("user@a", false),
    ])
    func aHostHeaderIsOneHostAndAPort(host: String, wellFormed: Bool) {
        #expect(RequestGuard.isWellFormed(host: host) == wellFormed)
    }
}
