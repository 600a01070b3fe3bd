"""The table's page on the local network: the standard library's HTTP server, server-sent events.

Routes (GET only; nothing else is served, nothing is loaded from the internet):

- ``/`` the page, ``/style.css``, ``/table.js`` (files shipped in ``voice_scribe/web/static``);
- ``/etat`` the newest picture of the table (JSON);
- ``/flux`` the pictures as they come (``text/event-stream``: one ``data:`` line per picture).

The default address is ``127.0.0.1`` (this machine only); ``--web 0.0.0.0:8080`` opens it to
the local network, for the TV and the players' phones.

>>> parse_address("8080"), parse_address("0.0.0.0:8000"), parse_address(":8001")
(('127.0.0.1', 8080), ('0.0.0.0', 8000), ('127.0.0.1', 8001))
"""

from __future__ import annotations

import json
import socket
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources

from voice_scribe.web.board import TableFeed
from voice_scribe.web.options import DEFAULT_PORT  # noqa: F401 - the port of a bare --web

DEFAULT_HOST = "127.0.0.1"
KEEPALIVE_S = 10.0

STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
}


class WebError(Exception):
    """The page cannot be served (bad address, port taken); the message is French."""


def parse_address(text: str) -> tuple[str, int]:
    """``PORT``, ``:PORT`` or ``ADRESSE:PORT`` → (host, port); the host defaults to this machine only."""
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        host = ""
    try:
        number = int(port)
    except ValueError:
        raise WebError(f"adresse web invalide : « {text} » (attendu : PORT ou ADRESSE:PORT, ex. 0.0.0.0:8080)") from None
    if not 0 <= number <= 65535:
        raise WebError(f"port web invalide : {number} (de 1 à 65535)")
    return (host.strip("[]") or DEFAULT_HOST), number


def _static(name: str) -> bytes:
    return resources.files("voice_scribe.web").joinpath("static", name).read_bytes()


class _Handler(BaseHTTPRequestHandler):
    server: TableServer

    def do_GET(self) -> None:  # noqa: N802 - http.server's API
        path = self.path.split("?", 1)[0]
        if path in STATIC:
            name, kind = STATIC[path]
            self._send(_static(name), kind)
        elif path == "/etat":
            _, picture = self.server.feed.latest()
            self._send(json.dumps(picture, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")
        elif path == "/flux":
            self._stream()
        else:
            self._send("Page introuvable.".encode("utf-8"), "text/plain; charset=utf-8", HTTPStatus.NOT_FOUND)

    def _send(self, body: bytes, kind: str, status: HTTPStatus = HTTPStatus.OK) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _stream(self) -> None:
        feed = self.server.feed
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        version, picture = feed.latest()
        try:
            if version:
                self._event(picture)
            while not feed.closed:
                news = feed.wait(version, KEEPALIVE_S)
                if news is None:
                    self.wfile.write(b": ...\n\n")  # keeps proxies and phones from closing an idle stream
                else:
                    version, picture = news
                    self._event(picture)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            return  # the page was closed

    def _event(self, picture: dict) -> None:
        self.wfile.write(b"data: " + json.dumps(picture, ensure_ascii=False).encode("utf-8") + b"\n\n")
        self.wfile.flush()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's API
        return  # the terminal belongs to the scoreboard


class TableServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A page closed mid-answer is ordinary (a phone sleeps): never a traceback on the terminal."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        print(f"voice-scribe : page web, requête de {client_address} non servie ({error!r})", file=sys.stderr)

    def __init__(self, address: tuple[str, int], feed: TableFeed) -> None:
        self.feed = feed
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        shown = _lan_address() if host in ("0.0.0.0", "::") else host
        return f"http://{shown}:{port}/"

    def start(self) -> TableServer:
        self._thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.feed.close()
        self.shutdown()
        self.server_close()


def serve(feed: TableFeed, address: str | tuple[str, int]) -> TableServer:
    """Start serving the table's page in the background; raises :class:`WebError` in French."""
    host, port = parse_address(address) if isinstance(address, str) else address
    try:
        return TableServer((host, port), feed).start()
    except OSError as exc:
        raise WebError(f"impossible d'ouvrir la page web sur {host}:{port} : {exc.strerror or exc}") from None


def _lan_address() -> str:
    """This machine's address on the local network (no packet is sent), else its name."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only picks the outgoing interface
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
