"""Every word a player sees goes through the catalogs: a whole game of every shipped engine, in
a server and with players whose Discord is in the pseudo-locale ("⟦Ŷöûŕ ţûŕñ⟧"), through the
local Discord and the real bot process.

Every text the bot showed (each message's every version: content, embeds, buttons, selects and
their options; each form it opened; each autocomplete suggestion; each image's alt text) and
every word drawn on the pictures (the boards re-drawn here from the same views in the same
language, which the session checks are the very images the bot posted, the hands, the legend)
must be pseudo-localized: a string that skipped the catalogs shows up here in English
(:func:`i18n.pseudo.english_left`). Names are allowed as they are: the players', the games'
titles and the printed names of published components (``Engine.proper_names``).
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

import engines
import rendering
from i18n.pseudo import english_left
from rendering import kit, legend
from tests.e2e.conftest import World
from tests.e2e.session import GameSession
from tests.shipped import shipped_games

PSEUDO = "qps-ploc"
NAMES = ["Ada", "Bob", "Cy"]
SPECTATOR = "Eve"
OPTIONS = {"monopoly": "mode=quick"}
MAX_MOVES = 2500
MAX_SECONDS = 480.0


@pytest.fixture(scope="module")
def pseudo_world(tmp_path_factory):
    """A server whose language is the pseudo-locale, and its own bot process."""
    world = World(tmp_path_factory.mktemp("pseudo"))
    world.server.set_guild_locale(PSEUDO)
    world.bot.start()
    yield world
    world.close()


def _strings(data: Any) -> Iterator[str]:
    """Every text a form (modal) shows: its title, labels, placeholders, descriptions."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in {"title", "label", "placeholder", "description", "content"} and isinstance(
                value, str
            ):
                yield value
            else:
                yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)


def shown_texts(world: World, channel_id: int, user_ids: set[int]) -> list[tuple[str, str]]:
    """(where, text) for everything the bot showed in the channel, by direct message to its
    users, and in answer to their interactions there."""
    server = world.server
    messages = [m for m in server.all_messages() if m.channel_id == channel_id]
    for user_id in user_ids:
        messages += server.dms_to(user_id)
    out: list[tuple[str, str]] = []
    for message in messages:
        where = "private message" if message.ephemeral else "public message"
        out += [(where, text) for text in message.texts()]
        out += [("alt text", a.description) for a in message.attachments if a.description]
    records = server.call(lambda: list(server.state.interactions.values()))
    for record in records:
        if record.user_id not in user_ids or record.channel_id != channel_id:
            continue
        if record.modal is not None:
            out += [("form", text) for text in _strings(record.modal)]
        out += [("autocomplete", c.get("name", "")) for c in record.choices or []]
    return out


def left_in_english(texts: Iterable[tuple[str, str]], names: set[str]) -> Counter[str]:
    """Each text that still shows English, with where it was shown, counted. A picture draws a
    long name over two lines ("Ghost" / "Train", "Gazorpa-" / "zorp"): there, a piece of a
    name is a name."""
    found: Counter[str] = Counter()
    for where, text in texts:
        words = english_left(text, names)
        if where == "picture":
            words = [w for w in words if not any(w in name for name in names)]
        if words:
            found[f"{where}: {text[:160]!r} (English: {' '.join(words[:6])})"] += 1
    return found


@pytest.mark.timeout(MAX_SECONDS + 240)
@pytest.mark.parametrize("name", sorted(shipped_games()))
def test_a_whole_game_reads_in_the_pseudo_locale(pseudo_world, name):
    engine = engines.get_engine(name)
    d = pseudo_world.driver
    channel = d.channel(f"pseudo-{name}")
    # two players: every text a game shows, in the least time (the games' own tests read three
    # and four players' games in the pseudo-locale)
    players = [d.user(n, locale=PSEUDO) for n in NAMES[: engine.min_players]]
    spectator = d.user(SPECTATOR, locale=PSEUDO)
    session = GameSession(
        d,
        pseudo_world.db,
        channel,
        name,
        players,
        spectator=spectator,
        seed=zlib.crc32(name.encode()) % 1000,
        options=OPTIONS.get(name),
        steer=0.9,
        locale=PSEUDO,
    )
    # the session re-draws boards and hands from the same views in the same language, and
    # checks they are the images the bot posted: what is drawn here is what players saw
    with kit.recording_text() as drawn:
        session.open_and_start()
        session.check_hands()
        session.check_refusals()
        session.play(max_moves=MAX_MOVES, max_seconds=MAX_SECONDS, refusal_every=25)
        session.check_looking()
        legend.render_legend(name, PSEUDO)
        legend_alt = legend.alt_text(name, PSEUDO)
    d.run(spectator, channel, "/game rules")
    assert not session.running(), f"{name} did not end: {session.tally}"
    users = {u.id for u in [*players, spectator]}
    # shown as they are in every language: names, and the words a player types (an option's
    # key and choices, which the translations quote as they are)
    typed = {w for spec in engine.options for w in (spec.key, *spec.choices)}
    sample = getattr(rendering.game_module(name, "legend"), "PLAYERS", [])  # the legend's game
    names = {*NAMES, SPECTATOR, *sample, engine.title, *engine.proper_names(), *typed}
    texts = [
        *shown_texts(pseudo_world, channel.id, users),
        *(("picture", text) for _, text in drawn),
        ("legend alt text", legend_alt),
    ]
    left = left_in_english(texts, names)
    assert not left, f"{len(left)} texts of {name} still in English:\n" + "\n".join(
        f"{n:>4} × {text}" for text, n in left.most_common()
    )
