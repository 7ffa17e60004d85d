import CommonMark
import Foundation
import Synchronization
import Testing

/// Every example of cmark-gfm's own test files (`test/spec.txt`, `test/extensions.txt`, `test/regression.txt`,
/// `test/smart_punct.txt`) rendered with the five extensions in the unsafe, safe and smart modes, byte for byte
/// against what Debian's `cmark-gfm` (0.29.0.gfm.6) writes for the same example with the same options.
///
/// The files are not ours to copy: they come from Debian's source package of cmark-gfm, unpacked where
/// `BLOG_CMARK_GFM_SOURCE` points (the folder holding `test/`; `.ci/run` fetches it with `apt-get source`).
/// Without it, or without the binary, the tests say so and skip, unless `BLOG_REQUIRE_GFM_ORACLE=1`.
@Suite struct CmarkGFMTestFileTests {
    static let sourceFolder = ProcessInfo.processInfo.environment["BLOG_CMARK_GFM_SOURCE"]
    static let available =
        GFMOracleTests.oracleAvailable
        && sourceFolder.map { FileManager.default.fileExists(atPath: $0 + "/test/extensions.txt") } == true
    static let files = ["spec.txt", "extensions.txt", "regression.txt", "smart_punct.txt"]

    /// The examples of one test file, in the format of cmark-gfm's `spec_tests.py` (`→` stands for a tab).
    static func examples(in file: String) throws -> [String] {
        let text = try String(contentsOfFile: (sourceFolder ?? "") + "/test/" + file, encoding: .utf8)
        var examples: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        let fence = String(repeating: "`", count: 32)
        while let line = lines.popFirst() {
            guard line.hasPrefix(fence + " example") else { continue }
            var markdown = ""
            while let next = lines.popFirst(), next != "." { markdown += next + "\n" }
            while let next = lines.popFirst(), next != fence {}
            examples.append(markdown.replacingOccurrences(of: "→", with: "\t"))
        }
        return examples
    }

    @Test(
        .enabled(
            if: available || GFMOracleTests.oracleRequired,
            "needs cmark-gfm and its Debian source (apt-get source cmark-gfm) in BLOG_CMARK_GFM_SOURCE"),
        arguments: files, GFMMode.allCases)
    func everyExampleMatchesCmarkGFM(file: String, mode: GFMMode) async throws {
        let examples = try Self.examples(in: file)
        #expect(examples.count >= 16, "\(file) has too few examples: \(examples.count)")
        var matching = 0
        let outputs = try await OracleLanes.run {
            try examples.map { markdown in (try mode.oracle(markdown), try mode.render(markdown)) }
        }
        for (index, (markdown, (expected, actual))) in zip(examples, outputs).enumerated() {
            if actual == expected { matching += 1 }
            #expect(
                actual == expected,
                "\(file) example \(index + 1) (\(mode)):\n\(markdown)\nexpected:\n\(expected)\nactual:\n\(actual)")
        }
        print("\(file) \(mode): \(matching) of \(examples.count) examples equal cmark-gfm's")
    }
}

/// The options the oracle tests compare in: raw HTML let through, raw HTML omitted, and smart punctuation.
enum GFMMode: String, CaseIterable, CustomStringConvertible, Sendable {
    case unsafe, safe, smart

    var description: String { rawValue }

    var flags: [String] {
        switch self {
        case .unsafe: ["--unsafe"]
        case .safe: []
        case .smart: ["--unsafe", "--smart"]
        }
    }

    var options: RenderOptions {
        switch self {
        case .unsafe: .unsafe
        case .safe: []
        case .smart: [.unsafe, .smart]
        }
    }

    /// What `cmark-gfm` writes with the five extensions.
    func oracle(_ markdown: String) throws -> String {
        try GFMOracleTests.run("cmark-gfm", flags + GFMOracleTests.gfmFlags, input: Data(markdown.utf8)).output
    }

    /// What we write with the five extensions.
    func render(_ markdown: String) throws -> String {
        try GFMOracleTests.ours(markdown, extensions: .gfm, options: options)
    }

    /// Expects `markdown` to render byte for byte as `cmark-gfm` renders it, in every mode.
    static func expectEveryModeMatchesCmarkGFM(_ markdown: String) async throws {
        let outputs = try await OracleLanes.run {
            try allCases.map { mode in (mode, try mode.oracle(markdown), try mode.render(markdown)) }
        }
        for (mode, expected, actual) in outputs {
            #expect(actual == expected, "\(markdown.debugDescription) (\(mode))")
        }
    }

    /// Expects every document made of one piece from each of `pieces` in turn (each combination, in order)
    /// to render as `cmark-gfm` renders it, in every mode.
    static func expectEveryCombinationMatchesCmarkGFM(_ pieces: [[String]]) async throws {
        var documents = [""]
        for choices in pieces { documents = documents.flatMap { start in choices.map { start + $0 } } }
        for document in documents { try await expectEveryModeMatchesCmarkGFM(document) }
    }
}

/// Four threads of Dispatch's own that wait for the oracle's processes, taken in turn: a test that waits for
/// `cmark-gfm` on the tests' few shared threads holds up every other test's waits (thousands of comparisons
/// on them once made a serve test miss a pause of ten minutes), and a thread for each comparison would start
/// thousands of processes at once.
enum OracleLanes {
    private static let queues = (0..<4).map { DispatchQueue(label: "oracle-lane-\($0)") }
    private static let next = Mutex(0)

    /// Runs `work` on the next lane, and returns what it returned.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        let queue = queues[
            next.withLock { lane in
                defer { lane = (lane + 1) % queues.count }
                return lane
            }]
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
