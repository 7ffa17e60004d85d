import Foundation

/// A finished build's data, freed on a thread of its own instead of on the way out of the build: ten
/// thousand posts' worth of objects took tens of milliseconds to free, and a command-line build has no
/// reason to wait for that before it reports and exits.
final class Leftovers: @unchecked Sendable {
    // Appended to by the build only, before `releaseInBackground()`; after that only the thread it starts
    // touches them, and starting a thread orders it after everything its starter did before.
    private var values: [Any] = []

    /// Keeps `value` alive until ``releaseInBackground()``.
    func keep(_ value: Any) {
        values.append(value)
    }

    /// Frees everything kept, on a new thread. Call it once the build that filled it has returned, so that
    /// the build's own references are gone and the last ones are these.
    func releaseInBackground() {
        guard !values.isEmpty else { return }
        Thread.detachNewThread { self.values.removeAll() }
    }
}
