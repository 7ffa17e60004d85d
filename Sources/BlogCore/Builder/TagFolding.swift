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
            guard let tag = byTag[tag] ?? Self.fold(tag), !result.contains(where: { $0.slug == tag.slug }) else {
                continue
            }
            result.append(tag)
        }
        return result
    }

    /// Two tags that are different names but make one slug (`C++` and `C#`) would share one tag page: a
    /// warning naming both tags and a file of each. Tags that differ only in case are one tag.
    func collisions(in posts: [Post], routes: Routes) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var first: [String: (name: String, source: String)] = [:]
        var reported = Set<String>()
        for post in posts {
            for tag in post.tags {
                guard let (name, slug) = byTag[tag] ?? Self.fold(tag) else { continue }
                guard let earlier = first[slug] else {
                    first[slug] = (name, post.source)
                    continue
                }
                let folded = name.lowercased()
                guard earlier.name.lowercased() != folded, reported.insert(slug + "\u{0}" + folded).inserted else {
                    continue
                }
                let page = Routes.publishedPath(ofOutput: routes.tag(slug).path)
                diagnostics.append(
                    Diagnostic(
                        .warning, file: post.source,
                        message:
                            "the tags \(Diagnostic.quoted(earlier.name)) (\(earlier.source)) and \(Diagnostic.quoted(name)) share one page, \(page); rename one of them"
                    ))
            }
        }
        return diagnostics
    }

    private static func fold(_ tag: String) -> (name: String, slug: String)? {
        let name = tag.trimmingWhitespace()
        return name.isEmpty ? nil : (name, Slug.make(from: name, fallback: "tag"))
    }
}
