"""A turn, step by step: every decision is a phase whose legal actions are the choices.

place   -> setup: put one meeple on any tile, players in turn from the starting player
turn    -> play an action card, or first remove a meeple to recycle the discard pile
meeple  -> choose the meeple the card acts with
step    -> the card's actions in order ("then": each may be skipped; "or": one of them)
expel   -> where each expelled animal goes
goal    -> after completing a goal, which face-up goal to take
forced  -> no card left and no goal completed: which meeple must go to the graveyard

Phases with a single possible choice resolve by themselves (:func:`settle`).
"""

from __future__ import annotations

from functools import partial

from engines.core import Event, Label
from engines.run_animals.actions import (
    DESTRUCTIVE,
    KIND_TAKE,
    NORMAL,
    Effect,
    Option,
    options_for,
    species_short,
)
from engines.run_animals.board import neighbours
from engines.run_animals.data import COLOURS, ActionSpec, GameData
from engines.run_animals.graveyard import bury, end_game, game_ends
from engines.run_animals.production import production_round
from engines.run_animals.scoring import goal_points
from engines.run_animals.state import FRONT, Pending, RAState
from engines.run_animals.words import cubes_of, direction_word, listed
from i18n.say import Say, say, say_n

# the menus the moves group under
# Translators: a menu of moves: where an animal goes (expelled, or to the graveyard)
KIND_SEND = say("Send")
# Translators: a menu of moves: put an animal on the map at the start
KIND_PLACE = say("Place")
# Translators: a menu of moves: play an action card
KIND_PLAY = say("Play")
# Translators: a menu of moves: give up an animal to take the discards back
KIND_REMOVE = say("Remove")
# Translators: a menu of moves: which of your animals the card acts with
KIND_USE = say("Use")
# Translators: a menu of moves: skip a card's action ("Skip") or both ("Do": do neither)
KIND_SKIP = say("Skip")
KIND_DO = say("Do")
DO_NEITHER = say("Do neither action")


def awaited(state: RAState) -> list[str]:
    """One player acts at a time; nobody once the game is over."""
    return [] if state.over else [state.current]


def options(state: RAState, data: GameData) -> list[Option]:
    """Every choice open to the player to act (``state.current``)."""
    return {
        "place": _place_options,
        "turn": _turn_options,
        "meeple": _meeple_options,
        "step": _step_options,
        "expel": _expel_options,
        "goal": _goal_options,
        "forced": _forced_options,
        "over": _no_options,
    }[state.phase](state, data)


def _no_options(state: RAState, data: GameData) -> list[Option]:
    return []


# -- setup placement ----------------------------------------------------------------------------
def _place_options(state: RAState, data: GameData) -> list[Option]:
    player = state.current
    out: list[Option] = []
    for tile in range(1, 17):

        def effect(s: RAState, tile: int = tile) -> list[Event]:
            meeple = next(m for m in s.meeples if m.owner == player and m.tile == FRONT)
            meeple.tile = tile
            s.mark(f"place:{tile}")
            who = species_short(s, data, player)
            # Translators: {who} is a kind of animal ("Black Bear")
            text = say(
                "{player} places a {who} on tile {tile}.", player=player, who=who, tile=str(tile)
            )
            return [Event(text=text), *_next_placer(s)]

        label = partial(_place_label, tile)
        out.append((f"place:{tile}", label, effect, NORMAL, KIND_PLACE))
    return out


def _next_placer(state: RAState) -> list[Event]:
    state.close_turn(state.current)
    n = len(state.players)
    for k in range(1, n + 1):
        seat = (state.placer + k) % n
        if any(m.owner == state.players[seat] and m.tile == FRONT for m in state.meeples):
            state.placer = seat
            return []
    state.phase = "turn"
    first = state.current
    return [Event(text=say("All animals are placed. Round 1: {player} starts.", player=first))]


