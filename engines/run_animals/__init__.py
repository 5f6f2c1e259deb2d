"""Run Animals, Run! (Mizo Games, 2017), 2-4 players. ``engine.py`` defines ``ENGINE``.

The rulebook is ``shared/rules/run-animals-run.txt``. Where it is open, our rulings (the
sentence, our reading, why) are in ``engines/run_animals/rulings.md``. A choice with one option
(the meeple, a single face-up goal, a forced removal with one tile to choose from) resolves by
itself; a card step with nothing possible is passed over.
"""
