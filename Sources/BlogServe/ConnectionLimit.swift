import BlogFileSystem
import HummingbirdCore

/// How many connections the preview holds open at once: what the descriptor limit (`ulimit -n`) leaves
/// once the descriptors open at the start and a reserve are counted out. Past it the server accepts
/// nothing until a connection closes, and new clients wait in the listening socket's backlog.
///
/// Connections are the only descriptors a client can make the server open, and everything else the
/// server does opens files as well: reading a page to serve it, a rebuild, the watcher listing a new
/// folder. One of them must not fail: while work waits for a thread, Dispatch's thread pool reads
/// `/proc/<thread>/stat` every second, and when it cannot open it, it stops the process with SIGILL
/// ("workq: registered worker exited prematurely", swift-corelibs-libdispatch `src/event/workqueue.c`).
struct ConnectionLimit: AvailableConnectionsDelegate {
    /// Descriptors no connection takes: a rebuild's reads and writes on every core, the pages being read,
    /// the watcher, the preview's lock, Dispatch's timers and monitor, the runtime's backtracer after a
    /// crash, and the three connections past the maximum that one accepting read can take (SwiftNIO accepts
    /// up to four a read).
    static let reserve = 32
    /// The fewest descriptors left free of connections, when the limit is too low for the whole reserve and
    /// the minimum of connections: enough to read blog.yaml and a page, build and watch.
    static let smallestReserve = 16
    /// The connections allowed however low the limit: a browser opens six to a host, then the live-reload
    /// socket.
    static let minimum = 8

    /// The most connections open at once.
    let maximum: Int
    private var count = 0

    /// The limit for a process that uses `usage` before it serves; without a usage, no limit.
    init(usage: DescriptorUsage?) {
        guard let usage else {
            maximum = .max
            return
        }
        maximum = max(Self.minimum, usage.limit - usage.open - Self.reserve)
    }

    mutating func connectionOpened() {
        count += 1
    }

    mutating func connectionClosed() {
        count -= 1
    }

    func isAcceptingNewConnections() -> Bool {
        count < maximum
    }
}
