import AsyncHTTPClient
import BlogCore
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches a feed over HTTP(S) for `blog feed validate URL`, within limits that a hostile or broken server
/// cannot get past:
/// - only `http` and `https` URLs, the first and every redirect's, and at most ``redirectLimit`` redirects;
/// - one deadline for the whole exchange, redirects, slow headers and a body sent a byte at a time included;
/// - at most ``Limits/size`` bytes received and at most as many once gzip or deflate is undone, counted as
///   each part arrives (``FeedBody``), so nothing past the limit is read or inflated.
///
/// Redirects are followed here rather than by the client, so that each `Location` is checked by the same
/// rule as the first URL. Waiting is the event loop's `epoll` and a sleeping task: no thread spins.
enum FeedFetch {
    static let redirectLimit = 5
    /// The longest a fetch may take, redirects included, unless a shorter `--timeout` is given.
    static let timeoutLimit: Double = 30

    /// How long a fetch may take and how many bytes it may read.
    struct Limits {
        /// Seconds for the whole exchange, redirects included.
        var timeout: Double = FeedFetch.timeoutLimit
        /// Bytes of body, counted as they come over the wire and again once decoded.
        var size: Int = FeedInput.limit
    }

    /// Whether a command-line argument names a URL to fetch rather than a file.
    static func isURL(_ argument: String) -> Bool {
        let lowered = argument.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Why a fetch gave no feed, as printed after the URL.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The body of a successful (2xx) response, decoded.
    ///
    /// - Throws: ``Failure`` for a bad URL or redirect, a failed connection, an error status, too many
    ///   redirects, a deadline passed, or a body past the size limit.
    static func fetch(_ address: String, limits: Limits) async throws(Failure) -> Data {
        guard let url = webURL(address) else {
            throw Failure(description: "not a valid http or https URL")
        }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .nanoseconds(nanoseconds(limits.timeout))),
            decompression: .disabled)
        // One fetch, one attempt: a refused connection is reported at once, not retried until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let result = await withDeadline(limits.timeout) { () async -> Result<Data, Failure> in
            do throws(Failure) {
                return .success(try await follow(url, client: client, limits: limits))
            } catch {
                return .failure(error)
            }
        }
        try? await client.shutdown()
        return try result.get()
    }

    /// The URL if it is an absolute `http` or `https` URL with a host.
    private static func webURL(_ address: String) -> URL? {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    private static func nanoseconds(_ seconds: Double) -> Int64 {
        Int64(seconds * 1_000_000_000)
    }

    /// The first of `body`'s result and the deadline's failure; the loser is cancelled.
    private static func withDeadline(
        _ seconds: Double, _ body: @escaping @Sendable () async -> Result<Data, Failure>
    ) async -> Result<Data, Failure> {
        await withTaskGroup(of: Result<Data, Failure>?.self) { group in
            group.addTask(operation: body)
            group.addTask {
                do {
                    try await Task.sleep(for: .nanoseconds(nanoseconds(seconds)))
                } catch {
                    return nil
                }
                return .failure(
                    Failure(description: "no complete answer within \(Self.seconds(seconds)), the most blog waits"))
            }
            var outcome = Result<Data, Failure>.failure(Failure(description: "cannot fetch (cancelled)"))
            for await result in group {
                guard let result else { continue }
                outcome = result
                group.cancelAll()
                break
            }
            return outcome
        }
    }

    /// Requests `start` and follows its redirects, each checked like the first URL.
    private static func follow(_ start: URL, client: HTTPClient, limits: Limits) async throws(Failure) -> Data {
        let deadline = NIODeadline.now() + .nanoseconds(nanoseconds(limits.timeout))
        var url = start
        var redirects = 0
        while true {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.headers.add(name: "Accept", value: "application/feed+json, application/json;q=0.9, */*;q=0.1")
            request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
            request.headers.add(name: "User-Agent", value: "blog/\(BlogVersion.current) (feed validate)")
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, deadline: deadline)
            } catch {
                throw failure(error, limits)
            }
            let status = response.status
            if [301, 302, 303, 307, 308].contains(status.code) {
                guard let location = response.headers.first(name: "Location") else {
                    throw Failure(description: "the server answered \(status.code) without a place to go")
                }
                redirects += 1
                // RFC 9110 §10.2.2: a Location may be relative to the URL that was asked for.
                guard let next = URL(string: location, relativeTo: url).flatMap({ webURL($0.absoluteString) }) else {
                    throw Failure(
                        description: "the server redirected to \(quoted(location)); expected an http or https URL")
                }
                guard redirects <= redirectLimit else {
                    throw Failure(
                        description: "more than \(redirectLimit) redirects (the last to \(next.absoluteString))")
                }
                url = next
                continue
            }
            guard (200..<300).contains(status.code) else {
                throw Failure(description: "the server answered \(status.code) \(status.reasonPhrase)")
            }
            return try await read(response, limits: limits)
        }
    }

    /// The response's body, decoded, refused as soon as it passes the limit.
    private static func read(_ response: HTTPClientResponse, limits: Limits) async throws(Failure) -> Data {
        var body: FeedBody
        do {
            body = try FeedBody(contentEncoding: response.headers.first(name: "Content-Encoding"), limit: limits.size)
        } catch {
            throw failure(error, limits)
        }
        if let length = response.headers.first(name: "Content-Length").flatMap({ Int($0) }), length > limits.size {
            throw Failure(
                description: "the feed is \(length) bytes, larger than \(size(limits.size)), the most blog reads")
        }
        do {
            for try await part in response.body {
                try body.append(part)
            }
        } catch {
            throw failure(error, limits)
        }
        return body.data
    }

    private static func failure(_ refusal: FeedBody.Refusal, _ limits: Limits) -> Failure {
        let limit = size(limits.size)
        switch refusal {
        case .unknownCoding(let coding):
            return Failure(
                description: "the feed came with Content-Encoding \(quoted(coding)); expected gzip, deflate or none")
        case .receivedTooMuch(.identity), .decodedTooMuch(.identity):
            return Failure(description: "the feed is larger than \(limit), the most blog reads; stopped reading there")
        case .receivedTooMuch(let coding):
            return Failure(
                description:
                    "the feed's \(coding.rawValue) data is larger than \(limit), the most blog reads; stopped reading there"
            )
        case .decodedTooMuch(let coding):
            return Failure(
                description:
                    "the feed is larger than \(limit) once \(coding.rawValue) is undone, the most blog reads; stopped inflating there"
            )
        case .corrupt(let coding):
            return Failure(description: "the feed's \(coding.rawValue) data is not valid \(coding.rawValue)")
        }
    }

    private static func failure(_ error: any Error, _ limits: Limits) -> Failure {
        if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .cancelled {
            return Failure(description: "no complete answer within \(seconds(limits.timeout)), the most blog waits")
        }
        if let error = error as? FeedBody.Refusal { return failure(error, limits) }
        // NIO describes a failed connection as "connection reset (error set): ... (errno: 111)".
        if let error = error as? IOError, let reason = connectionErrors[error.errnoCode] {
            return Failure(description: "cannot fetch (\(reason))")
        }
        return Failure(description: "cannot fetch (\(error))")
    }

    private static let connectionErrors: [CInt: String] = [
        ECONNREFUSED: "connection refused", ECONNRESET: "connection reset by the server",
        EHOSTUNREACH: "host unreachable", ENETUNREACH: "network unreachable", ETIMEDOUT: "connection timed out",
    ]

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// `32 MiB` for whole mebibytes, `1000 bytes` otherwise (the smaller limits of the tests).
    static func size(_ bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MiB" : "\(bytes) bytes"
    }
}
