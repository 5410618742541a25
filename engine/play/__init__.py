"""Playing a game: bit sets, the island, positions and the game state, actions, moves,
legal actions, reach and cut-off, outcomes, rule-set variants, set-up and replays,
bots and Monte-Carlo runs.  Uses the model; never imports :mod:`engine.check`."""
