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
    func stopsAtEveryOffsetMatchCmarkGFM(offset: Int) throws {
        // Filler without any stop byte, so that the first stop falls at `offset`.
        let filler = String(repeating: "abcdefgh ", count: 5).prefix(offset)
        for tail in Self.tails {
            try GFMMode.expectEveryModeMatchesCmarkGFM(filler + tail + "\n\n[^1]: n")
        }
    }
}
