"""Plain reference implementations: each fast path of the rules and the heuristic bot
written the slow, obvious way, for the tests that check the fast one equals it.

- :mod:`.flood` ``plain_flood``: ``BitGrid.flood`` (one orthogonal step a round)
- :mod:`.fire_anchors` ``plain_fire_anchor_sets``: ``legal.fire_anchor_sets``
- :mod:`.reach` ``plain_move_targets``: ``reach.move_targets``
- :mod:`.fair_view` ``plain_fair_view``: ``bots.view.fair_view``
- :mod:`.cards` ``plain_end_masks``: ``heuristic_cards.end_masks``
- :mod:`.fire` ``plain_scores``, ``plain_choose_fire``: ``heuristic_fire``'s scoring and choice
- :mod:`.moves` ``plain_walk_ahead``, ``plain_choose_move``: ``heuristic_move``
- :mod:`.water` ``plain_water``, ``plain_most_saved``: the water step and ``Routes.most_saved``
- :mod:`.ways` ``plain_way``: a coloured cat's way (``Routes.route(cat).way``)

They are slow on purpose; never call them from the engine.
"""
