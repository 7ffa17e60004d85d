import Foundation
import Testing

@testable import BlogFileSystem

@Suite struct DigestTests {
    /// Bytes of every length up to a few blocks, so that the four lanes, the words after them and the
    /// tail bytes are all covered.
    private static let text = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }

    @Test func everyByteCounts() {
        for length in [1, 7, 8, 31, 32, 33, 64, 95, 96, 100, 131, 200] {
            let bytes = Array(Self.text.prefix(length))
            let hash = Digest.of(Data(bytes))
            var seen: Set<UInt64> = [hash]
            for position in bytes.indices {
                var changed = bytes
                changed[position] ^= 0x01
                let other = Digest.of(Data(changed))
                #expect(other != hash, "length \(length): a change at byte \(position) left the hash as it was")
                seen.insert(other)
            }
            #expect(seen.count == length + 1, "length \(length): two one-bit changes gave the same hash")
        }
    }

    /// Swapped words, whether in one lane's blocks or across lanes, are another text and another hash.
    @Test func wordOrderCounts() {
        let bytes = Array(Self.text.prefix(128))
        func swapped(_ first: Int, _ second: Int) -> [UInt8] {
            var copy = bytes
            for index in 0..<8 { copy.swapAt(first * 8 + index, second * 8 + index) }
            return copy
        }
        let hash = Digest.of(Data(bytes))
        #expect(Digest.of(Data(swapped(0, 4))) != hash) // the same lane, two blocks
        #expect(Digest.of(Data(swapped(0, 1))) != hash) // two lanes, one block
        #expect(Digest.of(Data(swapped(15, 3))) != hash)
    }

    @Test func sameBytesSameHashThroughEveryEntry() {
        let text = "Grüße, 日本語 and a little more text so that it runs past one block of thirty-two bytes."
        let data = Data(text.utf8)
        #expect(Digest.of(text) == Digest.of(data))
        #expect(data.withUnsafeBytes { Digest.of($0) } == Digest.of(data))
        #expect(Digest.of(Data()) != Digest.of(Data([0])))
        #expect(Digest.of(Data([0])) != Digest.of(Data([0, 0])))
    }

    @Test func builderFramesEachValueByItsLength() {
        func digest(_ strings: [String], number: UInt64? = nil) -> UInt64 {
            var builder = Digest.Builder()
            for string in strings { builder.add(string) }
            if let number { builder.add(number) }
            return builder.digest
        }
        #expect(digest(["ab", "c"]) != digest(["a", "bc"]))
        #expect(digest(["", "a"]) != digest(["a", ""]))
        #expect(digest(["a"], number: 0) != digest(["a"]))
        #expect(digest(["ab", "c"]) == digest(["ab", "c"]))
    }
}
