import Foundation
import Testing

@testable import JSONFeed

/// One file and what the decoder and the validator must make of it.
struct FeedExpectation: CustomStringConvertible, Sendable {
    var file: String
    /// `accept`: a strict decoder reads it (warnings allowed); `reject`: it fails; `flag`: it decodes, but the
    /// validator reports a problem.
    var outcome: String
    /// Rules the validator must name, when known.
    var rules: [String] = []
    var description: String { "\(file) \(outcome)" }

    /// Holds `data` to the outcome.
    func check(_ data: Data) {
        let problems = FeedValidator.validate(data)
        let errors = problems.filter { $0.severity == .error }
        switch outcome {
        case "accept":
            #expect(throws: Never.self) { try FeedDecoder().decode(from: data) }
            #expect(errors.isEmpty, "\(errors)")
        case "reject":
            #expect(throws: FeedDecodingError.self) { try FeedDecoder().decode(from: data) }
            #expect(!errors.isEmpty)
        case "flag":
            #expect(throws: Never.self) { try FeedDecoder().decode(from: data) }
            #expect(errors.isEmpty, "\(errors)")
            #expect(!problems.isEmpty)
        default:
            Issue.record("unknown expectation \(outcome)")
        }
        let reported = Set(problems.map(\.rule))
        for rule in rules {
            #expect(reported.contains(rule), "\(file) should report \(rule); reported \(reported.sorted())")
        }
    }

    /// Tab-separated rows of a file, without comments.
    static func rows(_ url: URL) throws -> [[String]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }
}

/// Every decoder and validator rule the real-world corpus exercises, on small feeds the project wrote
/// (`Fixtures/rules/`), so a clone alone tests them.
@Suite struct RuleFeedTests {
    static let folder = fixturesRoot.appending(path: "rules")

    static func expectations() throws -> [FeedExpectation] {
        try FeedExpectation.rows(folder.appending(path: "expectations.tsv")).filter { $0.count >= 2 }.map {
            FeedExpectation(
                file: $0[0], outcome: $0[1], rules: $0.count > 2 ? $0[2].split(separator: ",").map(String.init) : [])
        }
    }

    @Test(arguments: try expectations())
    func feedMeetsItsExpectation(_ expectation: FeedExpectation) throws {
        expectation.check(try Data(contentsOf: Self.folder.appending(path: expectation.file)))
    }

    @Test func everyFeedIsListedAndEveryOutcomeAndCorpusRuleIsCovered() throws {
        let listed = try Self.expectations()
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(Set(files) == Set(listed.map(\.file)))
        #expect(Set(listed.map(\.outcome)) == ["accept", "reject", "flag"])
        // The rules the corpus's expected-errors.tsv names, as of this writing.
        let corpusRules: Set = [
            "ATT-URL", "ATT-NUMBER", "ATT-MIME", "AUTHOR-MEMBER", "AUTHOR-AVATAR", "AUTHORS-ARRAY", "KEY-UNKNOWN",
            "EXT-NAME",
            "ITEM-DATE", "ITEM-ID", "ITEM-ID-STRING", "ITEM-ID-UNIQUE", "ITEM-CONTENT", "ITEM-TAGS",
            "ITEM-EXTERNAL-URL",
            "ITEM-IMAGE-URL", "TOP-EXPIRED", "TOP-FEED-URL", "TOP-ITEMS", "TOP-TITLE", "TOP-VERSION", "TOP-IMAGE-URL",
            "HUB-TYPE", "DOC-JSON",
        ]
        #expect(corpusRules.subtracting(listed.flatMap(\.rules)).isEmpty)
    }
}

/// Holds every file of the real-world corpus to the expectation `decoder-expectations.tsv` gives it. The
/// corpus is found through ``FeedCorpus``; without it these tests are skipped, saying why.
@Suite(.enabled(if: FeedCorpus.isAvailable || FeedCorpus.isRequired, FeedCorpus.absence))
struct CorpusTests {
    static func expectations() throws -> [FeedExpectation] {
        guard FeedCorpus.isAvailable else { return [] }
        var result: [FeedExpectation] = []
        for row in try FeedExpectation.rows(FeedCorpus.root.appending(path: "decoder-expectations.tsv"))
        where row.count >= 2 {
            if row[0].hasSuffix("/*") {
                let folder = String(row[0].dropLast(2))
                let names = try FileManager.default.contentsOfDirectory(
                    atPath: FeedCorpus.root.appending(path: folder).path)
                result += names.sorted().filter { $0.hasSuffix(".json") }.map {
                    FeedExpectation(file: "\(folder)/\($0)", outcome: row[1])
                }
            } else {
                result.append(FeedExpectation(file: row[0], outcome: row[1]))
            }
        }
        return result
    }

