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
        for separator in Self.separators {
            for line in Self.following {
                let next = line.isEmpty ? "" : line + "\n"
                try GFMMode.expectEveryModeMatchesCmarkGFM(
                    prefix + "[^n]:>" + separator + "[^b]: x\n" + next + "\n[^n] [^b]\n")
            }
        }
    }
}
