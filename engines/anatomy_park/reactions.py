"""Body reaction cards and diseases: drawing, acting out, their effects, and killing diseases."""

from __future__ import annotations

from collections.abc import Callable

from engines.anatomy_park import data
from engines.anatomy_park.common import (
    add_vp,
    entrance_space,
    has_ability,
    in_park,
    seat_order_from,
)
from engines.anatomy_park.deck import end_game, take_tiles
from engines.anatomy_park.state import APState, Disease, Ongoing, Task
from engines.anatomy_park.texts import text
from engines.core import Event
from i18n.say import say, say_n


def draw_reaction(s: APState, player: str, ev: list[Event]) -> None:
    """The drawer sees the card alone; a disease is revealed at once and needs no acting."""
    if not s.reactions:
        s.reactions = s.reaction_discard
        s.reaction_discard = []
        s.rng.shuffle(s.reactions)
    if not s.reactions:
        return
    card = data.reactions()[s.reactions.pop()]
    if card.kind == "disease":
        where = s.pos.get(player) or entrance_space(s)
        if where not in s.park:
            where = entrance_space(s)
        s.diseases.append(Disease(effect=card.effect, pos=where))
        s.last_reaction = card.id
        ev.append(
            Event(
                text=say(
                    "{player} draws a disease: {disease} appears on their tile! {text}",
                    player=player,
                    disease=card.name,
                    text=text(card.text),
                ),
                kind="reaction",
            )
        )
        disease_arrives(s, player, card, ev)
        return
    ev.append(
        Event(
            text=say("{player} draws a body reaction card and must act it out!", player=player),
            kind="reaction",
        )
    )
    ev.append(
        Event(
            text=say(
                "Your card: **{card}**. {text} Act it out in the channel (no naming it!), "
                "then press 'I acted it out' - or take -1 VP.",
                card=card.name,
                text=text(card.text),
            ),
            kind="private",
            private_to=player,
        )
    )
    s.tasks.insert(0, Task(kind="act_out", player=player, data={"card": card.id}))


def disease_arrives(s: APState, player: str, card: data.Reaction, ev: list[Event]) -> None:
    if card.effect == "hep_c":
        s.tasks.insert(0, Task(kind="hepc_kill", player=player))
    elif card.effect == "gonorrhea":
        order = seat_order_from(s, player)
        if len(order) >= 2:
            s.tasks.insert(
                0, Task(kind="gonorrhea", player=player, data={"order": order, "chosen": {}})
            )
    elif card.effect in ("hep_a", "plague"):
        n, why = (1, "Hepatitis A") if card.effect == "hep_a" else (2, "Bubonic Plague")
        s.tasks.insert(0, Task(kind="discard", player=player, data={"count": n, "reason": why}))


def resolve_card(s: APState, player: str, card_id: str, ev: list[Event]) -> None:
    """What a revealed (acted-out) card does."""
    card = data.reactions()[card_id]
    s.last_reaction = card.id
    ev.append(
        Event(
            text=say("It was **{card}**: {text}", card=card.name, text=text(card.text)),
            kind="reaction",
        )
    )
    if card.kind == "heart":
        s.heart_attacks += 1
        if s.heart_attacks == 1:
            s.final_turns = {p: 2 for p in in_park(s)}
            ev.append(
                Event(
                    text=say(
                        "Ruben has a heart attack! Everyone in the park has 2 more turns to "
                        "finish and get out."
                    ),
                    kind="alert",
                )
            )
        else:
            end_game(s, "the second heart attack killed Ruben", False, ev)
        return
    if card.ongoing:  # face up beside the body while in effect, out of the discard pile
        s.ongoing.append(Ongoing(card=card.id, owner=player, since_turn=s.turn_no))
        return
    s.reaction_discard.append(card.id)
    e = card.effect
    if e == "migraine":
        s.extra_turn = True
    elif e in ("liquid_stool", "acute_diarrhea"):
        s.tasks.insert(0, Task(kind="tile_shift", player=player, data={"effect": e}))
    elif e == "flatulence":
        s.tasks.insert(
            0,
            Task(
                kind="each_move",
                player=player,
                data={"effect": e, "order": seat_order_from(s, player)},
            ),
        )
    elif e == "sneezing":
        if player in s.pos:
            s.tasks.insert(
                0, Task(kind="each_move", player=player, data={"effect": e, "order": [player]})
            )
    elif e == "burp":
        take_tiles(s, player, 1, ev)
        ev.append(Event(text=say("{player} takes 1 tile from the stack.", player=player)))
    else:
        raise ValueError(f"unknown body reaction effect {e}")


def end_reactions(s: APState, ended: Callable[[Ongoing], bool]) -> None:
    """Lasting reactions whose effect is over leave the body's side for the discard pile, from
    which the deck may be made again (never while a card is still in effect)."""
    over = [o for o in s.ongoing if ended(o)]
    s.ongoing = [o for o in s.ongoing if not ended(o)]
    s.reaction_discard.extend(o.card for o in over)


def kill_disease(
    s: APState, player: str, effect: str, ev: list[Event], *, by_hepatitis: bool = False
) -> None:
    """The disease leaves the game; the killer gains its reward (Poncho gains 2 VP more)."""
    d = next(d for d in s.diseases if d.effect == effect)
    s.diseases.remove(d)
    s.dead_diseases.append(effect)
    card = data.disease_card(effect)
    vp = card.reward_vp + (2 if has_ability(s, player, "kill_bonus") else 0)
    add_vp(s, player, vp)
    if by_hepatitis:
        killed = say(
            "{player} kills {disease} with Hepatitis C: +{vp} VP.",
            player=player,
            disease=card.name,
            vp=vp,
        )
    else:
        killed = say(
            "{player} kills {disease} with a shot: +{vp} VP.",
            player=player,
            disease=card.name,
            vp=vp,
        )
    ev.append(Event(text=killed, kind="kill"))
    if card.reward_tiles:
        got = take_tiles(s, player, card.reward_tiles, ev)
        ev.append(
            Event(
                text=say_n(
                    "{player} takes {n} tile(s) as a reward.",
                    "{player} takes {n} tile(s) as a reward.",
                    len(got),
                    player=player,
                )
            )
        )


def roll(s: APState, n: int) -> list[int]:
    r = s.rng.next()
    return [r.randint(1, 6) for _ in range(n)]
