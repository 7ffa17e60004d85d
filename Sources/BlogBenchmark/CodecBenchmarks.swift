import Foundation
import JSONFeed

struct Measurement: Encodable {
    var name: String
    var operations: Int
    var seconds: Double
    var nanosecondsPerOperation: Double { seconds * 1e9 / Double(max(operations, 1)) }

    enum CodingKeys: String, CodingKey { case name, operations, seconds, nanosecondsPerOperation }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(operations, forKey: .operations)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(nanosecondsPerOperation, forKey: .nanosecondsPerOperation)
    }
}

/// The best of `repeats` timed runs, so a busy moment on a shared machine does not count.
func measure(_ name: String, operations: Int, repeats: Int = 5, _ body: () -> Void) -> Measurement {
    var best = Double.infinity
    for _ in 0..<repeats {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        best = min(best, elapsed.seconds)
    }
    return Measurement(name: name, operations: operations, seconds: best)
}

/// SplitMix64, so every run measures the same inputs.
struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

func dateBenchmarks() -> [Measurement] {
    var generator = Generator(state: 42)
    let count = 200_000
    let dates = (0..<count).map { _ in
        Date(timeIntervalSince1970: Double(Int64.random(in: 0...4_102_444_800_000, using: &generator)) / 1000)
    }
    let strings = dates.map { RFC3339.string(from: $0) }
    var sink = 0.0
    var results: [Measurement] = []
    results.append(
        measure("RFC3339.date(from:) parse", operations: count) {
            for text in strings { sink += RFC3339.date(from: text)?.timeIntervalSince1970 ?? 0 }
        })
    results.append(
        measure("RFC3339.string(from:) format", operations: count) {
            for date in dates { sink += Double(RFC3339.string(from: date).utf8.count) }
        })
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    results.append(
        measure("Foundation ISO8601FormatStyle parse", operations: count) {
            for text in strings { sink += (try? style.parse(text))?.timeIntervalSince1970 ?? 0 }
        })
    results.append(
        measure("Foundation ISO8601FormatStyle format", operations: count) {
            for date in dates { sink += Double(style.format(date).utf8.count) }
        })
    var foundationMismatches = 0
    var ourMismatches = 0
    for text in strings.prefix(20_000) {
        if let date = try? style.parse(text), style.format(date) != text { foundationMismatches += 1 }
        if let date = RFC3339.date(from: text), RFC3339.string(from: date) != text { ourMismatches += 1 }
    }
    print(
        "millisecond round trips changed, of 20000: RFC3339 \(ourMismatches), Foundation ISO8601FormatStyle \(foundationMismatches)"
    )
    if sink == 0 { print("") }
    return results
}

func feedBenchmarks() -> [Measurement] {
    var generator = Generator(state: 7)
    let items = (0..<10_000).map { index -> Item in
        var item = Item(
            id: "https://example.com/posts/\(index)/", url: "https://example.com/posts/\(index)/",
            title: "Post \(index)",
            contentHTML: String(
                repeating: "<p>Some <em>text</em> with a <a href=\"https://example.com/\">link</a>.</p>\n", count: 40),
            tags: ["swift", "tag\(index % 50)"])
        item.datePublished = Date(
            timeIntervalSince1970: Double(Int64.random(in: 0...4_102_444_800_000, using: &generator)) / 1000)
        return item
    }
    let feed = Feed(
        title: "Benchmark", homePageURL: "https://example.com/", feedURL: "https://example.com/feed.json", items: items)
    let encoder = FeedEncoder(prettyPrinted: true)
    guard let data = try? encoder.encode(feed) else { return [] }
    print("feed of \(items.count) items, \(data.count / 1_000_000) MB")
    var sink = 0
    return [
        measure("FeedDecoder.decode, 10000 items", operations: items.count) {
            sink += (try? FeedDecoder().decode(from: data))?.items.count ?? 0
        },
        measure("FeedEncoder.encode, 10000 items", operations: items.count) {
            sink += (try? encoder.encode(feed))?.count ?? 0
        },
        measure("JSONSerialization parse, same bytes", operations: items.count) {
            sink += (try? JSONSerialization.jsonObject(with: data)) == nil ? 0 : 1
        },
    ]
}
