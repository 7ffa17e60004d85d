import BlogFileSystem

/// Cuts the sorted terms into word shards by their prefixes: terms sharing a prefix stay together until
/// their postings outgrow the target size, and then are cut by one more character, and neighbours too
/// small alone are put back together up to the target. A shard's bounds depend only on the terms under
/// its own prefix, so an edit that changes a few terms changes the shards of those terms, not every
/// shard after them as a cut by running size would.
enum SearchShards {
    typealias Term = (term: String, postings: String)

    static func partition(_ terms: [Term], target: Int) -> [SearchIndex.WordShard] {
        guard !terms.isEmpty else { return [] }
        // Cut by scalars, not UTF-16 units, so that a key never ends in half a surrogate pair; terms that share
        // a prefix of scalars share its code units, and so are together in UTF-16 order too.
        let units = Units(terms)
        let sizes = terms.map(size(of:))
        let groups = split(0..<terms.count, depth: 0, units: units, sizes: sizes, target: target)
        return groups.enumerated().map { position, group in
            // The first shard also takes whatever sorts before its first term: a lookup always lands.
            let key = units.prefix(of: group.range.lowerBound, position == 0 ? 0 : group.depth)
            let digest = Digest.of(key)
            return SearchIndex.WordShard(
                key: key, name: String(digest & 0xFFFF_FFFF_FFFF, radix: 16), terms: Array(terms[group.range]))
        }
    }

    /// What a term weighs in a shard's size.
    static func size(of term: Term) -> Int {
        term.term.utf8.count + term.postings.utf8.count + 6
    }

    private struct Group {
        var range: Range<Int>
        /// The length of the prefix, in scalars, that all its terms share and that starts it.
        var depth: Int
        var size: Int
    }

    private static func split(
        _ range: Range<Int>, depth: Int, units: Units, sizes: [Int], target: Int
    ) -> [Group] {
        let size = sizes[range].reduce(0, +)
        guard size > target, range.count > 1 else { return [Group(range: range, depth: depth, size: size)] }
        // Children by the next unit; the terms that end at this depth come first, as they sort first.
        var children: [Range<Int>] = []
        var start = range.lowerBound
        for index in range.dropFirst() where units.unit(index, depth) != units.unit(start, depth) {
            children.append(start..<index)
            start = index
        }
        children.append(start..<range.upperBound)
        var groups: [Group] = []
        for child in children {
            for group in split(child, depth: depth + 1, units: units, sizes: sizes, target: target) {
                if let last = groups.last, last.size + group.size <= target {
                    groups[groups.count - 1] = Group(
                        range: last.range.lowerBound..<group.range.upperBound, depth: last.depth,
                        size: last.size + group.size)
                } else {
                    groups.append(group)
                }
            }
        }
        return groups
    }

    /// Every term's scalars in one buffer: one allocation for all of them rather than one per term,
    /// which an edit at 50,000 posts paid for 300,000 terms.
    private struct Units {
        private var scalars: [Unicode.Scalar] = []
        private var starts: [Int] = [0]

        init(_ terms: [Term]) {
            starts.reserveCapacity(terms.count + 1)
            for term in terms {
                scalars.append(contentsOf: term.term.unicodeScalars)
                starts.append(scalars.count)
            }
        }

        /// The scalar of term `index` at `depth`, or -1 past its end.
        func unit(_ index: Int, _ depth: Int) -> Int {
            let at = starts[index] + depth
            return at < starts[index + 1] ? Int(scalars[at].value) : -1
        }

        /// The first `depth` scalars of term `index`.
        func prefix(of index: Int, _ depth: Int) -> String {
            let start = starts[index]
            return String(String.UnicodeScalarView(scalars[start..<min(start + depth, starts[index + 1])]))
        }
    }
}
