import Foundation
import Testing

@testable import BlogCore

/// A content file's name, which the default slug and Jekyll's `:title` come from, is made from its path
/// when the file is read: it must be the name the scan found, less `.md`, or the post folder's name.
@Suite struct ContentFileTests {
    @Test func aNameIsTheListedNameLessItsExtension() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "content-file-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let posts = root.appending(path: "content/posts")
        let pages = root.appending(path: "content/pages")
        try FileManager.default.createDirectory(at: posts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        let files = [
            "2024-01-01-first.md", "é.md", "e\u{301}clair.md", ".md", "a.b.md", "東京.md", "x.md.md", "space name.md",
        ]
        let folders = ["trip", "2024-05-05-ün-voyage", "a.md"]
        for name in files { try "x\n".write(to: posts.appending(path: name), atomically: true, encoding: .utf8) }
        for name in folders {
            try FileManager.default.createDirectory(at: posts.appending(path: name), withIntermediateDirectories: true)
            try "x\n".write(to: posts.appending(path: "\(name)/index.md"), atomically: true, encoding: .utf8)
        }
        try "x\n".write(to: pages.appending(path: "about.md"), atomically: true, encoding: .utf8)
        let (found, _) = ContentLoader(root: root, timeZone: .gmt).scan()
        var expected: [String: String] = [:]
        for name in files { expected["content/posts/\(name)"] = String(Substring(name.utf8.dropLast(3))) }
        for name in folders { expected["content/posts/\(name)/index.md"] = name }
        expected["content/pages/about.md"] = "about"
        #expect(found.count == expected.count)
        for file in found {
            #expect(file.name.utf8.elementsEqual((expected[file.path] ?? "?").utf8), "\(file.path): \(file.name)")
        }
    }
}
