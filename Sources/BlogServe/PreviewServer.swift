import BlogCore
import BlogFileSystem
import FlyingFox
import FlyingSocks
import Foundation

/// `blog serve`: builds the site into `.blog-cache/serve/`, serves it over HTTP, and rebuilds when blog.yaml,
/// `content/` or `site-template/` change, telling open pages to reload (or to show the build's errors).
///
/// The preview has its own output and cache folder, so drafts it shows never reach `public/`, and a
/// `blog build` run meanwhile does not lose its cache. Absolute URLs point at the preview server.
public final class PreviewServer: Sendable {
    /// What happened, for the terminal.
    public enum Event: Sendable {
        /// The server listens at this URL (the site's base path included).
        case serving(url: String, warning: String?)
        /// A build finished; `changed` holds the source paths that caused it (empty for the first build).
        case built(BuildSummary, changed: [String])
        /// A build failed; the last good build is still served.
        case failed(DiagnosticError, changed: [String])
    }

    /// Where and what to serve.
    public struct Options: Sendable {
        /// The address to listen on; loopback unless asked otherwise.
        public var host = "127.0.0.1"
        /// The port; 0 asks the system for a free one.
        public var port: UInt16 = 8080
        /// Show posts marked `draft: true`.
        public var includesDrafts = false
        /// Show posts dated in the future.
        public var includesFuture = false

        /// Makes options with the defaults: 127.0.0.1, port 8080, no drafts, no future posts.
        public init() {}
    }

    /// The folder under the site root that holds the preview's output and cache.
    public static let folder = ".blog-cache/serve"

    let site: Site
    let options: Options
    private let status = BuildStatus()
    /// The build cache between rebuilds; written to disk after each build is shown, not before.
    private let memory = BuildMemory()

    /// Makes a server for `site`; nothing happens until ``run(report:)``.
    public init(site: Site, options: Options) {
        self.site = site
        self.options = options
    }

    var output: URL { site.root.appending(path: "\(Self.folder)/public") }

    /// Serves until the task is cancelled (Ctrl-C), then stops watching, finishes a build in progress and
    /// closes the server.
    ///
    /// - Throws: ``ServeError`` when the address cannot be used or the sources cannot be watched.
    public func run(report: @escaping @Sendable (Event) -> Void) async throws {
        let address = try Self.address(host: options.host, port: options.port)
        try Self.checkAvailable(address, host: options.host, port: options.port)
        let lock = try lockPreviewFolder()
        defer { lock.release() }
        let server = HTTPServer(address: address, timeout: 60, logger: .disabled, handler: ClosureHTTPHandler { [self] request in
            try await handle(request)
        })
        let serving = Task { try await server.run() }
        defer { serving.cancel() }
        try await server.waitUntilListening()
        let port: UInt16 = switch await server.listeningAddress {
        case .ip4(_, let port)?, .ip6(_, let port)?: port
        default: options.port
        }
        let origin = "http://\(options.host.contains(":") ? "[\(options.host)]" : options.host):\(port)"

        let watcher: FolderWatcher
        do {
            watcher = try FolderWatcher(root: site.root, folders: ["content", "site-template"], files: ["blog.yaml"])
        } catch {
            throw ServeError(message: "\(error)")
        }
        var saving = await build(origin: origin, changed: [], report: report)
        let isLoopback = RequestGuard.isLoopback(options.host)
        report(.serving(url: origin + (await status.basePath),
                        warning: isLoopback ? nil : "serving on \(options.host): other machines can read the preview, drafts included"))

        await withTaskCancellationHandler {
            for await _ in watcher.signals {
                // Editors write a file in several steps; wait for the rest of them, then build once.
                // Changes that arrive during the build are collected for one next build.
                try? await Task.sleep(for: .milliseconds(30))
                guard !Task.isCancelled else { break }
                let changed = watcher.takeChanges()
                guard !changed.isEmpty else { continue }
                await saving.value
                saving = await build(origin: origin, changed: changed, report: report)
            }
        } onCancel: {
            watcher.stop()
        }
        await saving.value
        await status.stop()
        await server.stop(timeout: 1)
    }

