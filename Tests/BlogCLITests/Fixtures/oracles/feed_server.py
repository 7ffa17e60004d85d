"""A local HTTP server for the tests of `blog feed validate URL`, on 127.0.0.1 only, on a free port that
it prints as its first line. It serves a good feed, a feed with problems, missing and failing pages,
redirect chains, a slow answer and huge bodies (with and without Content-Length). It stops by itself
after a minute, or when its standard input closes."""
import http.server
import json
import socketserver
import sys
import threading
import time

GOOD = json.dumps({
    "version": "https://jsonfeed.org/version/1.1",
    "title": "Served",
    "home_page_url": "http://127.0.0.1/",
    "feed_url": "http://127.0.0.1/good.json",
    "items": [{"id": "1", "url": "http://127.0.0.1/1", "content_text": "One", "date_published": "2024-01-01T00:00:00Z"}],
}).encode()
BAD = json.dumps({"version": "https://jsonfeed.org/version/1.1", "items": []}).encode()
MIB = 1_048_576


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path
        try:
            if path == "/good.json":
                self.send(200, GOOD, [("Content-Type", "application/feed+json")])
            elif path == "/bad.json":
                self.send(200, BAD, [("Content-Type", "application/feed+json")])
            elif path == "/missing.json":
                self.send(404, b"not here")
            elif path == "/broken.json":
                self.send(500, b"broken")
            elif path.startswith("/redirect/"):
                # /redirect/N goes through N redirects to the good feed.
                left = int(path.rsplit("/", 1)[1])
                target = "/good.json" if left <= 1 else f"/redirect/{left - 1}"
                self.send(302, b"", [("Location", target)])
            elif path == "/to-file":
                self.send(302, b"", [("Location", "file:///etc/passwd")])
            elif path == "/loop":
                self.send(301, b"", [("Location", "/loop")])
            elif path == "/slow.json":
                time.sleep(6)
                self.send(200, GOOD)
            elif path == "/huge-declared.json":
                # Declares 40 MiB and sends only the start: a client must refuse it from the header.
                self.send_response(200)
                self.send_header("Content-Length", str(40 * MIB))
                self.end_headers()
                self.wfile.write(b"[" * 1024)
            elif path == "/huge-chunked.json":
                # 40 MiB in chunks without a length: a client must stop reading at its limit.
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                chunk = b" " * 65536
                for _ in range(40 * MIB // len(chunk)):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            else:
                self.send(404, b"unknown")
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
closed = threading.Event()
# Ends when the test closes standard input or after a minute, whichever comes first.
threading.Thread(target=lambda: (sys.stdin.read(), closed.set()), daemon=True).start()
closed.wait(60)
server.shutdown()