# -- start of a turn ----------------------------------------------------------------------------
def _turn_options(state: RAState, data: GameData) -> list[Option]:
    player = state.current
    seat = state.seats[player]
    out: list[Option] = []
    for card_id in dict.fromkeys(seat.hand):

        def play(s: RAState, card_id: str = card_id) -> list[Event]:
            s.seats[player].hand.remove(card_id)
            s.pending = Pending(card=card_id)
            s.mark(f"card:{card_id}")
            card = data.cards[card_id]
            s.phase = "meeple" if card.needs_meeple else "step"
            return [Event(text=say("{player} plays '{card}'.", player=player, card=card.name))]

        # worded when read: a card's name is put together from its actions' words
        label = partial(_play_label, data, card_id)
        out.append((f"play:{card_id}", label, play, NORMAL, KIND_PLAY))
    if seat.discard and not state.recycled_this_turn:
        for tile in state.tiles_of(player):

            def recycle(s: RAState, tile: int = tile) -> list[Event]:
                text = say(
                    "{player} gives up an animal on tile {tile} to recycle.",
                    player=player,
                    tile=str(tile),
                )
                events = [Event(text=text)]
                events += bury(s, data, s.meeples_of(player, tile)[0])
                if not s.over:
                    events += _recycle(s, player)
                    s.recycled_this_turn = True
                return events

            words = partial(_recycle_label, tile, len(seat.discard))
            # by choice, an animal to the graveyard and its penalty: asked before it is made
            out.append((f"recycle:{tile}", words, recycle, DESTRUCTIVE, KIND_REMOVE))
    return out


def _play_label(data: GameData, card_id: str) -> Say:
    return say("Play '{card}'", card=data.cards[card_id].name)


def _recycle(state: RAState, player: str) -> list[Event]:
    seat = state.seats[player]
    n = len(seat.discard)
    seat.hand.extend(seat.discard)
    seat.discard = []
    state.mark(f"recycle:{n}")
    text = say_n(
        "{player} recycles {n} card from the discard pile.",
        "{player} recycles {n} cards from the discard pile.",
        n,
        player=player,
    )
    return [Event(text=text)]


# -- the card being played ----------------------------------------------------------------------
def _meeple_options(state: RAState, data: GameData) -> list[Option]:
    player = state.current
    out: list[Option] = []
    for tile in state.tiles_of(player):

        def choose(s: RAState, tile: int = tile) -> list[Event]:
            s.playing.meeple_tile = tile
            s.phase = "step"
            return []

        label = partial(_use_label, tile)
        out.append((f"at:{tile}", label, choose, NORMAL, KIND_USE))
    return out


def _step_actions(state: RAState, data: GameData) -> list[Option]:
    """The concrete things the current step of the card can do (without skipping)."""
    player = state.current
    card = data.cards[state.playing.card]
    if card.join == "or":
        specs = card.actions
        after = len(card.actions)
    else:
        specs = [card.actions[state.playing.step]]
        after = state.playing.step + 1
    out: list[Option] = []
    for spec in specs:
        for action_id, label, effect, role, kind in options_for(state, data, player, spec):

            def run(s: RAState, effect: Effect = effect) -> list[Event]:
                s.playing.step = after
                return effect(s)

            out.append((action_id, label, run, role, kind))
    return out


def _step_options(state: RAState, data: GameData) -> list[Option]:
    actions = _step_actions(state, data)
    card = data.cards[state.playing.card]
    label: Label
    if card.join == "or":
        after, label = len(card.actions), DO_NEITHER
    else:
        after = state.playing.step + 1
        label = partial(_skip_label, card.actions[state.playing.step])

    def skip(s: RAState) -> list[Event]:
        s.playing.step = after
        return []

    kind = KIND_SKIP if card.join != "or" else KIND_DO
    return [*actions, ("skip", label, skip, NORMAL, kind)]


def _skip_label(spec: ActionSpec) -> Say:
    return say("Skip '{action}'", action=spec.text())