    /// Builds and publishes the outcome to waiting pages, then starts writing the build cache to disk;
    /// returns that task, for the next build (and the end) to wait on.
    private func build(origin: String, changed: [String], report: @Sendable (Event) -> Void) async -> Task<Void, Never> {
        var buildOptions = BuildOptions(output: output.path, includesDrafts: options.includesDrafts, includesFuture: options.includesFuture)
        buildOptions.cacheFolder = "\(Self.folder)"
        buildOptions.memory = memory
        do {
            let (configuration, _) = try site.loadConfiguration()
            await status.setBasePath(configuration.basePath)
            buildOptions.baseURL = origin + configuration.basePath
            let summary = try await SiteBuilder(site: site).build(buildOptions)
            await status.publish(error: nil, outputChanged: summary.filesWritten + summary.filesRemoved > 0)
            report(.built(summary, changed: changed))
        } catch {
            await status.publish(error: error.diagnostics.map(\.description).joined(separator: "\n"))
            report(.failed(error, changed: changed))
        }
        return Task.detached(priority: .utility) { [memory] in await memory.save() }
    }

    private func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let refusal = RequestGuard(listeningOn: options.host).refusal(host: request.headers[.host], origin: request.headers[HTTPHeader("Origin")]) {
            return HTTPResponse(statusCode: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"], body: Data((refusal + "\n").utf8))
        }
        let rawPath = request.target.path(percentEncoded: true)
        if rawPath == LiveReloadScript.endpoint {
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: LiveReloadSocket(status: status))).handleRequest(request)
        }
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        let (generation, basePath) = (await status.current.generation, await status.basePath)
        let responder = SiteResponder(root: output, basePath: basePath, generation: generation)
        let reply = responder.respond(method: request.method.rawValue, rawPath: rawPath, headers: headers)
        var replyHeaders = HTTPHeaders()
        for (name, value) in reply.headers { replyHeaders[HTTPHeader(name)] = value }
        return HTTPResponse(statusCode: HTTPStatusCode(reply.status, phrase: Self.phrase(reply.status)), headers: replyHeaders, body: reply.body)
    }

    /// Takes a lock on the preview folder for as long as the server runs, so that two servers of one site
    /// do not build into the same folder; the system releases it when the process ends, however it ends.
    private func lockPreviewFolder() throws -> FileLock {
        let folder = site.root.appending(path: Self.folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock: FileLock?
        do {
            lock = try FileLock.acquire(folder.appending(path: "lock").path)
        } catch {
            throw ServeError(message: "\(Self.folder)/lock: cannot open: \(error.reason)")
        }
        guard let lock else {
            throw ServeError(message: "another blog serve is already previewing this site; stop it first (both would build into \(Self.folder)/)")
        }
        return lock
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        default: "Status \(status)"
        }
    }

    static func address(host: String, port: UInt16) throws -> any SocketAddress {
        let numeric = host == "localhost" ? "127.0.0.1" : host
        do {
            return numeric.contains(":") ? try sockaddr_in6.inet6(ip6: numeric, port: port) : try sockaddr_in.inet(ip4: numeric, port: port)
        } catch {
            throw ServeError(message: "--host: expected an IP address such as 127.0.0.1, ::1 or 0.0.0.0, got \"\(host)\"")
        }
    }

    /// Binds a throwaway socket first, so that a port in use is named in a clear message.
    static func checkAvailable(_ address: any SocketAddress, host: String, port: UInt16) throws {
        guard port != 0, let probe = try? Socket(domain: Int32(type(of: address).family), type: .stream) else { return }
        defer { try? probe.close() }
        try? probe.setValue(true, for: .localAddressReuse)
        do {
            try probe.bind(to: address)
        } catch SocketError.failed(_, let code, let reason) {
            switch code {
            case EADDRINUSE:
                throw ServeError(message: "port \(port) on \(host) is in use; stop the other server or choose another with --port")
            case EACCES:
                throw ServeError(message: "port \(port) needs special permission; choose one above 1023 with --port")
            case EADDRNOTAVAIL:
                throw ServeError(message: "--host: \(host) is not an address of this machine")
            default:
                throw ServeError(message: "cannot listen on \(host):\(port): \(reason)")
            }
        } catch {
            return
        }
    }
}

/// The server could not start; the message names what to change.
public struct ServeError: Error, CustomStringConvertible {
    /// What went wrong and what to do, in the words the terminal prints after `error: `.
    public var message: String
    public var description: String { message }
}
