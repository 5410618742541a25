"""Players that are programs: the random bot and the heuristic bot, the fair view they
see a game through (their own hand, the island, deck backs; never hidden order or a
teammate's hand), a cat's ways to the raft, and the card, fire, move and token searches.

Bots sit above the rules (:mod:`engine.play`) and below the simulation
(:mod:`engine.sim`); the import-linter contracts in ``pyproject.toml`` hold them there."""
