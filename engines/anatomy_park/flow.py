"""The turn cycle: start-of-turn discards, phases, end of turn, next player, end of the game."""

from __future__ import annotations

from collections.abc import Callable

from engines.anatomy_park.common import entrance_space, has_ability, in_park
from engines.anatomy_park.deck import end_game
from engines.anatomy_park.grid import connected
from engines.anatomy_park.last import note_start, record
from engines.anatomy_park.reactions import end_reactions
from engines.anatomy_park.scoring import final_scores, winners
from engines.anatomy_park.state import APState, Task
from engines.anatomy_park.tasks import needs_choice, waiting
from engines.anatomy_park.words import discard_reason
from engines.core import Event
from i18n.say import Say, say, say_n

HAND_LIMIT = 5


def awaited(s: APState) -> list[str]:
    """Whose decision the game waits for: the head task's chooser(s), else the current player."""
    if s.over:
        return []
    if s.tasks:
        return waiting(s, s.tasks[0])
    return [s.current]


def hand_limit(s: APState, player: str) -> int:
    from engines.anatomy_park.common import effect_active

    return HAND_LIMIT - 1 if effect_active(s, "yawn", player) else HAND_LIMIT


def advance(s: APState, ev: list[Event]) -> None:
    """Resolve everything automatic until a player must decide or the game is over."""
    while not s.over:
        if s.tasks:
            if needs_choice(s, s.tasks[0], ev):
                return
            continue
        if s.phase == "start":
            s.phase = "move"
        if s.phase in ("move", "action"):
            return
        # end of turn
        cur = s.current
        limit = hand_limit(s, cur)
        if cur in s.hands and len(s.hands[cur]) > limit and not s.tasks_limit_done:
            s.tasks_limit_done = True
            s.tasks.append(
                Task(
                    kind="discard",
                    player=cur,
                    data={"count": 1, "reason": "hand limit", "limit": limit},
                )
            )
            continue
        finish_turn(s, ev)
    if s.over and not s.winners and not s.final_scores:
        finalize(s, ev)


def finalize(s: APState, ev: list[Event]) -> None:
    record(s)  # the turn that ended the game
    s.tasks = []
    s.final_scores = final_scores(s)
    s.winners = winners(s, s.final_scores)
    ranking = ", ".join(
        f"{p} {v}" for p, v in sorted(s.final_scores.items(), key=lambda kv: -kv[1])
    )
    ev.append(
        Event(
            text=say(
                "Final scores: {ranking}. Winner: {winners}.",
                ranking=ranking,
                winners=", ".join(s.winners),
            ),
            kind="end",
        )
    )


def start_discards(s: APState, player: str) -> int:
    """1 tile per disease on your tile; Annie discards 1 fewer."""
    here = s.pos.get(player)
    n = sum(1 for d in s.diseases if d.pos == here)
    if n and has_ability(s, player, "fewer_discards"):
        n -= 1
    return n


def begin_turn(s: APState, player: str, ev: list[Event], *, extra: bool = False) -> None:
    s.current = player
    s.turn_no += 1
    note_start(s, player)
    s.phase = "start"
    s.rerolled = False
    s.tasks_limit_done = False
    s.on_extra_turn = extra
    s.turn_counts_for_final = s.final_turns is not None and not extra
    ev.append(Event(text=_turn_begins(s, player, extra), kind="turn"))
    n = start_discards(s, player)
    if n and s.hands[player]:
        s.tasks.append(
            Task(kind="discard", player=player, data={"count": n, "reason": "disease on your tile"})
        )


def _turn_begins(s: APState, player: str, extra: bool) -> Say:
    """The turn's first line: "Turn: Ada." or "Extra turn: Ada (1 final turn(s) left)."."""
    if s.final_turns is None:
        if extra:
            return say("Extra turn: {player}.", player=player)
        return say("Turn: {player}.", player=player)
    left = s.final_turns.get(player, 0)
    if extra:
        return say_n(
            "Extra turn: {player} ({n} final turn(s) left).",
            "Extra turn: {player} ({n} final turn(s) left).",
            left,
            player=player,
        )
    return say_n(
        "Turn: {player} ({n} final turn(s) left).",
        "Turn: {player} ({n} final turn(s) left).",
        left,
        player=player,
    )


