import Foundation
import FuzzDriver

@testable import BlogCore

/// libFuzzer entry: Markdown to HTML through libcmark and our tree edits never crashes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let configuration = try? SiteConfiguration.load(from: "title: T\nbase_url: https://example.com/blog/\n").0
    else { return 0 }
    let renderer = PostRenderer(configuration: configuration, pageURLs: ["content/posts/b.md": "/blog/posts/b/"])
    let post = Post(
        kind: .post, source: "content/posts/a.md", bundleFolder: nil, slug: "a", title: "A", date: nil, updated: nil,
        summary: nil, tags: [], image: nil, bannerImage: nil, externalURL: nil, language: nil, authors: nil,
        isDraft: false, attachments: [], extensions: [:], body: text, bodyFirstLine: 1)
    _ = try? renderer.render(post)
    return 0
}

@_cdecl("fuzz_markdown_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzMarkdown)
}
