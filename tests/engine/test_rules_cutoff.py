"""When a cat "can no longer reach the raft" (LC-1 b, LC-2..LC-5; the issue's
normative reading: own terrain plus squares a legal 3x3 card placement could cover)."""

from __future__ import annotations

from engine_pictures import deal, picture_state, put_fire_tile

from engine.model.catalog import default_catalog
from engine.play.actions import MoveCat, UseWater
from engine.play.bitboard import tile_orientations

WALLED = """
ffffffffff
fGgfggwwwf
fggfggwowf
ffffggwwwf
ffffffffff
"""


def test_a_cat_walled_in_by_fire_is_cut_off_with_its_region() -> None:
    """LC-3/LC-5: fire that walls a cat off from every raft square loses the game; the
    outcome names the cat, its square and the squares it is confined to."""
    state = picture_state(WALLED)
    outcome = state.cut_off()
    assert outcome is not None and outcome.reason == "cat-cut-off" and not outcome.won
    assert outcome.cat == "green" and outcome.square == (1, 1)
    assert set(outcome.region) == {(1, 1), (1, 2), (2, 1), (2, 2)}


OPEN = """
ffffffffff
fGgrrgwwwf
fgrrrgwowf
frrrrgwwwf
ffffffffff
"""


def test_other_colours_in_open_country_can_still_be_repainted() -> None:
    """LC-5: a square of another colour that a legal card placement could still cover
    does not block (a card can repaint it)."""
    assert picture_state(OPEN).cut_off() is None


CORRIDOR = """
ffffffffff
fGgrrrwwwf
ffffffwowf
ffffffwwwf
ffffffffff
"""


def test_a_narrow_corridor_of_another_colour_blocks_for_good() -> None:
    """LC-5 strict reading: a 1-wide corridor between fire can never hold a 3x3 card,
    so its red squares stay red and the green cat is cut off; a green corridor is fine."""
    assert picture_state(CORRIDOR).cut_off().cat == "green"
    assert picture_state(CORRIDOR.replace("fGgrrr", "fGgggg")).cut_off() is None


TWO_WIDE = """
ffffffffffff
fGgggggg wwwf
fggggggg wowf
ffffffff wwwf
ffffffffffff
""".replace(" ", "")


def _s_tile() -> tuple[str, bool, int]:
    """The S/Z tetromino in a 2-row orientation whose cells are (0,1)(0,2)(1,0)(1,1)."""
    for tile in default_catalog().fire_tiles.values():
        for o in tile_orientations(tile.cells):
            if o.cells == ((0, 1), (0, 2), (1, 0), (1, 1)):
                return tile.id, o.flipped, o.rotation
    raise AssertionError("no S tetromino in the catalog")


def test_fire_tile_closing_a_corridor_loses_after_the_placement() -> None:
    """LC-4: the check runs after each fire-tile placement; a tile that closes the only
    way to the raft loses at once when no water token is left."""
    tile, flipped, rotation = _s_tile()
    state = deal(picture_state(TWO_WIDE), ["circle:a"])
    put_fire_tile(state, tile, (1, 4), flipped, rotation)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "cat-cut-off" and outcome.cat == "green"
    assert (1, 7) not in outcome.region and (1, 4) in outcome.region


def test_with_water_left_fire_tiles_count_as_removable() -> None:
    """LC-5 open question, house decision: while a water token remains any fire tile
    may yet return to the bag (WT-1), so the same tile does not lose; spending the
    token opens the corridor again."""
    tile, flipped, rotation = _s_tile()
    state = deal(picture_state(TWO_WIDE, water=1), ["circle:a"])
    put_fire_tile(state, tile, (1, 4), flipped, rotation)
    assert not state.is_terminal()
    assert (1, 7) not in state.reachable_squares((1, 1))
    state.apply(UseWater(tile))
    assert (1, 7) in state.reachable_squares((1, 1)) and tile in state.bag and state.water == 0


LONG = """
ffffffffffffffff
fGggggggggggwwwf
fgggggggggggwowf
ffffffffffffwwwf
ffffffffffffffff
"""


def _tile_with(cells: tuple[tuple[int, int], ...]) -> tuple[str, bool, int]:
    for tile in default_catalog().fire_tiles.values():
        for o in tile_orientations(tile.cells):
            if o.cells == cells:
                return tile.id, o.flipped, o.rotation
    raise AssertionError(f"no tile has the orientation {cells}")


