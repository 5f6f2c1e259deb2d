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
from engines.cemetery.common import both, creature_label, note, tell
from engines.cemetery.data import CONSTANTS
from engines.cemetery.stability import is_active, score, triggers
from engines.cemetery.state import CemeteryState, TurnNote
from engines.core import Action, Event
from i18n.say import Say, say


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


def _skipped(why: Say, events: list[Event]) -> None:
    tell(events, why, kind="phase")


def start_turn(state: CemeteryState, events: list[Event]) -> None:
    state.tally = {}
    state.changed = []
    enter(state, "draft")
    state.picks_left = CONSTANTS.draft_picks
    tell(
        events,
        say("Turn {turn}: {player} to play.", turn=state.turn, player=state.me.name),
        kind="turn",
    )
    if not can_draft(state):
        _skipped(say("Draft skipped: there is nothing left to draft."), events)
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
            _skipped(say("Stitch skipped: nothing can be stitched."), events)
        end_stitch(state, events)
        enter(state, "mark")
    elif phase == "mark":
        if not acted:
            if me.revenge <= 0:
                _skipped(say("Mark skipped: no Revenge token to spend."), events)
            else:
                _skipped(say("Mark skipped: no dual Part to mark."), events)
        enter(state, "behaviors")
        if not any(triggers(c, i, state.flipped) for i, c in enumerate(me.creatures)):
            _skipped(say("Behaviors skipped: no active creature has a pair."), events)
            state.beh_next = len(me.creatures)
    elif phase == "behaviors":
        for c in me.creatures:
            c.marks = {}
        enter(state, "scoring")
        do_scoring(state, events)
        enter(state, "experiment")
    elif phase == "experiment":
        if not acted:
            if me.science <= 0:
                _skipped(say("Experiment skipped: no Science token to spend."), events)
            else:
                _skipped(say("Experiment skipped: no Part can move."), events)
        end_turn(state, events)
    else:
        raise AssertionError(phase)


def do_scoring(state: CemeteryState, events: list[Event]) -> None:
    """Active creatures, left to right, earn unspent tokens while the supply lasts."""
    me = state.me
    active = [(i, c) for i, c in enumerate(me.creatures) if is_active(c)]
    if not active:
        _skipped(say("Scoring skipped: no active creature."), events)
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
        (got_r, want_r), (got_s, want_s) = got["revenge"], got["science"]
        tokens = _tokens(got_r, got_s) or say("nothing")
        short = _tokens(want_r - got_r, want_s - got_s, joined=", ")
        who, what = me.name, creature_label(creature, i)
        if short:
            text = say(
                "{player}'s {creature} scores {tokens} (the supply could not give {short}).",
                player=who,
                creature=what,
                tokens=tokens,
                short=short,
            )
        else:
            text = say(
                "{player}'s {creature} scores {tokens}.", player=who, creature=what, tokens=tokens
            )
        tell(events, text, kind="score")
    if not state.final_round and (state.supply_revenge == 0 or state.supply_science == 0):
        state.final_round = True
        gone = [
            name
            for k, name in (("revenge", "Revenge"), ("science", "Science"))
            if getattr(state, f"supply_{k}") == 0
        ]
        supply = both(*gone) if len(gone) == 2 else gone[0]
        if state.current == second_seat(state):
            tell(
                events,
                say("The {tokens} supply is empty: this is the final turn.", tokens=supply),
                kind="end",
            )
        else:
            second = state.sides[second_seat(state)].name
            tell(
                events,
                say(
                    "The {tokens} supply is empty: {player} plays the final turn.",
                    tokens=supply,
                    player=second,
                ),
                kind="end",
            )


def _tokens(revenge: int, science: int, *, joined: str = " + ") -> Say | None:
    """Tokens of both kinds in words ("2 Revenge + 1 Science"; a list "2 Revenge, 1 Science"
    with ``joined``), or None for none."""
    if revenge and science:
        if joined == ", ":
            return say("{revenge} Revenge, {science} Science", revenge=revenge, science=science)
        return say("{revenge} Revenge + {science} Science", revenge=revenge, science=science)
    if revenge:
        return say("{n} Revenge", n=revenge)
    if science:
        return say("{n} Science", n=science)
    return None


def end_turn(state: CemeteryState, events: list[Event]) -> None:
    # worded when shown: a note a search makes and drops costs no words
    state.last_turn = TurnNote(
        player=state.me.name,
        rival=state.rival.name,
        tally=dict(state.tally),
        marks=tuple(dict.fromkeys(state.changed)),
    )
    state.idle_turns += 1
    if state.idle_turns > 2:
        # Two whole turns in a row in which nothing could happen: nothing ever can again (the
        # rulebook's end needs an empty supply, which a frozen game never reaches).
        tell(
            events, say("Neither player can do anything any more: the game ends here."), kind="end"
        )
        state.final_round = True
        state.current = second_seat(state)
    if state.final_round and state.current == second_seat(state):
        state.over = True
        state.pending = None
        a, b = state.sides
        tell(
            events,
            say(
                "Game over. Tokens: {first} {first_total}, {second} {second_total}.",
                first=a.name,
                first_total=a.total,
                second=b.name,
                second_total=b.total,
            ),
            kind="end",
        )
        return
    state.current = 1 - state.current
    state.turn += 1
    start_turn(state, events)
