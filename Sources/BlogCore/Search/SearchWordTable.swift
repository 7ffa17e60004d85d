import Foundation

/// Counts of ASCII words given as bytes: an open-addressing table whose slots hold the word's key and
/// count. A word of up to 8 bytes (most words) is its own key, its bytes packed in one integer (never 0,
/// so two such words with one key are one word), found without reading bytes elsewhere; a longer word's
/// key is a hash of its bytes, which are kept end to end in one buffer and compared.
///
/// It owns its slots' memory, not an array's: every word of every post comes here, and an array's checks
/// of bounds and of being shared cost as much as the lookup. Not a class: a class's stored properties are
/// checked for exclusive access at run time on every access, which cost more than the lookup again.
struct SearchWordTable: ~Copyable {
    private struct Slot {
        var key: UInt64
        var count: UInt32
        /// 0 for an empty slot, the length of a word of up to 8 bytes, or 9 plus the long word's number.
        var info: UInt32
    }

    private var slots: UnsafeMutableBufferPointer<Slot>
    private var mask: Int
    /// The number of words held.
    private(set) var count = 0
    /// Where each long word's bytes start and end in ``longBytes``.
    private var longWords: [Range<Int>] = []
    private var longBytes: [UInt8] = []

    /// A table of `capacity` slots to start with, a power of two; it doubles when half full.
    init(capacity: Int) {
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(key: 0, count: 0, info: 0))
        mask = slots.count - 1
    }

    deinit {
        slots.deallocate()
    }

    /// A word's bytes packed in an integer, the first in the lowest byte: its key when it has at most 8.
    static func packed(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var packed: UInt64 = 0
        for offset in 0..<min(8, word.count) { packed |= UInt64(word[offset]) << (8 * UInt64(offset)) }
        return packed
    }

    /// Counts `word` `weight` times more; `packed` is ``packed(_:)`` of it. Inlined where words are
    /// read, as it runs for each word; a new word's insertion is not.
    @inline(__always)
    mutating func add(_ word: UnsafeBufferPointer<UInt8>, packed: UInt64, weight: Int = 1) {
        let (slot, key, isHeld) = find(word, packed: packed)
        if isHeld {
            slots[slot].count += UInt32(weight)
        } else {
            insert(word, key: key, at: slot, weight: weight)
        }
    }

    /// The number of `word` among the words in the order they came first, adding it when it is new; a
    /// table that numbers words holds no counts.
    mutating func number(of word: UnsafeBufferPointer<UInt8>) -> Int {
        number(of: word, packed: Self.packed(word))
    }

    /// The same for a word whose ``packed(_:)`` is known; inlined where words are read.
    @inline(__always)
    mutating func number(of word: UnsafeBufferPointer<UInt8>, packed: UInt64) -> Int {
        let (slot, key, isHeld) = find(word, packed: packed)
        if isHeld { return Int(slots[slot].count) }
        let number = count
        insert(word, key: key, at: slot, weight: number)
        return number
    }

    /// The slot that holds `word`, or the empty one where it goes, and its key.
    @inline(__always)
    private func find(_ word: UnsafeBufferPointer<UInt8>, packed: UInt64) -> (slot: Int, key: UInt64, isHeld: Bool) {
        let isShort = word.count <= 8
        let key = isShort ? packed : Self.hash(word)
        var slot = Self.home(key, mask)
        while slots[slot].info != 0 {
            let held = slots[slot]
            if held.key == key,
                isShort ? held.info == UInt32(word.count) : held.info > 8 && holds(Int(held.info) - 9, word)
            {
                return (slot, key, true)
            }
            slot = (slot + 1) & mask
        }
        return (slot, key, false)
    }

    @inline(never)
    private mutating func insert(_ word: UnsafeBufferPointer<UInt8>, key: UInt64, at slot: Int, weight: Int) {
        let isShort = word.count <= 8
        var info = UInt32(word.count)
        if !isShort {
            info = UInt32(9 + longWords.count)
            longWords.append(longBytes.count..<longBytes.count + word.count)
            longBytes.append(contentsOf: word)
        }
        slots[slot] = Slot(key: key, count: UInt32(weight), info: info)
        count += 1
        if count * 2 > slots.count { grow() }
    }

    /// Calls `body` with each word's bytes and its count, in the table's order.
    func forEachWord(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        longBytes.withUnsafeBufferPointer { long in
            for slot in slots where slot.info != 0 {
                if slot.info > 8 {
                    body(UnsafeBufferPointer(rebasing: long[longWords[Int(slot.info) - 9]]), Int(slot.count))
                } else {
                    withUnsafeBytes(of: slot.key.littleEndian) { bytes in
                        body(
                            UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[0..<Int(slot.info)]),
                            Int(slot.count))
                    }
                }
            }
        }
    }

    private func holds(_ long: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = longWords[long]
        guard range.count == word.count else { return false }
        return longBytes.withUnsafeBufferPointer { all in
            guard let stored = all.baseAddress, let given = word.baseAddress else { return word.isEmpty }
            return memcmp(stored + range.lowerBound, given, word.count) == 0
        }
    }

    /// A long word's key: its bytes 8 at a time, each multiplied in.
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(word.count)
        var offset = 0
        while offset < word.count {
            var chunk: UInt64 = 0
            for index in offset..<min(offset + 8, word.count) {
                chunk |= UInt64(word[index]) << (8 &* UInt64(index - offset))
            }
            hash = (hash ^ chunk) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset += 8
        }
        return hash
    }

    /// The slot a key is looked for from: the high bits of its product with a constant, where every bit
    /// of a packed word counts.
    private static func home(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private mutating func grow() {
        let old = slots
        slots = .allocate(capacity: old.count * 2)
        slots.initialize(repeating: Slot(key: 0, count: 0, info: 0))
        mask = slots.count - 1
        for slot in old where slot.info != 0 {
            var index = Self.home(slot.key, mask)
            while slots[index].info != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
        old.deallocate()
    }
}
