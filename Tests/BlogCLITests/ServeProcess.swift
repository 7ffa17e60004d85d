import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `blog serve` running in the background for a test, its output collected as it comes.
final class ServeProcess: @unchecked Sendable {
    // @unchecked: `stdoutText` and `stderrText` are appended to by the pipes' reading threads and read by the
    // test, always under `lock`; `process` is started in `init` and only asked about afterwards.
    private let process = Process()
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""

    var stdout: String { lock.withLock { stdoutText } }
    var stderr: String { lock.withLock { stderrText } }

    /// Starts `blog serve --site SITE` plus `arguments` (pass `--port 0` for a free port); with a
    /// `descriptorLimit`, under `ulimit -n` of that many open files.
    init(site: URL, arguments: [String], environment extra: [String: String] = [:], descriptorLimit: Int? = nil) throws
    {
        if let descriptorLimit {
            // `exec` keeps the process ID, so signals reach blog itself.
            process.executableURL = URL(filePath: "/bin/sh")
            process.arguments =
                [
                    "-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", blogExecutable.path, "serve", "--site",
                    site.path,
                ] + arguments
        } else {
            process.executableURL = blogExecutable
            process.arguments = ["serve", "--site", site.path] + arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        out.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            lock.withLock { stdoutText += String(decoding: data, as: UTF8.self) }
        }
        err.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            lock.withLock { stderrText += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Waits until standard output holds `text` (or the process ends, or 60 s pass) and says whether it does.
    func waitForOutput(_ text: String, count: Int = 1) async -> Bool {
        for _ in 0..<600 {
            if stdout.components(separatedBy: text).count > count { return true }
            if !process.isRunning { break }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return stdout.components(separatedBy: text).count > count
    }

    /// The URL from the `Serving URL (Ctrl-C to stop)` line.
    func servingURL() async throws -> URL {
        #expect(await waitForOutput(" (Ctrl-C to stop)"), "stdout: \(stdout)\nstderr: \(stderr)")
        let line = try #require(stdout.split(separator: "\n").first { $0.hasPrefix("Serving ") })
        return try #require(URL(string: String(line.dropFirst("Serving ".count).prefix { $0 != " " })))
    }

    /// Waits up to 20 s for the process to end by itself and returns its status; nil when it is still running.
    func exitStatus() async -> Int32? {
        for _ in 0..<200 where process.isRunning {
            try? await Task.sleep(for: .milliseconds(100))
        }
        guard !process.isRunning else { return nil }
        // Let the pipes deliver what is left.
        try? await Task.sleep(for: .milliseconds(100))
        return process.terminationStatus
    }

    /// How many file descriptors the process has open, from `/proc`; nil where there is no `/proc`.
    var openDescriptors: Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd"))?.count
    }

    var isRunning: Bool { process.isRunning }
    var processIdentifier: Int32 { process.processIdentifier }

    /// Sends `signal` (SIGINT, as Ctrl-C does) and waits up to 20 s for the process to end.
    func stop(signal number: Int32 = SIGINT) async -> Int32? {
        kill(process.processIdentifier, number)
        for _ in 0..<200 where process.isRunning {
            try? await Task.sleep(for: .milliseconds(100))
        }
        guard !process.isRunning else { return nil }
        // Let the pipes deliver what is left.
        try? await Task.sleep(for: .milliseconds(100))
        return process.terminationStatus
    }
}

/// A reply read off the wire by ``httpRequest(port:path:method:headers:)``.
struct HTTPReply {
    var status: Int
    /// Header names in lower case.
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Sends one HTTP/1.1 request to 127.0.0.1 exactly as written (no client tidies the path) and reads the reply.
func httpRequest(port: Int, path: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil)
    throws -> HTTPReply
{
    let descriptor = try connectToLoopback(port: port)
    defer { close(descriptor) }
    return try httpRequest(over: descriptor, port: port, path: path, method: method, headers: headers, body: body)
}

/// Sends one HTTP/1.1 request over a connection to 127.0.0.1:`port` already open, and reads the reply;
/// the request asks the server to close the connection after it.
func httpRequest(
    over descriptor: Int32, port: Int, path: String, method: String = "GET", headers: [String: String] = [:],
    body: Data? = nil
) throws -> HTTPReply {
    // A Host given replaces the usual one: two are refused.
    var request =
        "\(method) \(path) HTTP/1.1\r\n" + (headers["Host"] == nil ? "Host: 127.0.0.1:\(port)\r\n" : "")
        + "Connection: close\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
    if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
    var bytes = Array((request + "\r\n").utf8) + Array(body ?? Data())
    var sent = 0
    while sent < bytes.count {
        let count = bytes[sent...].withUnsafeMutableBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw POSIXError(.EPIPE) }
        sent += count
    }
    // A reply that never comes fails the test instead of hanging it.
    var limit = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    let separator = Data("\r\n\r\n".utf8)
    var head: [String] = []
    var bodyStart: Data.Index?
    var fields: [String: String] = [:]
    // Read to the end of the body: by Content-Length when there is one (a keep-alive server such as
    // chromedriver may not close), else until the server closes.
    while true {
        if bodyStart == nil, let end = received.range(of: separator) {
            bodyStart = end.upperBound
            head = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            for line in head.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
        }
        if let bodyStart,
            method == "HEAD"
                || fields["content-length"].flatMap(Int.init).map({ received.count - bodyStart >= $0 }) == true
        {
            break
        }
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        received.append(contentsOf: buffer[0..<count])
    }
    guard let bodyStart else { throw POSIXError(.EBADMSG) }
    let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
    return HTTPReply(status: status, headers: fields, body: Data(received[bodyStart...]))
}

/// A listening socket on a port of 127.0.0.1 the system chose, so that the port is in use; close it when done.
func occupyPort() throws -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, length) == 0 && listen(descriptor, 1) == 0 && getsockname(descriptor, $0, &length) == 0
        }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}

/// Sends `bytes` as they are to 127.0.0.1:`port` and returns what comes back before the server closes
/// the connection (or `timeout` seconds pass); `afterHead`, when given, is sent once the answer's head
/// has arrived (WebSocket frames after the 101).
func rawExchange(port: Int, _ bytes: [UInt8], afterHead: [UInt8]? = nil, timeout: Int = 20) throws -> [UInt8] {
    let descriptor = try connectToLoopback(port: port)
    defer { close(descriptor) }
    var limit = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    func sendAll(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { break } // the server may refuse before it has read everything
            sent += count
        }
    }
    sendAll(bytes)
    var pending = afterHead
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        received += buffer[0..<count]
        if let next = pending, received.firstRange(of: [13, 10, 13, 10]) != nil {
            pending = nil
            sendAll(next)
        }
    }
    return received
}

/// A socket connected to 127.0.0.1:`port`; the caller closes it.
func connectToLoopback(port: Int) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else {
        close(descriptor)
        throw POSIXError(.ECONNREFUSED)
    }
    return descriptor
}
