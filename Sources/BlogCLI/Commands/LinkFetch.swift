import AsyncHTTPClient
import BlogCore
import Foundation
import NIOCore

/// Asks other sites about links over HTTP for `blog check --external`: one client for the whole run, no
/// redirect followed by the client (the check follows them itself, and refuses some), and never more of
/// a body than its first bytes, so a very long answer costs nothing.
final class LinkFetch: LinkFetcher {
    private let client: HTTPClient

    init() {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .disabled)
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func answer(_ url: URL, method: String, timeout: Double) async throws -> LinkAnswer {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method == "HEAD" ? .HEAD : .GET
        request.headers.add(name: "User-Agent", value: "blog/\(BlogVersion.current) (link check)")
        request.headers.add(name: "Accept", value: "text/html, */*;q=0.5")
        let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
        // The status is all the check needs: the body is left unread, which ends the request.
        return LinkAnswer(
            status: Int(response.status.code), location: response.headers.first(name: "Location"),
            retryAfter: response.headers.first(name: "Retry-After"))
    }

    /// Closes the client's connections; call once, after the check.
    func shutdown() async {
        try? await client.shutdown()
    }
}
