"""Rick and Morty: Anatomy Park as a Tabletop engine."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from engines.anatomy_park import data, hidden, policy, views
from engines.anatomy_park.actions import action_options, move_options
from engines.anatomy_park.common import has_ability
from engines.anatomy_park.flow import (
    advance,
    awaited,
    begin_turn,
    describe_wait,
    end_without_players,
    next_player,
    send_stranded_home,
)
from engines.anatomy_park.grid import xy
from engines.anatomy_park.migrations import MIGRATIONS
from engines.anatomy_park.reactions import end_reactions
from engines.anatomy_park.scoring import breakdown, plan_patterns
from engines.anatomy_park.setup import new_game
from engines.anatomy_park.state import APState
from engines.anatomy_park.tasks import options
from engines.anatomy_park.views import APView
from engines.anatomy_park.words import end_reason, joined
from engines.core import Action, Engine, Event, IllegalAction, OptionSpec, Result
from engines.standing import StandingAnswer
from i18n.say import Say, say, say_n

#: Rick's standing answer: reroll every missed shot
# built as it is (no validation, which would keep only the English of its words)
REROLL_ALWAYS = StandingAnswer.model_construct(
    id="reroll-misses", words=say("Always reroll a missed shot (Rick)"), answers=("reroll",)
)

#: the guide's English (the message ``GUIDE`` words for its reader)
GUIDE = say("""**Rick and Morty: Anatomy Park** - build a theme park inside Ruben before he dies.
**Turn:** 1) discard 1 tile per disease on your tile. 2) Move: walk up to your Movement (stepping onto transport tiles is free), OR move every disease 1 space, OR move your tile or a touching one 1 space (not the entrance or transports; then draw a body reaction). 3) Act: take 2 tiles, OR place a tile next to your tile (meet its colour/type needs; a gap is fine), OR play a focus group (a space touching its colour + type, no gap; place a tile and get a reward), OR leave by an exit, OR shoot a disease in Range along tiles (a 6 hits; a miss lets you move it 1 space per 3/4/5, then draw a body reaction). 4) Keep at most 5 tiles.
**Tiles:** VP when placed; tiles with a control marker score for their controller at the end (5 markers each, then you move one). Transports lay closed tiles from the stack in the direction that fits most.
**Body reactions:** you see the card privately - act it out in the channel and press *I acted it out*, or take -1 VP. Diseases sit on the park, make you discard, and have effects until shot.
**The end:** 1st Heart Attack: everyone gets 2 more turns - get out! 2nd Heart Attack: Ruben dies at once. Tile stack runs out twice: Ruben lives.
**Scoring:** VP tokens + controlled tiles. Basic: +3 VP for leaving. Advanced: your secret master plan scores 2 VP per pattern if you left or Ruben lived. Ties: fewer markers in the park, then more tiles in hand.
Board coordinates are (column,row). `/game hand` shows your tiles (lettered A, B, C... as the buttons name them) and your plan.""")

#: how a game can end, for the balance report
SURVIVES = say("Ruben survives")
DIES = say("heart attack: Ruben dies")


class AnatomyParkEngine(Engine[APState]):
    name = "anatomy_park"
    title = "Rick and Morty: Anatomy Park"
    min_players = 2
    max_players = 6
    state_type = APState
    migrations = MIGRATIONS
    public_action_labels = True  # labels name hand tiles by letter only
    # built as they are (no validation, which would keep only the English of their words);
    # the choices are the words players type (``mode=basic``) and the characters' names
    options = [
        OptionSpec.model_construct(
            key="mode",
            label=say("Game"),
            choices=["basic", "advanced"],
            default="basic",
            help=say("Advanced deals each player a secret master plan."),
        ),
        OptionSpec.model_construct(
            key="character",
            label=say("Character"),
            choices=list(data.characters()),
            default="Rick",
            per_player=True,
            unique=True,
            help=say("Players who do not choose are dealt one of the others at random."),
        ),
    ]
    guide = GUIDE
    max_playout_steps = 4000
    endings = (SURVIVES, DIES)
    standing_scale = 5.0
    #: search iterations per CPU second on the bot's machine (docs/ai.md)
    search_rate = 850
    #: the rate of the 60-move search before December 2026 (the normal-h60 baseline)
    search_rate_h60 = 260

    def setup(
        self, players: list[str], *, seed: int, options: dict[str, Any] | None = None
    ) -> APState:
        opts = self.validate_options(players, options)
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction(say("Anatomy Park is for 2 to 6 players."))
        s = new_game(list(players), seed, opts["mode"], opts["character"])
        ev: list[Event] = []
        begin_turn(s, s.current, ev)
        advance(s, ev)
        return s

    def to_act(self, state: APState) -> list[str]:
        return awaited(state)

    def standing_answers(self, state: APState, player: str) -> list[StandingAnswer]:
        """Rick's reroll after a missed shot is his to refuse ("You do not have to use your
        character's ability if you do not want to."), asked after every miss: he may say once
        that he always takes it."""
        if not has_ability(state, player, "reroll"):
            return []
        return [REROLL_ALWAYS]

    def standing_move(self, state: APState, player: str, answer_id: str) -> str | None:
        if answer_id != REROLL_ALWAYS.id or player not in awaited(state):
            return None
        return (
            "reroll" if any(a.id == "reroll" for a in self.legal_actions(state, player)) else None
        )

    def legal_actions(self, state: APState, player: str) -> list[Action]:
        if player not in awaited(state):
            return []
        if state.tasks:
            return options(state, state.tasks[0], player)
        if state.phase == "move":
            return move_options(state, player)
        if state.phase == "action":
            return action_options(state, player)
        return []

    def view(self, state: APState, viewer: str | None) -> APView:
        return views.view(state, viewer)

    def result(self, state: APState) -> Result | None:
        if not state.over:
            return None
        # its reason is a message: the result keeps it as data, worded for each reader
        return Result(
            winners=list(state.winners),
            scores={p: float(v) for p, v in state.final_scores.items()},
            reason=end_reason(state.end_reason),
        )

    def final_report(self, state: APState) -> dict[str, str]:
        """Each player's tokens, controlled tiles and master plan (revealed at the end)."""
        if not state.over:
            return {}
        out: dict[str, str] = {}
        for p in state.players:
            if p in state.removed:
                continue
            out[p] = _report(state, p)
        return out

    # -- the template's steps -------------------------------------------------------------------
    def seated(self, state: APState, player: str) -> bool:
        return player in state.players and player not in state.removed

    def not_playing(self, state: APState, player: str) -> str:
        return say("You are not playing in this game.")

    def refusal(self, state: APState, player: str, action_id: str, legal: list[Action]) -> str:
        waiting = self.to_act(state)
        if not legal and player not in waiting:
            return say("The game is waiting for {players}, not you.", players=", ".join(waiting))
        return say("'{move}' is not a move you can make now.", move=action_id[:40])

    def settle(self, state: APState, events: list[Event]) -> None:
        advance(state, events)

    def standing(self, state: APState) -> dict[str, float]:
        return {p: float(sum_scores(state, p)) for p in state.players}

    def ending(self, state: APState) -> str:
        return SURVIVES if state.ruben_alive else DIES

    def proper_names(self) -> frozenset[str]:
        """The printed names of the characters, tiles, body reactions, diseases and master
        plans (no published translation is known), and the short codes the board shows for
        tiles too small for their names."""
        return proper_names()

    def seat_choices(self, state: APState) -> dict[str, str]:
        return dict(state.characters)

    def determinize(self, state: APState, player: str, rng: random.Random) -> APState:
        return hidden.determinize(self.copy_state(state), player, rng)

    def pick(self, state: APState, player: str, legal: list[Action], rng: random.Random) -> str:
        return policy.suggest(state, player, [a.id for a in legal], rng)

    def leave(self, s: APState, player: str, ev: list[Event]) -> None:
        ev.append(
            Event(
                text=say(
                    "{player} leaves the game; their character leaves the park and their tiles "
                    "are discarded.",
                    player=player,
                )
            )
        )
        s.removed.append(player)
        s.discard.extend(s.hands[player])
        s.hands[player] = []
        s.pos.pop(player, None)
        if s.final_turns is not None:
            s.final_turns.pop(player, None)
        end_reactions(s, lambda o: o.owner == player)
        for t in [t for t in s.tasks if t.kind == "act_out" and t.player == player]:
            s.tasks.remove(t)  # a card they were acting out is discarded unresolved
            s.reaction_discard.append(t.data["card"])
        for t in s.tasks:
            if t.kind == "gonorrhea" and player in t.data["order"]:
                t.data["order"].remove(player)
                t.data["chosen"].pop(player, None)
            if t.kind == "each_move" and player in t.data["order"]:
                t.data["order"].remove(player)
        if s.tasks and s.tasks[0].kind == "gonorrhea" and len(s.tasks[0].data["order"]) < 2:
            s.tasks.pop(0)
        remaining = [p for p in s.players if p not in s.removed]
        if len(remaining) < 2:  # one player is left, and wins
            s.over = True
            s.tasks = []
            s.end_reason = "everyone else left the game"
            s.final_scores = {p: sum_scores(s, p) for p in remaining}
            s.winners = remaining
            ev.append(
                Event(
                    text=say("{player} wins: everyone else left.", player=remaining[0]), kind="end"
                )
            )
            return
        if s.current == player:  # their turn ends here
            s.tasks = []
            s.extra_turn = False
            send_stranded_home(s, ev)
            nxt = next_player(s, player)
            if nxt is None:
                end_without_players(s, ev)
            else:
                begin_turn(s, nxt, ev)
        # every waiting task is the turn's player's (a rival's part in Gonorrhea or Flatulence
        # is a place in its order, dropped above): a rival leaving leaves the rest to finish
        advance(s, ev)

    def summary(self, state: APState) -> str:
        vps = joined(
            [
                say("{player} {vp} (out)", player=p, vp=state.vp[p])
                if p in state.left
                else f"{p} {state.vp[p]}"
                for p in state.players
                if p not in state.removed
            ]
        )
        if state.over:
            line = say(
                "Game over: {reason}. Winner: {winners}.",
                reason=end_reason(state.end_reason),
                winners=", ".join(state.winners),
            )
        else:
            line = say(
                "Turn {turn} - {wait}. Park {park} tiles, stack {stack}, discard {discard}. "
                "VP: {vps}.",
                turn=state.turn_no,
                wait=describe_wait(state),
                park=len(state.park),
                stack=len(state.stack),
                discard=len(state.discard),
                vps=vps,
            )
            if state.final_turns is not None:
                line = then(line, say("Ruben had a heart attack: final rounds!"))
        codes = tile_codes(state)
        return line if codes is None else then(line, codes)


