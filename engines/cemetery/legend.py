"""The legend of the Cemetery Creatures board for ``/game rules``: a real position, explained.

Two players, seed 17, 133 moves of the engine's own stand-in: Ada is in her Mark phase; Bruno's
last turn stitched and stole Parts, grew his Pet Cemetery face down, bound a Part face down onto
a Cemetery stack and scored; a dual Part carries a Revenge mark and a flipped Part has no type.
The board is drawn by the game's own ``draw_board``; the callouts point at the renderer's own
coordinates and the key's symbols are drawn by the renderer's own functions.
"""

from __future__ import annotations

import random

from engines.cemetery import render as cc
from engines.cemetery import render_pieces as cp
from engines.cemetery.engine import ENGINE
from engines.cemetery.views import CardView, CemeteryView, StackView
from i18n.speaking import tr
from rendering import family
from rendering.kit import Draw
from rendering.legend import Callout, Legend, Symbol

PLAYERS = ["Ada", "Bruno"]
SEED = 17
MOVES = 133

Box = tuple[int, int, int, int]


def sample_view() -> CemeteryView:
    """The legend's position: a game the engine plays against itself from a fixed seed."""
    state = ENGINE.self_play(ENGINE.setup(PLAYERS, seed=SEED), random.Random(SEED), MOVES)
    return ENGINE.view(state, None)


def _card(types: list[str], kind: str = "arm", *, flipped: bool = False) -> CardView:
    return CardView(id="sample", types=types, kind=kind, dual=len(types) == 2, flipped=flipped)


def _inset(box: Box, k: int = 4) -> Box:
    return (box[0] + k, box[1] + k, box[2] - k, box[3] - k)


def _card_symbol(card: CardView, words: str) -> Symbol:
    def draw(d: Draw, box: Box) -> None:
        cp.card_face(d, _inset(box), card, kind=False)

    return Symbol(draw, words)


def _centre(box: Box) -> tuple[int, int]:
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


