import BlogFileSystem
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The preview's front door: a handler first in every connection's pipeline that reads each request's
/// head as its bytes arrive, before any HTTP parser buffers it, and answers by itself, closing the
/// connection, what the preview never serves:
///
/// - a request line over 8 KiB (414), a head over 16 KiB or with more than 100 header lines (431);
/// - a method other than GET and HEAD (405 for the methods HTTP defines, 501 for the rest);
/// - a request with a body, more than one `Host`, or a `Host` that is not a host and a port (400);
/// - a request that ``RequestGuard`` refuses: another host name on loopback, or a foreign `Origin` (403);
/// - a head that takes more than 10 seconds to arrive (408), from the connection's opening or the last
///   request's end, so that a silent or slow client cannot hold a connection.
///
/// Every connection is known to the server's ``ConnectionRegistry``, which closes them all when it stops.
///
/// Nothing is held back: bytes pass on as they come, and after a WebSocket upgrade the connection is
/// left to the WebSocket handler, whose frames have a limit of their own; only each frame's header is
/// read on the way, and a frame the client did not mask closes the connection (RFC 6455 §5.1), which
/// the WebSocket handler does not check.
final class RequestHeadGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let maximumRequestLine = 8 * 1024
    static let maximumHead = 16 * 1024
    static let maximumHeaderLines = 100
    private static let definedMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE",
    ]

    static let headTimeout = TimeAmount.seconds(10)

    private let requestGuard: RequestGuard
    private let registry: ConnectionRegistry
    private var deadline: Scheduled<Void>?
    /// The bytes of the current request's head so far (at most ``maximumHead``).
    private var head: [UInt8] = []
    /// Whether the head so far has a line feed, which ends the request line.
    private var hasRequestLine = false
    private var isUpgraded = false
    private var frames = FrameMaskScanner()
    private var isClosing = false

    init(_ requestGuard: RequestGuard, registry: ConnectionRegistry) {
        self.requestGuard = requestGuard
        self.registry = registry
    }

    /// Kept to write refusals from the front of the pipeline, past the HTTP encoders, also when the
    /// deadline fires; used on the channel's event loop only.
    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        registry.add(context.channel)
        startDeadline(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        registry.remove(context.channel)
        context.fireChannelInactive()
    }

    /// The time the next head has to arrive in.
    private func startDeadline(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: Self.headTimeout) { [weak self] in
            guard let self, !self.isUpgraded else { return }
            self.refuse(
                (408, "the request head did not arrive within \(Self.headTimeout.nanoseconds / 1_000_000_000) seconds"))
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing else { return }
        let buffer = unwrapInboundIn(data)
        guard !isUpgraded else { return forwardFrames(buffer, context: context) }
        var forwarded = 0
        for (offset, byte) in buffer.readableBytesView.enumerated() {
            head.append(byte)
            if byte == 10 { hasRequestLine = true }
            if let refusal = checkHeadSoFar() {
                return refuse(refusal, context: context)
            }
            guard head.count >= 4, head.suffix(4).elementsEqual([13, 10, 13, 10]) else { continue }
            let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
            if let refusal = checkCompleteHead(lines) {
                return refuse(refusal, context: context)
            }
            // The head is whole and fine: pass it (and what came before in this buffer) on.
            startDeadline(context: context)
            let end = offset + 1
            context.fireChannelRead(
                wrapInboundOut(
                    buffer.getSlice(at: buffer.readerIndex + forwarded, length: end - forwarded) ?? ByteBuffer()))
            forwarded = end
            if field("upgrade", in: lines).contains(where: { $0.lowercased() == "websocket" }) {
                isUpgraded = true
                deadline?.cancel()
                head = []
                hasRequestLine = false
                if let rest = buffer.getSlice(
                    at: buffer.readerIndex + forwarded, length: buffer.readableBytes - forwarded),
                    rest.readableBytes > 0
                {
                    forwardFrames(rest, context: context)
                }
                return
            }
            head = []
            hasRequestLine = false
        }
        if forwarded < buffer.readableBytes,
            let rest = buffer.getSlice(at: buffer.readerIndex + forwarded, length: buffer.readableBytes - forwarded)
        {
            context.fireChannelRead(wrapInboundOut(rest))
        }
    }

    /// Passes WebSocket bytes on, or, at a frame the client did not mask, sends a close frame with 1002
    /// (protocol error) and closes the connection without passing that frame on.
    private func forwardFrames(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        guard frames.scan(buffer.readableBytesView) else {
            isClosing = true
            let channel = context.channel
            let close = channel.allocator.buffer(bytes: [0x88, 0x02, 0x03, 0xEA])
            context.writeAndFlush(wrapOutboundOut(close)).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        context.fireChannelRead(wrapInboundOut(buffer))
    }

    /// Limits that hold while the head is still coming.
    private func checkHeadSoFar() -> (Int, String)? {
        if head.count > Self.maximumHead {
            return (431, "the request head is larger than \(Self.maximumHead / 1024) KiB")
        }
        if !hasRequestLine, head.count > Self.maximumRequestLine {
            return (414, "the request line is longer than \(Self.maximumRequestLine / 1024) KiB")
        }
        return nil
    }

    private func field(_ name: String, in lines: [Substring]) -> [String] {
        lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name else { return nil }
            return line[line.index(after: colon)...].trimmingWhitespace()
        }
    }

    /// What a whole head must be.
    private func checkCompleteHead(_ lines: [Substring]) -> (Int, String)? {
        guard let requestLine = lines.first else { return (400, "an empty request") }
        if lines.count - 1 > Self.maximumHeaderLines {
            return (431, "the request has more than \(Self.maximumHeaderLines) header lines")
        }
        let method = String(requestLine.prefix { $0 != " " })
        guard method == "GET" || method == "HEAD" else {
            return Self.definedMethods.contains(method)
                ? (405, "the preview answers only GET and HEAD")
                : (501, "the method \(method.prefix(32)) is not one the preview knows")
        }
        let hosts = field("host", in: lines)
        if hosts.count > 1 { return (400, "more than one Host header") }
        if let host = hosts.first, !RequestGuard.isWellFormed(host: host) {
            return (400, "the Host header is not a host and port")
        }
        if !field("transfer-encoding", in: lines).isEmpty
            || field("content-length", in: lines).contains(where: { $0 != "0" })
        {
            return (400, "GET and HEAD requests have no body")
        }
        if let refusal = requestGuard.refusal(host: hosts.first, origin: field("origin", in: lines).first) {
            return (403, refusal)
        }
        return nil
    }

    /// Answers with `status` and the reason, then closes the connection; nothing more is read.
    private func refuse(_ refusal: (Int, String), context _: ChannelHandlerContext) {
        refuse(refusal)
    }

    private func refuse(_ refusal: (Int, String)) {
        guard !isClosing, let context else { return }
        let channel = context.channel
        isClosing = true
        deadline?.cancel()
        head = []
        let phrase =
            [
                400: "Bad Request", 403: "Forbidden", 405: "Method Not Allowed", 408: "Request Timeout",
                414: "URI Too Long", 431: "Request Header Fields Too Large",
                501: "Not Implemented",
            ][refusal.0] ?? "Error"
        let body = refusal.1 + "\n"
        var text =
            "HTTP/1.1 \(refusal.0) \(phrase)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
        if refusal.0 == 405 { text += "Allow: GET, HEAD\r\n" }
        text += "\r\n" + body
        // Written to the socket directly (this handler is first in the pipeline). The connection is then
        // closed for writing and what the client still sends is read and dropped until it closes, for at
        // most two seconds: closing with unread bytes would reset the connection, and the client could
        // lose the answer.
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: text))).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
        }
    }
}

