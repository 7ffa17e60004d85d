import Foundation
import FuzzDriver

@testable import JSONFeed

/// libFuzzer entry: parsing never crashes, and whatever parses re-formats to a string that parses to
/// the same instant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRFC3339(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let milliseconds = RFC3339.milliseconds(from: text) else { return 0 }
    let formatted = RFC3339.string(fromMilliseconds: milliseconds)
    guard RFC3339.milliseconds(from: formatted) == milliseconds else {
        fatalError("\(text) -> \(formatted) does not read back")
    }
    return 0
}

@_cdecl("fuzz_rfc3339_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzRFC3339)
}
