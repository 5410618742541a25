"""Playing a game: the rules only.  Bit sets, the island, positions and the game state,
actions, moves, legal actions, reach and cut-off, outcomes, rule-set variants, set-up
and replays.  Uses the model; never imports :mod:`engine.check`, the bots
(:mod:`engine.bots`) or the simulation (:mod:`engine.sim`): those read play from above."""
