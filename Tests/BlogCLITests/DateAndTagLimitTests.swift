import Foundation
import Testing

/// Values a build cannot write are errors naming the post and key: a tag whose folder name no file system
/// allows.
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
