import BlogFileSystem
import Foundation

/// Prints how long each build step took when `BLOG_PROFILE` is set, for finding where time goes: the
/// wall time, the processor time of every thread (user and system), which tells a step that keeps
/// every core busy from one that waits, and the peak memory so far.
struct PhaseTimer {
    private let isOn = ProcessInfo.processInfo.environment["BLOG_PROFILE"] != nil
    private var last = ContinuousClock.now
    private var lastProcessor = ProcessUsage.current().processorMilliseconds

    mutating func mark(_ phase: String) {
        guard isOn else { return }
        let now = ContinuousClock.now
        let elapsed = now - last
        last = now
        let usage = ProcessUsage.current()
        defer { lastProcessor = usage.processorMilliseconds }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        FileHandle.standardError.write(
            Data(
                String(
                    format: "profile: %8.1f ms  %@ (processor %.0f ms, peak memory %.0f MB)\n", milliseconds, phase,
                    usage.processorMilliseconds - lastProcessor, Double(usage.peakKilobytes) / 1024
                ).utf8))
    }

    /// Prints a line of its own among the timings, such as why a shortcut was not taken.
    static func note(_ text: String) {
        guard ProcessInfo.processInfo.environment["BLOG_PROFILE"] != nil else { return }
        FileHandle.standardError.write(Data("profile: \(text)\n".utf8))
    }
}
