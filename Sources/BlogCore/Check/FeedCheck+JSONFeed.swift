import Foundation
import JSONFeed

extension FeedCheck {
    /// The members of a JSON Feed that hold a URL (JSON Feed 1.1).
    static let urlKeys: Set<String> = [
        "home_page_url", "feed_url", "next_url", "icon", "favicon", "url", "external_url", "image", "banner_image",
        "avatar",
    ]

    /// What one item is, checked once however many feeds hold it.
    struct CheckedItem: Sendable {
        var report: FeedValidator.ItemReport
        var urls: [ItemURL]
    }

    /// A URL member of an item, with its path from the item (`url`, `attachments[0].url`).
    struct ItemURL: Sendable {
        var member: String
        var url: String
        /// What is wrong with the URL, when it leads to the same place from every feed (it starts with
        /// `/` or a scheme); a relative URL is checked from each feed that holds it.
        var sameEverywhere: String??
    }

    /// Validates a JSON Feed as `blog feed validate --strict` does and checks the URLs in it; an item met
    /// before, in this feed or another, byte for byte, is not validated again.
    func checkJSONFeed(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, items: CheckedFeedItems, cache: inout LinkTargetCache
    ) -> [Diagnostic] {
        if let found = JSONFeedSplit(bytes).flatMap({
            checkItemByItem(bytes, $0, path: path, items: items, cache: &cache)
        }) {
            return found
        }
        // One parse serves the validator and the URLs; bytes that do not parse get the validator's
        // own message for them.
        guard let value = try? JSONValue(parsing: bytes) else {
            return problems(FeedValidator.validate(Data(buffer: bytes)), path)
        }
        var diagnostics = problems(FeedValidator.validate(value), path)
        var urls: [(String, String)] = []
        Self.collectURLs(value, at: "", into: &urls)
        let documentURL = routes.url(ofPath: path)
        for (member, url) in urls {
            if let problem = problem(with: url, from: documentURL, cache: &cache) {
                diagnostics.append(Diagnostic(.error, file: file(path), message: "\(member): \(problem)"))
            }
        }
        return diagnostics
    }

    /// The check of a feed cut into its items; nil when a part does not parse, for the whole to be
    /// parsed and its fault reported where it is.
    private func checkItemByItem(
        _ bytes: UnsafeBufferPointer<UInt8>, _ split: JSONFeedSplit, path: String, items: CheckedFeedItems,
        cache: inout LinkTargetCache
    ) -> [Diagnostic]? {
        guard case .object(let shell)? = try? JSONValue(parsing: split.shell) else { return nil }
        let version: String? = if case .string(let version)? = shell["version"] { version } else { nil }
        var checked: [CheckedItem] = []
        checked.reserveCapacity(split.items.count)
        for range in split.items {
            let itemBytes = UnsafeBufferPointer(rebasing: bytes[range])
            let item = items.item(itemBytes, version: version) {
                (try? JSONValue(parsing: itemBytes)).map {
                    resolvingURLs(of: Self.validatedItem($0, version: version), cache: &cache)
                }
            }
            guard let item else { return nil }
            checked.append(item)
        }
        return diagnostics(shell: shell, items: checked, path: path, cache: &cache)
    }

    /// The problems of a feed whose items were checked apart: the validator's for the whole, then those
    /// of its URLs in document order, the items' where the items stand.
    func diagnostics(shell: JSONObject, items checked: [CheckedItem], path: String, cache: inout LinkTargetCache)
        -> [Diagnostic]
    {
        var diagnostics = problems(FeedValidator.validate(.object(shell), items: checked.map(\.report)), path)
        // The URLs' problems in document order, the items' where the items stand.
        let documentURL = routes.url(ofPath: path)
        // The member's name is made only for a problem: a feed's archive pages hold every item.
        func report(_ member: @autoclosure () -> String, _ problem: String?) {
            if let problem {
                diagnostics.append(Diagnostic(.error, file: file(path), message: "\(member()): \(problem)"))
            }
        }
        for member in shell {
            guard member.key == "items" else {
                var urls: [(String, String)] = []
                Self.collectURLs(.object(JSONObject([member])), at: "", into: &urls)
                for (member, url) in urls { report(member, problem(with: url, from: documentURL, cache: &cache)) }
                continue
            }
            for (index, item) in checked.enumerated() {
                for url in item.urls {
                    report(
                        "items[\(index)]" + (url.member.hasPrefix("[") ? "" : ".") + url.member,
                        url.sameEverywhere ?? problem(with: url.url, from: documentURL, cache: &cache))
                }
            }
        }
        return diagnostics
    }

    /// Validates one item and finds its URLs, not yet resolved: where they lead is known once the whole
    /// output is (``resolvingURLs(of:cache:)``).
    static func validatedItem(_ value: JSONValue, version: String?) -> CheckedItem {
        var urls: [(String, String)] = []
        collectURLs(value, at: "", into: &urls)
        return CheckedItem(
            report: FeedValidator.validate(item: value, version: version),
            urls: urls.map { ItemURL(member: $0, url: $1, sameEverywhere: nil) })
    }

    /// The item with the problem of each URL that reads the same from every feed. Such a URL is mostly
    /// the item's own, met in no other item: it is resolved without a table.
    func resolvingURLs(of item: CheckedItem, cache: inout LinkTargetCache) -> CheckedItem {
        var item = item
        let home = routes.url(ofPath: "")
        for index in item.urls.indices where LinkTargetCache.leadsTheSameEverywhere(item.urls[index].url) {
            let resolved = cache.resolveOnce(item.urls[index].url, from: home)
            item.urls[index].sameEverywhere = .some(problem(with: item.urls[index].url, resolved))
        }
        return item
    }

    /// The items checked as the build wrote them, their URLs resolved, on every core.
    func resolvingURLs(of items: [CheckedItem]) async -> [CheckedItem] {
        let check = self
        return await items.parallelMapChunks(minimumChunk: 256) { chunk in
            var cache = LinkTargetCache(routes: check.routes, files: check.files)
            return chunk.map { check.resolvingURLs(of: $0, cache: &cache) }
        }.flatMap { $0 }
    }

    /// The validator's problems as errors: `--strict` fails a feed on a warning as on an error.
    func problems(_ problems: [FeedProblem], _ path: String) -> [Diagnostic] {
        problems.map { Diagnostic(.error, file: file(path), message: "\($0.path): \($0.message) [\($0.rule)]") }
    }

    /// The URL members of a JSON value with their paths (`items[3].url`).
    static func collectURLs(_ value: JSONValue, at path: String, into urls: inout [(String, String)]) {
        switch value {
        case .object(let object):
            for member in object {
                let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                if case .string(let url) = member.value, urlKeys.contains(member.key) {
                    urls.append((memberPath, url))
                } else {
                    collectURLs(member.value, at: memberPath, into: &urls)
                }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { collectURLs(element, at: "\(path)[\(index)]", into: &urls) }
        default: break
        }
    }
}
