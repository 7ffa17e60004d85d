import Testing

@testable import BlogCore

/// Each kind's opening tag is written out by hand, for speed; it must name the kind's class.
@Suite struct HighlighterKindTests {
    @Test(arguments: Highlighter.Kind.allCases)
    func openingTagNamesTheKindsClass(_ kind: Highlighter.Kind) {
        #expect("\(kind.openingTag)" == "<span class=\"hl-\(kind.rawValue)\">")
    }
}
