import CTextScan
import Foundation

extension SearchWords {
    /// What ``scan(_:_:)`` found.
    enum Token: Equatable {
        /// A word of ASCII letters and digits, lowercased; `packed` holds its bytes (the first in the lowest
        /// byte) when it has at most 8 of them.
        case ascii(packed: UInt64)
        /// A word with letters past ASCII, its ASCII letters lowercased, not yet folded.
        case word
        /// A pair of ideographs, or one alone.
        case ideographs
    }

    /// Calls `found` with each word and ideograph token of UTF-8 `bytes` (valid, as a Swift string's or
    /// cmark's text is), in order, in a buffer valid for the call.
    ///
    /// ASCII text is read 16 bytes at a time: a few vector operations (``blog_classify16``) mark which of them
    /// are letters or digits, white space or past ASCII, and the words' bounds are found by counting zero
    /// bits, so that the work is done for each word rather than for each byte (a branch for each byte of
    /// every post cost more than the rest of the index). A word with anything past ASCII, up to the next
    /// ASCII separator, is read by scalar.
    ///
    /// - Returns: The text's words as its reading time counts them (``ReadingWords``), counted from the same
    ///   16 bytes' classes: a post's text is read once for its terms and its reading time.
    @discardableResult
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (UnsafeBufferPointer<UInt8>, Token) -> Void)
        -> Int
    {
        withoutActuallyEscaping(found) { found in
            var sink = ClosureSink(found: found)
            return scan(bytes, into: &sink)
        }
    }

    /// Hands each token to a closure.
    private struct ClosureSink: SearchTokenSink {
        let found: (UnsafeBufferPointer<UInt8>, Token) -> Void

        func take(_ token: UnsafeBufferPointer<UInt8>, _ kind: Token) { found(token, kind) }
    }

    /// The same, handing each token to `sink`: made for each kind of sink, so that what the sink does with
    /// a word is compiled into the loop that finds it, not called through a closure for each of a site's
    /// millions of words.
    @inline(__always)
    static func scan<Sink: SearchTokenSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout Sink)
        -> Int
    {
        guard let base = bytes.baseAddress else { return 0 }
        var reading = ReadingWords()
        let count = bytes.count
        // Made for the first word of more than 8 letters only: a title or a tag is scanned alone.
        var folded: [UInt8] = []
        // A short word's bytes, lowercased, are its packed integer's, stored in the first 8 bytes: not a
        // closure's (`withUnsafeBytes(of:)`), which the compiler calls rather than inlines for each word.
        // The last bytes of the text, fewer than 16, are classified from a copy in the next 16, padded
        // with zeros. One allocation for both: the scanner runs for every text of every post.
        let short = UnsafeMutablePointer<UInt64>.allocate(capacity: 3)
        defer { short.deallocate() }
        let shortBytes = UnsafeRawPointer(short).assumingMemoryBound(to: UInt8.self)
        let tail = UnsafeMutableRawPointer(short + 1).bindMemory(to: UInt8.self, capacity: 16)
        /// Hands over the ASCII word `start..<end`, lowercased.
        func word(_ start: Int, _ end: Int) {
            let length = end - start
            if length <= 8 {
                let packed = packedWord(base + start, length: length, readable: count - start)
                short.pointee = packed.littleEndian
                sink.take(UnsafeBufferPointer(start: shortBytes, count: length), .ascii(packed: packed))
                return
            }
            if folded.count < length { folded = [UInt8](repeating: 0, count: max(64, length)) }
            folded.withUnsafeMutableBufferPointer { buffer in
                // Every byte of the word is a letter or digit: the 0x20 bit lowercases a letter and is set in
                // a digit.
                for offset in 0..<length { buffer[offset] = base[start + offset] | 0x20 }
                let token = UnsafeBufferPointer(rebasing: buffer[0..<length])
                sink.take(token, .ascii(packed: SearchWordTable.packed(token)))
            }
        }
        var index = 0
        // Where the ASCII word being read starts, or -1.
        var wordStart = -1
        while index < count {
            let readable = min(16, count - index)
            let classes = classify(base + index, readable: readable, tail: tail)
            // The bytes before the first past ASCII, which the scalar reader takes.
            let limit = classes.high == 0 ? readable : min(readable, classes.high.trailingZeroBitCount)
            let valid: UInt32 = (1 &<< UInt32(limit)) &- 1
            if limit > 0 { reading.addASCII(nonSpace: ~classes.space & valid, length: limit) }
            // The bytes where a word starts (a letter or digit after none) and where one ends (none after
            // one), each a bit, taken in order: one integer's bits for the 16 bytes, then a few operations
            // for each bound, not a scan from each bound to the next.
            let inWords = classes.word & valid
            var bounds = (inWords ^ (inWords &<< 1 | (wordStart >= 0 ? 1 : 0))) & valid
            while bounds != 0 {
                let found = bounds.trailingZeroBitCount
                bounds &= bounds &- 1
                if wordStart >= 0 {
                    word(wordStart, index &+ found)
                    wordStart = -1
                } else {
                    wordStart = index &+ found
                }
            }
            index &+= limit
            guard limit < readable else { continue }
            // A byte past ASCII at `index`.
            let (scalar, length) = decode(bytes, at: index)
            if isIdeographic(scalar.value) || isWordScalar(scalar) {
                // An ASCII separator ends both a word and a run of ideographs: the scalar reader starts and
                // ends with nothing pending.
                let start = wordStart >= 0 ? wordStart : index
                let scalars = index
                while index < count, base[index] >= 0x80 || isASCIIWordByte(base[index]) { index += 1 }
                reading.add(UnsafeBufferPointer(rebasing: bytes[scalars..<index]))
                scanScalars(UnsafeBufferPointer(rebasing: bytes[start..<index])) { sink.take($0, $1) }
            } else {
                // A quote, a dash or a space past ASCII ends the word as an ASCII one does.
                if wordStart >= 0 { word(wordStart, index) }
                reading.add(scalar)
                index += length
            }
            wordStart = -1
        }
        if wordStart >= 0 { word(wordStart, count) }
        return reading.count
    }

    /// The classes of the 16 bytes at `start`, or of the `readable` fewer there, copied into `tail` and
    /// padded with zeros.
    @inline(__always)
    private static func classify(_ start: UnsafePointer<UInt8>, readable: Int, tail: UnsafeMutablePointer<UInt8>)
        -> blog_byte_classes
    {
        guard readable < 16 else { return blog_classify16(start) }
        tail.update(repeating: 0, count: 16)
        tail.update(from: start, count: readable)
        return blog_classify16(tail)
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
    }

    /// The ASCII word of `length` (1 to 8) letters and digits at `start`, lowercased and packed in an
    /// integer, the first in the lowest byte; `readable` bytes may be read from `start`.
    @inline(__always)
    private static func packedWord(_ start: UnsafePointer<UInt8>, length: Int, readable: Int) -> UInt64 {
        let kept: UInt64 = length == 8 ? ~0 : (1 &<< (8 &* UInt64(length))) &- 1
        if readable >= 8 {
            return
                (UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)) | 0x2020_2020_2020_2020)
                & kept
        }
        var packed: UInt64 = 0
        for offset in 0..<length { packed |= UInt64(start[offset] | 0x20) << (8 &* UInt64(offset)) }
        return packed
    }

    /// Reads `bytes` by scalar, with one buffer for the word being read: the tokens of ``scan(_:_:)``
    /// where a word has letters past ASCII or ideographs are near.
    static func scanScalars(
        _ bytes: UnsafeBufferPointer<UInt8>, _ found: (UnsafeBufferPointer<UInt8>, Token) -> Void
    ) {
        var reader = Reader()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                reader.endRun(bytes, found)
                switch byte {
                case 0x61...0x7A, 0x30...0x39: reader.word.append(byte)
                case 0x41...0x5A: reader.word.append(byte + 0x20)
                default: reader.endWord(found)
                }
                index += 1
                continue
            }
            let (scalar, length) = decode(bytes, at: index)
            if isIdeographic(scalar.value) {
                reader.endWord(found)
                if let previous = reader.previousIdeograph {
                    found(UnsafeBufferPointer(rebasing: bytes[previous.lowerBound..<index + length]), .ideographs)
                }
                reader.previousIdeograph = index..<index + length
                reader.runLength += 1
            } else if isWordScalar(scalar) {
                reader.endRun(bytes, found)
                reader.word.append(contentsOf: bytes[index..<index + length])
                reader.isASCII = false
            } else {
                reader.endRun(bytes, found)
                reader.endWord(found)
            }
            index += length
        }
        reader.endRun(bytes, found)
        reader.endWord(found)
    }

    /// The word and the run of ideographs being read.
    private struct Reader {
        var word: [UInt8] = []
        var isASCII = true
        /// Where the last ideograph of the run is.
        var previousIdeograph: Range<Int>?
        var runLength = 0

        mutating func endWord(_ found: (UnsafeBufferPointer<UInt8>, Token) -> Void) {
            guard !word.isEmpty else { return }
            word.withUnsafeBufferPointer { word in
                found(word, isASCII ? .ascii(packed: SearchWordTable.packed(word)) : .word)
            }
            word.removeAll(keepingCapacity: true)
            isASCII = true
        }

        mutating func endRun(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (UnsafeBufferPointer<UInt8>, Token) -> Void)
        {
            if runLength == 1, let single = previousIdeograph {
                found(UnsafeBufferPointer(rebasing: bytes[single]), .ideographs)
            }
            previousIdeograph = nil
            runLength = 0
        }
    }

    /// The scalar whose UTF-8 starts at `index`, and its length; U+FFFD for a byte that starts none, and
    /// never a read past the end.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return ("\u{FFFD}", 1) }
        func next(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
        let value: UInt32 =
            switch length {
            case 4: (lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3)
            case 3: (lead & 0x0F) << 12 | next(1) << 6 | next(2)
            default: (lead & 0x1F) << 6 | next(1)
            }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Whether a scalar is part of a word, from a table for the scalars below U+3000 (Latin, Greek,
    /// Cyrillic, the Indic scripts, punctuation): typographic quotes and dashes are in every post, and
    /// a scalar's properties are looked up in tables of all of Unicode.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x3000 ? wordScalarsBelow3000[Int(scalar.value)] : hasWordProperties(scalar)
    }

    private static let wordScalarsBelow3000: [Bool] = (0..<0x3000).map { value in
        Unicode.Scalar(UInt32(value)).map(hasWordProperties) ?? false
    }

    private static func hasWordProperties(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