def _symbols() -> list[Symbol]:
    r = cp.TEXT // 2 + 2

    def core(d: Draw, box: Box) -> None:
        cp.core_face(d, _inset(box), "plant")

    def unspent(d: Draw, box: Box) -> None:
        cp.token_disc(d, _centre(box), r, spent=False)

    def spent(d: Draw, box: Box) -> None:
        cp.token_disc(d, _centre(box), r, spent=True)

    def stable(d: Draw, box: Box) -> None:
        cp.state_chip(d, box[0], _centre(box)[1] - cp.TEXT // 2 - 3, "flesh", 1, True)

    def unstable(d: Draw, box: Box) -> None:
        cp.state_chip(d, box[0], _centre(box)[1] - cp.TEXT // 2 - 3, "flesh", 1, False)

    def active(d: Draw, box: Box) -> None:
        cp.parts_badge(d, box[2], _centre(box)[1] - cp.TEXT // 2 - 3, 5, True)

    def inactive(d: Draw, box: Box) -> None:
        cp.parts_badge(d, box[2], _centre(box)[1] - cp.TEXT // 2 - 3, 2, False)

    def stack(d: Draw, box: Box) -> None:
        cards = [_card(["beast"], "leg"), _card(["plant"]), CardView(hidden=True, face_up=False)]
        cp.stack_face(d, (box[0] + 4, box[1], box[2] - 4, box[3]), StackView(cards=cards))

    def marked(d: Draw, box: Box) -> None:
        card = _card(["flesh", "monster"])
        cp.card_face(d, _inset(box), card, kind=False)
        cp.mark_token(d, _inset(box), card, "monster")

    def changed(d: Draw, box: Box) -> None:
        cp.card_face(d, _inset(box, 9), _card(["monster"]), kind=False)
        family.mark_changed(d, _inset(box, 3))

    return [
        _card_symbol(_card(["flesh"]), tr("Flesh card: letter F (Revenge)")),
        _card_symbol(_card(["beast"]), tr("Beast card: letter B (Revenge)")),
        _card_symbol(_card(["plant"]), tr("Plant card: letter P (Science)")),
        _card_symbol(_card(["monster"]), tr("Monster card: letter M (Science)")),
        _card_symbol(
            _card(["flesh", "beast"]), tr("Dual Part: counts as both types, never scores")
        ),
        Symbol(marked, tr("A Revenge token marks a dual Part as one type for this turn")),
        _card_symbol(_card([], flipped=True), tr("Flipped Part (Clumsy): ? and a hatch, no type")),
        _card_symbol(
            CardView(hidden=True, face_up=False), tr("Face-down card: a back with a cross")
        ),
        Symbol(core, tr("Core: its type's letter, ringed in its colour")),
        Symbol(stack, tr("Cemetery stack: ×3 cards, the top one at the bottom right")),
        Symbol(unspent, tr("Unspent token: a solid green disc")),
        Symbol(spent, tr("Spent token: a red ring (still counts at the end)")),
        Symbol(stable, tr("Stable type, one pair: a solid chip")),
        Symbol(unstable, tr("Unstable type: an outlined chip with !")),
        Symbol(active, tr("Active creature (4+ Parts): a solid badge")),
        Symbol(inactive, tr("Inactive creature: an outlined badge")),
        Symbol(changed, tr("Changed by the last turn: outline and star")),
    ]


def legend() -> Legend:
    view = sample_view()
    board = cc.draw_board(view)
    tier, _ = cc._layout(view)
    header = family.header_height(cp.WIDTH)
    strip = family.turn_strip_height(cp.WIDTH)
    top = header + strip
    tokens_y = top + cc.HEAD_H + cc.LINE_H // 2
    pet_y = top + cc.HEAD_H + cc.LINE_H + cc.PET_H // 2
    origin = cc.creature_origin(view, tier, 0, 0)
    core = cc.cell_box(view, 0, 0, "C")
    slot = cc._slot_w(tier)
    chips_y = cc.cell_box(view, 0, 0, "S")[3] + cp.TEXT // 2 + 8
    yard = cc.yard_y(view)
    stacked = next(i for i, s in enumerate(view.cemetery) if len(s.cards) > 1)
    stack = cc.stack_box(yard, stacked)
    last_y = board.height - cc.last_line_h(view) // 2
    callouts = [
        Callout(
            (cp.WIDTH - 40, header + strip // 2),
            tr(
                "Whose turn it is and whom the game waits for (a Maim waits on the other player); "
                "the phase below."
            ),
        ),
        Callout(
            (cp.HALF + 170, top + 4 + cp.SIZES.name // 2 + 6),
            tr("A player: token, name, total tokens; hand count, Pet Cemetery size, 1st or 2nd."),
        ),
        Callout(
            (cp.HALF - 30, tokens_y),
            tr("Revenge and Science tokens, unspent and spent: the total's breakdown."),
        ),
        Callout(
            (cp.WIDTH - 30, pet_y),
            tr("Pet Cemetery, bottom to top: only the top card can be stitched."),
        ),
        Callout(
            (core[2], core[3]),
            tr(
                "A creature: its Core in the middle, up to 8 Parts around it (head on top, arms at "
                "the sides, tail below, wings and legs in the corners)."
            ),
        ),
        Callout(
            (origin[0] + slot - 70, origin[1] + cp.TEXT // 2 + 3),
            tr("Its Parts out of 8: active with 4 or more."),
        ),
        Callout(
            (origin[0] + 110, chips_y),
            tr("Its types for Behaviors: pairs, stable or unstable (!)."),
        ),
        Callout(
            (stack[0], stack[1]),
            tr("A Cemetery stack, drafted whole (one pick per card)."),
        ),
        Callout(
            (cp.WIDTH // 2 + 10, yard + cc.YARD_TOP // 2),
            tr(
                "The draw piles, and the token supply: when one runs out, the second player "
                "plays the last turn."
            ),
        ),
        Callout(
            (cp.WIDTH - 24, last_y),
            tr("The last turn in words; what it changed carries the star outline."),
        ),
    ]
    return Legend(tr("Cemetery Creatures: how to read the board"), board, callouts, _symbols())
