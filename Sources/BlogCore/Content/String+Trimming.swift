extension StringProtocol {
    /// The text without leading and trailing white space, as Foundation's `trimmingCharacters(in:)`
    /// with `.whitespaces` (or `.whitespacesAndNewlines` when `newlines`) would give it; Foundation's goes
    /// through `NSString` and cost more than the YAML parser on a build's titles and summaries.
    func trimmingWhitespace(andNewlines newlines: Bool = false) -> String {
        trimmingScalars { newlines ? $0.isSpaceOrNewlineAsFoundation : $0.isSpaceAsFoundation }
    }

    /// The text without leading and trailing scalars for which `isTrimmed` holds.
    func trimmingScalars(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        var last = scalars.index(before: scalars.endIndex)
        while isTrimmed(scalars[last]) { last = scalars.index(before: last) }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`: tab, the space separators, and U+200B, which Foundation
    /// still counts as one.
    var isSpaceAsFoundation: Bool {
        switch value {
        case 0x20, 0x09, 0x200B: true
        case 0..<0x80: false
        default: properties.generalCategory == .spaceSeparator
        }
    }

    /// In Foundation's `CharacterSet.whitespacesAndNewlines`: the above, U+000A to U+000D, U+0085 and the
    /// line and paragraph separators.
    var isSpaceOrNewlineAsFoundation: Bool {
        switch value {
        case 0x0A...0x0D, 0x85: true
        case 0..<0x80: isSpaceAsFoundation
        default:
            isSpaceAsFoundation || properties.generalCategory == .lineSeparator
                || properties.generalCategory == .paragraphSeparator
        }
    }

    /// In Unicode's punctuation categories (P*), as Foundation's `CharacterSet.punctuationCharacters`.
    var isPunctuation: Bool {
        switch properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            true
        default: false
        }
    }
}
