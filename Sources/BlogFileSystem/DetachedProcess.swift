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

    /// Starts a shell script with `arguments` as `$1`, `$2`, ... in the same detached way; returns false
    /// when the shell could not be started.
    @discardableResult
    public static func startScript(_ script: String, arguments: [String]) -> Bool {
        spawnShell(["/bin/sh", "-c", "{ \(script) ; } </dev/null >/dev/null 2>&1 &", "sh"] + arguments) != nil
    }

    /// Starts the program through a shell that puts it in the background and exits at once, and returns
    /// the shell's process ID once the shell is reaped. The program is then nobody's child but init's,
    /// which reaps it: while this process lives on (`blog serve` runs for hours, starting an `rm -rf` after
    /// builds) no finished child stays behind as a zombie, and no thread of ours waits for one.
    static func spawn(_ executable: String, _ arguments: [String]) -> pid_t? {
        guard access(executable, X_OK) == 0 else { return nil }
        return spawnShell(
            ["/bin/sh", "-c", "\"$0\" \"$@\" </dev/null >/dev/null 2>&1 &", executable] + arguments.dropFirst())
    }

    /// Runs `/bin/sh` with `shell` as its arguments and waits for it, which backgrounds its work and exits.
    private static func spawnShell(_ shell: [String]) -> pid_t? {
        var pid: pid_t = 0
        let words: [UnsafeMutablePointer<CChar>?] = shell.map { strdup($0) } + [nil]
        defer { words.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, words, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return pid
    }
}
