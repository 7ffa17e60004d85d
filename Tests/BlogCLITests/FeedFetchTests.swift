import Foundation
import Testing

/// What `blog feed validate URL` promises whatever the server does, against the local server of
/// ``FeedValidateURLTests``: only http and https at every redirect, a size limit on the bytes sent and on
/// the bytes they decode to, one deadline for the whole exchange, and waiting without spinning.
@Suite struct FeedFetchTests {
    typealias Server = FeedValidateURLTests.Server
    static let hasPython = FeedValidateURLTests.hasPython

    func validate(_ server: Server, _ path: String, _ extra: [String] = []) throws -> ProcessResult {
        try runBlog(["feed", "validate"] + extra + [server.base + path])
    }

    /// The `usage:` line that the hidden `--print-usage` writes: processor milliseconds and peak KiB.
    func usage(_ result: ProcessResult) throws -> (milliseconds: Int, kilobytes: Int) {
        let line = try #require(result.stderr.split(separator: "\n").first { $0.hasPrefix("usage: ") })
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        try #require(numbers.count == 2, "\(line)")
        return (numbers[0], numbers[1])
    }

    @Test(
        .enabled(if: hasPython, "needs python3 for the local HTTP server"),
        arguments: [0, 3],
        ["file:///etc/passwd", "javascript:alert(1)", "data:text/plain,x", "ftp://127.0.0.1/feed.json"]
    )
    func redirectToAnotherSchemeEndsTheFetch(hops: Int, location: String) throws {
        let server = try Server()
        let path = "to/\(hops)/\(location)"
        let result = try validate(server, path)
        #expect(result.status == 1)
        #expect(
            result.stdout
                == "\(server.base)\(path): error: the server redirected to \"\(location)\"; expected an http or https URL\n"
        )
        #expect(!result.stdout.contains("root:"))
    }

    @Test(arguments: ["http://", "https:///feed.json", "http://[::1/feed.json"])
    func firstURLWithoutAHostIsRefused(address: String) throws {
        let result = try runBlog(["feed", "validate", address])
        #expect(result.status == 1)
        #expect(result.stdout == "\(address): error: not a valid http or https URL\n")
    }

    @Test(.enabled(if: hasPython, "needs python3 for the local HTTP server"))
    func redirectsMayChangeHostFormOrGoToHTTPS() throws {
        let server = try Server()
        // A scheme-relative Location keeps http.
        let relative = try validate(server, "to/2///127.0.0.1:PORT/good.json", ["--strict"])
        #expect(relative.status == 0, "\(relative.stdout)")
        // https is allowed: the fetch goes on, to a port where nothing listens.
        let https = try validate(server, "to/1/https://127.0.0.1:1/good.json")
        #expect(https.status == 1)
        #expect(
            https.stdout
                == "\(server.base)to/1/https://127.0.0.1:1/good.json: error: cannot fetch (connection refused)\n")
    }

    @Test(
        .enabled(if: hasPython, "needs python3 for the local HTTP server"),
        arguments: ["identity", "gzip", "deflate", "raw-deflate"], ["length", "chunked"]
    )
    func bodyAtTheLimitPassesAndOneByteMoreIsRefused(coding: String, transfer: String) throws {
        let server = try Server()
        let limit = ["--size-limit", "4096"]
        let atLimit = try validate(server, "sized/\(coding)/\(transfer)/4096", limit + ["--strict"])
        #expect(atLimit.status == 0, "\(atLimit.stdout)")
        let path = "sized/\(coding)/\(transfer)/4097"
        let over = try validate(server, path, limit)
        #expect(over.status == 1)
        let message =
            switch (coding, transfer) {
            case ("identity", "length"): "the feed is 4097 bytes, larger than 4096 bytes, the most blog reads"
            case ("identity", _): "the feed is larger than 4096 bytes, the most blog reads; stopped reading there"
            case ("gzip", _):
                "the feed is larger than 4096 bytes once gzip is undone, the most blog reads; stopped inflating there"
            default:
                "the feed is larger than 4096 bytes once deflate is undone, the most blog reads; stopped inflating there"
            }
        #expect(over.stdout == "\(server.base)\(path): error: \(message)\n")
    }

    @Test(
        .enabled(if: hasPython, "needs python3 for the local HTTP server"),
        arguments: ["gzip", "deflate", "raw-deflate"])
    func compressionBombStopsAtTheLimit(coding: String) throws {
        let server = try Server()
        // A gigabyte of spaces, a megabyte compressed: reading stops at the real limit of 32 MiB.
        let result = try validate(server, "bomb/\(coding)", ["--print-usage"])
        let name = coding == "gzip" ? "gzip" : "deflate"
        #expect(
            result.stdout
                == "\(server.base)bomb/\(coding): error: the feed is larger than 32 MiB once \(name) is undone, the most blog reads; stopped inflating there\n"
        )
        // The peak holds the limit's 32 MiB, the process itself and its threads' arenas, which grow when the
        // machine is busy; inflating the whole body would hold a gigabyte.
        #expect(try usage(result).kilobytes < 200 * 1024, "\(result.stderr)")
    }

    @Test(.enabled(if: hasPython, "needs python3 for the local HTTP server"))
    func compressedBytesCountToo() throws {
        let server = try Server()
        // Empty deflate blocks decode to nothing; the bytes that carry them still count.
        let result = try validate(server, "empty-blocks", ["--size-limit", "4096"])
        #expect(
            result.stdout
                == "\(server.base)empty-blocks: error: the feed's gzip data is larger than 4096 bytes, the most blog reads; stopped reading there\n"
        )
    }

    @Test(.enabled(if: hasPython, "needs python3 for the local HTTP server"))
    func codingsOtherThanGzipAndDeflateOrBrokenOnesAreRefused() throws {
        let server = try Server()
        let members = try validate(server, "gzip-members", ["--strict"])
        #expect(members.status == 0, "\(members.stdout)")
        for (path, message) in [
            ("brotli", "the feed came with Content-Encoding \"br\"; expected gzip, deflate or none"),
            ("corrupt-gzip", "the feed's gzip data is not valid gzip"),
            ("deflate-then-junk", "the feed's deflate data is not valid deflate"),
        ] {
            let result = try validate(server, path)
            #expect(result.status == 1)
            #expect(result.stdout == "\(server.base)\(path): error: \(message)\n")
        }
    }

    @Test(
        .enabled(if: hasPython, "needs python3 for the local HTTP server"),
        arguments: ["drip-body.json", "drip-head.json", "stall.json", "slow-redirect/5", "slow.json"])
    func deadlineCoversTheWholeExchange(path: String) throws {
        let server = try Server()
        let started = ContinuousClock.now
        let result = try validate(server, path, ["--timeout", "1"])
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(result.status == 1)
        #expect(result.stdout == "\(server.base)\(path): error: no complete answer within 1 s, the most blog waits\n")
    }

    @Test(
        .enabled(if: hasPython, "needs python3 for the local HTTP server"),
        arguments: ["stall.json", "drip-body.json"])
    func waitingCostsNoProcessorTime(path: String) throws {
        let server = try Server()
        let result = try validate(server, path, ["--timeout", "3", "--print-usage"])
        #expect(result.stdout.contains("no complete answer within 3 s"), "\(result.stdout)")
        // Three seconds of a spinning thread would cost about 3,000 ms; starting and the fetch cost far less.
        #expect(try usage(result).milliseconds < 1000, "\(result.stderr)")
    }
}
