import BlogCore
import BlogFileSystem
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a feed over HTTP(S) for `blog feed validate URL` with Foundation's URLSession, within limits
/// that a hostile or broken server cannot get past: at most ``redirectLimit`` redirects, a deadline for
/// the whole fetch, and at most ``FeedInput/limit`` bytes, refused from the `Content-Length` before the
/// body comes or as soon as the body passes it, without reading the rest.
enum FeedFetch {
    static let redirectLimit = 5
    /// The longest a fetch may take, redirects included, unless a shorter `--timeout` is given.
    static let timeoutLimit: Double = 30

    /// Whether a command-line argument names a URL to fetch rather than a file.
    static func isURL(_ argument: String) -> Bool {
        let lowered = argument.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// Why a fetch gave no feed, as printed after the URL.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The body of a successful (2xx) response.
    ///
    /// - Throws: ``Failure`` for a bad URL, a failed connection, an error status, too many redirects, a
    ///   timeout or a body past the size limit.
    static func fetch(_ address: String, timeout: Double) async throws(Failure) -> Data {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), url.host != nil
        else {
            throw Failure(description: "not a valid http or https URL")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = [
            "Accept": "application/feed+json, application/json;q=0.9, */*;q=0.1",
            "User-Agent": "blog/\(BlogVersion.current) (feed validate)",
        ]
        let delegate = Receiver(limit: FeedInput.limit)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Receiver.Outcome, Never>) in
            delegate.start(session.dataTask(with: url), continuation)
        }
        switch outcome {
        case .body(let data): return data
        case .failure(let reason):
            throw Failure(description: reason)
        case .transportError(let error):
            if error.code == .timedOut {
                throw Failure(description: "no complete answer within \(Self.seconds(timeout)), the most blog waits")
            }
            throw Failure(description: "cannot fetch (\(error.localizedDescription))")
        }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Collects one task's body, stopping it at the first limit it passes. Its state is behind a lock:
    /// URLSession calls it on its own queue.
    final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        enum Outcome: Sendable {
            case body(Data)
            case failure(String)
            case transportError(URLError)
        }

        private struct State {
            var body = Data()
            var redirects = 0
            var stopped: String?
            var continuation: CheckedContinuation<Outcome, Never>?
        }

        private let limit: Int
        private let state = Locked(State())

        init(limit: Int) {
            self.limit = limit
        }

        func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<Outcome, Never>) {
            state.withLock { $0.continuation = continuation }
            task.resume()
        }

        /// Stops the task with `reason` as the outcome.
        private func stop(_ task: URLSessionTask, _ reason: String) {
            state.withLock { $0.stopped = $0.stopped ?? reason }
            task.cancel()
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            let count = state.withLock { state in
                state.redirects += 1
                return state.redirects
            }
            if count > FeedFetch.redirectLimit {
                // Refusing the redirect ends the task with this response; cancelling here as well makes
                // FoundationNetworking call back twice and trap.
                state.withLock {
                    $0.stopped =
                        $0.stopped
                        ?? "more than \(FeedFetch.redirectLimit) redirects (the last to \(request.url?.absoluteString ?? "nowhere"))"
                }
                completionHandler(nil)
                return
            }
            // A server may not send the fetch to a file or another kind of address.
            guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                state.withLock {
                    $0.stopped =
                        $0.stopped
                        ?? "redirected to \(request.url?.absoluteString ?? "nowhere"), which is not an http or https URL"
                }
                completionHandler(nil)
                return
            }
            completionHandler(request)
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                let reason = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
                stop(dataTask, "the server answered \(http.statusCode) \(reason)")
                completionHandler(.cancel)
                return
            }
            if response.expectedContentLength > Int64(limit) {
                stop(
                    dataTask,
                    "the feed is \(response.expectedContentLength) bytes, larger than \(limit / 1_048_576) MiB, the most blog reads"
                )
                completionHandler(.cancel)
                return
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let tooLarge = state.withLock { state in
                guard state.body.count + data.count <= limit else { return true }
                state.body.append(data)
                return false
            }
            if tooLarge {
                stop(
                    dataTask,
                    "the feed is larger than \(limit / 1_048_576) MiB, the most blog reads; stopped reading there")
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (continuation, outcome) = state.withLock { state -> (CheckedContinuation<Outcome, Never>?, Outcome) in
                defer { state.continuation = nil }
                if let reason = state.stopped { return (state.continuation, .failure(reason)) }
                if let error = error as? URLError { return (state.continuation, .transportError(error)) }
                if let error { return (state.continuation, .failure("cannot fetch (\(error.localizedDescription))")) }
                if let http = task.response as? HTTPURLResponse, (300..<400).contains(http.statusCode) {
                    return (
                        state.continuation, .failure("the server answered \(http.statusCode) without a place to go")
                    )
                }
                return (state.continuation, .body(state.body))
            }
            continuation?.resume(returning: outcome)
        }
    }
}
