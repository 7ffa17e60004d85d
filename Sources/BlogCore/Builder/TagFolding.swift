/// Tags folded to one entry per slug, keeping the first spelling. Each distinct tag is trimmed and made
/// a slug once per build: a site of ten thousand posts has only a few dozen tags.
struct TagFolding: Sendable {
    /// Each tag as written, with its trimmed name and slug; nil for a tag that is only whitespace.
    private let byTag: [String: (name: String, slug: String)?]

    /// Folds every tag of `posts`.
    init(_ posts: [Post]) {
        var byTag: [String: (name: String, slug: String)?] = [:]
        for post in posts {
            for tag in post.tags where byTag[tag] == nil {
                byTag[tag] = .some(Self.fold(tag))
            }
        }
        self.byTag = byTag
    }

    /// The tags of one post, one per slug, in their order; tags that were not given to ``init(_:)`` are
    /// folded on the spot.
    func folded(_ tags: [String]) -> [(name: String, slug: String)] {
        var result: [(name: String, slug: String)] = []
        for tag in tags {
            guard let tag = byTag[tag] ?? Self.fold(tag), !result.contains(where: { $0.slug == tag.slug }) else { continue }
            result.append(tag)
        }
        return result
    }

    private static func fold(_ tag: String) -> (name: String, slug: String)? {
        let name = tag.trimmingWhitespace()
        return name.isEmpty ? nil : (name, Slug.make(from: name, fallback: "tag"))
    }
}
