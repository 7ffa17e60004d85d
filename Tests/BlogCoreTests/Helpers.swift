import Foundation

@testable import BlogCore

let testTargetRoot = URL(filePath: #filePath).deletingLastPathComponent()
let repositoryRoot = testTargetRoot.deletingLastPathComponent().deletingLastPathComponent()

let berlin = TimeZone(identifier: "Europe/Berlin")!
let utc = TimeZone(identifier: "UTC")!

func configuration(_ yaml: String = "title: T\nbase_url: https://example.com/blog/\n") throws -> SiteConfiguration {
    try SiteConfiguration.load(from: yaml).0
}

/// A temporary site with the default theme, blog.yaml and the given posts (file name to text).
func makeSite(
    yaml: String = "title: T\nbase_url: https://example.com/blog/\nposts_per_page: 2\n", posts: [String: String]
) throws -> Site {
    let root = FileManager.default.temporaryDirectory.appending(path: "blogcore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
        at: root.appending(path: "content/posts"), withIntermediateDirectories: true)
    try yaml.write(to: root.appending(path: "blog.yaml"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
        at: repositoryRoot.appending(path: "site-template"), to: root.appending(path: "site-template"))
    for (name, text) in posts {
        let url = root.appending(path: "content/posts/\(name)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return Site(root: root)
}

func post(_ title: String, _ date: String, tags: [String] = [], body: String = "Text.") -> String {
    "---\ntitle: \(title)\ndate: \(date)\ntags: [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))]\n---\n\(body)\n"
}

let fixedNow = Date(timeIntervalSince1970: 1_800_000_000)
