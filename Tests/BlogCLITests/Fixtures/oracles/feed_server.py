"""A local HTTP server for the tests of `blog feed validate URL`, on 127.0.0.1 only, on a free port that
it prints as its first line. It serves a good feed, a feed with problems, missing and failing pages,
redirect chains (to other schemes too), slow, dripping and stalled answers, feeds of an exact size in each
coding, gzip and deflate bombs and huge bodies (with and without Content-Length). It stops by itself
after a minute, or when its standard input closes."""
import http.server
import json
import socketserver
import sys
import threading
import time
import zlib

GOOD = json.dumps({
    "version": "https://jsonfeed.org/version/1.1",
    "title": "Served",
    "home_page_url": "http://127.0.0.1/",
    "feed_url": "http://127.0.0.1/good.json",
    "items": [{"id": "1", "url": "http://127.0.0.1/1", "content_text": "One", "date_published": "2024-01-01T00:00:00Z"}],
}).encode()
BAD = json.dumps({"version": "https://jsonfeed.org/version/1.1", "items": []}).encode()
MIB = 1_048_576
# wbits for zlib.compressobj: the gzip wrapper, the zlib wrapper (HTTP's "deflate") and raw deflate.
WBITS = {"gzip": 31, "deflate": 15, "raw-deflate": -15}
ENCODING = {"gzip": "gzip", "deflate": "deflate", "raw-deflate": "deflate"}


def padded(size):
    """The good feed followed by spaces up to exactly `size` bytes."""
    return GOOD + b" " * (size - len(GOOD))


def encoded(body, coding):
    if coding == "identity":
        return body
    compressor = zlib.compressobj(9, zlib.DEFLATED, WBITS[coding])
    return compressor.compress(body) + compressor.flush()


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

    def send_chunked(self, chunks, headers=()):
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        for chunk in chunks:
            if chunk:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        self.wfile.write(b"0\r\n\r\n")

    def bomb(self, coding):
        """Endless spaces, compressed as they are made: a client must stop inflating at its limit."""
        compressor = zlib.compressobj(1, zlib.DEFLATED, WBITS[coding])
        block = b" " * MIB
        for _ in range(1024):
            yield compressor.compress(block)
        yield compressor.flush()

    def empty_blocks(self):
        """A gzip stream of empty deflate blocks, sent for ever: it decodes to nothing."""
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        yield compressor.compress(b"")
        for _ in range(100_000_000):
            yield compressor.flush(zlib.Z_FULL_FLUSH) * 1000

    def drip(self, data, pause):
        for byte in data:
            self.wfile.write(bytes([byte]))
            self.wfile.flush()
            time.sleep(pause)

    def do_GET(self):
        path = self.path
        port = self.server.server_address[1]
        try:
            if path.startswith("/sized/"):
                # /sized/CODING/TRANSFER/N: the good feed padded to exactly N bytes before coding, sent with a
                # Content-Length or chunked.
                _, _, coding, transfer, size = path.split("/")
                body = encoded(padded(int(size)), coding)
                headers = [("Content-Type", "application/feed+json")]
                if coding != "identity":
                    headers.append(("Content-Encoding", ENCODING[coding]))
                if transfer == "chunked":
                    self.send_chunked([body[i : i + 1000] for i in range(0, len(body), 1000)], headers)
                else:
                    self.send(200, body, headers)
            elif path.startswith("/bomb/"):
                coding = path.rsplit("/", 1)[1]
                self.send_chunked(self.bomb(coding), [("Content-Encoding", ENCODING[coding])])
            elif path == "/empty-blocks":
                self.send_chunked(self.empty_blocks(), [("Content-Encoding", "gzip")])
            elif path == "/gzip-members":
                # Two gzip members one after the other (RFC 1952 §2.2), which make the good feed together.
                half = len(GOOD) // 2
                body = encoded(GOOD[:half], "gzip") + encoded(GOOD[half:], "gzip")
                self.send(200, body, [("Content-Encoding", "gzip")])
            elif path == "/brotli":
                self.send(200, GOOD, [("Content-Encoding", "br")])
            elif path == "/corrupt-gzip":
                self.send(200, b"this is not gzip at all", [("Content-Encoding", "gzip")])
            elif path == "/deflate-then-junk":
                self.send(200, encoded(GOOD, "deflate") + b"junk", [("Content-Encoding", "deflate")])
            elif path.startswith("/to/"):
                # /to/N/LOCATION: N redirects within this server, then one to LOCATION, whatever it is.
                _, _, left, location = path.split("/", 3)
                left = int(left)
                target = location.replace("PORT", str(port)) if left == 0 else f"/to/{left - 1}/{location}"
                self.send(302, b"", [("Location", target)])
            elif path.startswith("/slow-redirect/"):
                left = int(path.rsplit("/", 1)[1])
                time.sleep(0.4)
                target = "/good.json" if left <= 1 else f"/slow-redirect/{left - 1}"
                self.send(302, b"", [("Location", target)])
            elif path == "/drip-body.json":
                # Slowloris: the head at once, then the body one byte a second.
                self.send_response(200)
                self.send_header("Content-Length", str(len(GOOD)))
                self.end_headers()
                self.drip(GOOD, 1)
            elif path == "/drip-head.json":
                # The status line and headers one byte every half second.
                self.drip(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(GOOD), 0.5)
                self.wfile.write(GOOD)
            elif path == "/stall.json":
                # The head, then nothing for longer than any test waits.
                self.send_response(200)
                self.send_header("Content-Length", str(len(GOOD)))
                self.end_headers()
                self.wfile.flush()
                time.sleep(20)
            elif path == "/good.json":
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
