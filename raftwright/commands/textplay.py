"""``raftwright play FILE --text``: a game in the terminal, one action per line on stdin.

The same engine as the playtest window, without Qt: the island is printed at the start,
then before every action the round, the phase, the hands and the number of legal
actions.  A line is an action in the replay notation (``draw 0 circle``), the number of
a legal action as ``list`` shows them, ``list`` (the legal actions), ``show`` (the
island) or ``quit``.  Input can be scripted (``< moves.txt``); an illegal action is
refused with the engine's reason and the game goes on.  ``--save-replay FILE`` writes
the game as a replay the playtest window can step through.  ``FILE`` may be a replay
(``*.replay.json``, a winning line from ``difficulty --lines`` for one): its recorded
actions are played first, checked, and the game goes on from where it stopped.

Exit status: 0 the game ended (won or lost) or input ended; 1 some line was refused;
2 the file cannot be read or the scenario cannot be played with these options.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from raftwright.common import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, catalog_for, display, say

if TYPE_CHECKING:
    from engine.model.catalog import Catalog
    from engine.play.state import GameState

SHOWN_ACTIONS = 12  # legal actions listed before "…and N more"


def _status(state: GameState) -> str:
    hands = "; ".join(f"player {n + 1}: {', '.join(hand) or 'no cards'}" for n, hand in enumerate(state.hands))
    return f"round {state.round}, {state.phase} phase; {hands}; {len(state.legal_actions())} legal action(s)"


def _listing(state: GameState, limit: int | None) -> list[str]:
    actions = state.legal_actions()
    count = len(actions) if limit is None else min(limit, len(actions))
    lines = [f"  {n + 1:>3}  {actions[n]}" for n in range(count)]
    if count < len(actions):
        lines.append(f"  …and {len(actions) - count} more ('list' shows them all)")
    return lines


def play_text(state: GameState, catalog: Catalog, lines: TextIO, out: TextIO) -> int:
    """Play ``state`` with the lines of ``lines``; returns how many lines were refused."""
    from engine.model.island_text import island_text
    from engine.model.wording import plain_text
    from engine.play.actions import ActionParseError, parse_action
    from engine.play.outcome import IllegalAction

    refused = 0
    print(island_text(state.island.scenario, catalog, legend=True), file=out, end="")
    print(_status(state), file=out)
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line == "quit":
            break
        if line == "list":
            print("\n".join(_listing(state, None)), file=out)
            continue
        if line == "show":
            print(island_text(state.island.scenario, catalog, legend=False), file=out, end="")
            continue
        try:
            if line.isdigit():
                legal = state.legal_actions()
                if not 1 <= int(line) <= len(legal):
                    raise ActionParseError(
                        f"there are {len(legal)} legal actions; give a number from 1 to {len(legal)}"
                    )
                action = legal[int(line) - 1]
            else:
                action = parse_action(line)
            state.apply(action)
        except (ActionParseError, IllegalAction) as exc:
            refused += 1
            print(f"refused: {line}: {plain_text(getattr(exc, 'message', None) or str(exc))}", file=out)
            continue
        print(f"> {action}", file=out)
        if state.is_terminal():
            break
        print(_status(state), file=out)
    outcome = state.outcome()
    if outcome is not None:
        verdict = f"won, score {outcome.score}" if outcome.won else f"lost ({outcome.reason})"
        print(
            f"game over in round {state.round}: {verdict}{': ' + plain_text(outcome.message) if outcome.message else ''}",
            file=out,
        )
    else:
        print(f"stopped after {len(state.history)} action(s), the game not finished", file=out)
    return refused


def run_text(args: argparse.Namespace, path: Path) -> int:
    from engine.check.open_files import open_scenario
    from engine.check.validate_files import open_replay
    from engine.model.files import WriteError, atomic_write
    from engine.model.formats import FormatError, canonical_json, read_json
    from engine.model.wording import plain_text
    from engine.play.game import REPLAY_FORMAT, Replay, new_game, replay
    from engine.play.replay_versions import CHANGED_REPLAY, outcome_mismatch

    try:
        data = read_json(path)
        catalog = catalog_for(path)
        if isinstance(data, dict) and data.get("format") == REPLAY_FORMAT:  # its game so far, then stdin
            record = open_replay(path, data)
            scenario, players, variant = record.scenario, record.players, record.variant
            state = replay(record, catalog=catalog)
            mismatch = outcome_mismatch(record.recorded, state)
            if mismatch is not None:
                raise ValueError(f"the replay {mismatch}: {CHANGED_REPLAY}")
            say(f"{display(path)}: replayed {len(record.actions)} recorded action(s); play on from here")
        else:
            scenario = open_scenario(path, data)
            players = args.players or min(scenario.rules.players)
            variant = args.variant or ("solo" if players == 1 else "standard")
            state = new_game(scenario, seed=args.seed if args.seed is not None else 0, players=players,
                             variant=variant, catalog=catalog)  # fmt: skip
    except FormatError as exc:
        say(str(exc))
        return EXIT_UNREADABLE
    except ValueError as exc:  # the engine refuses, naming the rule (an illegal recorded action included)
        say(
            f"{display(path)}: cannot be played: {plain_text(getattr(exc, 'why', None) or getattr(exc, 'message', None) or str(exc))}"
        )
        return EXIT_UNREADABLE
    print(f"{scenario.name}: {variant}, {players} player(s), seed {state.seed}", file=sys.stdout)
    refused = play_text(state, catalog, sys.stdin, sys.stdout)
    if args.save_replay:
        target = Path(args.save_replay)
        try:
            atomic_write(target, canonical_json(Replay.of(state).to_dict(state.outcome())).encode("utf-8"))
        except (WriteError, OSError) as exc:
            say(f"cannot write {display(target)} ({exc}); choose another --save-replay")
            return EXIT_UNREADABLE
        say(f"wrote {display(target)}")
    return EXIT_ERRORS if refused else EXIT_OK