def send_stranded_home(s: APState, ev: list[Event]) -> None:
    """Characters who cannot trace a path along tiles to the entrance return to it."""
    home = entrance_space(s)
    linked = connected(s.park, home)
    for p in list(s.pos):
        if s.pos[p] not in linked:
            s.pos[p] = home
            ev.append(
                Event(
                    text=say(
                        "{player}'s character is cut off from the entrance and returns to it.",
                        player=p,
                    )
                )
            )


def next_player(s: APState, after: str) -> str | None:
    i = s.players.index(after)
    for k in range(1, len(s.players) + 1):
        p = s.players[(i + k) % len(s.players)]
        if p in s.pos and (s.final_turns is None or s.final_turns.get(p, 0) > 0):
            return p
    return None


def finish_turn(s: APState, ev: list[Event]) -> None:
    """Ongoing effects end, then a Migraine's extra turn or the next player. No extra turn
    follows the last turn of Ruben's two final rounds: "Ruben has 2 rounds left to live"."""
    cur = s.current
    send_stranded_home(s, ev)
    record(s)
    end_reactions(
        s, lambda o: (o.owner == cur and o.since_turn < s.turn_no) or o.owner not in s.pos
    )
    if s.reshuffled and in_park(s) == [cur] and s.stack:
        s.discard.extend(s.stack)
        s.stack = []
        ev.append(
            Event(
                text=say(
                    "{player} is the only one left in the park: the stack goes to the discard "
                    "pile.",
                    player=cur,
                )
            )
        )
        end_game(s, "the tile stack ran out a second time; Ruben survives", True, ev)
        return
    if s.turn_counts_for_final and s.final_turns is not None and cur in s.final_turns:
        s.final_turns[cur] = max(0, s.final_turns[cur] - 1)
    nxt = next_player(s, cur)
    if s.extra_turn:
        s.extra_turn = False
        if cur in s.pos and nxt is not None:
            begin_turn(s, cur, ev, extra=True)
            return
        if cur in s.pos:  # nobody has a final turn left: the two rounds are over
            ev.append(
                Event(
                    text=say("{player}'s extra turn never comes: Ruben's time is up.", player=cur)
                )
            )
    if nxt is None:
        end_without_players(s, ev)
        return
    begin_turn(s, nxt, ev)


def end_without_players(s: APState, ev: list[Event]) -> None:
    """No one is left to take a turn: everyone got out, or Ruben's last rounds are over."""
    if not in_park(s):
        end_game(s, "everyone has left the park", s.final_turns is None, ev)
    else:
        end_game(s, "Ruben's last two rounds are over and he dies", False, ev)


#: what the game waits for while a task of each kind heads the queue ({player}: the task's)
WAITS: dict[str, Callable[[str], Say]] = {
    "disease_moves": lambda p: say("{player} is moving the diseases", player=p),
    "shot_move": lambda p: say("{player} may move the missed disease", player=p),
    "reroll": lambda p: say("{player} may reroll the missed shot", player=p),
    "xenon": lambda p: say("{player} may step 1 space (Xenon Bloom)", player=p),
    "marker_from": lambda p: say("{player} chooses a control marker to move", player=p),
    "transport_dir": lambda p: say(
        "{player} chooses where the closed transport tiles go", player=p
    ),
    "dam_dir": lambda p: say("{player} chooses what the Sphincter Dam washes away", player=p),
    "act_out": lambda p: say("{player} must act out a body reaction (or lose 1 VP)", player=p),
    "hepc_kill": lambda p: say("{player} chooses the disease Hepatitis C kills", player=p),
    "gonorrhea": lambda p: say("Gonorrhea: everyone passes a tile to the left"),
    "each_move": lambda p: say("Characters are moving"),
    "tile_shift": lambda p: say("{player} moves a tile for the body reaction", player=p),
}


def describe_wait(s: APState) -> str:
    """A public sentence for what the game waits for (no hidden information)."""
    if s.over:
        return say("The game is over.")
    if s.tasks:
        t = s.tasks[0]
        if t.kind == "discard":
            return say(
                "{player} must discard a tile ({reason})",
                player=t.player,
                reason=discard_reason(t.data.get("reason", "")),
            )
        wait = WAITS.get(t.kind)
        if wait is None:
            return say("{player} must decide", player=t.player)
        return wait(t.player)
    if s.phase == "move":
        return say("{player}: movement phase", player=s.current)
    if s.phase == "action":
        return say("{player}: action phase", player=s.current)
    return say("{player}: {phase}", player=s.current, phase=s.phase)
