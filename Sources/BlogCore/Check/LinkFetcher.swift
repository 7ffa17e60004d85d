import Foundation

/// What a server answered to one request, redirects not followed.
public struct LinkAnswer: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The `Location` header, as sent.
    public var location: String?
    /// The `Retry-After` header, as sent: seconds, or an HTTP date.
    public var retryAfter: String?

    /// Makes an answer.
    public init(status: Int, location: String? = nil, retryAfter: String? = nil) {
        self.status = status
        self.location = location
        self.retryAfter = retryAfter
    }
}

/// Asks other sites about links for `blog check --external`; the command line passes one over HTTP.
public protocol LinkFetcher: Sendable {
    /// Sends one `HEAD` or `GET` request and returns the status and headers, without following a redirect
    /// and without reading more of the body than the headers.
    ///
    /// - Parameters:
    ///   - url: An `http` or `https` URL.
    ///   - method: `HEAD` or `GET`.
    ///   - timeout: Seconds the request may take.
    /// - Throws: Any error when no answer came (refused, unreachable, too slow); its description is shown.
    func answer(_ url: URL, method: String, timeout: Double) async throws -> LinkAnswer
}
