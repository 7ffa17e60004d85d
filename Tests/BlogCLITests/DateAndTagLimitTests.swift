import Foundation
import Testing

/// Values a build cannot write are errors naming the post and key: a date outside the years 1 to 9999 in
/// UTC, a tag whose folder name no file system allows.
@Suite struct DateAndTagLimitTests {
    /// A site with the default theme and one post of `frontMatter` lines.
    func makeSite(_ frontMatter: String) throws -> URL {
        let site = try makeTemporaryFolder()
        try FileManager.default.createDirectory(
            at: site.appending(path: "content/posts"), withIntermediateDirectories: true)
        try "title: T\nbase_url: https://example.org/\n".write(
            to: site.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: repositoryRoot.appending(path: "site-template"), to: site.appending(path: "site-template"))
        try "---\ntitle: Hello\n\(frontMatter)\n---\nHi\n".write(
            to: site.appending(path: "content/posts/hello.md"), atomically: true, encoding: .utf8)
        return site
    }

    /// Each date's instant is past 9999 or before year 1 in UTC, though its own year is not.
    @Test(arguments: [
        ("date", "9999-12-31T23:59:59-12:00"), ("date", "0001-01-01T00:00:00+01:00"),
        ("updated", "9999-12-31T23:59:59-00:01"), ("date", "9999-12-31 23:00:00 -02:00"),
    ])
    func aDateOutsideTheWritableYearsIsAnError(_ key: String, _ date: String) throws {
        let lines = key == "date" ? "date: \(date)" : "date: 2024-01-01\n\(key): \(date)"
        let site = try makeSite(lines)
        defer { try? FileManager.default.removeItem(at: site) }
        let line = key == "date" ? 3 : 4
        for future in [true, false] {
            let result = try runBlog(["build", "--site", site.path] + (future ? ["--future"] : []))
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "content/posts/hello.md:\(line):\(key.count + 3): error: '\(key)' must fall in the years 0001 to 9999 in UTC, got \"\(date)\"\n1 error\n"
            )
        }
    }

    /// The first and last instants a build can write, in any offset, build.
    @Test(arguments: [
        "9999-12-31T23:59:59Z", "9999-12-31T23:59:59+14:00", "0001-01-01T00:00:00Z", "0001-01-01T09:00:00+09:00",
    ])
    func theEdgesOfTheWritableYearsBuild(_ date: String) throws {
        let site = try makeSite("date: \(date)\ntags: [edge]")
        defer { try? FileManager.default.removeItem(at: site) }
        let result = try runBlog(["build", "--site", site.path, "--future"])
        #expect(result.status == 0, "\(result.stderr)")
        let feed = try String(contentsOf: site.appending(path: "public/feed.json"), encoding: .utf8)
        #expect(feed.contains("\"date_published\": \""), "\(feed)")
    }

    /// A tag's folder name is its slug, in bytes: 255 is the most, and a tag of 86 three-byte characters
    /// is past it though it has fewer characters.
    @Test func aTagTooLongForAFolderNameIsAnErrorNamingIt() throws {
        for tag in [String(repeating: "a", count: 256), String(repeating: "日", count: 86)] {
            let site = try makeSite("date: 2024-01-01\ntags: [swift, \(tag)]")
            defer { try? FileManager.default.removeItem(at: site) }
            let result = try runBlog(["build", "--site", site.path])
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "content/posts/hello.md:4:15: error: the tag \"\(tag)\" makes a folder name of \(tag.utf8.count) bytes in /tags/, and file systems allow at most 255; shorten the tag\n1 error\n"
            )
            #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public").path))
        }
        let longest = String(repeating: "a", count: 255)
        let site = try makeSite("date: 2024-01-01\ntags: \(longest)")
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(try runBlog(["build", "--site", site.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/tags/\(longest)/index.html").path))
    }
}
