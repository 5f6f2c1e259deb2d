"""The turn's clockwork: which phase comes next, skipping phases with nothing legal in them,
resolving Behaviors creature by creature, Scoring from the finite supply, and the game's end."""

from __future__ import annotations

from engines.cemetery import behaviours
from engines.cemetery.actions import (
    can_draft,
    can_experiment,
    can_mark,
    can_stitch,
    draft_options,
    end_stitch,
    experiment_options,
    mark_options,
    reveal_pet_top,
    stitch_options,
)
from engines.cemetery.common import creature_label, note, say, turn_words
from engines.cemetery.data import CONSTANTS
from engines.cemetery.stability import is_active, score, triggers
from engines.cemetery.state import PHASE_TITLES, CemeteryState, TurnNote
from engines.core import Action, Event


def awaited(state: CemeteryState) -> list[str]:
    """The player a pending choice belongs to, else the player whose turn it is."""
    if state.over:
        return []
    return [state.pending.player if state.pending else state.me.name]


def second_seat(state: CemeteryState) -> int:
    return 1 - state.first


def player_options(state: CemeteryState) -> list[Action]:
    """The current phase's choices for the player awaited (before ``done``)."""
    if state.pending is not None and state.pending.kind not in ("stitch_place", "exp_dest"):
        return behaviours.options(state)
    return {
        "draft": draft_options,
        "stitch": stitch_options,
        "mark": mark_options,
        "experiment": experiment_options,
    }[state.phase](state)


#: whether the player has a choice in a phase with no pending choice (nothing worded)
CAN_ACT = {"stitch": can_stitch, "mark": can_mark, "experiment": can_experiment}


def enter(state: CemeteryState, phase: str) -> None:
    state.phase = phase
    state.pending = None
    if phase == "behaviors":
        state.beh_next = 0
        state.triggers = []


def _skipped(state: CemeteryState, phase: str, why: str, events: list[Event]) -> None:
    say(events, f"{PHASE_TITLES[phase]} skipped: {why}.", kind="phase")


def start_turn(state: CemeteryState, events: list[Event]) -> None:
    state.tally = {}
    state.changed = []
    enter(state, "draft")
    state.picks_left = CONSTANTS.draft_picks
    say(events, f"Turn {state.turn}: {state.me.name} to play.", kind="turn")
    if not can_draft(state):
        _skipped(state, "draft", "there is nothing left to draft", events)
        state.picks_left = 0


def advance(state: CemeteryState, events: list[Event], *, acted: bool) -> None:
    """Run everything that needs no decision until the game waits for a player (or ends).

    ``acted`` says whether the player just did something in the current phase; a phase left
    without any action is announced as skipped.
    """
    while not state.over:
        if state.pending is not None:
            state.idle_turns = 0
            return
        phase = state.phase
        if (phase == "draft" and state.picks_left > 0 and can_draft(state)) or (
            phase in CAN_ACT and CAN_ACT[phase](state)
        ):
            state.idle_turns = 0
            return
        if phase == "behaviors":
            if state.triggers:
                behaviours.start(state, state.triggers.pop(0), events)
                continue
            creatures = state.me.creatures
            if state.beh_next < len(creatures):
                i = state.beh_next
                state.beh_next += 1
                state.triggers = triggers(creatures[i], i, state.flipped)
                continue
        leave(state, events, acted=acted)
        acted = False


def end_phase(state: CemeteryState, player: str, action_id: str, events: list[Event]) -> None:
    """The handler of "End <phase>": the phase closes as acted in, and whatever follows that
    needs no decision runs as not acted in (a phase left at once is announced as skipped)."""
    leave(state, events, acted=True)
    advance(state, events, acted=False)


def leave(state: CemeteryState, events: list[Event], *, acted: bool) -> None:
    """Close the current phase (announcing it as skipped if nothing was done) and open the next."""
    phase = state.phase
    me = state.me
    if phase == "draft":
        enter(state, "stitch")
        reveal_pet_top(state, state.current, events)
    elif phase == "stitch":
        if not acted:
            _skipped(state, phase, "nothing can be stitched", events)
        end_stitch(state, events)
        enter(state, "mark")
    elif phase == "mark":
        if not acted:
            why = "no Revenge token to spend" if me.revenge <= 0 else "no dual Part to mark"
            _skipped(state, phase, why, events)
        enter(state, "behaviors")
        if not any(triggers(c, i, state.flipped) for i, c in enumerate(me.creatures)):
            _skipped(state, "behaviors", "no active creature has a pair", events)
            state.beh_next = len(me.creatures)
    elif phase == "behaviors":
        for c in me.creatures:
            c.marks = {}
        enter(state, "scoring")
        do_scoring(state, events)
        enter(state, "experiment")
    elif phase == "experiment":
        if not acted:
            why = "no Science token to spend" if me.science <= 0 else "no Part can move"
            _skipped(state, phase, why, events)
        end_turn(state, events)
    else:
        raise AssertionError(phase)


def do_scoring(state: CemeteryState, events: list[Event]) -> None:
    """Active creatures, left to right, earn unspent tokens while the supply lasts."""
    me = state.me
    active = [(i, c) for i, c in enumerate(me.creatures) if is_active(c)]
    if not active:
        _skipped(state, "scoring", "no active creature", events)
        return
    state.idle_turns = 0
    for i, creature in active:
        earned = score(creature, state.flipped)
        got = {}
        for kind in ("revenge", "science"):
            supply = getattr(state, f"supply_{kind}")
            n = min(earned[kind], supply)
            setattr(state, f"supply_{kind}", supply - n)
            setattr(me, kind, getattr(me, kind) + n)
            got[kind] = (n, earned[kind])
            note(state, kind, n, *([f"tokens:{me.name}"] if n else []))
        parts = [f"{n} {k.title()}" for k, (n, _) in got.items() if n]
        short = [f"{want - n} {k.title()}" for k, (n, want) in got.items() if want > n]
        text = f"{me.name}'s {creature_label(creature, i)} scores {' + '.join(parts) or 'nothing'}"
        if short:
            text += f" (the supply could not give {', '.join(short)})"
        say(events, text + ".", kind="score")
    if not state.final_round and (state.supply_revenge == 0 or state.supply_science == 0):
        state.final_round = True
        gone = " and ".join(
            k.title() for k in ("revenge", "science") if getattr(state, f"supply_{k}") == 0
        )
        if state.current == second_seat(state):
            say(events, f"The {gone} supply is empty: this is the final turn.", kind="end")
        else:
            second = state.sides[second_seat(state)].name
            say(events, f"The {gone} supply is empty: {second} plays the final turn.", kind="end")


def end_turn(state: CemeteryState, events: list[Event]) -> None:
    state.last_turn = TurnNote(
        player=state.me.name, line=turn_words(state), marks=tuple(dict.fromkeys(state.changed))
    )
    state.idle_turns += 1
    if state.idle_turns > 2:
        # Two whole turns in a row in which nothing could happen: nothing ever can again (the
        # rulebook's end needs an empty supply, which a frozen game never reaches).
        say(events, "Neither player can do anything any more: the game ends here.", kind="end")
        state.final_round = True
        state.current = second_seat(state)
    if state.final_round and state.current == second_seat(state):
        state.over = True
        state.pending = None
        totals = ", ".join(f"{p.name} {p.total}" for p in state.sides)
        say(events, f"Game over. Tokens: {totals}.", kind="end")
        return
    state.current = 1 - state.current
    state.turn += 1
    start_turn(state, events)
