"""``raftwright play FILE [--seed N] [--players N]``: the playtest on its own.

FILE is a scenario (a new game, random seed unless given) or a replay (its game,
ready to step through).  "Back to editing" opens the studio on the scenario file;
from a replay it just closes.
"""

from __future__ import annotations

from pathlib import Path

from engine import Replay
from engine.check.open_files import open_scenario
from engine.model.catalog import Catalog
from engine.model.formats import FormatError, document_kind, read_json
from engine.model.scenario import Scenario

from .. import smoke
from ..app import application
from .replays import read_replay
from .window import PlaytestWindow


def read_target(path: str | Path, players: int | None = None) -> Scenario | Replay:
    """The scenario or replay in ``path``; raises FormatError naming the file, or
    ValueError when the player count does not fit the scenario."""
    path = Path(path)
    data = read_json(path)
    if isinstance(data, dict) and data.get("format") == "raftwright.replay":
        return read_replay(path)
    if document_kind(data) != "scenario":
        raise FormatError(path, "not a scenario or replay file; open a .scenario.json or .replay.json file")
    scenario = open_scenario(path, data)  # the located message validate gives
    allowed = sorted(scenario.rules.players)
    if players is not None and players not in allowed:
        raise ValueError(
            f"{path}: the scenario is for {', '.join(map(str, allowed))} player(s), not {players}; pick another --players"
        )
    return scenario


def open_window(path: str | Path, seed: int | None = None, players: int | None = None,
                catalog: Catalog | None = None) -> PlaytestWindow:  # fmt: skip
    """The playtest window on a scenario or replay file (see :func:`read_target`),
    played with ``catalog`` (default: the default catalog)."""
    path = Path(path)
    target = read_target(path, players)
    if isinstance(target, Replay):
        window = PlaytestWindow(target.scenario, catalog, seed=target.seed, players=target.players)
        window.session.load_replay(target, path.name)
        return window
    window = PlaytestWindow(target, catalog, seed=seed, players=players)
    window.backToEditing.connect(lambda: _studio(window, path))
    return window


def _studio(window: PlaytestWindow, path: Path) -> None:
    from engine.packs.resolve import catalog_for

    from ..app import create_window

    studio = create_window(path, catalog=catalog_for(path))  # an installed pack's file: with its components
    window.studio = studio  # type: ignore[attr-defined]  # kept alive while the app runs
    studio.show()
    studio.canvas.fit_island()


def main(path: str, seed: int | None = None, players: int | None = None, catalog: Catalog | None = None) -> int:
    read_target(path, players)  # report a bad file before any window opens
    from editor import logs

    logs.install()
    app = application()
    window = open_window(path, seed, players, catalog)
    smoke.arm(window)  # RAFTWRIGHT_SMOKE=1: quit after the first paint (the build's screenshots)
    window.show()
    return app.exec()
