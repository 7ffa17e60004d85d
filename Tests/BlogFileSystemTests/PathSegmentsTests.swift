import BlogFileSystem
import Testing

/// Paths are split and their names judged by byte, as the file system reads them: a `/` or `.` that a
/// combining mark follows is one Character with it, but still a separator or a hidden name on disk.
@Suite struct PathSegmentsTests {
    @Test(arguments: [
        ("a/b", ["a", "b"]), ("/a//b/", ["", "a", "", "b", ""]), ("", [""]),
        ("../\u{301}x", ["..", "\u{301}x"]), ("a/\u{301}/b", ["a", "\u{301}", "b"]), ("é/日本", ["é", "日本"]),
    ])
    func segmentsAreSplitAtEverySlashByte(_ path: String, _ segments: [String]) {
        #expect(path.pathSegments.map(String.init) == segments)
        #expect(path.pathNames.map(String.init) == segments.filter { !$0.isEmpty })
    }

    @Test func namesAreJudgedByteForByte() {
        #expect(".\u{301}x".isHiddenName)
        #expect(".git".isHiddenName)
        #expect(!"x.".isHiddenName)
        #expect(!"\u{301}.x".isHiddenName)
        #expect("..".isParentSegment && "..".isDotSegment && ".".isDotSegment)
        #expect(!"..\u{301}".isDotSegment && !"...".isDotSegment && !"".isDotSegment)
    }

    /// The one-allocation join gives the bytes `+` gives.
    @Test func aJoinIsTheBytesOfTheNaiveOne() {
        let names = [
            "", "a", "post.md", "é.md", "e\u{301}.md", ".md", "md", "x.\u{301}md", "a.md\u{301}", "東京.md", "🇫🇷.md",
            String(repeating: "long-name-", count: 30) + ".md",
        ]
        for folder in ["", "content/posts", "é/ü", "a/"] {
            for name in names {
                let joined = String.path(folder, name)
                #expect(Array(joined.utf8) == Array((folder + "/" + name).utf8), "\(folder) \(name)")
            }
        }
    }
}
