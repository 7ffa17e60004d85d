"""A web server on 127.0.0.1 for the tests of `blog check --external`: each path answers one way.

Prints its port on the first line of standard output, then appends "METHOD PATH" for every request to
the file named by its first argument; stops when its standard input closes (a test process may block
SIGTERM in the processes it starts).
"""
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log_path = sys.argv[1]
lock = threading.Lock()
seen = {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, headers=(), body=b""):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def handle_any(self):
        with lock:
            with open(log_path, "a") as log:
                log.write(f"{self.command} {self.path}\n")
            seen[self.path] = seen.get(self.path, 0) + 1
            count = seen[self.path]
        path = self.path
        if path == "/ok":
            self.answer(200, body=b"ok")
        elif path == "/missing":
            self.answer(404)
        elif path == "/gone":
            self.answer(410)
        elif path == "/moved":
            self.answer(301, [("Location", "/ok")])
        elif path == "/found":
            self.answer(302, [("Location", "/ok")])
        elif path == "/loop-a":
            self.answer(302, [("Location", "/loop-b")])
        elif path == "/loop-b":
            self.answer(302, [("Location", "/loop-a")])
        elif path == "/to-file":
            self.answer(301, [("Location", "file:///etc/passwd")])
        elif path == "/busy":
            if count == 1:
                self.answer(429, [("Retry-After", "1")])
            else:
                self.answer(200)
        elif path == "/slow":
            time.sleep(4)
            self.answer(200)
        elif path == "/no-head":
            self.answer(405 if self.command == "HEAD" else 200)
        elif path == "/long":
            if self.command == "HEAD":
                self.answer(405)
                return
            # A body far longer than anyone should read: the checker must stop at the headers.
            self.send_response(200)
            self.send_header("Content-Length", str(1 << 34))
            self.end_headers()
            chunk = b"x" * 65536
            try:
                for _ in range(1 << 18):
                    self.wfile.write(chunk)
            except OSError:
                pass
        else:
            self.answer(404)

    do_GET = handle_any
    do_HEAD = handle_any


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
