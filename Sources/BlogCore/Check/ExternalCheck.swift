import Foundation

/// The check of links to other sites (`blog check --external`): `HEAD`, then `GET` where a server refuses
/// `HEAD`; redirects followed up to five times, permanent ones reported; retries with backoff on 429 and
/// 503, honouring `Retry-After`; a limit on requests in flight in all and to each host; and the answers
/// kept in a ``LinkCache`` so that the next run asks again only after `recheck_days`.
struct ExternalCheck: Sendable {
    var fetcher: any LinkFetcher
    var settings: LinkCheckSettings
    /// The longest wait for a retry, whatever `Retry-After` says.
    var longestWait: Double = 30
    static let redirectLimit = 5
    static let retryLimit = 3

    /// What is known of one URL.
    enum Verdict: Sendable, Equatable {
        case fine
        /// Works, through a permanent redirect to this URL.
        case moved(String)
        /// Broken, with why (`answers 404`); `isLasting` when the next run need not ask again before
        /// `recheck_days` (a 404, unlike a timeout).
        case broken(String, isLasting: Bool)
    }

    /// The verdict of every URL, asked on `settings.concurrency` tasks with at most `settings.perHost`
    /// requests to one host at once.
    func run(_ urls: [String]) async -> [String: Verdict] {
        let queue = HostQueue(urls, perHost: settings.perHost)
        let workers = min(settings.concurrency, max(urls.count, 1))
        return await withTaskGroup(of: [String: Verdict].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var verdicts: [String: Verdict] = [:]
                    while let url = await queue.next() {
                        verdicts[url] = await verdict(of: url)
                        await queue.finished(url)
                    }
                    return verdicts
                }
            }
            var all: [String: Verdict] = [:]
            for await verdicts in group { all.merge(verdicts) { $1 } }
            return all
        }
    }

    /// Follows `url` to an answer.
    func verdict(of url: String) async -> Verdict {
        guard var current = URL(string: url) else { return .broken("is not a valid URL", isLasting: true) }
        let startsPrivate = Self.isPrivate(current.host() ?? "")
        var visited: Set<String> = [current.absoluteString]
        var moved: String?
        for hop in 0...Self.redirectLimit {
            let answer: LinkAnswer
            do {
                answer = try await ask(current)
            } catch {
                return .broken("cannot be reached (\(error))", isLasting: false)
            }
            switch answer.status {
            case 200..<300:
                return moved.map(Verdict.moved) ?? .fine
            case 301, 302, 303, 307, 308:
                guard hop < Self.redirectLimit else {
                    return .broken("redirects more than \(Self.redirectLimit) times", isLasting: true)
                }
                // RFC 9110 §10.2.2: a Location may be relative to the URL that was asked for.
                guard let location = answer.location, let next = URL(string: location, relativeTo: current)?.absoluteURL
                else { return .broken("answers \(answer.status) without a valid Location", isLasting: true) }
                if let problem = Self.refusal(of: next, startsPrivate: startsPrivate) {
                    return .broken(problem, isLasting: true)
                }
                guard visited.insert(next.absoluteString).inserted else {
                    return .broken("redirects in a loop (back to '\(next.absoluteString)')", isLasting: true)
                }
                // Only redirects that are permanent all the way tell the author to change the link.
                let isPermanent = answer.status == 301 || answer.status == 308
                moved = isPermanent && (hop == 0 || moved != nil) ? next.absoluteString : nil
                current = next
            default:
                let lasting = ![408, 425, 429, 500, 502, 503, 504].contains(answer.status)
                return .broken("answers \(answer.status)", isLasting: lasting)
            }
        }
        return .broken("redirects more than \(Self.redirectLimit) times", isLasting: true)
    }

    /// Why a redirect may not be followed: to another scheme than HTTP(S), or from a public address to a
    /// private one (a link must not make the checker reach into the network it runs in).
    static func refusal(of next: URL, startsPrivate: Bool) -> String? {
        guard let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "redirects to '\(next.absoluteString)', which is not an http or https URL"
        }
        if !startsPrivate, isPrivate(next.host() ?? "") {
            return "redirects to the private address '\(next.host() ?? "")', which is not followed"
        }
        return nil
    }

    /// One URL asked with `HEAD`, then `GET` when the server refuses `HEAD`; 429 and 503 retried.
    private func ask(_ url: URL) async throws -> LinkAnswer {
        var method = "HEAD"
        var attempt = 0
        while true {
            let answer = try await fetcher.answer(url, method: method, timeout: settings.timeout)
            if method == "HEAD", [400, 403, 404, 405, 501].contains(answer.status) {
                // Many servers answer HEAD wrongly; a GET is the request a reader makes.
                method = "GET"
                continue
            }
            guard answer.status == 429 || answer.status == 503, attempt < Self.retryLimit else { return answer }
            let wait = Self.wait(answer.retryAfter, attempt: attempt, longest: longestWait)
            try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
            attempt += 1
        }
    }

    /// Seconds to wait before a retry: `Retry-After` in seconds or as an HTTP date (RFC 9110 §10.2.3), else
    /// 1, 2, 4 seconds; never more than `longest`.
    static func wait(_ retryAfter: String?, attempt: Int, longest: Double, now: Date = Date()) -> Double {
        let backoff = Double(1 << attempt)
        guard let value = retryAfter?.trimmingCharacters(in: .whitespaces) else { return min(backoff, longest) }
        if let seconds = Double(value), seconds >= 0 { return min(seconds, longest) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return min(backoff, longest) }
        return min(max(0, date.timeIntervalSince(now)), longest)
    }

    /// Loopback, private (RFC 1918, RFC 4193), link-local and unspecified addresses, and `localhost`:
    /// by name and literal address only, since the fetcher resolves names itself.
    static func isPrivate(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: ["[", "]"])
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "::" { return true }
        if host.hasPrefix("fc") || host.hasPrefix("fd") || host.hasPrefix("fe80:") { return host.contains(":") }
        let parts = host.split(separator: ".").compactMap { UInt8($0) }
        guard parts.count == 4 else { return false }
        switch (parts[0], parts[1]) {
        case (10, _), (127, _), (0, _), (169, 254), (192, 168): return true
        case (172, 16...31): return true
        default: return false
        }
    }
}

