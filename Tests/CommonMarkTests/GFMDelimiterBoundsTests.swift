import CommonMark
import Foundation
import Testing

/// Where libcmark (CommonMark 0.30) and cmark-gfm 0.29 match delimiters otherwise, compared byte for byte with
/// `cmark-gfm` in the three modes: a straight quote right after `(` or `[`, which only libcmark lets open where
/// it could close, and emphasis whose search for an opener the two bound differently after a closer found
/// none (one bound for all `_` runs in libcmark, one for each `*` run's length and openness; one for each
/// length modulo 3 in cmark-gfm, which a bound's run leaving the stack lifts).
@Suite struct GFMDelimiterBoundsTests {
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: [
            // Quotes after brackets, as real posts write them.
            "f(\"/tmp/a\", \"b\")", "a (\"=\") b", "(\"<b>x</b>\")", "(\"[a](https://example.org)\")",
            "['x']", "[x ('']", "(\"a\")", "('a')", "(\")", "[\"x\"](u)", "(\"~a~\")", "(\"*a*\")",
            "# (\"x\")", "| (\"x\") |\n| - |", "[(\"x\")](u)", "> (\"x\")", "- (\"x\")\n- ('y')",
            "(\"a\" and (\"b\")", "x(\"\n\"y\")", "(\\\"a\")", "(&quot;a\")",
            // Emphasis bounded differently.
            "**a*b*c d*", "_)__>xx>_)", "**b*_*_*", ")**b_a*_*_*", "__a_b c_", "**a*b c* d*",
            "***a*b**c*", "_a__b_c__d_", "*a**b*c**", "__a_b_c__ d_", "[**a*b*c d*](u)", "# **a*b*c d*",
            "| **a*b*c d* |\n| - |", "> **a*b*c d*", "**a*b*c d* and **e**", "_(__a_)_", "**a \"*b*\" c*",
            "a **b** c", "snake_case and **bold**", "__init__ and *a*",
        ])
    func delimitersMatchCmarkGFM(markdown: String) async throws {
        try await GFMMode.expectEveryModeMatchesCmarkGFM(markdown)
    }
}
