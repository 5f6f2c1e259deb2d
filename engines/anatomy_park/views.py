"""What a player (or a spectator) may see. Hands and master plans appear only in their owner's
view; a body reaction card being acted out only in its drawer's."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, SkipValidation

from engines.anatomy_park import data
from engines.anatomy_park.flow import awaited, describe_wait
from engines.anatomy_park.grid import xy
from engines.anatomy_park.scoring import markers_in_park
from engines.anatomy_park.state import APState
from engines.anatomy_park.texts import text
from engines.anatomy_park.words import end_reason
from engines.last_turn import LastTurn
from i18n.say import say

#: words a front end shows, kept as they were made (a message is worded for its reader; a
#: validated ``str`` would keep only its English)
Words = Annotated[str, SkipValidation]

#: each character's ability in a few words, for the board's player panel (the hand and the
#: guide have the whole text)
ABILITY_SHORT = {
    "reroll": say("may reroll a miss"),
    "take_three": say("takes 3 tiles"),
    "step_after_place": say("steps after placing"),
    "fewer_discards": say("1 less disease discard"),
    "kill_bonus": say("+2 VP per kill"),
    "far_tile_move": say("moves tiles 2 spaces"),
}


class TileView(BaseModel):
    id: str
    name: str
    type: str
    colour: str
    vp: int
    text: Words
    marker: bool = False
    code: str = ""  # the short code the board shows on small tiles ("Hau")


class CellView(BaseModel):
    x: int
    y: int
    closed: bool
    tile: TileView | None  # None for a closed tile (face down)
    controller: str | None
    controller_seat: int | None


class PlayerView(BaseModel):
    name: str
    seat: int
    character: str
    movement: int
    combat: int
    range: int
    vp: int
    in_park: bool
    left: bool
    removed: bool
    x: int | None
    y: int | None
    hand_count: int
    markers_left: int
    markers_in_park: int
    final_turns_left: int | None
    score: int | None = None
    ability: Words = ""  # the character's ability in a few words
    # revealed when the game is over: the score's parts and the master plan
    breakdown: dict[str, int] | None = None
    plan_name: str | None = None
    plan_patterns: int | None = None


class DiseaseView(BaseModel):
    name: str
    effect: str
    text: Words
    reward_vp: int
    ongoing: bool  # E. coli and Tuberculosis: the two on red stands
    x: int
    y: int


class PlanView(BaseModel):
    name: str
    centre: str
    ring: str
    text: Words
    patterns_now: int


class APView(BaseModel):
    mode: str
    viewer: str | None
    players: list[PlayerView]
    cells: list[CellView]
    diseases: list[DiseaseView]
    current: str | None
    phase: str
    waiting_for: list[str]
    prompt: Words
    stack_count: int
    discard_count: int
    reshuffled: bool
    reactions_left: int
    heart_attacks: int
    ongoing: list[str]
    last_reaction: str | None
    over: bool
    end_reason: Words
    winners: list[str]
    hand: list[TileView] | None = None
    plan: PlanView | None = None
    card_to_act: Words | None = None
    last_turn: LastTurn | None = None
    character_text: Words | None = None  # the viewer's character and its whole ability


def tile_view(tile_id: str) -> TileView:
    t = data.tile(tile_id)
    return TileView(
        id=t.id,
        name=t.name,
        type=t.type,
        colour=t.colour,
        vp=t.vp,
        text=text(t.text),
        marker=t.marker,
        code=data.short_codes().get(t.id, ""),
    )


def view(s: APState, viewer: str | None) -> APView:
    from engines.anatomy_park.scoring import breakdown, plan_patterns

    chars = data.characters()
    players = []
    for i, p in enumerate(s.players):
        c = chars[s.characters[p]]
        pos = xy(s.pos[p]) if p in s.pos else (None, None)
        players.append(
            PlayerView(
                name=p,
                seat=i,
                character=c.name,
                movement=c.movement,
                combat=c.combat,
                range=c.range,
                vp=s.vp[p],
                in_park=p in s.pos,
                left=p in s.left,
                removed=p in s.removed,
                x=pos[0],
                y=pos[1],
                hand_count=len(s.hands[p]),
                markers_left=s.markers_left[p],
                markers_in_park=markers_in_park(s, p),
                final_turns_left=None if s.final_turns is None else s.final_turns.get(p, 0),
                score=s.final_scores.get(p) if s.over else None,
                ability=ABILITY_SHORT.get(c.ability, ""),
            )
        )
        if s.over and p not in s.removed:  # the end reveals the score's parts and the plans
            players[-1].breakdown = breakdown(s, p)
            if p in s.plans:
                players[-1].plan_name = data.plans()[s.plans[p]].name
                players[-1].plan_patterns = plan_patterns(s, s.plans[p])
    seats = {p: i for i, p in enumerate(s.players)}
    cells = []
    for sp, cell in s.park.items():
        x, y = xy(sp)
        cells.append(
            CellView(
                x=x,
                y=y,
                closed=cell.closed,
                tile=None if cell.closed else tile_view(cell.tile),
                controller=cell.marker,
                controller_seat=seats.get(cell.marker) if cell.marker else None,
            )
        )
    diseases = []
    for d in s.diseases:
        card = data.disease_card(d.effect)
        x, y = xy(d.pos)
        diseases.append(
            DiseaseView(
                name=card.name,
                effect=d.effect,
                text=text(card.text),
                reward_vp=card.reward_vp,
                ongoing=card.ongoing,
                x=x,
                y=y,
            )
        )
    reactions = data.reactions()
    view = APView(
        mode=s.mode,
        viewer=viewer,
        players=players,
        cells=cells,
        diseases=diseases,
        current=None if s.over else s.current,
        phase="over" if s.over else s.phase,
        waiting_for=awaited(s),
        prompt=describe_wait(s),
        stack_count=len(s.stack),
        discard_count=len(s.discard),
        reshuffled=s.reshuffled,
        reactions_left=len(s.reactions),
        heart_attacks=s.heart_attacks,
        ongoing=[f"{reactions[o.card].name} ({o.owner})" for o in s.ongoing],
        last_reaction=reactions[s.last_reaction].name if s.last_reaction else None,
        over=s.over,
        end_reason=end_reason(s.end_reason),
        winners=s.winners,
        last_turn=s.last_turn,
    )
    if viewer in s.players:
        view.hand = [tile_view(t) for t in s.hands[viewer]]
        if viewer in s.plans:
            plan = data.plans()[s.plans[viewer]]
            view.plan = PlanView(
                name=plan.name,
                centre=plan.centre,
                ring=plan.ring,
                text=text(plan.text),
                patterns_now=plan_patterns(s, plan.id),
            )
        mine = chars[s.characters[viewer]]
        view.character_text = say(
            "{character}: {ability}", character=mine.name, ability=text(mine.ability_text)
        )
        if s.tasks and s.tasks[0].kind == "act_out" and s.tasks[0].player == viewer:
            card = reactions[s.tasks[0].data["card"]]
            view.card_to_act = say("{card}: {text}", card=card.name, text=text(card.text))
    return view
