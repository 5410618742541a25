"""Simulation: Monte-Carlo runs of a bot over many seeded games, on processes or a Dask
cluster, the difficulty estimate built from them, and traced playouts (what a game did
on the island, for heat maps and lost-game reports).

Above the bots (:mod:`engine.bots`) and the rules (:mod:`engine.play`); the rules never
import it."""