def _expel_options(state: RAState, data: GameData) -> list[Option]:
    pending = state.playing
    assert pending.expel_from is not None, "an expel always starts from a tile"
    victim = state.meeples[pending.expel_queue[0]]
    who = species_short(state, data, victim.owner)
    rest = len(pending.expel_queue)
    out: list[Option] = []
    for there, direction in neighbours(pending.expel_from):

        def send(s: RAState, there: int = there) -> list[Event]:
            m = s.meeples[s.playing.expel_queue.pop(0)]
            m.tile = there
            s.mark(f"sent:{there}")
            # Translators: {who} is a kind of animal ("Ada's Black Bear is expelled ...")
            text = say(
                "{player}'s {who} is expelled to tile {tile}.",
                player=m.owner,
                who=species_short(s, data, m.owner),
                tile=str(there),
            )
            return [Event(text=text)]

        label = partial(_send_label, victim.owner, who, there, direction)
        out.append((f"to:{there}", label, send, NORMAL, KIND_SEND))
    if rest > 1:
        for there, direction in neighbours(pending.expel_from):

            def send_all(s: RAState, there: int = there) -> list[Event]:
                n = len(s.playing.expel_queue)
                for i in s.playing.expel_queue:
                    s.meeples[i].tile = there
                s.playing.expel_queue = []
                s.mark(f"sent:{there}")
                text = say_n(
                    "{n} expelled animal goes to tile {tile}.",
                    "{n} expelled animals go to tile {tile}.",
                    n,
                    tile=str(there),
                )
                return [Event(text=text)]

            label = partial(_send_all_label, rest, there, direction)
            out.append((f"all:{there}", label, send_all, NORMAL, KIND_SEND))
    return out


# -- after the card -----------------------------------------------------------------------------
def _goal_met(state: RAState, data: GameData, player: str) -> bool:
    seat = state.seats[player]
    if seat.goal is None:
        return False
    need = data.goals[seat.goal].need
    return all(seat.goal_cubes[c] >= need[c] for c in COLOURS)


def finish_card(state: RAState, data: GameData) -> list[Event]:
    """The played card goes to the discard pile (a used Steal into the box), then a completed
    goal is scored, or an empty hand forces a meeple into the graveyard."""
    player = state.current
    seat = state.seats[player]
    pending = state.playing
    (state.boxed if pending.stolen else seat.discard).append(pending.card)
    state.pending = None
    if _goal_met(state, data, player):
        return _complete_goal(state, data, player)
    if not seat.hand:
        state.phase = "forced"
        text = say("{player} has no card left and must remove an animal.", player=player)
        return [Event(text=text)]
    return next_turn(state, data)


def _complete_goal(state: RAState, data: GameData, player: str) -> list[Event]:
    seat = state.seats[player]
    assert seat.goal is not None, "only a goal held can be completed"
    goal = data.goals[seat.goal]
    for c in COLOURS:
        state.supply[c] += seat.goal_cubes[c]
        seat.goal_cubes[c] = 0
    seat.completed.append(goal.id)
    state.mark(f"goal:{goal.id}")
    seat.goal = None
    total = goal_points(state, data, player)
    # Translators: {symbol} is an emoji (a target) that starts the line
    text = say(
        "{symbol} {player} completes a survival goal for {points} points ({total} in total).",
        symbol="🎯",
        player=player,
        points=goal.points,
        total=total,
    )
    events = [Event(text=text, kind="goal")]
    target = data.components.win_points.points
    if total >= target:
        state.reached_target = player
        end_game(state, say("{player} reached {total} points", player=player, total=total))
        return [*events, game_ends(state)]
    if not state.face_up:
        events.append(Event(text=say("No survival goal is left to take.")))
        return events + _recycle(state, player) + next_turn(state, data)
    state.phase = "goal"
    return events


def _goal_options(state: RAState, data: GameData) -> list[Option]:
    player = state.current
    out: list[Option] = []
    for goal_id in state.face_up:

        def take(s: RAState, goal_id: int = goal_id) -> list[Event]:
            seat = s.seats[player]
            seat.goal = goal_id
            seat.goal_cubes = dict.fromkeys(COLOURS, 0)
            s.mark(f"new:{goal_id}")
            slot = s.face_up.index(goal_id)
            if s.goal_deck:
                s.face_up[slot] = s.goal_deck.pop(0)
            else:
                del s.face_up[slot]
            text = say(
                "{player} takes a new goal: {goal}.", player=player, goal=goal_text(data, goal_id)
            )
            return [Event(text=text), *_recycle(s, player), *next_turn(s, data)]

        label = partial(_goal_label, data, goal_id)
        out.append((f"goal:{goal_id}", label, take, NORMAL, KIND_TAKE))
    return out


