import Foundation
import FuzzDriver

@testable import JSONFeed

/// libFuzzer entry: the decoder never crashes, and a feed it reads survives encode then decode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    _ = FeedValidator.validate(bytes)
    guard let feed = try? FeedDecoder().decode(from: bytes) else { return 0 }
    guard let encoded = try? FeedEncoder().encode(feed), let again = try? FeedDecoder().decode(from: encoded),
        again == feed
    else {
        fatalError("a decoded feed did not survive encode and decode")
    }
    return 0
}

@_cdecl("fuzz_feed_decoder_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzFeedDecoder)
}
