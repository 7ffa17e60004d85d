import Testing

@testable import BlogCore

/// The link check's scanner reads tags and attributes from a page's bytes as a browser would, without a
/// tree: quotes, character references, comments, raw text and the case of names.
@Suite struct HTMLScannerTests {
    func urls(_ html: String) -> [String] {
        HTMLScanner.scan(Array(html.utf8)).links.map(\.url)
    }

    @Test(arguments: [
        (#"<a href="/a/">A</a>"#, ["/a/"]),
        (#"<A HREF='/b/'>B</A>"#, ["/b/"]),
        (#"<a href=/c/>C</a>"#, ["/c/"]),
        (#"<a  href = "/d/" >D</a>"#, ["/d/"]),
        (#"<a href="/e/?x=1&amp;y=2">E</a>"#, ["/e/?x=1&y=2"]),
        (#"<a href="/f/&#x23;g">F</a>"#, ["/f/#g"]),
        (#"<a href="/g/&unknown;">G</a>"#, ["/g/&unknown;"]),
        (#"<!-- <a href="/commented/"> --><a href="/h/">H</a>"#, ["/h/"]),
        (#"<script>var s = '<a href="/in-script/">';</script><img src="i.png">"#, ["i.png"]),
        (#"<STYLE>a[href="/x/"] {}</Style><video poster="p.jpg" src="v.mp4"></video>"#, ["p.jpg", "v.mp4"]),
        (#"<img srcset="a.png 1x, b.png 2x">"#, ["a.png", "b.png"]),
        (#"<p>href="/text/" is not an attribute</p>"#, []),
        (#"<a data-href="/data/" href="/i/">I</a>"#, ["/i/"]),
        (#"<a title="x > y" href="/j/">J</a>"#, ["/j/"]),
        (#"<a href="/k/"/>"#, ["/k/"]),
        (#"<input disabled href="/l/" HrEf='/m/'><a hreflang="en" href="/n/">"#, ["/l/", "/m/", "/n/"]),
        (#"<img src="/o.png" srcsetx="/no.png" data-src="/no.png">"#, ["/o.png"]),
        (#"<scripts href="/p/"></scripts><a href="/q/">"#, ["/p/", "/q/"]),
    ])
    func findsTheURLsOfAttributes(_ html: String, _ expected: [String]) {
        #expect(urls(html) == expected)
    }

    @Test func findsIDsAndTheNamesOfAnchors() {
        let scan = HTMLScanner.scan(
            Array(#"<h2 ID="one">1</h2><a name="two"></a><meta name="description"><p id='three'>"#.utf8))
        #expect(scan.anchors == ["one", "two", "three"])
    }

    @Test func findsARefreshWrittenInCapitals() {
        let scan = HTMLScanner.scan(Array(#"<META HTTP-EQUIV=REFRESH CONTENT="0; URL=/new/"><A NAME=top>"#.utf8))
        #expect(scan.refresh == "/new/")
        #expect(scan.anchors == ["top"])
    }

    @Test func findsTheTargetOfARefresh() {
        let scan = HTMLScanner.scan(
            Array(#"<meta http-equiv="Refresh" content="0; url=https://example.com/new/">"#.utf8))
        #expect(scan.refresh == "https://example.com/new/")
        #expect(scan.links.map(\.url) == ["https://example.com/new/"])
    }

    /// The offset is the value's first byte, so a copied page's problem has its line and column.
    @Test func recordsWhereEachValueStarts() throws {
        let html = "<p>\n<a href=\"/x/\">"
        let link = try #require(HTMLScanner.scan(Array(html.utf8)).links.first)
        #expect(link.offset == 13)
    }

    /// A page cut off in a tag, a comment or a script ends the scan without a fault.
    @Test(arguments: ["<a href=\"/x/", "<!-- never closed", "<script>never closed", "<", "<a", "<a href="])
    func truncatedPagesEndTheScan(_ html: String) {
        _ = HTMLScanner.scan(Array(html.utf8))
    }
}
