import Foundation
import Testing

@testable import BlogCore

/// The rules of the external check, against a fetcher that answers from a table.
@Suite struct ExternalCheckTests {
    struct TableFetcher: LinkFetcher {
        var answers: [String: LinkAnswer]
        func answer(_ url: URL, method: String, timeout: Double) async throws -> LinkAnswer {
            answers[url.absoluteString] ?? LinkAnswer(status: 404)
        }
    }

    func verdict(_ url: String, _ answers: [String: LinkAnswer]) async -> ExternalCheck.Verdict {
        await ExternalCheck(fetcher: TableFetcher(answers: answers), settings: LinkCheckSettings()).verdict(of: url)
    }

    @Test func aRedirectFromAPublicSiteToAPrivateAddressIsNotFollowed() async {
        let found = await verdict(
            "https://public.example/a",
            ["https://public.example/a": LinkAnswer(status: 302, location: "http://192.168.1.1/admin")])
        #expect(
            found == .broken("redirects to the private address '192.168.1.1', which is not followed", isLasting: true))
    }

    @Test func aChainOfRedirectsEndsAfterFive() async {
        var answers: [String: LinkAnswer] = [:]
        for index in 0..<7 {
            answers["https://a.example/\(index)"] = LinkAnswer(status: 302, location: "/\(index + 1)")
        }
        #expect(
            await verdict("https://a.example/0", answers) == .broken("redirects more than 5 times", isLasting: true))
    }

    /// A permanent redirect followed by a temporary one is reported only as far as it is permanent: the
    /// author should link to where the permanent part ends.
    @Test func onlyPermanentRedirectsAllTheWayAreReported() async {
        let permanent = await verdict(
            "https://a.example/old",
            [
                "https://a.example/old": LinkAnswer(status: 301, location: "https://a.example/new"),
                "https://a.example/new": LinkAnswer(status: 200),
            ])
        #expect(permanent == .moved("https://a.example/new"))
        let mixed = await verdict(
            "https://a.example/old",
            [
                "https://a.example/old": LinkAnswer(status: 302, location: "https://a.example/new"),
                "https://a.example/new": LinkAnswer(status: 301, location: "https://a.example/newer"),
                "https://a.example/newer": LinkAnswer(status: 200),
            ])
        #expect(mixed == .fine)
    }

    @Test(
        arguments: [
            ("2", 0, 2.0), (nil, 0, 1.0), (nil, 2, 4.0), ("600", 0, 30.0), ("soon", 1, 2.0),
            ("Thu, 01 Jan 1970 00:00:10 GMT", 0, 10.0),
        ] as [(String?, Int, Double)])
    func retryAfterIsHonouredWithinALimit(_ header: String?, _ attempt: Int, _ seconds: Double) {
        #expect(
            ExternalCheck.wait(header, attempt: attempt, longest: 30, now: Date(timeIntervalSince1970: 0)) == seconds)
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("10.1.2.3", true), ("172.20.0.1", true), ("172.32.0.1", false), ("192.168.0.1", true),
        ("169.254.1.1", true), ("localhost", true), ("[::1]", true), ("[fd00::1]", true), ("example.com", false),
        ("8.8.8.8", false), ("fdic.gov", false),
    ])
    func privateAddresses(_ host: String, _ isPrivate: Bool) {
        #expect(ExternalCheck.isPrivate(host) == isPrivate)
    }

    /// No host has more requests in flight than `per_host`, whatever the overall limit.
    @Test func requestsToOneHostAreLimited() async {
        actor Counter {
            var current = 0
            var most = 0
            func enter() { current += 1; most = max(most, current) }
            func leave() { current -= 1 }
        }
        struct SlowFetcher: LinkFetcher {
            let counter: Counter
            func answer(_ url: URL, method: String, timeout: Double) async throws -> LinkAnswer {
                await counter.enter()
                try await Task.sleep(for: .milliseconds(20))
                await counter.leave()
                return LinkAnswer(status: 200)
            }
        }
        let counter = Counter()
        var settings = LinkCheckSettings()
        settings.perHost = 2
        settings.concurrency = 8
        let urls = (0..<12).map { "https://one.example/\($0)" }
        let verdicts = await ExternalCheck(fetcher: SlowFetcher(counter: counter), settings: settings).run(urls)
        #expect(verdicts.count == 12)
        #expect(await counter.most == 2)
    }

    @Test func hostsMatchTheirSubdomains() {
        #expect(LinkCheckSettings.matches("www.example.com", ["example.com"]))
        #expect(!LinkCheckSettings.matches("notexample.com", ["example.com"]))
    }
}
