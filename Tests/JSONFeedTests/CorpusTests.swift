import Foundation
import Testing
@testable import JSONFeed

/// Holds every file of the shared real-world corpus to the expectation `decoder-expectations.tsv` gives it.
@Suite struct CorpusTests {
    struct Expectation: CustomStringConvertible, Sendable {
        var file: String
        var outcome: String
        var description: String { "\(file) \(outcome)" }
    }

    static func rows(_ name: String) throws -> [[String]] {
        let text = try String(contentsOf: sharedFeedsRoot.appending(path: name), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
    }

    static func expectations() throws -> [Expectation] {
        var result: [Expectation] = []
        for row in try rows("decoder-expectations.tsv") where row.count >= 2 {
            if row[0].hasSuffix("/*") {
                let folder = String(row[0].dropLast(2))
                let names = try FileManager.default.contentsOfDirectory(atPath: sharedFeedsRoot.appending(path: folder).path)
                result += names.sorted().filter { $0.hasSuffix(".json") }.map { Expectation(file: "\(folder)/\($0)", outcome: row[1]) }
            } else {
                result.append(Expectation(file: row[0], outcome: row[1]))
            }
        }
        return result
    }

    @Test func corpusIsThere() throws {
        let expectations = try Self.expectations()
        #expect(expectations.count >= 47)
        #expect(Set(expectations.map(\.outcome)) == ["accept", "reject", "flag"])
    }

    @Test(arguments: try expectations())
    func fileMeetsItsExpectation(_ expectation: Expectation) throws {
        let data = try Data(contentsOf: sharedFeedsRoot.appending(path: expectation.file))
        let problems = FeedValidator.validate(data)
        let errors = problems.filter { $0.severity == .error }
        switch expectation.outcome {
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
            Issue.record("unknown expectation \(expectation.outcome)")
        }
    }

    static func brokenRules() throws -> [Expectation] {
        try rows("expected-errors.tsv").filter { $0.count >= 2 }.map { Expectation(file: $0[0], outcome: $0[1]) }
    }

    /// Every spec rule `expected-errors.tsv` names for a file is among the rules the validator reports.
    @Test(arguments: try brokenRules())
    func validatorNamesTheBrokenRules(_ expectation: Expectation) throws {
        let data = try Data(contentsOf: sharedFeedsRoot.appending(path: "invalid/\(expectation.file)"))
        let reported = Set(FeedValidator.validate(data).map(\.rule))
        for rule in expectation.outcome.split(separator: ",") {
            #expect(reported.contains(String(rule)), "\(expectation.file) should report \(rule); reported \(reported.sorted())")
        }
    }

    /// encode(decode(json)) keeps every field, extension and date of the valid 1.1 feeds.
    @Test(arguments: try expectations().filter { $0.file.hasPrefix("valid/") })
    func reencodingKeepsEveryField(_ expectation: Expectation) throws {
        let data = try Data(contentsOf: sharedFeedsRoot.appending(path: expectation.file))
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
