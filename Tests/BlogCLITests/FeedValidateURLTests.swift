import Foundation
import Testing

/// `blog feed validate URL` against a local server that the test starts on 127.0.0.1: good and bad
/// feeds, missing and failing pages, redirect chains within and past the limit, a slow answer and huge
/// bodies with and without a length.
@Suite(.serialized) struct FeedValidateURLTests {
    static let hasPython = FeedFormatTests.has("python3", ["-c", "import http.server"])

    /// The server's process and its base URL; closing its standard input stops it.
    final class Server {
        let process = Process()
        let input = Pipe()
        let base: String

        init() throws {
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = ["python3", testTargetRoot.appending(path: "Fixtures/oracles/feed_server.py").path]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first,
                first != UInt8(ascii: "\n")
            {
                line.append(first)
            }
            base = "http://127.0.0.1:\(String(decoding: line, as: UTF8.self))/"
        }

        deinit {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    func validate(_ server: Server, _ path: String, _ extra: [String] = []) throws -> ProcessResult {
        try runBlog(["feed", "validate"] + extra + [server.base + path])
    }

    @Test(.enabled(if: hasPython, "needs python3 for the local HTTP server"))
    func goodBadMissingAndFailingFeeds() throws {
        let server = try Server()
        let good = try validate(server, "good.json", ["--strict"])
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stderr.contains("1 file checked: 0 errors, 0 warnings"))
        let bad = try validate(server, "bad.json")
        #expect(bad.status == 1)
        #expect(
            bad.stdout.contains("\(server.base)bad.json: $: error: missing required key \"title\""), "\(bad.stdout)")
        for (path, status) in [("missing.json", "404"), ("broken.json", "500")] {
            let result = try validate(server, path)
            #expect(result.status == 1)
            #expect(
                result.stdout.contains("\(server.base)\(path): error: the server answered \(status)"),
                "\(result.stdout)")
        }
    }

    @Test(.enabled(if: hasPython, "needs python3 for the local HTTP server"))
    func redirectsAreFollowedUpToFive() throws {
        let server = try Server()
        #expect(try validate(server, "redirect/5").status == 0)
        for path in ["redirect/6", "loop"] {
            let result = try validate(server, path)
            #expect(result.status == 1)
            #expect(result.stdout.contains("\(server.base)\(path): error: more than 5 redirects"), "\(result.stdout)")
        }
        let toFile = try validate(server, "to-file")
        #expect(toFile.status == 1 && !toFile.stdout.contains("root:"))
        #expect(
            toFile.stdout
                == "\(server.base)to-file: error: the server redirected to \"file:///etc/passwd\"; expected an http or https URL\n"
        )
    }

    @Test(.enabled(if: hasPython, "needs python3 for the local HTTP server"))
    func slowAndHugeAnswersAreRefused() throws {
        let server = try Server()
        let started = ContinuousClock.now
        let slow = try validate(server, "slow.json", ["--timeout", "1"])
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(slow.status == 1)
        #expect(
            slow.stdout.contains("slow.json: error: no complete answer within 1 s, the most blog waits"),
            "\(slow.stdout)")
        let declared = try validate(server, "huge-declared.json")
        #expect(
            declared.stdout.contains("huge-declared.json: error: the feed is 41943040 bytes, larger than 32 MiB"),
            "\(declared.stdout)")
        let chunked = try validate(server, "huge-chunked.json")
        #expect(chunked.status == 1)
        #expect(
            chunked.stdout.contains("huge-chunked.json: error: the feed is larger than 32 MiB, the most blog reads"),
            "\(chunked.stdout)")
        // The limit on waiting is 30 seconds at most.
        let tooLong = try validate(server, "good.json", ["--timeout", "31"])
        #expect(tooLong.status != 0 && tooLong.stderr.contains("--timeout must be more than 0 and at most 30 seconds"))
        let refused = try runBlog(["feed", "validate", "http://127.0.0.1:1/feed.json"])
        #expect(
            refused.status == 1
                && refused.stdout == "http://127.0.0.1:1/feed.json: error: cannot fetch (connection refused)\n",
            "\(refused.stdout)")
    }
}
