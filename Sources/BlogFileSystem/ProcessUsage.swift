#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What this process has used so far: processor time of every thread and peak memory.
public struct ProcessUsage: Sendable {
    /// User and system time, in milliseconds.
    public var processorMilliseconds: Double
    /// Peak resident memory, in KiB.
    public var peakKilobytes: Int

    /// The usage now; zeros when the system does not say.
    public static func current() -> ProcessUsage {
        var usage = rusage()
        #if os(Linux)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return ProcessUsage(processorMilliseconds: 0, peakKilobytes: 0) }
        func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        return ProcessUsage(
            processorMilliseconds: milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime),
            peakKilobytes: ownPeakKilobytes() ?? Int(usage.ru_maxrss))
    }

    /// The peak of this process's own memory, `VmHWM` in `/proc/self/status`: Linux's `ru_maxrss` does not
    /// start again at exec, so a process started by a large one reports at least that one's size.
    private static func ownPeakKilobytes() -> Int? {
        #if os(Linux)
            guard let data = FileContents.read(path: "/proc/self/status") else { return nil }
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
                return Int(line.dropFirst("VmHWM:".count).filter(\.isNumber))
            }
        #endif
        return nil
    }
}
