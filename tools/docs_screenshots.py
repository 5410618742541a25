#!/usr/bin/env python3
"""Take the manual's screenshots of the studio (docs/images/*.png), offscreen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/docs_screenshots.py

Uses a temporary user folder and settings file, so your own files and window layout
never show.  Look at the images before committing them.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images"


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = tempfile.mkdtemp(prefix="raftwright-shots-")
    os.environ["RAFTWRIGHT_USER_DIR"] = scratch
    os.environ["RAFTWRIGHT_SETTINGS"] = str(Path(scratch) / "settings.ini")

    from PySide6.QtCore import QUrl
    from PySide6.QtWidgets import QApplication

    from editor.app import create_window
    from editor.playtest import PlaytestWindow
    from engine.bots.bots import get_bot
    from engine.model.library import bundled_campaign_paths

    app = QApplication.instance() or QApplication(sys.argv[:1])
    OUT.mkdir(parents=True, exist_ok=True)

    campaign_1 = next(p for p in bundled_campaign_paths() if p.parent.name == "campaign-1")
    scenario = sorted(campaign_1.parent.glob("*.scenario.json"))[1]
    studio = create_window(scenario, autosave_seconds=0)
    studio.resize(1400, 880)
    studio.show()
    app.processEvents()
    studio.canvas.fit_island()
    studio.statusBar().clearMessage()  # it names the file's full path on this machine
    app.processEvents()
    studio.grab().save(str(OUT / "studio.png"))

    play = PlaytestWindow(studio.doc.scenario, studio.doc.catalog, seed=7, players=1)
    play.resize(1400, 880)
    play.show()
    bot, rng = get_bot("heuristic"), random.Random(7)
    for _ in range(14):  # a few rounds in: cards laid, fire spreading
        state = play.session.state
        if state is None or state.is_terminal():
            break
        play.session.apply(bot.choose(state, rng))
    app.processEvents()
    play.grab().save(str(OUT / "playtest.png"))
    play.close()

    manual = studio.show_manual()
    manual.browser.follow(QUrl("studio.md#keyboard-shortcuts"))
    manual.browser.backward()
    app.processEvents()
    manual.grab().save(str(OUT / "manual.png"))
    for name in ("studio.png", "playtest.png", "manual.png"):
        print(OUT / name)
    studio.doc.undo_stack.setClean()
    studio.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
