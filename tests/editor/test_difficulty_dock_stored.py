"""The Difficulty dock ties estimates to what made them (issues 25 item 5, 27 item 4):
the summary names the rules-and-bot fingerprint, a line says whether the stored
estimate is current or stale (and the Problems dock lists estimate-stale), "Store in
scenario (and set paws)" asks before it replaces the designer's own paws, and an
estimate of a layout edited since is not stored."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QApplication

from editor import commands
from editor.docks.difficulty import KEEP_PAWS, REPLACE_PAWS
from engine.bots.version import fingerprint
from engine.check.validate_files import first_bundled_scenario_path, open_scenario


def _estimated(qtbot, make_window, bot: str = "random"):  # type: ignore[no-untyped-def]
    studio = make_window(open_scenario(first_bundled_scenario_path()))
    dock = studio.difficulty
    dock.games.setValue(10)
    dock.bot.setCurrentText(bot)
    with qtbot.waitSignal(dock.finished, timeout=120_000) as blocker:
        dock.run_button.click()
    e = blocker.args[0]
    assert e is not None
    return studio, dock, e


def test_the_summary_names_the_fingerprint_and_the_stored_line_follows_the_layout(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    studio, dock, e = _estimated(qtbot, make_window)
    assert f"rules and bot {fingerprint()}" in dock.summary.text()
    assert "No estimate stored" in dock.stored_status.text()
    dock.store_button.click()
    assert "current" in dock.stored_status.text() and fingerprint() in dock.stored_status.text()
    scenario = studio.doc.scenario
    fire = tuple(c for c in scenario.cards if c.kind != "fire")
    studio.doc.edit("Remove fire cards", replace(scenario, cards=fire))
    assert "stale" in dock.stored_status.text() and "layout changed" in dock.stored_status.text()
    assert "estimate-stale" in [i.code for i in studio.doc.validate_now()]
    QApplication.processEvents()
    studio.doc.undo_stack.undo()
    assert "current" in dock.stored_status.text()


def test_an_estimate_of_an_edited_layout_is_not_stored(qtbot, make_window) -> None:  # type: ignore[no-untyped-def]
    studio, dock, e = _estimated(qtbot, make_window)
    scenario = studio.doc.scenario
    studio.doc.edit("Remove fire cards", replace(scenario, cards=tuple(c for c in scenario.cards if c.kind != "fire")))
    dock.store_button.click()
    assert studio.doc.scenario.difficulty_estimate is None
    assert "layout changed" in dock.summary.text()


@pytest.mark.parametrize("answer", [KEEP_PAWS, REPLACE_PAWS, None])
def test_the_designers_paws_are_replaced_only_when_they_say_so(qtbot, make_window, monkeypatch, answer) -> None:  # type: ignore[no-untyped-def]
    studio, dock, e = _estimated(qtbot, make_window, "heuristic")  # the bot the paws are calibrated on
    mine = (e.suggested_paws + 2) % 6
    commands.set_scenario_fields(studio.doc, "Paws", difficulty=mine)
    asked: list[tuple[int, int]] = []

    def ask(current: int, suggested: int) -> str | None:
        asked.append((current, suggested))
        return answer

    monkeypatch.setattr(dock, "ask_paws", ask)
    dock.store_button.click()
    assert asked == [(mine, e.suggested_paws)]
    s = studio.doc.scenario
    if answer is None:
        assert s.difficulty_estimate is None and s.difficulty == mine
    else:
        assert s.difficulty_estimate is not None and s.difficulty_estimate.fingerprint == fingerprint()
        assert s.difficulty == (mine if answer == KEEP_PAWS else e.suggested_paws)
