import CommonMark
import Foundation
import Testing

/// Arrangements that real documents (blogs, books, project documentation) rendered otherwise than
/// `cmark-gfm`, with their neighbours, compared byte for byte in the three modes.
@Suite struct GFMRealDocumentTests {
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: [
            // A URL in quotes after `=`, outside a tag: a shortcode's parameters in Hugo's documentation.
            "{{< figure\n  link=\"https://www.nps.gov/zion/index.htm\"\n>}}", "a=\"https://a.org/x\"",
            "x='https://a.org'", "href=\"https://a.org\" and <a href=\"https://b.org\">b</a>",
            "<a href=\"https://a.org\">x</a>", "<a href=\"https://a.org\">x</a> and https://b.org",
            "`a=\"https://a.org\"`", "a=\"www.a.org\"", "a=\"mailto:x@a.org\"", "a=\"x@a.org\"",
            "<img src=\"https://a.org/i.png\"> https://b.org", "[a](https://a.org) x=\"https://b.org\"",
            // A URL after `](` that is no link's destination, or after an escaped `<` (Kubernetes' community
            // documents).
            "[OSBAPI WG]](https://www.openservicebrokerapi.org/).", "[a]](https://a.org/x)", "\\<https://a.org>",
            "[a]: /x\n\n[b]](https://a.org)", "[a] (https://a.org)", "<https://a.org>", "[a](https://a.org \"t\")",
            // Tags alone on lazy lines of list items, the first starting an HTML block that runs over the
            // next item and its tag (Kubernetes' community documents).
            "- a\n<img src=\"x\">\n- b\n<img src=\"y\">", "- a\n<img src=\"x\">\n- b\n<img src=\"y\">\n- c\n<b>",
            "> a\n<img>\n> b\n<img>", "- a\n<img>\n  - b\n<img>\n\nc", "- a\n<div>\n- b\n<img>",
            "- a\n<img>\n```\n- b\n<img>\n```",
        ])
    func realArrangementsMatchCmarkGFM(markdown: String) async throws {
        try await GFMMode.expectEveryModeMatchesCmarkGFM(markdown)
    }
}
