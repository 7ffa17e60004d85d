/// Bytes appended end to end in memory of its own: the text of a post's nodes, collected for the search
/// index. An array checks whether it is shared and grows through generic code on every append, which cost
/// more than the copying for the hundreds of text nodes of each post.
struct TextBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes held.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes; it grows when more come.
    init(capacity: Int) {
        self.capacity = max(64, capacity)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// The last byte held, or nil when none is.
    var last: UInt8? { count > 0 ? start[count - 1] : nil }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count &+ bytes.count > capacity { grow(toHold: count + bytes.count) }
        (start + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start[count] = byte
        count &+= 1
    }

    /// Calls `body` with the bytes held.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: start, count: count))
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        capacity = max(needed, capacity * 2)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.moveUpdate(from: start, count: count)
        start.deallocate()
        start = larger
    }
}
