import CompressNIO
import Foundation
import NIOCore

/// A fetched feed's body as it arrives: decoded from gzip or deflate a window at a time, and held to one
/// limit on the bytes received and the same limit on the bytes they decode to, both checked as each part
/// comes, so a small body that inflates to a gigabyte stops at the limit and a body that inflates to
/// nothing (empty deflate blocks, sent for ever) stops at it too.
struct FeedBody {
    /// The content codings a feed may come in (RFC 9110 §8.4.1); `Accept-Encoding` offers these.
    enum Coding: String {
        case identity, gzip, deflate
    }

    /// Why the body was refused.
    enum Refusal: Error, Equatable {
        case unknownCoding(String)
        case receivedTooMuch(Coding)
        case decodedTooMuch(Coding)
        case corrupt(Coding)
    }

    let coding: Coding
    let limit: Int
    private(set) var received = 0
    private(set) var data = Data()
    private var decompressor: ZlibDecompressor?
    /// The first bytes of a deflate body, kept until there are two to tell zlib's wrapper from raw deflate.
    private var head: ByteBuffer?
    private var window = ByteBufferAllocator().buffer(capacity: 65_536)

    /// A body sent with `Content-Encoding: contentEncoding` (nil when the header is missing).
    ///
    /// - Throws: ``Refusal/unknownCoding(_:)`` for a coding other than gzip, deflate or identity.
    init(contentEncoding: String?, limit: Int) throws(Refusal) {
        self.limit = limit
        let codings = (contentEncoding ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        switch codings {
        case []: coding = .identity
        case ["gzip"], ["x-gzip"]: coding = .gzip
        case ["deflate"]: coding = .deflate
        default: throw .unknownCoding(contentEncoding ?? "")
        }
        if coding == .gzip { decompressor = try Self.makeDecompressor(.gzip, coding) }
    }

    /// Takes the next part of the body as it came over the wire.
    ///
    /// - Throws: ``Refusal`` once more than ``limit`` bytes have come or have been decoded, or when the
    ///   encoded data is not valid.
    mutating func append(_ part: ByteBuffer) throws(Refusal) {
        received += part.readableBytes
        guard received <= limit else { throw .receivedTooMuch(coding) }
        switch coding {
        case .identity:
            data.append(contentsOf: part.readableBytesView)
        case .gzip:
            try inflate(part)
        case .deflate where decompressor != nil:
            try inflate(part)
        case .deflate:
            var start = head ?? ByteBufferAllocator().buffer(capacity: 2)
            start.writeImmutableBuffer(part)
            guard start.readableBytes >= 2 else {
                head = start
                return
            }
            head = nil
            // RFC 9110 §8.4.1.2: "deflate" is the zlib format (RFC 1950), but some servers send raw deflate
            // (RFC 1951); a zlib header is a CMF byte with method 8 whose 16-bit value with FLG is a multiple of 31.
            let cmf = Int(start.readableBytesView.first ?? 0)
            let flg = Int(start.readableBytesView.dropFirst().first ?? 0)
            let isZlib = cmf & 0x0f == 8 && (cmf << 8 | flg) % 31 == 0
            decompressor = try Self.makeDecompressor(isZlib ? .zlib : .deflate, coding)
            try inflate(start)
        }
    }

    private static func makeDecompressor(_ algorithm: ZlibAlgorithm, _ coding: Coding) throws(Refusal)
        -> ZlibDecompressor
    {
        do {
            return try ZlibDecompressor(algorithm: algorithm)
        } catch {
            throw .corrupt(coding)
        }
    }

    /// Inflates `part` into the window and on into ``data``, a window at a time, checking the limit after each.
    private mutating func inflate(_ part: ByteBuffer) throws(Refusal) {
        guard let decompressor else { return }
        var input = part
        while true {
            window.clear()
            let before = input.readableBytes
            do {
                try decompressor.inflate(from: &input, to: &window)
            } catch let error as CompressNIOError where error == .bufferOverflow || error == .inputBufferOverflow {
                // The window is full or the input used up: both are expected here.
            } catch {
                throw .corrupt(coding)
            }
            guard data.count + window.readableBytes <= limit else { throw .decodedTooMuch(coding) }
            data.append(contentsOf: window.readableBytesView)
            // A full window may leave output inside zlib even when the input is used up.
            if window.writableBytes == 0 { continue }
            if input.readableBytes == 0 { return }
            // Input left that zlib will not take: the stream ended before the body did. RFC 1952 §2.2 lets
            // gzip members follow one another; anything else after the end is not the feed.
            if input.readableBytes == before && window.readableBytes == 0 {
                guard coding == .gzip, (try? decompressor.reset()) != nil else { throw .corrupt(coding) }
            }
        }
    }
}
