import Foundation
import Testing

let testTargetRoot = URL(filePath: #filePath).deletingLastPathComponent()
let fixturesRoot = testTargetRoot.appending(path: "Fixtures")
/// The real-world feed corpus: third-party data kept out of the repository, found through one setting.
enum FeedCorpus {
    /// `BLOG_FEED_CORPUS` (relative to the current folder), else `../shared/feeds` beside the checkout.
    static let root: URL = {
        if let folder = ProcessInfo.processInfo.environment["BLOG_FEED_CORPUS"], !folder.isEmpty {
            return URL(filePath: folder, relativeTo: URL(filePath: FileManager.default.currentDirectoryPath))
                .standardizedFileURL
        }
        return testTargetRoot.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "shared/feeds")
    }()

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appending(path: "decoder-expectations.tsv").path)
    }

    /// CI sets `BLOG_REQUIRE_CORPUS=1`, so that there a missing corpus fails instead of skipping.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["BLOG_REQUIRE_CORPUS"] == "1" }

    static var absence: Comment {
        "the feed corpus is not at \(root.path); set BLOG_FEED_CORPUS to its folder (BLOG_REQUIRE_CORPUS=1 makes this a failure)"
    }
}

func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixturesRoot.appending(path: name))
}

/// A small deterministic generator (SplitMix64), so property tests are repeatable.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
