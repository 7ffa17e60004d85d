import CommonMark
import Foundation
import Testing

/// A footnote definition nested on its line behind another's block quote (`- [^n]:>  [^b]: x`): whatever the
/// white space between the `>` and the inner `[^b]:`, the outer definition's item stays where it is written,
/// and the lines after it keep or end either definition as in cmark-gfm. Every container before the outer
/// definition, with each following line, byte for byte against `cmark-gfm` in the three modes.
@Suite struct GFMNestedDefinitionTests {
    static let prefixes = ["- ", "> ", "", " ", "1. "]
    static let separators = ["", " ", "  ", "   ", "\t", " \t"]
    static let following = ["", "  y", "    y", "      y", "        y", "\ty", "\t\ty", "  >  y", ">  y"]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: prefixes)
    func definitionsBehindAQuoteMatchCmarkGFM(prefix: String) throws {
        let following = Self.following.map { $0.isEmpty ? "" : $0 + "\n" }
        try GFMMode.expectEveryCombinationMatchesCmarkGFM([
            [prefix + "[^n]:>"], Self.separators, ["[^b]: x\n"], following, ["\n[^n] [^b]\n"],
        ])
    }
}
