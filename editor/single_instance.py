"""One studio per user: a second launch hands its file to the running studio.

The first studio listens on a local socket (:class:`QLocalServer`) named for the user;
a later ``raftwright edit FILE`` connects, sends the file's absolute path (UTF-8, one
line) and exits, and the running studio opens the file (asking about unsaved changes
first) and comes to the front.  A socket left by a studio that crashed is removed.

The studio starts listening right after its first paint (issue 28 item 7: QtNetwork and
the server wait until the island is on screen).  So that a second launch in that half
second still finds it, a starting studio first leaves a marker file holding its process
id beside the socket (:class:`Starting`); a launch that finds the marker of a live
process waits for the socket, then hands over.  A launch that finds neither knows there
is no studio without loading QtNetwork.
"""

from __future__ import annotations

import getpass
import hashlib
import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QDir, QObject, Signal

TIMEOUT_MS = 1500
STARTING_WAIT_S = 20.0  # how long a launch waits for a starting studio to listen (a slow first start)
POLL_S = 0.05


def server_name() -> str:
    """Per user and per settings store (tests and portable setups keep their own studio)."""
    key = f"{getpass.getuser()}|{os.environ.get('RAFTWRIGHT_SETTINGS', '')}|{os.environ.get('RAFTWRIGHT_USER_DIR', '')}"
    return "raftwright-studio-" + hashlib.sha256(key.encode()).hexdigest()[:16]


def socket_path(name: str) -> Path | None:
    """Where a :class:`QLocalServer` named ``name`` has its socket file: Qt's temporary
    folder on Unix (QLocalServer and QLocalSocket join :meth:`QDir.tempPath` and a
    relative name alike); None on Windows, whose named pipes are no files."""
    if sys.platform == "win32":
        return None
    return _temp() / name


def _temp() -> Path:
    return Path(QDir.cleanPath(QDir.tempPath()))


class Starting:
    """The marker of a studio that has started and does not listen yet: a file beside
    the socket holding its process id, made in one step (a hard link, which fails when the
    marker exists: one studio makes it) and
    removed once it listens (:meth:`done`).  A marker whose process is gone (a crash
    before the first paint) counts as absent."""

    def __init__(self, name: str | None = None) -> None:
        self.path = _temp() / f"{name or server_name()}.starting"
        self.made = False
        if self._make():
            return
        if starting_pid(self.path) is not None:
            return  # another studio is starting: this launch hands over to it (or, past the wait, starts alone)
        self.path.unlink(missing_ok=True)  # a crashed start's marker
        self._make()

    def _make(self) -> bool:
        """Create the marker with its content in one step (a hard link of a written
        file), so no launch ever reads it empty; False when it exists or cannot be made
        (a read-only temporary folder: later launches may then start studios of their own)."""
        draft = self.path.with_name(f"{self.path.name}.{os.getpid()}")
        try:
            draft.write_text(str(os.getpid()), encoding="ascii")
            os.link(draft, self.path)
        except OSError:
            return False
        finally:
            draft.unlink(missing_ok=True)
        self.made = True
        return True

    def done(self) -> None:
        if self.made:
            self.path.unlink(missing_ok=True)
            self.made = False


def starting_pid(marker: Path) -> int | None:
    """The process id in a starting marker, if that process is alive."""
    try:
        pid = int(marker.read_text(encoding="ascii").strip())
        os.kill(pid, 0)  # PermissionError (an OSError): another user's process, not a studio of ours
    except (OSError, ValueError):
        return None
    return pid


def _wait_for_listening(name: str, where: Path | None) -> bool:
    """True when a studio may listen on ``name``.  While another live studio's starting
    marker is there, wait for it to go (the studio removes it once it listens; a socket
    file seen meanwhile may be a crashed studio's); then, on Unix, a studio listens only
    if its socket file is there.  Windows has no socket file: there the launch tries to
    connect."""
    marker = _temp() / f"{name}.starting"
    deadline = time.monotonic() + STARTING_WAIT_S
    while starting_pid(marker) not in (None, os.getpid()) and time.monotonic() < deadline:
        time.sleep(POLL_S)  # another process's progress: no signal reaches this one
    return where is None or os.path.exists(where)


def hand_over(path: str | Path | None, name: str | None = None) -> bool:
    """Give ``path`` (or nothing: just come to the front) to a running studio; True
    when one took it, so this launch can exit.  A studio that is still starting is
    waited for (see :class:`Starting`)."""
    name = name or server_name()
    where = socket_path(name)
    if not _wait_for_listening(name, where):
        return False  # no studio listens: nothing to connect to, and QtNetwork stays unloaded
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(TIMEOUT_MS):
        return False
    text = str(Path(path).resolve()) if path else ""
    socket.write((text + "\n").encode("utf-8"))
    socket.flush()  # may write everything at once, so waitForBytesWritten's answer says nothing
    socket.waitForBytesWritten(TIMEOUT_MS)
    ok = socket.bytesAvailable() > 0 or socket.waitForReadyRead(TIMEOUT_MS * 4)
    socket.disconnectFromServer()
    return ok


class StudioServer(QObject):
    """Listens for later launches; :attr:`fileRequested` carries each handed-over path
    ("" when a launch named no file)."""

    fileRequested = Signal(str)

    def __init__(self, name: str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtNetwork import QLocalServer  # the studio listens after its first paint

        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.name = name or server_name()
        if not self.server.listen(self.name):
            QLocalServer.removeServer(self.name)  # a crashed studio's socket
            self.server.listen(self.name)
        self.server.newConnection.connect(self._connected)

    @property
    def listening(self) -> bool:
        return self.server.isListening()

    def _connected(self) -> None:
        socket = self.server.nextPendingConnection()
        if socket is None:
            return
        buffer = bytearray()

        def read() -> None:
            buffer.extend(bytes(socket.readAll().data()))
            if b"\n" in buffer:
                socket.write(b"ok\n")
                socket.flush()
                self.fileRequested.emit(buffer.split(b"\n", 1)[0].decode("utf-8", "replace"))

        socket.readyRead.connect(read)
        socket.disconnected.connect(socket.deleteLater)
        if socket.bytesAvailable():
            read()

    def close(self) -> None:
        self.server.close()