/// Follows the frames a WebSocket client sends by their headers (RFC 6455 §5.2), without keeping their
/// payloads, to find one that is not masked.
struct FrameMaskScanner {
    /// The current frame's header bytes so far: two, then 2 or 8 of length, then the 4-byte mask key.
    private var header: [UInt8] = []
    /// Payload bytes of the current frame still to pass.
    private var payloadLeft: UInt64 = 0

    /// False when `bytes` hold the header of a frame without the mask bit.
    mutating func scan(_ bytes: ByteBufferView) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if payloadLeft > 0 {
                let skipped = min(payloadLeft, UInt64(bytes.endIndex - index))
                payloadLeft -= skipped
                index += Int(skipped)
                continue
            }
            header.append(bytes[index])
            index += 1
            guard header.count >= 2 else { continue }
            guard header[1] & 0x80 != 0 else { return false }
            let shortLength = header[1] & 0x7F
            let lengthBytes = shortLength == 126 ? 2 : shortLength == 127 ? 8 : 0
            guard header.count == 2 + lengthBytes + 4 else { continue }
            payloadLeft =
                lengthBytes == 0
                ? UInt64(shortLength) : header[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) }
            header = []
        }
        return true
    }
}

/// The HTTP/1.1 server with WebSocket upgrades, with ``RequestHeadGuard`` in front of it.
struct GuardedHTTPChannel: ServerChildChannel {
    let inner: HTTP1WebSocketUpgradeChannel
    let requestGuard: RequestGuard
    let registry: ConnectionRegistry

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                RequestHeadGuard(requestGuard, registry: registry), position: .first)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// The server's open connections, so that stopping closes them all at once: a connection that never sends
/// a request (browsers open some ahead of need) would otherwise keep the server waiting for it.
final class ConnectionRegistry: Sendable {
    private let channels = Locked<[ObjectIdentifier: any Channel]>([:])

    func add(_ channel: any Channel) {
        channels.withLock { $0[ObjectIdentifier(channel)] = channel }
    }

    func remove(_ channel: any Channel) {
        _ = channels.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    func closeAll() {
        for channel in channels.withLock({ Array($0.values) }) { channel.close(promise: nil) }
    }
}

private extension Substring {
    func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
