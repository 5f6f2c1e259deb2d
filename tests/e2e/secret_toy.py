"""A test-only variant of the toy game whose move labels name a secret, so the scenarios see a
game with private move labels (``public_action_labels = False``) end to end: the bot must keep
the labels off public messages and offer each player their moves privately.

Importing this module registers it (here and, via ``launch_bot --preload``, in the bot).
"""

from __future__ import annotations

import sys

import engines
import rendering
from engines.core import Action, handler_of
from tests.engines import toy

WORDS = ["amber", "cobalt", "saffron", "viridian", "umber", "teal", "ochre", "indigo", "sienna"]


class SecretToyView(toy.ToyView):
    my_word: str | None = None


class SecretToyEngine(toy.ToyEngine):
    name = "toy_secret"
    title = "Race to 21, secret words (test game)"
    public_action_labels = False
    guide = "Take 1-3 counters on your turn; whoever takes the last counter wins. Shh."

    @staticmethod
    def word(state: toy.ToyState, player: str) -> str:
        return f"{WORDS[state.secrets[player] - 1]}-{player.lower()}"

    def legal_actions(self, state, player):
        return [
            Action(
                id=a.id,
                label=f"{a.label} ({self.word(state, player)})",
                role=a.role,
                kind=a.kind,
                do=handler_of(a),
            )
            for a in super().legal_actions(state, player)
        ]

    def view(self, state, viewer):
        base = super().view(state, viewer)
        word = self.word(state, viewer) if viewer in state.secrets else None
        return SecretToyView(**base.model_dump(), my_word=word)


ENGINE = SecretToyEngine()
engines.register(ENGINE)
rendering.register(ENGINE.name, sys.modules[toy.__name__])
