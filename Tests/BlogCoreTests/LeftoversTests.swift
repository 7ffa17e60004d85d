import Foundation
import Testing
@testable import BlogCore

@Suite struct LeftoversTests {
    final class Probe: Sendable {
        let onFree: @Sendable () -> Void
        init(_ onFree: @escaping @Sendable () -> Void) { self.onFree = onFree }
        deinit { onFree() }
    }

    /// What a build leaves is freed, and not on the thread that asked for it to be.
    @Test func keptValuesAreFreedOnAThreadOfTheirOwn() {
        let freedOn = Locked<pthread_t?>(nil)
        let done = DispatchSemaphore(value: 0)
        let leftovers = Leftovers()
        leftovers.keep([Probe {
            freedOn.withLock { $0 = pthread_self() }
            done.signal()
        }])
        leftovers.releaseInBackground()
        #expect(done.wait(timeout: .now() + 10) == .success)
        let thread = freedOn.withLock { $0 }
        #expect(thread.map { pthread_equal($0, pthread_self()) == 0 } == true)
    }
}
