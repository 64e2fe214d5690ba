"""Starting the server: the store opened and migrated, the port checked, then uvicorn."""

from __future__ import annotations

import socket
import threading
import webbrowser
from collections.abc import Callable

from meeple.engine import MeepleError

from .store import Store


class ServeError(MeepleError):
    """The server cannot start: the port is taken, the address is wrong."""


def check_port(host: str, port: int) -> None:
    """Refuse, with one line, an address that cannot be listened on (the port in use, a wrong host)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise ServeError(f"cannot listen on {host!r}: no such address on this machine") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as e:
            why = "the port is in use (another server?)" if e.errno == 98 else e.strerror
            raise ServeError(f"cannot listen on {host}:{port}: {why}; choose another with --port") from None


def serve(host: str, port: int, db_url: str | None, open_browser: bool, say: Callable[[str], None] = print) -> None:
    import uvicorn

    from .app import create_app

    check_port(host, port)
    store = Store(db_url)
    store.migrate()
    url = f"http://{host if host not in ('0.0.0.0', '::') else '127.0.0.1'}:{port}/"
    say(f"meeple is at {url} (games kept in {store.engine.url.render_as_string(hide_password=True)}); Ctrl+C stops it")
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(create_app(store), host=host, port=port, log_level="warning", ws_max_size=65536)
