import BlogCore
import BlogFileSystem
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

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
        /// Check the links of every build (``BuildOptions/checksLinks``) and show the broken ones in the
        /// page's error overlay; every build is then a whole one, without the rebuild of edited posts alone.
        public var checksLinks = false
        /// Called before each build's swap (``BuildOptions/beforeSwap``).
        public var beforeSwap: (@Sendable () async -> Void)?

        /// Makes options with the defaults: 127.0.0.1, port 8080, no drafts, no future posts.
        public init() {}
    }

    /// The folder under the site root that holds the preview's output and cache.
    public static let folder = SiteLayout.serveCache

    let site: Site
    let options: Options
    private let status = BuildStatus()
    private let connections = ConnectionRegistry()
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
    /// - Throws: ``ServeError`` when the address cannot be used, the sources cannot be watched, or the
    ///   descriptor limit (`ulimit -n`) is too low to serve.
    public func run(report: @escaping @Sendable (Event) -> Void) async throws {
        try Self.checkAddress(options.host)
        try Self.checkDescriptors(DescriptorUsage.current())
        let (events, event) = AsyncStream.makeStream(of: Result<Int?, any Error>.self)
        let app = makeApplication { port in event.yield(.success(port)) }
        let serving = Task {
            do {
                try await app.run()
            } catch {
                event.yield(.failure(error))
            }
        }
        defer { serving.cancel() }
        let port = try await Self.listeningPort(events, host: options.host, port: options.port)
        // Taken once the port is ours, so that a port in use leaves nothing behind.
        let lock = try lockPreviewFolder()
        defer { lock.release() }
        let origin = "http://\(options.host.contains(":") ? "[\(options.host)]" : options.host):\(port)"

        let watcher: FolderWatcher
        do {
            watcher = try FolderWatcher(
                root: site.root, folders: [SiteLayout.content, SiteLayout.theme], files: [SiteLayout.configuration])
        } catch {
            throw ServeError(message: "\(error)")
        }
        var saving = await build(origin: origin, changed: [], watched: false, report: report)
        // The record is written and the spare tree linked before the preview is announced: an edit rebuilt
        // alone then adds its entries to the record's journal, and no save runs beside the linking of the
        // output's every file (63,000 links at 50,000 posts, seconds of the kernel's time on both cores).
        await saving.value
        await memory.spareLinked()
        let isLoopback = RequestGuard.isLoopback(options.host)
        report(
            .serving(
                url: origin + (await status.basePath),
                warning: isLoopback
                    ? nil : "serving on \(options.host): other machines can read the preview, drafts included"))

        await withTaskCancellationHandler {
            for await _ in watcher.signals {
                // Editors write a file in several steps; wait for the rest of them (at most 30 ms, less
                // once each changed file is closed or renamed into place), then build once. Changes that
                // arrive during the build are collected for one next build.
                let changes = await watcher.takeSettledChanges(waitingAtMost: .milliseconds(30))
                guard !Task.isCancelled else { break }
                guard !changes.paths.isEmpty || !changes.isComplete else { continue }
                await saving.value
                saving = await build(
                    origin: origin, changed: changes.paths, watched: changes.isComplete, report: report)
            }
        } onCancel: {
            watcher.stop()
        }
        await saving.value
        await status.stop()
        serving.cancel()
        connections.closeAll()
        _ = await serving.result
    }

    /// The HTTP server: one responder for every request, and the live-reload socket for a page of the
    /// preview. HTTP/1.1 heads are parsed by SwiftNIO within fixed limits (80 KiB of header fields, 1,000
    /// fields: past them the connection gets 400 and is closed), idle connections close after a minute,
    /// a WebSocket frame over 4 KiB closes the socket with 1009 before it is read, and connections leave
    /// descriptors free for everything else (``ConnectionLimit``).
    private func makeApplication(onListening: @escaping @Sendable (Int?) -> Void) -> some ApplicationProtocol {
        let requestGuard = RequestGuard(listeningOn: options.host)
        let (status, connections) = (status, connections)
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(idleTimeout: .seconds(60)),
            ws: .init(maxFrameSize: 4096, autoPing: .disabled, closeTimeout: .seconds(5))
        )
        var logger = Logger(label: "blog-serve")
        logger.logLevel = .critical
        let upgrade:
            @Sendable (HTTPRequest, any Channel, Logger) async throws -> ShouldUpgradeResult<
                WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
            > = { request, _, _ in
                // Host and Origin were checked at the front door (``RequestHeadGuard``).
                guard request.path == LiveReloadScript.endpoint else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    // The page says nothing; the socket ends when it goes or the server stops.
                    let sending = Task {
                        for await message in LiveReloadSocket(status: status).messages() {
                            try await outbound.write(.text(message))
                        }
                        try await outbound.close(.goingAway, reason: nil)
                    }
                    defer { sending.cancel() }
                    for try await _ in inbound {}
                }
            }
        // The event loops open their descriptors when the group is made: they are counted with the rest.
        let group = EventLoopGroupProvider.singleton.eventLoopGroup
        let limit = ConnectionLimit(usage: DescriptorUsage.current())
        return Application(
            responder: CallbackResponder<BasicRequestContext> { [self] request, _ in await handle(request) },
            server: HTTPServerBuilder { responder in
                GuardedHTTPChannel(
                    inner: HTTP1WebSocketUpgradeChannel(
                        responder: responder, configuration: configuration, shouldUpgrade: upgrade),
                    requestGuard: requestGuard, registry: connections)
            },
            configuration: .init(
                address: .hostname(options.host, port: Int(options.port)), serverName: nil, reuseAddress: true,
                availableConnectionsDelegate: limit),
            onServerRunning: { channel in onListening(channel.localAddress?.port) },
            eventLoopGroupProvider: .shared(group),
            logger: logger
        )
    }

    /// The port the server listens on, once it does; a failure to bind is a ``ServeError`` that names the
    /// port and what to change.
    private static func listeningPort(_ events: AsyncStream<Result<Int?, any Error>>, host: String, port: UInt16)
        async throws -> Int
    {
        for await event in events {
            switch event {
            case .success(let bound): return bound ?? Int(port)
            case .failure(let error): throw bindError(error, host: host, port: port)
            }
        }
        throw ServeError(message: "cannot listen on \(host):\(port)")
    }

    private static func bindError(_ error: any Error, host: String, port: UInt16) -> ServeError {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE?:
            ServeError(
                message: "port \(port) on \(host) is in use; stop the other server or choose another with --port")
        case EACCES?:
            ServeError(message: "port \(port) needs special permission; choose one above 1023 with --port")
        case EADDRNOTAVAIL?:
            ServeError(message: "--host: \(host) is not an address of this machine")
        default:
            ServeError(message: "cannot listen on \(host):\(port): \(error)")
        }
    }

    /// Builds and publishes the outcome to waiting pages, then starts writing the build cache to disk;
    /// returns that task, for the next build (and the end) to wait on. `watched` says that `changed` is
    /// everything that changed since the last build (the watcher lost no event), so the build need not
    /// stamp every source again.
    private func build(origin: String, changed: [String], watched: Bool, report: @Sendable (Event) -> Void) async
        -> Task<Void, Never>
    {
        var buildOptions = BuildOptions(
            output: output.path, includesDrafts: options.includesDrafts, includesFuture: options.includesFuture)
        buildOptions.cacheFolder = "\(Self.folder)"
        buildOptions.memory = memory
        buildOptions.beforeSwap = options.beforeSwap
        buildOptions.checksLinks = options.checksLinks
        if watched { buildOptions.changedSources = changed }
        do {
            let (configuration, _) = try site.loadConfiguration()
            await status.setBasePath(configuration.basePath)
            buildOptions.baseURL = origin + configuration.basePath
            let summary = try await SiteBuilder(site: site).build(buildOptions)
            // A check's errors are in a written output: it is served, with the broken links in the overlay.
            let errors = summary.diagnostics.filter { $0.severity == .error }.map(\.description)
            await status.publish(
                error: errors.isEmpty ? nil : errors.joined(separator: "\n"),
                outputChanged: summary.filesWritten + summary.filesRemoved > 0)
            report(.built(summary, changed: changed))
        } catch {
            await status.publish(error: error.diagnostics.map(\.description).joined(separator: "\n"))
            report(.failed(error, changed: changed))
        }
        return Task.detached(priority: .utility) { [memory] in await memory.save() }
    }

    /// One request, answered as a static host would answer it; what the preview never serves was answered
    /// at the front door (``RequestHeadGuard``).
    private func handle(_ request: Request) async -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        // The path as sent, percent-encoding and all: the responder refuses `..` however it is spelt.
        let rawPath = String(request.uri.string.prefix { $0 != "?" })
        let (generation, basePath) = (await status.current.generation, await status.basePath)
        let responder = SiteResponder(root: output, basePath: basePath, generation: generation)
        return Self.response(responder.respond(method: request.method.rawValue, rawPath: rawPath, headers: headers))
    }

    private static func response(_ reply: SiteResponder.Reply) -> Response {
        var fields = HTTPFields()
        for (name, value) in reply.headers.sorted(by: { $0.key < $1.key }) {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        return Response(
            status: .init(code: reply.status, reasonPhrase: phrase(reply.status)), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }

    /// Takes a lock on the preview folder for as long as the server runs, so that two servers of one site
    /// do not build into the same folder; the system releases it when the process ends, however it ends.
    private func lockPreviewFolder() throws -> FileLock {
        let folder = site.root.appending(path: Self.folder)
        try? FileSystem.makeFolders(folder.path)
        let lock: FileLock?
        do {
            lock = try FileLock.acquire(folder.appending(path: "lock").path)
        } catch {
            throw ServeError(message: "\(Self.folder)/lock: cannot open: \(error.reason)")
        }
        guard let lock else {
            throw ServeError(
                message:
                    "another blog serve is already previewing this site; stop it first (both would build into \(Self.folder)/)"
            )
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

    /// Refuses a descriptor limit (`ulimit -n`) too low to start on: the event loops take three descriptors
    /// each, one loop a core, and past them the server needs room for a browser's connections and for what
    /// it opens itself (``ConnectionLimit``).
    static func checkDescriptors(_ usage: DescriptorUsage?, cores: Int = System.coreCount) throws {
        guard let usage else { return }
        let needed = usage.open + 3 * cores + ConnectionLimit.minimum + ConnectionLimit.smallestReserve
        guard usage.limit < needed else { return }
        throw ServeError(
            message: "the limit of open files is \(usage.limit) (ulimit -n); the preview needs at least \(needed)")
    }

    /// Refuses a `--host` that is not an IP address or `localhost`.
    static func checkAddress(_ host: String) throws {
        guard host == "localhost" || (try? SocketAddress(ipAddress: host, port: 0)) != nil else {
            throw ServeError(
                message: "--host: expected an IP address such as 127.0.0.1, ::1 or 0.0.0.0, got \"\(host)\"")
        }
    }
}

/// The server could not start; the message names what to change.
public struct ServeError: Error, CustomStringConvertible {
    /// What went wrong and what to do, in the words the terminal prints after `error: `.
    public var message: String
    public var description: String { message }
}
