"""What the move components looked like at every position of the golden games: which button is
blue (the main action), which are red (they ask "are you sure?"), which menu options carry the
confirmation note, and the menus' headings. Recorded once from the bot that guessed roles and
kinds from label words, so the bot that reads them from the engines' declarations can be held
to the same faces (``test_button_roles.py``).

Re-record (only when a change to the buttons is meant, or a golden game was re-recorded):

    .venv/bin/python -m tests.discord.button_roles
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import discord

import engines
from bot.discord_app.components import (
    ActionSelect,
    MovesButton,
    action_layout,
)
from bot.table import offers
from tests.golden.recording import HERE as GOLDEN

RECORD = Path(__file__).parent / "button_roles.json"


def face(layout_view: discord.ui.View | None) -> str:
    """A layout in a few characters: a grey button is ``s``, a blue or red one its style's
    initial and its label, a menu its heading and the options under the confirmation note,
    the "Choose your move" button ``m`` and its style's initial."""
    if layout_view is None:
        return ""
    parts = []
    for child in layout_view.children:
        if isinstance(child, MovesButton):
            parts.append(f"m{child.item.style.name[0]}")
        elif isinstance(child, ActionSelect):
            noted = [o.label for o in child.item.options if o.description]
            parts.append(f"[{child.item.placeholder}{''.join('!' + n for n in noted)}]")
        else:
            item = child.item
            style = item.style.name[0]
            parts.append(style if style == "s" else f"{style}:{item.label}")
        # every other child is a button of one move (an ActionButton or an AmountButton)
    return "|".join(parts)


def faces(recorded: dict) -> Iterator[str]:
    """Each position's public turn message and each awaited player's private panel, replayed
    from a golden game's actions."""
    engine = engines.get_engine(recorded["game"])
    state = engine.setup(recorded["players"], seed=recorded["seed"], options=recorded["options"])
    moves = recorded["actions"]
    for step in range(len(moves) + 1):
        awaited = {
            p: [*engine.legal_actions(state, p), *engine.amount_moves(state, p)]
            for p in engine.to_act(state)
        }
        public = offers.board_moves(awaited, engine.public_action_labels)
        private = offers.has_private_moves(awaited, engine.public_action_labels)
        board = action_layout(1, step, public, private=private).view
        panels = [
            face(action_layout(1, step, offers.panel_moves(m), own=True).view)
            for m in awaited.values()
        ]
        yield " / ".join([face(board), *panels])
        if step < len(moves):
            state, _ = engine.apply(state, *moves[step])


def golden_games() -> list[Path]:
    return sorted(GOLDEN.glob("*.json"))


def record() -> dict[str, list[str]]:
    return {p.name: list(faces(json.loads(p.read_text()))) for p in golden_games()}


def main() -> None:
    RECORD.write_text(json.dumps(record(), indent=0) + "\n")
    print(f"wrote {RECORD}")


if __name__ == "__main__":
    main()
