#!/usr/bin/env python3
"""`make bench`: how quickly the playtest answers a person (offscreen Qt).

Plays random games of Tutorial 1 in a real ``PlaytestWindow`` (seeded random legal
actions, applied through the session so every widget refreshes) and times:

* a step: ``session.apply`` (clone for undo, engine apply) plus the window's refresh;
* a hover with a card under the mouse: the refusal check and the repaint;
* a hover with a fire tile: the same, including the dots of its legal places;
* one undo.

Prints figures only (median and worst, milliseconds); no thresholds are enforced.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

GAMES = 6


def _ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    return (
        f"median {statistics.median(values) * 1000:6.2f} ms, worst {max(values) * 1000:6.2f} ms ({len(values)} samples)"
    )


def _hover(window, squares: list[tuple[int, int]]) -> list[float]:  # type: ignore[no-untyped-def]
    board = window.panel.board
    times = []
    for square in squares:
        t = time.perf_counter()
        board.hover = square
        board._rehint()
        board.repaint()
        times.append(time.perf_counter() - t)
    return times


def main() -> None:
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from editor.playtest import PlaytestWindow
    from engine.check.validate_files import first_bundled_scenario_path, open_scenario
    from engine.play.state import FIRE, PLAY

    default = qInstallMessageHandler(None)

    def quiet(mode, context, message):  # type: ignore[no-untyped-def]
        # the offscreen platform warns on every new top-level window; noise, not a figure
        if "propagateSizeHints" in message:
            return
        if default is not None:
            default(mode, context, message)
        else:
            print(message, file=sys.stderr)

    qInstallMessageHandler(quiet)
    app = QApplication.instance() or QApplication([])
    scenario = open_scenario(first_bundled_scenario_path())
    steps: list[float] = []
    card_hover: list[float] = []
    fire_hover: list[float] = []
    undo: list[float] = []
    for game in range(GAMES):
        window = PlaytestWindow(scenario, seed=game)
        window.show()
        app.processEvents()
        session, board = window.session, window.panel.board
        grid = session.state.island.grid
        squares = [(r, c) for r in range(1, grid.rows - 1, 2) for c in range(1, grid.cols - 1, 2)]
        rng = random.Random(game)
        while not session.state.is_terminal():
            state = session.state
            if state.phase == PLAY and state.hands[0]:
                board.arm_card(0, state.hands[0][0])
                card_hover += _hover(window, squares)
                board.cancel()
            elif state.phase == FIRE:
                fire_hover += _hover(window, squares)
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            t = time.perf_counter()
            session.apply(action)
            app.processEvents()
            steps.append(time.perf_counter() - t)
        t = time.perf_counter()
        session.undo()
        app.processEvents()
        undo.append(time.perf_counter() - t)
        window.close()
    print(f"playtest, Tutorial 1, {GAMES} random games ({len(steps)} actions)")
    print(f"  step (apply + refresh):     {_ms(steps)}")
    print(f"  hover, card under mouse:    {_ms(card_hover)}")
    print(f"  hover, fire tile + dots:    {_ms(fire_hover)}")
    print(f"  undo one step:              {_ms(undo)}")


if __name__ == "__main__":
    main()