def _close_the_corridor_twice(water: int):  # type: ignore[no-untyped-def]
    state = deal(picture_state(LONG, water=water), ["circle:a"])
    s_tile = _tile_with(((0, 1), (0, 2), (1, 0), (1, 1)))
    put_fire_tile(state, s_tile[0], (1, 3), s_tile[1], s_tile[2])  # (1,4) (1,5) (2,3) (2,4)
    assert not state.is_terminal()  # one token opens this one
    state.phase = "play"
    state.pending = None
    t_tile = _tile_with(((0, 0), (0, 1), (0, 2), (1, 1)))
    put_fire_tile(state, t_tile[0], (1, 8), t_tile[1], t_tile[2])  # (1,8) (1,9) (1,10) (2,9)
    return state


def test_a_cat_needing_more_tiles_removed_than_water_tokens_left_is_cut_off() -> None:
    """LC-5 with WT-1: the team can return at most one fire tile per water token, so
    a corridor closed by two tiles with one token left is a certain loss."""
    state = _close_the_corridor_twice(water=1)
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "cat-cut-off" and outcome.cat == "green"
    assert "1 water token left" in outcome.message
    assert set(outcome.region) == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)}  # the region as it lies now


def test_enough_water_tokens_keep_the_game_going() -> None:
    """Two tokens can return both tiles, so no loss is declared (never an avoidable loss)."""
    state = _close_the_corridor_twice(water=2)
    assert not state.is_terminal()


POCKET = (
    LONG.strip("\n").rsplit("\n", 1)[0]
    + """
fggggfffffffffff
fggggfffffffffff
ffffffffffffffff
"""
)


def test_spending_water_on_a_tile_that_does_not_help_can_lose_the_game() -> None:
    """WT-1 + LC-5: the check also runs after a token is spent; with two tiles closing
    the corridor, returning a third tile from a pocket leaves one token for two."""
    state = deal(picture_state(POCKET, water=2), ["circle:a"])
    used = set()
    for cells, at in ((((0, 1), (0, 2), (1, 0), (1, 1)), (1, 3)), (((0, 0), (0, 1), (0, 2), (1, 1)), (1, 8))):
        tile, flipped, rotation = _tile_with(cells)
        put_fire_tile(state, tile, at, flipped, rotation)
        used.add(tile)
        state.phase, state.pending = "play", None
    pocket = next(
        (t.id, o)
        for t in default_catalog().fire_tiles.values()
        if t.id not in used
        for o in tile_orientations(t.cells)
        if max(r for r, _ in o.cells) == 1 and max(c for _, c in o.cells) <= 3
    )
    put_fire_tile(state, pocket[0], (4, 1), pocket[1].flipped, pocket[1].rotation)
    state.phase, state.pending = "play", None
    assert not state.is_terminal()  # two tokens still open both closings
    state.apply(UseWater(pocket[0]))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "cat-cut-off" and "1 water token left" in outcome.message


BLOCKING_CAT = """
ffffffffff
fgrrrgwwwf
fGrPrgwowf
fgrrrgwwwf
ffffffffff
"""


def test_cats_do_not_block_future_cards_except_in_the_digital_variant() -> None:
    """House decision: cats move, so a window under a cat may be legal later and the
    standard and solo games do not let cats block coverage (never an avoidable loss).
    The digital variant's rule counts only placements legal now (cats block)."""
    assert picture_state(BLOCKING_CAT, variant="solo").cut_off() is None
    assert picture_state(BLOCKING_CAT, variant="standard").cut_off() is None
    assert picture_state(BLOCKING_CAT, variant="comp1110").cut_off() is not None


TWINS = """
fffffff
fGgrrrf
fGggorf
fggrrrf
fffffff
"""


def test_two_cats_of_one_colour_need_two_destinations() -> None:
    """MV-3: two green cats need two green destinations; with one, a cat is cut off."""
    state = picture_state(TWINS)
    assert state.cut_off().cat == "green"
    assert "needed by other cats" in state.cut_off().message
    assert picture_state(TWINS.replace("fggrrrf", "fgggrrf")).cut_off() is None


SHARED = """
ffRrfff
fGgwppf
ffggopf
fffpppf
fffffff
"""


def test_a_move_that_takes_the_last_usable_square_of_another_cat_loses() -> None:
    """LC-1 (b) and MV-3 (an arrived cat never leaves): the analysis also runs after
    moves; the green cat taking the only any-colour square strands the red cat, which
    could reach no other."""
    state = deal(picture_state(SHARED), ["circle:a"])
    assert state.cut_off() is None
    state.apply(MoveCat(0, (1, 1), (1, 3), ("circle:a",)))
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "cat-cut-off" and outcome.cat == "red"
