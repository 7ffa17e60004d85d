import CommonMark
import Foundation
import Testing

/// A task's `[ ]` after its list marker, with spaces and tabs between them: five columns or more (a tab
/// counting to its tab stop) make the rest of the line indented code and no task, whether or not text
/// follows the `[ ]`; fewer make a task. Every list marker and indentation, with each line that can follow
/// an empty task, byte for byte against `cmark-gfm` in the three modes.
@Suite struct GFMTaskMarkerTests {
    static let markers = ["-", "*", "1.", " 2)", "  *", "   -", "10.", "> -", "- -", "1. -"]
    static let separators = [" \t", "\t", "  \t", " \t ", "\t ", "\t\t", "   \t", "    ", "     ", "  ", " "]
    static let tails = ["", " a", "\nb", "\n\nb", "\n    b", "\n  \n  b", "\n- c"]

    @Test(
        .enabled(
            if: GFMOracleTests.oracleAvailable || GFMOracleTests.oracleRequired,
            "needs cmark-gfm (Debian package cmark-gfm)"),
        arguments: markers)
    func spacesAndTabsBeforeTheBracketsMatchCmarkGFM(marker: String) throws {
        for separator in Self.separators {
            for tail in Self.tails {
                try GFMMode.expectEveryModeMatchesCmarkGFM(marker + separator + "[x] " + tail + "\n")
            }
        }
    }
}
