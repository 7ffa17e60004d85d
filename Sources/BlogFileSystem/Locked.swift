import Foundation

/// A value shared between tasks, guarded by a lock: the engine's one `@unchecked Sendable`.
///
/// The lock is an `NSLock` (a pthread mutex), which ThreadSanitizer understands; Synchronization's
/// `Mutex` is a futex on Linux that ThreadSanitizer cannot see, so it reported false races on it.
public final class Locked<Value>: @unchecked Sendable {
    // `value` is read and written only inside `lock`, which makes the unchecked Sendable sound.
    private let lock = NSLock()
    private var value: Value

    /// Makes the lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock; the only way to read or change it.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
