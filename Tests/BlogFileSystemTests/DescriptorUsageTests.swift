import Foundation
import Testing

@testable import BlogFileSystem

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DescriptorUsageTests {
    @Test func theLimitIsTheSoftOneAndTheStandardStreamsAreOpen() throws {
        let usage = try #require(DescriptorUsage.current())
        var limits = rlimit()
        #expect(getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limits) == 0)
        #expect(usage.limit == Int(limits.rlim_cur))
        // Other tests open and close files meanwhile: only bounds hold.
        #expect(usage.open >= 3 && usage.open <= usage.limit)
    }
}
