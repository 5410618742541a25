"""Gallery test helpers: the packs a gallery is built from, and a local web server.

The packs: the bundled Tutorial campaign as a pack (1.0.0 and 1.1.0) and the FIXTURE
designer's campaign with custom components (tests/packs/fixture_campaign.py), built
with their sheets like a designer would.  The server is ``http.server`` on 127.0.0.1
with a few hostile routes a test can switch on."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from fixture_campaign import write_campaign, write_designer_catalog
from pack_helpers import tutorial_campaign

from engine.model.catalog import reload_default_catalog
from raftwright.cli import main

TUTORIAL = "tutorial-demo"
FIXTURE = "fixture-campaign"


def build_packs(root: Path) -> dict[str, Path]:
    """``{label: path}`` of the three pack files (the caller sets RAFTWRIGHT_USER_DIR and SOURCE_DATE_EPOCH)."""
    out: dict[str, Path] = {}
    common = ["--author", "Fixture Author", "--licence", "CC-BY-4.0"]
    for version, description in (("1.0.0", "The four tutorial scenarios."), ("1.1.0", "Sheets redrawn.")):
        path = root / f"{TUTORIAL}-{version}.raftpack"
        assert main(["pack", "build", str(tutorial_campaign()), "-o", str(path), "--id", TUTORIAL, "--title",
                     "Tutorial demo", "--version", version, "--description", description, *common]) == 0  # fmt: skip
        out[f"{TUTORIAL}@{version}"] = path
    designer = root / "designer"
    write_designer_catalog(designer)
    previous = os.environ.get("RAFTWRIGHT_USER_DIR")
    os.environ["RAFTWRIGHT_USER_DIR"] = str(designer)
    reload_default_catalog()
    try:
        campaign = write_campaign(root / "campaign")
        special = campaign.parent / "02-special-board.scenario.json"  # a stored estimate: a win rate with its interval
        assert main(["difficulty", str(special), "--games", "20", "--seed", "1", "--store"]) == 0
        path = root / f"{FIXTURE}-1.0.0.raftpack"
        assert main(["pack", "build", str(campaign.parent), "-o", str(path), "--id", FIXTURE, "--version", "1.0.0",
                     *common]) == 0  # fmt: skip
        out[f"{FIXTURE}@1.0.0"] = path
    finally:
        if previous is None:
            os.environ.pop("RAFTWRIGHT_USER_DIR", None)
        else:
            os.environ["RAFTWRIGHT_USER_DIR"] = previous
        reload_default_catalog()
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder; ``server.special`` maps a path to ``(status, headers, body)``."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass

    def do_GET(self) -> None:
        special = getattr(self.server, "special", {}).get(self.path)
        if special is None:
            super().do_GET()
            return
        status, headers, body = special
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        try:
            for chunk in body() if callable(body) else [body]:
                self.wfile.write(chunk)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True


class Server:
    def __init__(self, folder: Path) -> None:
        handler = functools.partial(Handler, directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.special = {}  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def special(self, path: str, status: int, body: bytes | Callable[[], Iterable[bytes]],
                headers: dict[str, str] | None = None) -> None:  # fmt: skip
        """Answer ``path`` with this status, headers and body (bytes, or a function giving chunks)."""
        self.httpd.special[path] = (status, headers or {}, body)  # type: ignore[attr-defined]

    def __enter__(self) -> "Server":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def serve(folder: Path) -> Iterator[Server]:
    with Server(folder) as server:
        yield server
