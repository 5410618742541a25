"""One studio per user: a second launch hands its file to the running studio.

The first studio listens on a local socket (:class:`QLocalServer`) named for the user;
a later ``raftwright edit FILE`` connects, sends the file's absolute path (UTF-8, one
line) and exits, and the running studio opens the file (asking about unsaved changes
first) and comes to the front.  A socket left by a studio that crashed is removed.

The studio starts listening right after its first paint (issue 28 item 7), so a second
launch in the half second before that finds no studio and starts one of its own.  On
Linux and macOS a launch that finds no socket file where Qt puts it
(:func:`socket_path`) knows there is no studio without loading QtNetwork.
"""

from __future__ import annotations

import getpass
import hashlib
import os
import sys
from pathlib import Path

from PySide6.QtCore import QDir, QObject, Signal

TIMEOUT_MS = 1500


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
    return Path(QDir.cleanPath(QDir.tempPath())) / name


def hand_over(path: str | Path | None, name: str | None = None) -> bool:
    """Give ``path`` (or nothing: just come to the front) to a running studio; True
    when one took it, so this launch can exit."""
    name = name or server_name()
    where = socket_path(name)
    if where is not None and not os.path.exists(where):
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
