import CommonMark
import Foundation
import Testing

/// The bare-URL search skips text 16 bytes at a time between its stops (brackets, `w` and `:`): URLs,
/// brackets and near misses at every offset around those blocks, byte for byte against `cmark-gfm` in the
/// three modes.
@Suite struct GFMScanBoundaryTests {
    static let tails = [
        "www.example.com/a", "http://a.b/c", "[x](www.y.z) w", "ww.no :no [^1]", "é www.x.org]", "~~www.a.b~~",
    ]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: 0..<40)
    func stopsAtEveryOffsetMatchCmarkGFM(offset: Int) async throws {
        // Filler without any stop byte, so that the first stop falls at `offset`.
        let filler = String(repeating: "abcdefgh ", count: 5).prefix(offset)
        for tail in Self.tails {
            try await GFMMode.expectEveryModeMatchesCmarkGFM(filler + tail + "\n\n[^1]: n")
        }
    }

    /// Whether a URL ends inside an escape or a character reference, of its own text or of a later one, is
    /// looked up among the block's units (found once per block, searched by halves): many URLs beside many
    /// of them in one block, in pairs of every arrangement, as `cmark-gfm` reads them.
    static let besideUnits = [
        "www.a.b\\<x> ", "www.a&amp;[](<b> \"t\") &copy; ", "www.a.b &amp; \\* ", "http://a.b/c\\_d\\<e ",
        "[x]www.q.r\\[ ", "www.a.b`c` `d` ", "www.s.t&lt;u&gt; ",
    ]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: [1, 3, 40])
    func urlsBesideManyUnitsMatchCmarkGFM(repeats: Int) async throws {
        for first in Self.besideUnits {
            for second in Self.besideUnits {
                try await GFMMode.expectEveryModeMatchesCmarkGFM(String(repeating: first + second, count: repeats))
            }
        }
    }

    /// A bare URL that ends its line in a backslash takes the backslash, which then makes no hard break: the
    /// line ending is a soft break, where cmark-gfm's count of columns for a footnote reference's label cut
    /// across lines restarts, as it does not after a backslash's break.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["", "> ", "- ", "1. "])
    func labelsAfterAURLThatTakesALineEndBackslashMatchCmarkGFM(prefix: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            // Inside a bracket (a reference's own `[^`, a link's text) no URL takes the backslash.
            [prefix], ["", "*", "[^", "[a "], ["http://b", "www.b", "https://a.b/c.", "x"], ["\\\n", "\\\\\n", "  \n"],
            ["[^\nref]\n", "[^ab\ncdef]\n", "[^\\]\n\u{3A9} ]\n", "[^\nr]\n\n[^\nr]: d\n"],
        ])
    }

    /// A bare URL that takes a backtick whose pair, to libcmark, came after a `[`: the block is read again
    /// with the URL standing in, the `[` is then left open, and a later URL stays text as cmark-gfm leaves
    /// it while a bracket is open; a `]` after it, or a link that closes, lets the URLs after it link.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["www.`", "http://a`", "www.a``"])
    func urlsAfterABracketThatABacktickHidMatchCmarkGFM(first: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [first], [" [` ", " ![` ", " [`] ", " \\[` ", " [` [a](b) ", " [^` "],
            ["www.e", "http://e", "www.e`", "x@y.z", "*www.e*"], ["\n", "]\n", "` www.f\n"],
        ])
    }

    /// A URL that takes a backtick run leaves the runs after it to pair without it, which may put a later
    /// URL in a code span (`http://x`` `e`a` www. ``: the last two backticks pair around the `www.`), or
    /// take one out of a code span libcmark's reading made.
    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: ["http://x``", "www.a`", "www.a`b`"])
    func urlsThatABacktickRunAfterAURLPutsInCodeMatchCmarkGFM(first: String) async throws {
        try await GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [first], [" `e`a` ", "\n`e`~` ", " ``e`` `", " [`e`](u) `"],
            ["www.", "http://e", "www.e`", "x@y.z", "[www.e](u)"], [" `\n", "` www.h\n", "\n\n`\n"],
        ])
    }
}