def then(first: Say, second: Say) -> Say:
    """Two sentences, one after the other."""
    # Translators: two whole sentences one after the other (as the language writes them)
    return say("{first} {second}", first=first, second=second)


def tile_codes(s: APState) -> Say | None:
    """The park's open tiles by the short codes the board shows on small tiles, with their
    spaces and names, row by row (for the board's alt text); None for a park of no open
    tile."""
    codes = data.short_codes()
    placed = sorted(
        ((xy(sp)[1], xy(sp)[0], cell.tile) for sp, cell in s.park.items() if not cell.closed),
    )
    words = [f"{codes[t]} ({x},{y}) {data.tile(t).name}" for y, x, t in placed]
    return say("Tiles: {tiles}.", tiles=", ".join(words)) if words else None


def _report(s: APState, player: str) -> Say:
    """How ``player``'s final score was made: tokens, controlled tiles and the master plan."""
    b = breakdown(s, player)
    plan_id = s.plans.get(player)
    if plan_id is None:
        return say(
            "{tokens} VP tokens + {controlled} from controlled tiles",
            tokens=b["tokens"],
            controlled=b["controlled"],
        )
    plan = data.plans()[plan_id]
    n = plan_patterns(s, plan_id)
    values = {"tokens": b["tokens"], "controlled": b["controlled"], "plan": b["plan"]}
    if player in s.left or s.ruben_alive:
        return say_n(
            "{tokens} VP tokens + {controlled} from controlled tiles + {plan} from master plan "
            "{name} ({n} pattern)",
            "{tokens} VP tokens + {controlled} from controlled tiles + {plan} from master plan "
            "{name} ({n} patterns)",
            n,
            name=plan.name,
            **values,
        )
    return say_n(
        "{tokens} VP tokens + {controlled} from controlled tiles + {plan} from master plan "
        "{name} ({n} pattern (not scored: still in the park and Ruben died))",
        "{tokens} VP tokens + {controlled} from controlled tiles + {plan} from master plan "
        "{name} ({n} patterns (not scored: still in the park and Ruben died))",
        n,
        name=plan.name,
        **values,
    )


@cache
def proper_names() -> frozenset[str]:
    """The components' printed names, and the board's short codes of the tiles."""
    names: set[str] = set(data.characters())
    names.update(t.name for t in data.tiles().values())
    names.update(r.name for r in data.reactions().values())
    names.update(p.name for p in data.plans().values())
    names.update(data.short_codes().values())
    names.update(data.DISEASE_CODES.values())
    return frozenset(names)


def sum_scores(s: APState, player: str) -> int:
    return sum(breakdown(s, player).values())


ENGINE = AnatomyParkEngine()
