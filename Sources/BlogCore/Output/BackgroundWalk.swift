import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A ``FolderWalk`` made on a thread of its own. The root is opened at once and the walk goes on through
/// descriptors, so renaming the folder meanwhile (the spare becoming the staging folder) does not disturb it.
final class BackgroundWalk: Sendable {
    private let walk = Locked<FolderWalk?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts listing `root`; a folder that cannot be opened gives no walk.
    init(root: String) {
        let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            finished.signal()
            return
        }
        Thread.detachNewThread { [walk, finished] in
            let made = FolderWalk(folder: folder)
            walk.withLock { $0 = made }
            finished.signal()
        }
    }

    /// Waits for the walk; nil when the root could not be opened.
    func result() -> FolderWalk? {
        finished.wait()
        finished.signal()
        return walk.withLock { $0 }
    }
}
