"""Issue 28 item 3: plain, whole messages.  Rule references move to tooltips; the
playtest banner and the status bar grow to show the whole text, fix included."""

from __future__ import annotations

from dataclasses import replace

from pytestqt.qtbot import QtBot
from studio_helpers import WindowFactory, settle

from editor.messages import WrappingStatusBar, plain_text, rule_references, rule_tooltip
from engine.check.validate_files import open_campaign_with_scenarios as load_campaign_with_scenarios
from engine.model.library import bundled_campaign_paths
from engine.model.scenario import Scenario


def test_rule_references_leave_the_words_and_go_to_the_tooltip() -> None:
    cases = {
        "every fire tile must touch fire (RULINGS PL-2): move it": "every fire tile must touch fire: move it",
        "Paw difficulty unknown (RULINGS §2.3).": "Paw difficulty unknown.",
        "texts are unknown, RULINGS C15)": "texts are unknown)",
        "chooses one at setup: RULINGS OB-2); leave it": "chooses one at setup); leave it",
        "(RULINGS AD-2, AD-3, DP-4) then": "then",
    }
    for text, plain in cases.items():
        assert plain_text(text) == plain
    assert rule_references("a (RULINGS PL-2) b RULINGS §2.3") == ["RULINGS PL-2", "RULINGS §2.3"]
    assert "Rules: RULINGS PL-2" in rule_tooltip("x (RULINGS PL-2)")
    assert rule_tooltip("nothing to cite") == "nothing to cite"


def test_the_problems_dock_shows_plain_words_and_keeps_the_rule_in_the_tooltip(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario
) -> None:
    unknown = replace(island.cards[0], ident="2")  # a real card whose layout is not known (RULINGS C10)
    window = make_window(island.with_changes(cards=(unknown, *island.cards[1:])))
    issues = settle(qtbot, window.doc)
    cited = next(i for i in issues if "RULINGS" in i.message)
    item = window.problems.item_for(cited)
    assert "RULINGS" not in item.text(0) and item.text(0) == plain_text(cited.message)
    assert "RULINGS C10" in item.toolTip(0)


def test_the_status_bar_grows_to_show_a_long_reason_whole(qtbot: QtBot, make_window: WindowFactory) -> None:
    window = make_window()
    window.resize(1280, 800)
    bar = window.statusBar()
    assert isinstance(bar, WrappingStatusBar)
    one_line = bar.height()
    reason = (
        "Cannot put raft card B there: the green cat on location card 13 would be walled in by fire on every side, "
        "so it could never reach a destination (RULINGS PL-2); move the raft at least one square away from the fire "
        "card or turn it so that a green or any-colour destination faces the cat's open side, then try again."
    )
    bar.showMessage(reason)
    label = bar.message_label
    qtbot.waitUntil(lambda: bar.height() > one_line, timeout=15_000)
    assert label.text() == plain_text(reason) and label.text().endswith("then try again.")
    assert label.height() >= label.heightForWidth(label.width())  # every line in sight
    assert bar.currentMessage() == reason and "RULINGS PL-2" in label.toolTip()
    bar.clearMessage()
    qtbot.waitUntil(lambda: bar.height() <= one_line + 2, timeout=15_000)


def test_the_cannot_be_played_banner_shows_its_whole_text(
    qtbot: QtBot, make_window: WindowFactory, island: Scenario
) -> None:
    advanced = island.with_changes(rules=replace(island.rules, disaster_deck=True))  # no disaster cards known
    window = make_window(advanced)
    window.playtest()
    playtest = window.playtest_window
    playtest.resize(1280, 800)
    banner = playtest.panel.banner
    qtbot.waitUntil(banner.isVisible, timeout=10000)
    assert playtest.session.state is None
    assert banner.text().endswith("Fix it in the studio and press F5 again.") and "RULINGS" not in banner.text()
    assert "RULINGS" in playtest.session.error and "RULINGS" in banner.toolTip()
    assert banner.text().count("cannot be played") == 1  # said once, not "cannot be played: ... cannot be played yet"
    assert ". Fix it in the studio" in banner.text()  # the reason ends as a sentence before the fix
    qtbot.waitUntil(lambda: banner.height() >= banner.heightForWidth(banner.width()), timeout=15_000)
    playtest.resize(700, 800)  # narrower: more lines, a taller banner
    qtbot.waitUntil(lambda: banner.height() >= banner.heightForWidth(banner.width()), timeout=15_000)
    playtest.close()


def test_bundled_notes_read_as_a_designers_notes() -> None:
    for path in bundled_campaign_paths():
        campaign, scenarios = load_campaign_with_scenarios(path)
        assert "RULINGS" not in campaign.description
        for _, scenario in scenarios:
            assert "RULINGS" not in scenario.notes and "COMP1110 transcription" in scenario.notes
