import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a program that may outlive this process, with its input and output going nowhere, without
/// waiting for it.
public enum DetachedProcess {
    /// Starts `executable` with `arguments` (the first is its name); returns false when it could not.
    @discardableResult
    public static func start(_ executable: String, _ arguments: [String]) -> Bool {
        spawn(executable, arguments) != nil
    }

    /// Starts the program and returns its process ID. A thread of ours waits for it, so that while this
    /// process lives on (`blog serve` runs for hours, starting an `rm -rf` after builds) a finished child
    /// does not stay behind as a zombie; if this process ends first, the child is adopted and reaped by init.
    static func spawn(_ executable: String, _ arguments: [String]) -> pid_t? {
        var pid: pid_t = 0
        let words: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { words.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        guard posix_spawn(&pid, executable, &actions, nil, words, environ) == 0 else { return nil }
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1, errno == EINTR {}
        }
        return child
    }
}
