"""The component catalog: our own format, converted from ../shared/reference facts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.model.catalog import (
    Catalog,
    CatalogError,
    catalog_from_dict,
    load_catalog_file,
)
from engine.model.geometry import transform_cells

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "campaigns" / "catalogs" / "base-game.components.json"


def test_committed_catalogs_equal_a_fresh_conversion(shared_dir: Path) -> None:
    result = subprocess.run(
        [sys.executable, "tools/build_catalog.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def test_base_game_counts_match_the_rulebook(catalog: Catalog) -> None:
    assert len(catalog.boards_of_size("large")) == 4 and len(catalog.boards_of_size("small")) == 4
    assert [d for d in catalog.decks] == ["circle", "cross", "square", "triangle"]
    assert all(len(cards) == 25 for cards in catalog.decks.values())
    assert sorted(catalog.location_cards) == [1, 3, 4, 5, 7, 9, 10]
    assert sorted(catalog.raft_cards) == ["A", "B", "C", "D"]
    assert len(catalog.fire_tiles) == 31
    assert catalog.box_count("fire_cards") == 22 and catalog.box_count("location_cards") == 12
    # RULINGS C8: 2 tetrominoes, 11 pentominoes, 18 hexominoes
    sizes = sorted(len(t.cells) for t in catalog.fire_tiles.values())
    assert (sizes.count(4), sizes.count(5), sizes.count(6)) == (2, 11, 18)


def test_unknown_components_are_listed_as_missing_not_invented(catalog: Catalog) -> None:
    for number in ("2", "6", "8", "11", "12"):
        assert catalog.is_known_missing("location_card", number)
        assert int(number) not in catalog.location_cards
    assert catalog.is_known_missing("raft_card", "E")
    assert any(m.component == "disaster_card" for m in catalog.known_missing)


def test_fire_tiles_are_distinct_free_polyominoes(catalog: Catalog) -> None:
    def canonical(cells: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        h = max(r for r, _ in cells) + 1
        w = max(c for _, c in cells) + 1
        return min(transform_cells(cells, h, w, f, k) for f in (False, True) for k in range(4))

    shapes = {canonical(t.cells) for t in catalog.fire_tiles.values()}
    assert len(shapes) == 31


def test_orange_is_written_o_and_fire_faces_only_add_the_strip(catalog: Catalog) -> None:
    text = BASE.read_text(encoding="utf-8")
    assert '"y' not in text.replace('"y"', "")  # no source 'y' letters survive in grids
    for board in catalog.boards:
        for fire_row, plain_row in zip(board.fire_face, board.plain_face):
            assert fire_row[:3] == "fff"
            assert fire_row[3:] == plain_row[3:]
            assert "f" not in plain_row


def test_location_cards_keep_physical_numbers_and_cat_squares(catalog: Catalog) -> None:
    card4 = catalog.location_cards[4]
    assert {(c.colour, c.square) for c in card4.cats} == {("blue", (1, 1)), ("orange", (2, 2))}
    for card in catalog.location_cards.values():
        for cat in card.cats:
            r, c = cat.square
            assert card.grid[r][c] == {"blue": "b", "red": "r", "green": "g", "orange": "o", "purple": "p"}[cat.colour]


def test_raft_destinations(catalog: Catalog) -> None:
    assert set(catalog.raft_cards["A"].destinations().values()) == {None}
    d = catalog.raft_cards["D"].destinations()
    assert sorted(v for v in d.values() if v) == ["blue", "green", "green", "orange", "purple", "red", "red"]
    assert (1, 1) not in d  # the raft centre is art no cat may use


def _custom(**extra: object) -> dict:
    doc = {"format": "raftwright.components", "format_version": 1, "id": "my-cards", "name": "My cards"}
    doc.update(extra)
    return doc


def test_custom_components_merge_without_code_changes(catalog: Catalog) -> None:
    custom = catalog_from_dict(
        _custom(
            location_cards=[
                {"number": 13, "grid": ["ggg", "gGg", "ggg"], "cats": [{"colour": "green", "square": [1, 1]}]}
            ],
            box={"location_cards": 1},
        )
    )
    merged = catalog.merged(custom)
    assert 13 in merged.location_cards and merged.box_count("location_cards") == 13
    assert merged.ids == catalog.ids + ("my-cards",)


def test_redefining_a_component_is_refused_with_the_fix(catalog: Catalog) -> None:
    clash = catalog_from_dict(_custom(raft_cards=[{"letter": "A", "grid": ["***", "*#*", "***"]}]))
    with pytest.raises(CatalogError, match=r"raft card A.*new ids"):
        catalog.merged(clash)


def test_a_bad_catalog_file_names_the_file_and_element(tmp_path: Path) -> None:
    bad = tmp_path / "bad.components.json"
    bad.write_text(json.dumps(_custom(raft_cards=[{"letter": "Z", "grid": ["xyz", "*#*", "***"]}])))
    with pytest.raises(CatalogError) as info:
        load_catalog_file(bad)
    assert str(bad) in str(info.value) and "/raft_cards/0/grid/0" in str(info.value)