    @Test func corpusIsThere() throws {
        try #require(FeedCorpus.isAvailable, FeedCorpus.absence)
        let expectations = try Self.expectations()
        #expect(expectations.count >= 47)
        #expect(Set(expectations.map(\.outcome)) == ["accept", "reject", "flag"])
    }

    @Test(arguments: try expectations())
    func fileMeetsItsExpectation(_ expectation: FeedExpectation) throws {
        expectation.check(try Data(contentsOf: FeedCorpus.root.appending(path: expectation.file)))
    }

    static func brokenRules() throws -> [FeedExpectation] {
        guard FeedCorpus.isAvailable else { return [] }
        return try FeedExpectation.rows(FeedCorpus.root.appending(path: "expected-errors.tsv")).filter { $0.count >= 2 }
            .map {
                FeedExpectation(
                    file: "invalid/\($0[0])", outcome: "", rules: $0[1].split(separator: ",").map(String.init))
            }
    }

    /// Every spec rule `expected-errors.tsv` names for a file is among the rules the validator reports.
    @Test(arguments: try brokenRules())
    func validatorNamesTheBrokenRules(_ expectation: FeedExpectation) throws {
        let data = try Data(contentsOf: FeedCorpus.root.appending(path: expectation.file))
        let reported = Set(FeedValidator.validate(data).map(\.rule))
        for rule in expectation.rules {
            #expect(reported.contains(rule), "\(expectation.file) should report \(rule); reported \(reported.sorted())")
        }
    }

    /// encode(decode(json)) keeps every field, extension and date of the valid 1.1 feeds.
    @Test(arguments: try expectations().filter { $0.file.hasPrefix("valid/") })
    func reencodingKeepsEveryField(_ expectation: FeedExpectation) throws {
        let data = try Data(contentsOf: FeedCorpus.root.appending(path: expectation.file))
        let input = try JSONValue(parsing: data)
        let feed = try FeedDecoder().decode(from: data)
        let encoded = try FeedEncoder().encode(feed)
        let output = try JSONValue(parsing: encoded)
        guard feed.version == Feed.version1_1 else {
            // A 1.0 feed comes back with `authors` for `author`; its other fields must still be kept.
            #expect(try FeedDecoder().decode(from: encoded) == feed)
            return
        }
        expectKept(input, in: output, path: "$")
        #expect(try FeedDecoder().decode(from: encoded) == feed)
    }
    private func expectKept(_ input: JSONValue, in output: JSONValue, path: String) {
        switch (input, output) {
        case (.object(let a), .object(let b)):
            for member in a.members {
                let key = member.key
                // The 1.1 spec deprecates `author`; when `authors` is present it wins and `author` is rewritten.
                if key == "author", a["authors"] != nil { continue }
                guard let kept = b[key] else {
                    Issue.record("\(path).\(key) was dropped")
                    continue
                }
                expectKept(member.value, in: kept, path: "\(path).\(key)")
            }
        case (.array(let a), .array(let b)):
            #expect(a.count == b.count, "\(path) changed length")
            for (index, pair) in zip(a, b).enumerated() { expectKept(pair.0, in: pair.1, path: "\(path)[\(index)]") }
        case (.string(let a), .string(let b)) where path.hasSuffix("date_published") || path.hasSuffix("date_modified"):
            #expect(RFC3339.milliseconds(from: a) == RFC3339.milliseconds(from: b), "\(path): \(a) became \(b)")
        case (.number(let a), .number(let b)):
            #expect(Double(a) == Double(b), "\(path): \(a) became \(b)")
        default:
            #expect(input == output, "\(path) changed")
        }
    }
}
