extension String {
    /// The text with every C0 control character but tab, line feed, form feed and carriage return, and
    /// DEL, replaced by U+FFFD, as HTML's parser treats NUL: no raw control byte reaches a page or a feed.
    /// Text without them (nearly every post) is returned as it is, after a scan eight bytes at a time.
    var replacingControlCharacters: String {
        var text = self
        let found = text.withUTF8 { UnsafeRawBufferPointer($0).containsControlCharacter }
        guard found else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            if byte.isReplacedControl { bytes += [0xEF, 0xBF, 0xBD] } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension UInt8 {
    /// C0 controls other than tab, line feed, form feed and carriage return, and DEL.
    var isReplacedControl: Bool {
        (self < 0x20 && self != 0x09 && self != 0x0A && self != 0x0C && self != 0x0D) || self == 0x7F
    }
}

private extension UnsafeRawBufferPointer {
    /// Whether any byte ``UInt8/isReplacedControl``. A word with no byte below 0x20 and none equal to 0x7F
    /// is skipped whole; `(x - 0x2020…) & ~x & 0x8080…` is non-zero when some byte of `x` is below 0x20
    /// (and sometimes when it is not), and `x ^ 0x7F7F…` has a zero byte where `x` has DEL.
    var containsControlCharacter: Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        var offset = 0
        while offset + 8 <= count {
            let word = loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let del = word ^ (ones &* 0x7F)
            if (word &- ones &* 0x20) & ~word & highs != 0 || (del &- ones) & ~del & highs != 0 {
                for index in offset..<offset + 8 where self[index].isReplacedControl { return true }
            }
            offset += 8
        }
        while offset < count {
            if self[offset].isReplacedControl { return true }
            offset += 1
        }
        return false
    }
}
