import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Measures `blog serve` the way a writer feels it: on a site of N posts, the time from saving one post to
/// the open page's reload. A WebSocket client stands in for the page: it connects to `/__blog/live` as the
/// injected script does, and a reload is the news of a new build plus fetching the page again.
struct ServeBenchmark {
    let count: Int
    let edits: Int

    struct Figures: Codable {
        var machine: String
        var posts: Int
        var edits: Int
        /// The first build when the server starts, from launch to serving.
        var startSeconds: Double
        /// The first save after the start, to the reloaded page: this rebuild also fills the tree that
        /// later builds stage into, so it is slower than the rest.
        var firstSaveToReloadSeconds: Double
        /// Later saves to the page being told to reload, median and slowest.
        var saveToNewsMedianSeconds: Double
        var saveToNewsMaxSeconds: Double
        /// Later saves to the reloaded page fetched in full, median and slowest.
        var saveToReloadMedianSeconds: Double
        var saveToReloadMaxSeconds: Double
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func run() async throws -> Figures {
        let blog = URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "blog").path
        await DeletionRecord.waitForShadowToPass()
        let base = FileManager.default.temporaryDirectory.appending(
            path: "blog-benchmark-serve-\(count)-\(UUID().uuidString)")
        defer { DeletionRecord.delete([base]) }
        let generator = SiteGenerator(count: count)
        let posts = generator.posts()
        let site = base.appending(path: "blog")
        try generator.writeBlogSite(at: site, posts: posts, blogExecutable: blog, theme: .standard)

        let server = Process()
        server.executableURL = URL(filePath: blog)
        server.arguments = ["serve", "--site", site.path, "--port", "0"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        let launched = ContinuousClock.now
        try server.run()
        defer {
            kill(server.processIdentifier, SIGINT)
            server.waitUntilExit()
        }
        let port = try Self.servingPort(output.fileHandleForReading)
        let start = (ContinuousClock.now - launched).seconds

        var socket = try LiveSocket(port: port)
        var generation = try socket.nextGeneration()
        let post = posts[count / 2]
        let file = site.appending(path: "content/posts/\(post.name).md")
        let original = try String(contentsOf: file, encoding: .utf8)
        var news: [Double] = []
        var reloads: [Double] = []
        for edit in 0...edits {
            let marker = "Edited for the serve benchmark, save \(edit)."
            let saved = ContinuousClock.now
            try (original + "\n\(marker)\n").write(to: file, atomically: false, encoding: .utf8)
            let next = try socket.nextGeneration()
            guard next > generation else {
                throw Failure(description: "the server reported no new build after save \(edit)")
            }
            generation = next
            news.append((ContinuousClock.now - saved).seconds)
            let page = try Self.fetch(port: port, path: "/posts/\(post.name.dropFirst(11))/")
            guard page.contains(marker) else {
                throw Failure(description: "the reloaded page lacks the edit of save \(edit)")
            }
            reloads.append((ContinuousClock.now - saved).seconds)
            // Let the server settle, as a writer between saves does.
            try await Task.sleep(for: .milliseconds(300))
        }
        try original.write(to: file, atomically: false, encoding: .utf8)
        let first = reloads.removeFirst()
        news.removeFirst()
        return Figures(
            machine: SiteBenchmark.machineDescription(), posts: count, edits: edits, startSeconds: start,
            firstSaveToReloadSeconds: first,
            saveToNewsMedianSeconds: Self.median(news), saveToNewsMaxSeconds: news.max() ?? 0,
            saveToReloadMedianSeconds: Self.median(reloads), saveToReloadMaxSeconds: reloads.max() ?? 0)
    }

    func table(_ figures: Figures) -> String {
        let slowest = max(figures.firstSaveToReloadSeconds, figures.saveToReloadMaxSeconds)
        return [
            "blog serve on \(figures.posts) posts, 1 + \(figures.edits) saves of one post (\(figures.machine))",
            String(format: "  start (first build)    %7.2f s", figures.startSeconds),
            String(format: "  first save -> reloaded %7.3f s", figures.firstSaveToReloadSeconds),
            String(
                format: "  later saves: told     %7.3f s median, %.3f s slowest", figures.saveToNewsMedianSeconds,
                figures.saveToNewsMaxSeconds),
            String(
                format: "  later saves: reloaded  %7.3f s median, %.3f s slowest", figures.saveToReloadMedianSeconds,
                figures.saveToReloadMaxSeconds),
            String(
                format: "  %@  every save to the reloaded page, the first included: %.3f s at most (at most %.2f)",
                slowest <= Targets.serveSaveLimit ? "met    " : "NOT MET", slowest, Targets.serveSaveLimit),
        ].joined(separator: "\n")
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Reads the server's output until its `Serving http://127.0.0.1:PORT/ (Ctrl-C to stop)` line.
    private static func servingPort(_ handle: FileHandle) throws -> Int {
        var text = ""
        while true {
            let data = handle.availableData
            guard !data.isEmpty else { throw Failure(description: "blog serve stopped before serving:\n\(text)") }
            text += String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Serving http://") }),
                let port = line.split(separator: ":").dropFirst(2).first.flatMap({ Int($0.prefix { $0.isNumber }) })
            {
                return port
            }
        }
    }

    private static func fetch(port: Int, path: String) throws -> String {
        let connection = try Connection(port: port)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        var reply = Data()
        while let chunk = connection.receive() { reply.append(chunk) }
        return String(decoding: reply, as: UTF8.self)
    }
}

/// The page's side of the live-reload WebSocket: a handshake, then the server's unmasked text frames.
private struct LiveSocket {
    let connection: Connection
    private var pending = Data()

    init(port: Int) throws {
        connection = try Connection(port: port)
        try connection.send(
            "GET /__blog/live HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        var handshake = Data()
        while true {
            if let end = handshake.range(of: Data("\r\n\r\n".utf8)) {
                pending = Data(handshake[end.upperBound...])
                break
            }
            guard let chunk = connection.receive() else {
                throw ServeBenchmark.Failure(description: "no WebSocket handshake")
            }
            handshake.append(chunk)
        }
    }

    /// Waits for the next status message and returns its generation.
    mutating func nextGeneration() throws -> Int {
        while true {
            if pending.count >= 2 {
                let bytes = [UInt8](pending.prefix(4))
                let short = Int(bytes[1] & 0x7F)
                let header = short == 126 ? 4 : 2
                let length = short == 126 && bytes.count >= 4 ? Int(bytes[2]) << 8 | Int(bytes[3]) : short
                if pending.count >= header + length, short != 127 {
                    let payload = pending.subdata(
                        in: pending.startIndex + header..<pending.startIndex + header + length)
                    pending = Data(pending.dropFirst(header + length))
                    let object = try JSONSerialization.jsonObject(with: payload) as? [String: Any]
                    if let generation = object?["generation"] as? Int { return generation }
                    continue
                }
            }
            guard let chunk = connection.receive() else {
                throw ServeBenchmark.Failure(description: "the live-reload connection closed")
            }
            pending.append(chunk)
        }
    }
}

/// A TCP connection to 127.0.0.1, closed when the last copy goes.
private final class Connection {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ServeBenchmark.Failure(description: "cannot connect to port \(port)") }
        var limit = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(descriptor, bytes, bytes.count, 0) == bytes.count else {
            throw ServeBenchmark.Failure(description: "cannot send")
        }
    }

    /// The next bytes, or nil when the connection closed or nothing came for a minute.
    func receive() -> Data? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? Data(buffer[0..<count]) : nil
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