def _goal_label(data: GameData, goal_id: int) -> Say:
    return say("Take goal {goal}", goal=goal_text(data, goal_id))


def goal_text(data: GameData, goal_id: int) -> Say:
    """A goal's cubes and points: "2 food, 1 water = 5 pts"."""
    g = data.goals[goal_id]
    parts = [cubes_of(n, c) for n, c in ((g.food, "F"), (g.nest, "N"), (g.water, "W")) if n]
    # Translators: a survival goal: the cubes it needs and the points it is worth
    return say("{cubes} = {points} pts", cubes=listed(parts), points=g.points)


def _forced_options(state: RAState, data: GameData) -> list[Option]:
    player = state.current
    out: list[Option] = []
    for tile in state.tiles_of(player):

        def remove(s: RAState, tile: int = tile) -> list[Event]:
            events = bury(s, data, s.meeples_of(player, tile)[0])
            if s.over:
                return events
            return events + _recycle(s, player) + next_turn(s, data)

        # the rules force one animal out: every choice sends one to the graveyard
        label = partial(_grave_label, tile)
        out.append((f"grave:{tile}", label, remove, NORMAL, KIND_SEND))
    return out


def next_turn(state: RAState, data: GameData) -> list[Event]:
    """The player on the left plays; after the last player of a round the starting player
    marker passes left and the new starting player rolls for Production & Development."""
    player = state.current
    state.phase = "turn"
    state.recycled_this_turn = False
    state.turn_in_round += 1
    if state.turn_in_round < len(state.players):
        state.close_turn(player)
        return []
    state.turn_in_round = 0
    state.start = (state.start + 1) % len(state.players)
    state.round += 1
    roller = state.players[state.start]
    text = say(
        "Round {n}: {player} takes the starting player marker.", n=state.round, player=roller
    )
    events = [Event(text=text)]
    events += production_round(state, data, roller)
    for roll in state.last_roll:
        state.mark(f"roll:{roll.tile}")
    state.close_turn(player)
    return events


# -- resolving forced single choices ------------------------------------------------------------
def settle(state: RAState, data: GameData) -> list[Event]:
    """Advance through phases that leave no real choice: a finished card, a step with nothing
    to do, a single meeple, a single goal, a single meeple to remove, an emptied expel queue."""
    events: list[Event] = []
    while True:
        phase = state.phase
        if phase == "expel" and not state.playing.expel_queue:
            state.phase = "step"
            continue
        if phase == "step":
            card = data.cards[state.playing.card]
            if state.playing.step >= len(card.actions):
                events += finish_card(state, data)
                continue
            if not _step_actions(state, data):
                state.playing.step += 1 if card.join != "or" else len(card.actions)
                continue
            return events
        if phase in ("meeple", "goal", "forced"):
            opts = options(state, data)
            if len(opts) == 1:
                events += opts[0][2](state)
                continue
        return events


# the labels, worded when read (a search lists every move at every step and reads only ids)
def _place_label(tile: int) -> Say:
    return say("Place a meeple on tile {tile}", tile=str(tile))


def _recycle_label(tile: int, n: int) -> Say:
    return say_n(
        "Remove your meeple on tile {tile} to recycle {n} card",
        "Remove your meeple on tile {tile} to recycle {n} cards",
        n,
        tile=str(tile),
    )


def _use_label(tile: int) -> Say:
    return say("Use your animal on tile {tile}", tile=str(tile))


def _send_label(player: str, who: Say, tile: int, direction: str) -> Say:
    # Translators: {who} is a kind of animal: "Send Ada's Black Bear to tile 3 (up)"
    return say(
        "Send {player}'s {who} to tile {tile} ({direction})",
        player=player,
        who=who,
        tile=str(tile),
        direction=direction_word(direction),
    )


def _send_all_label(n: int, tile: int, direction: str) -> Say:
    return say_n(
        "Send the {n} remaining animal to tile {tile} ({direction})",
        "Send all {n} remaining animals to tile {tile} ({direction})",
        n,
        tile=str(tile),
        direction=direction_word(direction),
    )


def _grave_label(tile: int) -> Say:
    return say("Send your animal on tile {tile} to the graveyard", tile=str(tile))
