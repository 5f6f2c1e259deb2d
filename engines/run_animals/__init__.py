"""Run Animals, Run! (Mizo Games, 2017), 2-4 players. ``engine.py`` defines ``ENGINE``.

The rulebook is ``shared/rules/run-animals-run.txt``. Where it is open, this engine decides
(beyond the decisions in ``shared/games/run-animals-run.md``):

- The first round has no roll: the map starts full, and the rulebook has the roll follow the
  passing of the starting player marker. Rolls are made for the new starting player automatically.
- Acquire takes the left-most cube of the chosen colour on the tile (cubes of a colour are alike;
  only the slot left empty differs, which matters for the next production).
- A Steal card leaves the game only when a cube is actually stolen; a skipped Steal is discarded.
- Removing a meeple to recycle is offered only with a non-empty discard pile, before the card.
- The meeple choice, a single face-up goal and a forced removal with one tile to choose from
  resolve by themselves; a card step with nothing possible is passed over.
- With no face-up goal left, a player who completes a goal has no ongoing goal afterwards.
- Who wins: see ``docs/rulings/run_animals.md``.
- A player who leaves the game (concede, kick) makes their species extinct: the game ends.
"""
