"""Monopoly in the reader's language: a whole game read in the pseudo-locale leaves no English
but names (events public and private, every move offered, refusals, the board, the hand and the
legend), a German reader reads German, and the state's words saved as English still load."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engines.core import Event
from engines.monopoly import render
from engines.monopoly.card_words import CARD_TEXTS
from engines.monopoly.data import CARDS
from engines.monopoly.engine import ENGINE
from i18n import t
from i18n.pseudo import english_left
from i18n.say import Say, event_text, word
from i18n.speaking import speaking
from rendering import kit
from rendering.legend import alt_text, render_legend

from .helpers import new

PSEUDO = "qps-ploc"
PLAYERS = ["Ada", "Bruno", "Cy"]
SAMPLE_PLAYERS = tuple(f"Player {k}" for k in range(1, 7))


def names() -> set[str]:
    return set(ENGINE.proper_names()) | set(PLAYERS)


def english_in(text: str, extra: tuple[str, ...] = ()) -> list[str]:
    return english_left(text, names() | set(extra))


def printed(word: str) -> bool:
    """Whether ``word`` is (a piece of) a word of a printed name: the board wraps a space's
    name over lines and hyphenates a long word ("Birdper-", "son")."""
    return any(word in part for name in names() for part in name.split())


def drawn_english(draw, *args) -> list[str]:
    """The English words left in everything ``draw(*args)`` draws in the pseudo-locale
    (the palette's sample board, drawn once for its colours and never shown, names its players
    "Player 1" to "Player 6")."""
    with speaking(PSEUDO), kit.recording_text() as drawn:
        draw(*args)
    return [w for _size, text in drawn for w in english_in(text, SAMPLE_PLAYERS) if not printed(w)]


def played(seed: int, mode: str):
    """A whole game the engine plays against itself: each state, who moved, the events."""
    s = ENGINE.setup(PLAYERS, seed=seed, options={"mode": mode})
    rng = random.Random(seed)
    yield s, None, []
    while ENGINE.result(s) is None:
        actor = ENGINE.to_act(s)[0]
        s, events = ENGINE.apply(s, actor, ENGINE.suggest(s, actor, rng))
        yield s, actor, events


def leftover(s, events: list[Event], step: int) -> list[tuple[str, str]]:
    """Every English word a pseudo-locale reader would read at this step: in the events, the
    moves offered to whoever acts (their menu headings and typed amounts too) and a refusal of
    a move they did not get; every fourth step and at the end the board, and each hand to act."""
    found: list[tuple[str, str]] = []

    def check(what: str, text: str, extra: tuple[str, ...] = ()) -> None:
        found.extend((what, w) for w in english_in(text, extra))

    for e in events:
        check("event", event_text(e, PSEUDO))
    for p in ENGINE.to_act(s):
        for a in ENGINE.legal_actions(s, p) + ENGINE.amount_moves(s, p):
            check("label", word(a.label, PSEUDO))
            for heading in (a.kind, a.menu):
                check("menu heading", word(heading or "", PSEUDO))
            if a.amount is not None:
                check("made", t(PSEUDO, a.amount.made, n=a.amount.low))
                check("refusal", word(a.amount.refusal(), PSEUDO))
        check("refusal", word(ENGINE.refusal(s, p, "mortgage:0", []), PSEUDO))
    view = ENGINE.view(s, None)
    for line in (view.pending, *view.log):
        check("view", word(line, PSEUDO))
    if step % 4 == 0 or ENGINE.result(s) is not None:
        found.extend(("board", w) for w in drawn_english(render.render_board, view))
        for p in ENGINE.to_act(s)[:1]:
            found.extend(("hand", w) for w in drawn_english(render.render_hand, ENGINE.view(s, p)))
        check("summary", word(ENGINE.summary(s), PSEUDO))
    return found


@pytest.mark.parametrize(("seed", "mode"), [(7, "quick"), (11, "classic")])
def test_a_whole_game_read_in_the_pseudo_locale_leaves_no_english_but_names(seed, mode):
    found: list[tuple[int, str, str]] = []
    last = None
    for step, (s, _actor, events) in enumerate(played(seed, mode)):
        found.extend((step, what, w) for what, w in leftover(s, events, step))
        last = s
    assert last is not None
    for text in ENGINE.final_report(last).values():
        found.extend((-1, "report", w) for w in english_in(word(text, PSEUDO)))
    assert found == []


def test_the_legend_read_in_the_pseudo_locale_leaves_no_english_but_names():
    found = drawn_english(render_legend, "monopoly", PSEUDO)
    found += english_in(alt_text("monopoly", PSEUDO))
    assert found == []


def test_the_engine_texts_are_said_for_the_reader():
    s = new(2)
    s.bankrupt.append("Brook")
    texts = [ENGINE.guide, ENGINE.not_playing(s, "Brook"), ENGINE.refusal(s, "Ada", "fly", [])]
    texts += [a.words for a in ENGINE.standing_answers(s, "Ada")]
    for option in ENGINE.options:
        texts += [option.label, *([option.help] if option.help else [])]
        texts += [c for c in option.choices if not c.isdigit() and c not in names()]
    for text in texts:
        assert isinstance(text, Say) and english_in(word(text, PSEUDO)) == [], text


def test_a_german_reader_reads_the_events_and_moves_in_german():
    s = new(2)
    s.offer, s.pos["Ada"] = 18, 18
    buy = next(a for a in ENGINE.legal_actions(s, "Ada") if a.id == "buy")
    assert word(buy.label, "de") == "Pluto für 180 kaufen"
    _, events = ENGINE.apply(s, "Ada", "buy")
    assert event_text(events[0], "de") == "Ada kauft Pluto für 180."


def test_money_is_written_as_the_reader_writes_numbers():
    summary = ENGINE.summary(new(2))  # everyone starts with 1500
    assert "Ada 1,500" in summary and "Ada 1.500" in word(summary, "de")


def test_the_cards_texts_said_are_the_data_files():
    assert {k: str(v) for k, v in CARD_TEXTS.items()} == {k: c.text for k, c in CARDS.items()}


def test_a_game_saved_with_english_words_still_loads_and_reads_them():
    raw = new(2).model_dump(mode="json")
    raw["schema_version"] = 6
    raw["log"] = ["Ada rolls 3+4.", "Ada lands on Pluto."]
    raw["fates"] = {"Brook": "turn 9, owing 50 to Ada (rent on Pluto); everything to Ada"}
    raw["this_turn"] = {"player": "Ada", "notes": [["Ada", "to Pluto"]], "marks": [18]}
    old = ENGINE.load_state(json.dumps(raw))
    view = ENGINE.view(old, None)
    assert view.log == ["Ada rolls 3+4.", "Ada lands on Pluto."]
    bruno = next(p for p in view.players if p.name == "Brook")
    assert bruno.fate.startswith("turn 9, owing 50 to Ada")
    assert old.this_turn is None


def cut_short(locale: str, states: list) -> int:
    """How many texts the board, the hand and the end board cut short ("…") in ``locale``."""
    count = 0
    for s in states:
        with speaking(locale), kit.recording_text() as drawn:
            render.draw_board(ENGINE.view(s, None))
            render.render_hand(ENGINE.view(s, s.players[0]))
        count += sum(text.endswith("\u2026") for _size, text in drawn)
    return count


def test_the_german_pictures_fit_as_the_english_do():
    """German runs longer than English: the board, the hand and the end board drawn in German
    cut no more of their texts short than in English (the legend draws whole)."""
    game = [s for s, _actor, _events in played(7, "quick")]
    states = [*game[::40], game[-1]]
    assert cut_short("de", states) <= cut_short("en-US", states)
    assert render_legend("monopoly", "de").startswith(b"\x89PNG")


@pytest.mark.parametrize("code", ["de", "pt_BR", "es"])
def test_each_translated_rulings_page_keeps_the_english_pages_entries_and_quotes(code):
    """A rulings page in another language has the same entries in the same order, each with
    the rulebook's sentence quoted as printed (in English), a reading and a reason."""
    here = Path(render.__file__).parent
    english = (here / "rulings.md").read_text(encoding="utf-8").splitlines()
    translated = (here / f"rulings.{code}.md").read_text(encoding="utf-8").splitlines()

    def shape(lines: list[str]) -> list[str]:
        return [
            ln if ln.startswith("> ") else ln[:2]
            for ln in lines
            if ln.startswith(("## ", "> ", "**"))
        ]

    assert shape(translated) == shape(english)
