import Foundation
import Testing

/// A theme's `static/` folder, a folder or file in it, or a post folder's file or folder, that is a symbolic
/// link out of the site is an error naming it: its files are neither copied nor left out unsaid.
@Suite struct StaticLinkTests {
    /// A site in `folder/site` with the default theme, a post folder, and a folder and file outside it.
    func makeSite(in folder: URL) throws -> URL {
        let site = folder.appending(path: "site")
        try FileManager.default.createDirectory(
            at: site.appending(path: "content/posts/trip"), withIntermediateDirectories: true)
        try "title: T\nbase_url: https://example.org/\n".write(
            to: site.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: repositoryRoot.appending(path: "site-template"), to: site.appending(path: "site-template"))
        try "---\ntitle: Trip\ndate: 2024-01-01\n---\nHi\n".write(
            to: site.appending(path: "content/posts/trip/index.md"), atomically: true, encoding: .utf8)
        let outside = folder.appending(path: "outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "secret".write(to: outside.appending(path: "secret.css"), atomically: true, encoding: .utf8)
        return site
    }

    @Test(arguments: [
        "site-template/static", "site-template/static/sub", "site-template/static/secret.css",
        "content/posts/trip/sub", "content/posts/trip/secret.css",
    ])
    func aLinkOutOfTheSiteIsAnErrorNamingIt(_ link: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeSite(in: folder)
        let outside = folder.appending(path: "outside").resolvingSymlinksInPath()
        let target = link.hasSuffix(".css") ? outside.appending(path: "secret.css") : outside
        if link == "site-template/static" {
            try FileManager.default.removeItem(at: site.appending(path: link))
        }
        try FileManager.default.createSymbolicLink(at: site.appending(path: link), withDestinationURL: target)
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "\(link): error: a symbolic link to \"\(target.path)\", outside the site; copy the file into the site instead\n1 error\n"
        )
        #expect(!FileManager.default.fileExists(atPath: site.appending(path: "public").path))
    }

    /// A link to a folder inside the site is not entered, as before, and is no error.
    @Test func aLinkToAFolderInsideTheSiteIsNoError() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeSite(in: folder)
        try FileManager.default.createSymbolicLink(
            at: site.appending(path: "site-template/static/posts"), withDestinationURL: site.appending(path: "content"))
        let result = try runBlog(["build", "--site", site.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.appending(path: "public/style.css").path))
    }
}
