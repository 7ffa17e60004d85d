import Foundation
import FuzzDriver

@testable import BlogCore

/// libFuzzer entry: the front matter reader must return diagnostics, never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    _ = FrontMatter.read(
        text, file: "content/posts/fuzz.md", kind: .post, defaultSlug: "fuzz",
        timeZone: TimeZone(identifier: "Europe/Berlin") ?? .current)
    return 0
}

@_cdecl("fuzz_front_matter_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzFrontMatter)
}
