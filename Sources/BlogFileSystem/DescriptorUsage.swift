#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many file descriptors this process has open and how many it may have (`ulimit -n`).
public struct DescriptorUsage: Sendable, Equatable {
    /// The soft limit of `RLIMIT_NOFILE`; `Int.max` when there is none.
    public var limit: Int
    /// The descriptors open now.
    public var open: Int

    /// Makes a usage from its two numbers.
    public init(limit: Int, open: Int) {
        self.limit = limit
        self.open = open
    }

    /// The usage now; nil when the system does not tell the limit.
    public static func current() -> DescriptorUsage? {
        var limits = rlimit()
        #if os(Linux)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limits) == 0 else { return nil }
        // No limit (RLIM_INFINITY) is the largest value.
        let limit = limits.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limits.rlim_cur)
        return DescriptorUsage(limit: limit, open: listedOpenCount() ?? probedOpenCount(below: limit))
    }

    /// The entries of `/proc/self/fd`, less the one the listing itself holds open.
    private static func listedOpenCount() -> Int? {
        #if os(Linux)
            guard let directory = opendir("/proc/self/fd") else { return nil }
            defer { closedir(directory) }
            var count = 0
            while let entry = readdir(directory) {
                let isDot = withUnsafeBytes(of: entry.pointee.d_name) { $0.first == UInt8(ascii: ".") }
                if !isDot { count += 1 }
            }
            return count - 1
        #else
            return nil
        #endif
    }

    /// The descriptors below `limit` (at most 65,536 of them) that `fcntl` finds open.
    private static func probedOpenCount(below limit: Int) -> Int {
        (0..<Int32(min(limit, 65_536))).count { fcntl($0, F_GETFD) != -1 }
    }
}
