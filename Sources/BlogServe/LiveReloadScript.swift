import Foundation

/// The script `blog serve` adds to every HTML page it serves, never to `blog build` output.
///
/// It opens a WebSocket to `/__blog/live` (a WebSocket, unlike a long poll, does not use up one of the six
/// connections a browser allows each host, so any number of tabs can stay open). Every message is the
/// status of the latest build: a good build newer than the page reloads it; a failed one shows its
/// diagnostics in an overlay over the last good page, which goes with the next good build. When the server
/// goes away, the page tries again every half second and reloads once it is back.
enum LiveReloadScript {
    /// Where pages connect; outside any base path, and not a file a site can make.
    static let endpoint = "/__blog/live"

    /// The script for a page served at build `generation`.
    static func script(generation: Int) -> String {
        """
        <script id="__blog_live_reload">
        (() => {
          const served = \(generation);
          const overlay = (text) => {
            let box = document.getElementById("__blog_error_overlay");
            if (text === null) { if (box) box.remove(); return; }
            if (!box) {
              box = document.createElement("pre");
              box.id = "__blog_error_overlay";
              box.setAttribute("role", "alert");
              box.style.cssText = "position:fixed;inset:0;margin:0;z-index:2147483647;overflow:auto;padding:2em;" +
                "background:rgba(24,24,27,.95);color:#fecaca;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
              document.body.appendChild(box);
            }
            box.textContent = "The last build failed; this is the last good one. Save a fix and the page reloads.\\n\\n" + text;
          };
          const connect = () => {
            const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "\(endpoint)");
            socket.onmessage = (event) => {
              const status = JSON.parse(event.data);
              if (status.error === null && status.generation !== served) { location.reload(); return; }
              overlay(status.error);
            };
            socket.onclose = () => setTimeout(connect, 500);
          };
          connect();
        })();
        </script>

        """
    }

    /// The page with the script added just before `</body>`, or at the end when it has none.
    static func inject(into html: String, generation: Int) -> String {
        let script = script(generation: generation)
        guard let range = html.range(of: "</body>", options: [.caseInsensitive, .backwards]) else {
            return html + script
        }
        return html.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: script)
    }
}
