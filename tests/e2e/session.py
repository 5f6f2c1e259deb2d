"""One game in one channel, played by simulated users only through slash commands and
components, with every check the scenarios share made after every move.

The users choose among what the bot offers them (the buttons or select menus on the turn
message; ``/play`` autocomplete when there are none or when several players are awaited) with a
seeded random generator. What the bot did is compared with the independent witness
(:mod:`tests.e2e.observe`): the saved game, the engine's ``to_act`` and views, the renderers.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field

import engines
from i18n.languages import language_of
from i18n.say import word
from localdiscord.records import Channel, Message, User
from tests.e2e.observe import GameDb, Witness, contains_word, without_takeback
from tests.localdiscord.driver import Driver, Reply


class ScenarioFailure(AssertionError):
    pass


#: what a public component may carry: the game, the board's version and an index, never more
OPAQUE_ID = re.compile(r"tt[spma]?:\d+:\d+(:\d+)?|ttr:\d+")


def opaque_problems(message: Message) -> list[str]:
    """Custom ids or select values of a public message (any version of it) that carry more than
    the opaque game/version/index reference: anything else could name a hidden card."""
    out = []
    for version in [*message.history, message.snapshot()]:
        for row in version["components"]:
            for c in row.get("components") or []:
                cid = c.get("custom_id")
                if cid is not None and not OPAQUE_ID.fullmatch(cid):
                    out.append(
                        f"a public component's custom id carries more than a reference: {cid!r}"
                    )
                for option in c.get("options") or []:
                    if not str(option.get("value", "")).isdigit():
                        out.append(
                            f"a public select value is not an index: {option.get('value')!r}"
                        )
    return out


@dataclass
class Tally:
    moves: int = 0
    by_button: int = 0
    by_select: int = 0
    by_play: int = 0
    refusals_checked: list[str] = field(default_factory=list)
    hands_checked: int = 0
    public_checked: int = 0
    boards_compared: int = 0
    via_private: int = 0  # moves made on a private "your moves" answer
    posts_checked: int = 0  # moves that started a turn (a new message)
    edits_checked: int = 0  # moves within a turn (its message edited in place)
    typed: int = 0  # moves made by typing an amount in a form


@dataclass
class Undos:
    """Steps taken back in a game (``undo GAME:`` of the conversation bench)."""

    steps: int = 0  # moves made
    undoable: int = 0  # of them, moves their player could take back at once
    undone: int = 0  # taken back ("↩ Undo" or ``/play undo``)
    identical: int = 0  # of them, back to the very state and every view before the move

    def line(self, name: str) -> str:
        return (
            f"undo {name}: steps={self.steps} undoable={self.undoable} "
            f"undone={self.undone} identical={self.identical}"
        )


#: the custom ids of "↩ Undo" (never a move offered)
UNDO_ID = "ttu:"


def _label_of(offer: tuple[str, dict, str | None]) -> str:
    """The label an offered component shows (a button's, or the chosen select option's)."""
    kind, item, value = offer
    if kind == "select":
        option = next((o for o in item.get("options") or [] if o.get("value") == value), {})
        return option.get("label") or ""
    return item.get("label") or ""


def _shows(label: str, wanted: str) -> bool:
    """A component label shows ``wanted`` (clipped labels end with an ellipsis)."""
    return label == wanted or (label.endswith("…") and wanted.startswith(label[:-1].rstrip()))


def _choice_value(word: str) -> str:
    """``species=Cat`` and ``Cat`` name the same choice."""
    return (word.partition("=")[2] or word).strip().casefold()


class GameSession:
    def __init__(
        self,
        driver: Driver,
        db: GameDb,
        channel: Channel,
        engine: str,
        players: list[User],
        *,
        spectator: User,
        seed: int = 1,
        options: str | None = None,
        steer: float = 0.0,
        play_rate: float | None = None,
        undo_rate: float = 0.0,
        locale: str = "en-US",
    ):
        self.options = options
        #: the language the players' clients and the server are in (their labels, the boards)
        self.locale = locale
        #: how often a user types ``/play`` although the bot offers components (None: now and
        #: then, so the autocomplete path is played too)
        self.play_rate = play_rate
        #: how often a simulated user takes the move the engine itself suggests (the player stand-in's
        #: choice) when the bot offers it, so long games end in a test's time like real ones do
        self.steer = steer
        #: how often a player takes back a move they may take back (its own seeded generator,
        #: so a game without undos is played exactly as before)
        self.undo_rate = undo_rate
        self.undo_rng = random.Random(seed * 7 + 1)
        self.undos = Undos()
        self._wanted: str | None = None
        self._wanted_label: str | None = None
        self.d = driver
        self.db = db
        self.channel = channel
        self.engine_name = engine
        self.engine = engines.get_engine(engine)
        self.players = players
        self.spectator = spectator
        self.rng = random.Random(seed)
        self.witness = Witness(db, channel.id)
        self.tally = Tally()
        self._checked_upto = 0  # message ids up to this were leak-checked
        self.problems: list[str] = []  # product problems met on the way (the test reports them)
        self._leaked: set[str] = set()
        self._last_private: list[Message] = []
        self._known_so_far: dict[str, set[str]] = {}
        self.timings: list[float] = []  # seconds from a user's action to the new turn message
        self._panels: dict[int, Message] = {}  # each player's open private move panel
        self._shown_awaited: set[int] = set()  # whom the turn message on show awaits
        self._expected_pings: set[int] = set()
        self._turn_is_new = True
        #: players in their quiet hours: a turn message names them without a ping
        self.asleep: set[int] = set()

    # -- lobby ----------------------------------------------------------------------------------
    def _pick_choice(self, user: User, command: str, taken: list[str], **options) -> str | None:
        """A per-player choice as a user makes it: one of the bot's own suggestions for the
        ``choice`` option, not one someone took already (None when the game has none)."""
        if not any(s.per_player for s in self.engine.options):
            return None
        suggestions = [
            c["value"]
            for c in self.d.autocomplete(user, self.channel, command, "choice", "", **options)
        ]
        free = [v for v in suggestions if _choice_value(v) not in map(_choice_value, taken)]
        free = free or suggestions
        if not free:
            self.problems.append(f"{command}: no suggestions for the per-player choice")
            return None
        return self.rng.choice(free)

    def _seat(self, user: User, command: str, taken: list[str], **options) -> Reply:
        choice = self._pick_choice(user, command, taken, **options)
        extra = {"choice": choice} if choice else {}
        reply = self.d.run(user, self.channel, command, **options, **extra)
        if choice and not reply.new_public:
            # the bot refused its own suggestion: note it, then try the choices it did accept
            self.problems.append(
                f"{command} refused its own suggested choice {choice!r}: "
                f"{' / '.join(m.content for m in reply.messages)[:300]}"
            )
            fallbacks = [
                f"{spec.key}={value}"
                for spec in self.engine.options
                if spec.per_player
                for value in spec.choices
                if " " not in value and _choice_value(value) not in map(_choice_value, taken)
            ]
            for word in [*fallbacks, None]:
                extra = {"choice": word} if word else {}
                reply = self.d.run(user, self.channel, command, **options, **extra)
                if reply.new_public:
                    if word:
                        taken.append(word)
                    return reply
        elif choice:
            taken.append(choice)
        return reply

    def open_and_start(self) -> Message:
        host, *others = self.players
        taken: list[str] = []
        extra = {"options": self.options} if self.options else {}
        reply = self._seat(host, "/game new", taken, game=self.engine_name, **extra)
        self._expect_public(reply, "opening the game")
        for user in others:
            reply = self._seat(user, "/game join", taken)
            self._expect_public(reply, f"{user.name} joining")
        before = self.d.last_message_id()
        reply = self.d.run(host, self.channel, "/game start")
        row = self.witness.row()
        if row.status != "running":
            raise ScenarioFailure(f"the game did not start: {reply!r}")
        turn = self._turn_message(before)
        self._shown_awaited = self.witness.to_act_users(row)
        self._expected_pings = self._shown_awaited - self.asleep
        self._check_turn_message(turn, row)
        return turn

    def _expect_public(self, reply: Reply, what: str) -> None:
        if reply.failed or not reply.new_public:
            raise ScenarioFailure(f"{what}: expected a public message, got {reply!r}")

    # -- playing --------------------------------------------------------------------------------
    def running(self) -> bool:
        return self.witness.row().status == "running"

    def play(self, *, max_moves: int, max_seconds: float, refusal_every: int = 0) -> Tally:
        """Play until the game ends or a cap is reached; checks refusals every so often."""
        deadline = time.monotonic() + max_seconds
        while self.running() and self.tally.moves < max_moves and time.monotonic() < deadline:
            if refusal_every and self.tally.moves % refusal_every == 0:
                self.check_refusals()
            self.move()
        self.check_consistency()
        return self.tally

    def move(self) -> Message:
        """One move by one awaited player, chosen at random among what the bot offers: the
        components of the turn message, of their open private panel, or ``/play``."""
        row = self.witness.row()
        awaited = sorted(self.witness.to_act_users(row))
        if not awaited:
            raise ScenarioFailure("the game is running but nobody is awaited")
        actor = self._user(self.rng.choice(awaited))
        self._wanted = self._suggested(row, actor) if self.rng.random() < self.steer else None
        self._wanted_label = self._label(row, actor, self._wanted)
        turn = self.d.latest_public(self.channel)
        offers = self._offers(turn)
        before = self.d.last_message_id()
        edits = self._edit_count()
        started = time.perf_counter()
        reply = None
        # mostly the components, sometimes /play anyway so its autocomplete path is played too
        use = (0.8 if len(awaited) == 1 else 0.5) if self.play_rate is None else 1 - self.play_rate
        if self.rng.random() < use:
            panel = self._panels.get(actor.id)
            if panel is not None and self._offers(panel):
                reply = self._use_offer(actor, panel, self._offers(panel), row.version, before)
                self.tally.via_private += reply is not None
            if reply is None and offers:
                reply = self._use_offer(actor, turn, offers, row.version, before)
            for _ in range(2):
                # an offer on the private answer (the clicker's own panel, or the question a
                # losing move asks first) is used as a person would, twice at most
                private = [m for m in self._last_private if self._offers(m)]
                if reply is not None or not private:
                    break
                self._panels[actor.id] = private[-1]
                before = self.d.last_message_id()
                reply = self._use_offer(
                    actor, private[-1], self._offers(private[-1]), row.version, before
                )
                self.tally.via_private += reply is not None
        if reply is None:
            choices = self.d.autocomplete(actor, self.channel, "/play", "action", "")
            if not choices:
                raise ScenarioFailure(f"{actor.name} is awaited but /play offers nothing")
            values = [c["value"] for c in choices if c["value"] != "undo"]
            value = self._wanted if self._wanted in values else self.rng.choice(values)
            value = self._with_amount(row, actor, value)
            before = self.d.last_message_id()
            edits = self._edit_count()
            reply = self.d.run(actor, self.channel, "/play", action=value)
            self.tally.by_play += 1
            if not reply.messages or not reply.messages[0].ephemeral:
                raise ScenarioFailure(f"/play should answer its player privately: {reply!r}")
        after = self.witness.row()
        if after.version != row.version + 1:
            raise ScenarioFailure(
                f"a move should bump the version by one ({row.version} -> {after.version}); {reply!r}"
            )
        last = self.db.moves(after.id)[-1]
        if last.kind != "move" or last.user_id != actor.id:
            raise ScenarioFailure(f"the saved move is not {actor.name}'s: {last}")
        turn = self._shown_turn(before, edits, after)
        self.timings.append(time.perf_counter() - started)
        self._check_turn_message(turn, after)
        self.tally.moves += 1
        return self._maybe_undo(row, after, actor) or turn

    def _maybe_undo(self, row, after, actor: User) -> Message | None:
        """Count the move just made from ``row`` to ``after``, and now and then take it back
        (when its player may) through the bot: the "↩ Undo" of their newest private message,
        else ``/play undo``; then check the game is back to ``row`` exactly, every view too,
        and the turn message edited back. The new turn message, if taken back."""
        self.undos.steps += 1
        engine, state = self.witness.engine(after), self.witness.state(after)
        name = {st.user_id: st.name for st in self.db.seats(after.id)}[actor.id]
        kept = getattr(state, "takeback", [])
        if not kept or kept[-1].player != name:
            return None
        self.undos.undoable += 1
        if self.undo_rate <= 0 or self.undo_rng.random() >= self.undo_rate:
            return None
        before, edits = self.d.last_message_id(), self._edit_count()
        found = self._undo_button(actor, f"{UNDO_ID}{after.id}:{after.version}")
        if found is not None:
            reply = self.d.click(actor, found[0], custom_id=found[1])
        else:
            reply = self.d.run(actor, self.channel, "/play", action="undo")
        undone = self.witness.row()
        last = self.db.moves(undone.id)[-1]
        if undone.version != after.version + 1 or last.kind != "undo" or last.user_id != actor.id:
            raise ScenarioFailure(f"{actor.name}'s undo was not saved: {last} {reply!r}")
        self.undos.undone += 1
        was, now = self.witness.state(row), self.witness.state(undone)
        viewers = [*state.players, None]
        same = was.model_dump_json() == now.model_dump_json() and all(
            engine.view(was, v).model_dump_json() == engine.view(now, v).model_dump_json()
            for v in viewers
        )
        self.undos.identical += same
        turn = self._shown_turn(before, edits, undone)
        self._check_turn_message(turn, undone)
        return turn

    def _undo_button(self, actor: User, wanted: str) -> tuple[Message, str] | None:
        """The "↩ Undo" drawn for the board now (custom id ``wanted``) on one of ``actor``'s
        private messages, and its custom id (none after a move made with ``/play``)."""
        for message in reversed(self.d.ephemeral_to(actor)):
            if message.channel_id != self.channel.id or message.deleted:
                continue
            for b in self.d.buttons(message):
                if b.get("custom_id") == wanted and not b.get("disabled"):
                    return message, wanted
        return None

    def check_turn_after(self, before: int, edits: int, row) -> Message:
        """After a move made outside :meth:`move` (message id ``before`` and ``edits`` taken
        just before it): the turn message follows the edit-or-post rule and shows ``row``."""
        turn = self._shown_turn(before, edits, row)
        self._check_turn_message(turn, row)
        return turn

    def seen_fresh_board(self, row) -> None:
        """A board posted anew for ``row`` (after a restart) pinged everyone it awaits."""
        self._shown_awaited = self.witness.to_act_users(row)

    def _edit_count(self) -> int:
        return self.d.server.call(
            lambda: sum(
                len(m.history)
                for m in self.d.server.state.messages.values()
                if m.channel_id == self.channel.id and m.public
            )
        )

    def _shown_turn(self, before: int, edits: int, row) -> Message:
        """The turn message showing the position after a move, checked against the rule: a new
        message only when someone who was not awaited is awaited now (or the game ended),
        else the turn's message edited in place."""
        now = self.witness.to_act_users(row)
        newly = now - self._shown_awaited
        if newly or row.status != "running":
            turn = self._turn_message(before)
            self.tally.posts_checked += 1
        else:
            self.d.server.wait_until(
                lambda: self._edit_count() > edits, 20.0, "the turn message to be edited"
            )
            self.d.settle()
            fresh = [
                m
                for m in self.d.public_messages(self.channel)
                if m.id > before and not (m.ephemeral)
            ]
            if fresh:
                raise ScenarioFailure(
                    "a step of the same turn posted a new message instead of editing the turn's: "
                    f"{[m.content[:120] for m in fresh]}"
                )
            turn = self.d.latest_public(self.channel)
            self.tally.edits_checked += 1
        self._expected_pings = newly - self.asleep if row.status == "running" else set()
        self._turn_is_new = bool(newly) or row.status != "running"
        self._shown_awaited = now
        return turn

    def _use_offer(self, actor: User, message: Message, offers, version: int, before: int):
        """Use one of ``offers`` on ``message``; the reply if it made the move, else None (the
        private answer is kept in ``_last_private``)."""
        wanted = [
            o for o in offers if self._wanted_label and _shows(_label_of(o), self._wanted_label)
        ]
        kind, item, value = wanted[0] if wanted else self.rng.choice(offers)
        if kind == "button":
            reply = self.d.click(actor, message, custom_id=item["custom_id"])
            if reply.interaction.modal is not None:  # a move whose amount is typed
                reply = self._fill_form(actor, reply, item["label"])
                self.tally.typed += 1
        else:
            reply = self.d.select(actor, message, [value], custom_id=item["custom_id"])
        if self.witness.row().version == version:
            # another awaited player's move, or a button that shows the clicker's own moves:
            # either way a private answer that changes nothing
            self._expect_refused(reply, version, before, "a component that is not a move here")
            self._last_private = [m for m in reply.messages if m.ephemeral]
            return None
        self.tally.by_button += kind == "button"
        self.tally.by_select += kind == "select"
        return reply

    def _label(self, row, actor: User, action_id: str | None) -> str | None:
        """The label of the component that makes ``action_id``: a fixed step's is that of the
        move whose amount is typed (the step itself is for bots only)."""
        if action_id is None:
            return None
        name = {st.user_id: st.name for st in self.db.seats(row.id)}[actor.id]
        engine, state = self.witness.engine(row), self.witness.state(row)
        action = next((a for a in engine.legal_actions(state, name) if a.id == action_id), None)
        if action is not None and action.step_of:
            base = action.step_of.rpartition(":")[0]
            typed = [m for m in engine.amount_moves(state, name) if m.id == base]
            return word(typed[0].label if typed else action.label, self.locale)
        return word(action.label, self.locale) if action is not None else None

    def _with_amount(self, row, actor: User, value: str) -> str:
        """A /play choice that is a move whose amount is typed: type a number after it, as a
        person would, and take the move the autocomplete then offers."""
        name = {st.user_id: st.name for st in self.db.seats(row.id)}[actor.id]
        engine, state = self.witness.engine(row), self.witness.state(row)
        move = next((m for m in engine.amount_moves(state, name) if m.id == value), None)
        if move is None or move.amount is None:
            return value
        typed = f"{move.label.split(' (')[0]} {move.amount.low}"
        choices = self.d.autocomplete(actor, self.channel, "/play", "action", typed)
        # the typed words may match several moves ("Offer 0 shmeckles" beside "Ask for 0
        # shmeckles"): the one made is among them, not necessarily first
        made = f"{move.id}:{move.amount.low}"
        if not any(c["value"] == made for c in choices):
            raise ScenarioFailure(f"/play did not offer {typed!r} as a move: {choices}")
        return made

    def _fill_form(self, actor: User, opened: Reply, label: str) -> Reply:
        """Type an amount in the form a button opened: the steered move's amount when it is
        that move, else a number in the move's range (mostly its least); now and then a bad
        one first, which must be refused privately and change nothing."""
        row = self.witness.row()
        name = {st.user_id: st.name for st in self.db.seats(row.id)}[actor.id]
        engine, state = self.witness.engine(row), self.witness.state(row)
        move = next(
            m for m in engine.amount_moves(state, name) if word(m.label, self.locale) == label
        )
        assert move.amount is not None
        low, high = move.amount.low, move.amount.high
        steered = next(
            (
                a.step_of
                for a in engine.legal_actions(state, name)
                if a.id == self._wanted and a.step_of
            ),
            None,
        )
        if steered and steered.rpartition(":")[0] == move.id:
            amount = int(steered.rpartition(":")[2])
        elif self.rng.random() < 0.6:
            amount = low
        else:
            amount = self.rng.randint(low, min(high, low + 50))
        if self.rng.random() < 0.15:
            before = self.d.last_message_id()
            bad = self.d.submit(actor, opened, amount=self.rng.choice(["lots", str(high + 1)]))
            self._expect_refused(bad, row.version, before, "an amount out of range")
            opened = self.d.click(
                actor, opened.clicked, custom_id=opened.interaction.data["custom_id"]
            )
        return self.d.submit(actor, opened, amount=str(amount))

    def _suggested(self, row, actor: User) -> str | None:
        """The engine's own suggestion for ``actor`` now (what a stand-in would play)."""
        name = {st.user_id: st.name for st in self.db.seats(row.id)}[actor.id]
        engine = self.witness.engine(row)
        state = self.witness.state(row)
        if not engine.legal_actions(state, name):
            return None
        return engine.suggest(state, name, self.rng)

    def _offers(self, message: Message) -> list[tuple[str, dict, str | None]]:
        offers: list[tuple[str, dict, str | None]] = [
            ("button", b, None)
            for b in self.d.buttons(message)
            if not b.get("disabled") and not (b.get("custom_id") or "").startswith(UNDO_ID)
        ]
        for menu in message.selects():
            if not menu.get("disabled"):
                offers += [("select", menu, o["value"]) for o in menu.get("options") or []]
        return offers

    def _turn_message(self, before: int) -> Message:
        """The new public message with the board image posted after message id ``before``."""
        return self.d.wait_for_public(self.channel, before, lambda m: bool(m.images()))

    def _user(self, user_id: int) -> User:
        for u in [*self.players, self.spectator]:
            if u.id == user_id:
                return u
        raise ScenarioFailure(f"unknown user id {user_id}")

    # -- checks ---------------------------------------------------------------------------------
    def _check_turn_message(self, turn: Message, row) -> None:
        """Board image = the spectator view's rendering; a new turn message pings exactly the
        newly awaited users and mentions every awaited one; no component names a move."""
        expected = self._expected_pings if self._turn_is_new else set(turn.pinged)
        if set(turn.pinged) != expected:
            names = {u.id: u.name for u in [*self.players, self.spectator]}
            raise ScenarioFailure(
                f"turn message pings {[names.get(u, u) for u in turn.pinged]}, "
                f"but the game awaits {[names.get(u, u) for u in expected]}: {turn.content!r}"
            )
        allowed = turn.allowed_mentions
        if allowed is None or set(allowed.get("parse") or []) & {"everyone", "roles", "users"}:
            raise ScenarioFailure(f"turn message mentions are not restricted: {allowed}")
        for uid in self.witness.to_act_users(row):
            if f"<@{uid}>" not in turn.content and f"<@!{uid}>" not in turn.content:
                raise ScenarioFailure(f"turn message does not mention <@{uid}>")
        image = turn.images()[0]
        summary = self.witness.engine(row).summary(self.witness.state(row))
        alt = f"{self.engine.title} board. {summary}".strip()
        english = language_of(self.locale) is None  # another language's alt text is checked
        if (
            english
            and image.description != alt[:1024]
            and not (image.description or "").endswith("…")
        ):
            raise ScenarioFailure(
                f"the board's alt text is not the public summary: {image.description!r} != {alt!r}"
            )
        png = image.data
        # re-rendering costs as much as the bot's own render: compare on the first moves and
        # then every fifth (every posted board is still checked to be a PNG)
        if (self.tally.moves < 5 or self.tally.moves % 5 == 0) and png != self.witness.public_png(
            row, self.locale
        ):
            raise ScenarioFailure("the posted board is not the spectator view's rendering")
        self.tally.boards_compared += self.tally.moves < 5 or self.tally.moves % 5 == 0
        self.check_no_leaks()

    def check_no_leaks(self) -> None:
        """No public message (any version) holds a text private to a player, and no ephemeral
        message holds a text private to someone other than its reader."""
        secrets = self.witness.secrets()
        # what a player was ever shown privately stays theirs to see (a private answer is made
        # before the move it leads to, and checked after it)
        for player, text in secrets.known.items():
            self._known_so_far.setdefault(player, set()).update(text.split("\n"))
        secrets.known = {p: "\n".join(lines) for p, lines in self._known_so_far.items()}
        fresh = [m for m in self.d.server.all_messages() if m.id > self._checked_upto]
        if not fresh:
            return
        names = {u.id: u.name for u in self.players}
        for m in fresh:
            if m.channel_id != self.channel.id:
                continue
            # a spectator's private answer may hold no more than a public message
            reader = names.get(m.visible_to) if m.ephemeral else None
            forbidden = secrets.forbidden_for(reader)
            if not m.ephemeral:
                self.tally.public_checked += 1
                for problem in opaque_problems(m):
                    if problem not in self._leaked:
                        self._leaked.add(problem)
                        self.problems.append(problem)
            for text in m.texts():
                for secret in forbidden:
                    if secret not in self._leaked and contains_word(text, secret):
                        # recorded, not raised, so the rest of the game is still checked
                        self._leaked.add(secret)
                        where = (
                            "a public message"
                            if not m.ephemeral
                            else f"an ephemeral message to {reader or 'a spectator'}"
                        )
                        self.problems.append(
                            f"hidden text {secret!r} (private to {secrets.owners(secret)}) "
                            f"shown in {where}: {text[:200]!r}"
                        )
        self._checked_upto = max(m.id for m in fresh)

    def check_hands(self) -> None:
        """/game hand: each player's private view, to them only, ephemerally; spectators get a
        private refusal."""
        row = self.witness.row()
        seats = {s.user_id: s.name for s in self.db.seats(row.id)}
        for user in self.players:
            before = self.d.last_message_id()
            reply = self.d.run(user, self.channel, "/game hand")
            if not reply.ephemeral or any(m.visible_to != user.id for m in reply.messages):
                raise ScenarioFailure(f"/game hand of {user.name} was not private: {reply!r}")
            if any(m.id > before and m.public for m in reply.new_public):
                raise ScenarioFailure("/game hand posted something public")
            expected = self.witness.private_png(seats[user.id], row, self.locale)
            got = [a.data for m in reply.messages for a in m.images()]
            if expected is not None and got and got[0] != expected:
                raise ScenarioFailure(f"{user.name}'s hand image is not their own view's rendering")
            self.tally.hands_checked += 1
        self._expect_refused(
            self.d.run(self.spectator, self.channel, "/game hand"),
            row.version,
            None,
            "/game hand by a spectator",
        )
        self.check_no_leaks()

    def check_looking(self) -> None:
        """/game board posts the spectator view's board publicly; /game status and /game log
        answer privately; a spectator may use all three, and nothing changes."""
        row = self.witness.row()
        before = self.d.last_message_id()
        reply = self.d.run(self.spectator, self.channel, "/game board")
        if row.status == "running":
            board = self.d.wait_for_public(self.channel, before, lambda m: bool(m.images()))
            if board.pinged:
                raise ScenarioFailure(f"/game board pinged {board.pinged}")
            if board.images()[0].data != self.witness.public_png(row, self.locale):
                raise ScenarioFailure("/game board did not post the spectator view's board")
        for command in ("/game status", "/game log"):
            reply = self.d.run(self.spectator, self.channel, command)
            if not reply.ephemeral or reply.failed:
                raise ScenarioFailure(f"{command} should answer privately: {reply!r}")
        if self.witness.row().version != row.version:
            raise ScenarioFailure("looking at the game changed it")
        self.check_no_leaks()

    def _expect_refused(self, reply: Reply, version: int, before: int | None, what: str) -> None:
        row = self.witness.row()
        if row.version != version:
            raise ScenarioFailure(f"{what} changed the game (version {version} -> {row.version})")
        if reply.failed:
            raise ScenarioFailure(f"{what}: the interaction failed ({reply.failed})")
        if not reply.ephemeral:
            raise ScenarioFailure(f"{what} should be refused privately: {reply!r}")
        if before is not None and reply.new_public:
            raise ScenarioFailure(
                f"{what} posted publicly: {[m.content for m in reply.new_public]}"
            )
        self.tally.refusals_checked.append(what)

    def check_refusals(self) -> None:
        """The refusals any engine's game must answer privately without changing anything: a
        spectator clicking, a seated player who may not act clicking, a stale button, a
        spectator's /play."""
        row = self.witness.row()
        if row.status != "running":
            return
        turn = self.d.latest_public(self.channel)
        buttons = [b for b in self.d.buttons(turn) if not b.get("disabled")]
        if buttons:
            button = self.rng.choice(buttons)
            before = self.d.last_message_id()
            reply = self.d.click(self.spectator, turn, custom_id=button["custom_id"])
            self._expect_refused(reply, row.version, before, "a click by a spectator")
            eng, state = self.witness.engine(row), self.witness.state(row)
            seats = self.db.seats(row.id)
            idle = [s for s in seats if not eng.legal_actions(state, s.name)]
            if idle:
                user = self._user(self.rng.choice(idle).user_id)
                before = self.d.last_message_id()
                reply = self.d.click(user, turn, custom_id=button["custom_id"])
                self._expect_refused(
                    reply, row.version, before, "a click by a player who may not act"
                )
        stale = self._stale_button()
        if stale is not None:
            message, button = stale
            user = self._user(self.rng.choice(sorted(self.witness.to_act_users(row))))
            before = self.d.last_message_id()
            reply = self.d.click(user, message, custom_id=button["custom_id"])
            self._expect_refused(reply, row.version, before, "a stale button")
        before = self.d.last_message_id()
        reply = self.d.run(self.spectator, self.channel, "/play", action="anything")
        self._expect_refused(reply, row.version, before, "/play by a spectator")
        if self.d.autocomplete(self.spectator, self.channel, "/play", "action", ""):
            raise ScenarioFailure("/play autocomplete offered moves to a spectator")

    def _stale_button(self) -> tuple[Message, dict] | None:
        """A button still shown on an earlier turn message of this game (e.g. after a move made
        with /play, which leaves the old message as it was)."""
        msgs = self.d.public_messages(self.channel)[:-1]
        for m in reversed(msgs):
            buttons = self.d.buttons(m)
            if buttons:
                return m, buttons[0]
        return None

    def check_consistency(self) -> None:
        """The move log replays to the saved state; versions and sequence numbers are gapless."""
        row = self.witness.row()
        moves = self.db.moves(row.id)
        seqs = [m.seq for m in moves]
        if seqs != list(range(1, len(moves) + 1)):
            raise ScenarioFailure(f"move log sequence has gaps or repeats: {seqs}")
        versions = [m.version for m in moves]
        if versions != sorted(set(versions)) or (versions and versions[-1] != row.version):
            raise ScenarioFailure(f"versions in the log {versions} do not end at {row.version}")
        if row.state is not None:
            import json

            saved = without_takeback(json.loads(row.state))
            if self.witness.replayed_state_json(row) != saved:
                raise ScenarioFailure("replaying the move log does not give the saved state")
        problems = self.d.server.call(lambda: list(self.d.server.state.errors))
        if problems:
            raise ScenarioFailure(f"the local Discord recorded Discord errors: {problems}")