/// The URLs still to ask, handed out so that no host has more than `perHost` requests in flight.
actor HostQueue {
    private var pending: [String: [String]] = [:]
    private var hosts: [String] = []
    private var inFlight: [String: Int] = [:]
    private var waiting: [CheckedContinuation<String?, Never>] = []
    private let perHost: Int

    init(_ urls: [String], perHost: Int) {
        self.perHost = perHost
        for url in urls {
            let host = Self.host(of: url)
            if pending[host] == nil { hosts.append(host) }
            pending[host, default: []].append(url)
        }
    }

    private static func host(of url: String) -> String { URL(string: url)?.host()?.lowercased() ?? "" }

    /// The next URL to ask; nil when every URL has been handed out.
    func next() async -> String? {
        if let url = take() { return url }
        guard !pending.isEmpty else { return nil }
        return await withCheckedContinuation { waiting.append($0) }
    }

    /// A URL's request is over: its host may take another.
    func finished(_ url: String) {
        inFlight[Self.host(of: url), default: 1] -= 1
        while !waiting.isEmpty {
            if let url = take() {
                waiting.removeFirst().resume(returning: url)
            } else if pending.isEmpty {
                for continuation in waiting { continuation.resume(returning: nil) }
                waiting = []
            } else {
                break
            }
        }
    }

    private func take() -> String? {
        for host in hosts where inFlight[host, default: 0] < perHost {
            guard var urls = pending[host], !urls.isEmpty else { continue }
            let url = urls.removeFirst()
            pending[host] = urls.isEmpty ? nil : urls
            if urls.isEmpty { hosts.removeAll { $0 == host } }
            inFlight[host, default: 0] += 1
            return url
        }
        return nil
    }
}
