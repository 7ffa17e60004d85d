import Foundation
import Testing

@testable import BlogCore

/// Where a post shows images: each Markdown image at its `![`, each raw `<img` at its tag, and the front
/// matter's cover keys at their values, as the file's line and column.
@Suite struct ImageReferenceFindingTests {
    func post(_ body: String, image: String? = nil) -> Post {
        Post(
            kind: .post, source: "content/posts/a.md", bundleFolder: nil, slug: "a", title: "A", date: nil,
            updated: nil, summary: nil, tags: [], image: image, bannerImage: nil, externalURL: nil, language: nil,
            authors: nil, isDraft: false, attachments: [], extensions: [:], body: body, bodyFirstLine: 5)
    }

    @Test func eachImageIsAtItsLineAndColumn() {
        let body =
            "Text ![a](a.jpg).\n\n- item ![b](b.png)\n\n> quoted ![c](c.jpg)\n\n<p>\n  <IMG alt=x src=\"d.jpg\">\n</p>\n\n`![code](no.jpg)`\n"
        let text = "---\ntitle: A\nimage: cover.jpg\n---\n" + body
        let found = ImageReference.all(in: post(body, image: "cover.jpg"), body: body, text: text, markdown: .init())
        #expect(found.map(\.url) == ["cover.jpg", "a.jpg", "b.png", "c.jpg", "d.jpg"])
        #expect(found.map(\.line) == [3, 5, 7, 9, 12])
        #expect(found.map(\.column) == [8, 6, 8, 10, 3])
    }

    @Test(arguments: [
        ("no images here!", false), ("![a](b)", true), ("x <img src=a>", true), ("<IMG>", true),
        ("<im", false), ("!", false), ("a ! [", false),
    ])
    func aFileIsOnlyParsedWhenItMayShowAnImage(text: String, mayShow: Bool) {
        #expect(ImageReference.mayShowImages(text) == mayShow)
    }
}
