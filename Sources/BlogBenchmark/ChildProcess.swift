import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program and reports its wall time and peak memory (from wait4's resource usage).
enum ChildProcess {
    struct Result {
        var status: Int32
        var seconds: Double
        /// Peak resident set size in bytes.
        var peakMemory: Int
        /// Processor time, user and system, on every core: steadier than wall time on a shared machine.
        var processorSeconds: Double = 0
        /// The user part of it: the program's own work, without the kernel's, whose share on a machine whose
        /// disk other work shares swings by seconds from one run to the next.
        var userSeconds: Double = 0
    }

    static func run(_ executable: String, _ arguments: [String], quiet: Bool = true) -> Result {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = ContinuousClock.now
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            return Result(status: -1, seconds: 0, peakMemory: 0)
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        return Result(
            status: (status >> 8) & 0xFF, seconds: (ContinuousClock.now - start).seconds,
            peakMemory: usage.ru_maxrss * 1024,
            processorSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6,
            userSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6)
    }

    /// The full path of a program on PATH.
    static func find(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
