"""The digital solo variant of the ANU COMP1110 course (``seeds/solo-digital-variant.txt``,
RULINGS SO-3): not the official solo game.

* The player draws 6 cards into hand at once; there is no face-down reserve.
* Discarded cards leave the game: no disaster pile, so no disasters.
* The game is lost when the decks cannot supply the 6-card draw ("unable to draw a
  card because all decks are empty": with fewer than 6 left the draw must fail).
* No water tokens (the variant has none).
* Raft squares are ordinary squares of their colour (``w``: of every colour): a cat
  crosses those its colour may use (``raft_entry="crossable"``, "Move a Cat" sets no
  raft exception; COMP1110-NOTATION §10.3, §11).
* Cut-off is exactly the variant's definition: no orthogonal path links the cat to a
  usable raft square through its own terrain or squares some 3x3 card placement that
  is legal *now* could cover; cats on the way block such windows.
"""

from __future__ import annotations

from .base import CROSSABLE, OUT, RuleSet

COMP1110 = RuleSet(
    name="comp1110",
    description="COMP1110 digital solo variant: draw 6, discards leave the game, no disaster pile",
    players=(1,),
    hand_size=6,
    reserve_size=0,
    discard_destination=OUT,
    disaster_threshold=None,
    cutoff_cats_block_windows=True,
    uses_water=False,
    raft_entry=CROSSABLE,
)
