"""Every word Anatomy Park shows a player goes through the catalogs: a whole game read in the
pseudo-locale leaves no English but the printed names of the components and the players'
names (events public and private, every move offered, the board, each hand and the legend),
and a German reader reads German."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest

from engines.anatomy_park import data, views
from engines.anatomy_park import legend as ap_legend
from engines.anatomy_park import render as ap
from engines.anatomy_park.engine import ENGINE
from engines.anatomy_park.texts import TEXTS
from engines.core import IllegalAction
from i18n.pseudo import english_left
from i18n.say import event_text, word
from i18n.speaking import speaking
from rendering import kit
from rendering.legend import render_legend

PSEUDO = "qps-ploc"
PLAYERS = ["Ada", "Bruno", "Chidi"]
SEED = 3

#: the players of the sample board the palette is made from (``rendering.palettes``), drawn
#: when a board is first drawn: names, as the players' are
SAMPLE_PLAYERS = frozenset({"Player"})


def names() -> set[str]:
    """What may stay English: the components' printed names, the players, the game's title."""
    return set(ENGINE.proper_names()) | set(PLAYERS) | {ENGINE.title}


@cache
def name_words() -> frozenset[str]:
    """The words of the printed names: a picture wraps a long name over two lines (and draws a
    line it drew before only once), so a drawn line may hold part of a name."""
    return frozenset(w for n in names() for w in n.replace(":", " ").split())


def english_in_pictures(drawn: list[tuple[int, str]]) -> list[str]:
    allowed = names() | name_words() | SAMPLE_PLAYERS
    return [w for _, line in drawn for w in english_left(line, allowed)]


def pictures(state) -> list[tuple[int, str]]:
    """Every text drawn on the board and each hand, in the pseudo-locale."""
    with speaking(PSEUDO), kit.recording_text() as drawn:
        ap.render_board(ENGINE.view(state, None))
        for p in PLAYERS:
            ap.render_hand(ENGINE.view(state, p))
    return drawn


def english_in(text: str) -> list[str]:
    return english_left(word(text, PSEUDO), names())


@pytest.mark.parametrize(("seed", "mode"), [(SEED, "advanced"), (9, "basic")])
def test_a_whole_game_reads_in_the_pseudo_locale(seed, mode):
    state = ENGINE.setup(PLAYERS, seed=seed, options={"mode": mode})
    rng = random.Random(seed)
    left: list[tuple[str, str]] = []
    step = 0
    while not state.over:
        for p in ENGINE.to_act(state):
            for action in ENGINE.legal_actions(state, p):
                left += [(action.label, w) for w in english_in(action.label)]
        left += [("summary", w) for w in english_in(ENGINE.summary(state))]
        if step % 4 == 0:  # every picture draws the same words; a few steps apart is enough
            left += [("picture", w) for w in english_in_pictures(pictures(state))]
        player = ENGINE.to_act(state)[0]
        state, events = ENGINE.apply(state, player, ENGINE.suggest(state, player, rng))
        for event in events:  # public and private alike, as the move log keeps them
            shown = event_text(json.loads(event.model_dump_json()), PSEUDO)
            left += [(event.text, w) for w in english_left(shown, names())]
        step += 1
    left += [("picture", w) for w in english_in_pictures(pictures(state))]
    left += [("summary", w) for w in english_in(ENGINE.summary(state))]
    result = ENGINE.result(state)
    assert result is not None
    left += [("result", w) for w in english_left(result.reason_in(PSEUDO), names())]
    left += [("ending", w) for w in english_in(ENGINE.ending(state))]
    for report in ENGINE.final_report(state).values():
        left += [(report, w) for w in english_in(report)]
    assert left == []


def test_the_legend_reads_in_the_pseudo_locale():
    with speaking(PSEUDO), kit.recording_text() as drawn:
        taught = ap_legend.legend()
        words = (
            [taught.title] + [c.text for c in taught.callouts] + [s.text for s in taught.symbols]
        )
    assert [w for text in words for w in english_left(text, names())] == []
    assert english_in_pictures(drawn) == []


def test_the_engines_own_texts_read_in_the_pseudo_locale():
    state = ENGINE.setup(PLAYERS, seed=SEED)
    texts = [ENGINE.guide, ENGINE.not_playing(state, "Zed"), *ENGINE.endings]
    texts += [ENGINE.refusal(state, p, "fly", ENGINE.legal_actions(state, p)) for p in PLAYERS]
    for spec in ENGINE.options:
        texts += [spec.label, spec.help]
    rick = ENGINE.setup(PLAYERS, seed=SEED, options={"character": {"Ada": "Rick"}})
    texts += [a.words for a in ENGINE.standing_answers(rick, "Ada")]
    with pytest.raises(IllegalAction) as refused:
        ENGINE.setup(["Ada"], seed=SEED)
    texts.append(refused.value.args[0])
    assert [(text, w) for text in texts for w in english_in(text)] == []


def test_leaving_reads_in_the_pseudo_locale():
    state = ENGINE.setup(PLAYERS, seed=SEED)
    state, events = ENGINE.remove_player(state, "Bruno")
    state, more = ENGINE.remove_player(state, "Chidi")
    shown = [event_text(e, PSEUDO) for e in events + more]
    assert [w for text in shown for w in english_left(text, names())] == []


def test_every_rules_text_of_the_components_is_a_message():
    texts = [c.ability_text for c in data.characters().values()]
    texts += [t.text for t in data.tiles().values()]
    texts += [r.text for r in data.reactions().values()]
    texts += [p.text for p in data.plans().values()]
    assert {t for t in texts if t} == set(TEXTS)


def test_the_printed_names_stay_english():
    assert {"Rick", "Haunted Liver", "Heart Attack", "Red around Brown"} <= ENGINE.proper_names()


def test_a_german_reader_reads_the_move_log_and_the_buttons_in_german():
    state = ENGINE.setup(PLAYERS, seed=SEED)
    player = ENGINE.to_act(state)[0]
    stay = next(a for a in ENGINE.legal_actions(state, player) if a.id == "nomove")
    assert word(stay.label, "de") == "Nicht bewegen"
    _, events = ENGINE.apply(state, player, "nomove")
    assert event_text(events[0], "de") == f"{player} bleibt stehen."


def test_the_german_pictures_still_fit():
    """German words are longer: the board, a hand and the legend still draw, and the card
    texts, panel lines and last turn wrap inside the picture."""
    state = ENGINE.setup(PLAYERS, seed=SEED, options={"mode": "advanced"})
    state = ENGINE.self_play(state, random.Random(SEED), 60)
    with speaking("de"), kit.recording_text() as drawn:
        board = ap.draw_board(ENGINE.view(state, None))
        hand = ap.render_hand(ENGINE.view(state, PLAYERS[0]))
        taught = ap_legend.legend()
    assert board.width == ap.WIDTH and board.height <= ap.WIDTH
    assert hand.startswith(b"\x89PNG") and taught.title.startswith(ENGINE.title)
    shown = " ".join(text for _, text in drawn)
    assert "Stapel" in shown and "Plättchen" in shown


@pytest.mark.parametrize("locale", ["en-US", "de", "pt-BR", "es-ES"])
def test_a_cards_type_word_never_runs_into_its_vp(locale, monkeypatch):
    """A longer language's type word ("ESCORREGADOR") gives way to the type letter rather than
    run under the VP chip of a card in the hand."""
    chips: list[tuple[int, int]] = []
    real_chip = ap.chip

    def chip(image, draw, xy, text):
        w = real_chip(image, draw, xy, text)
        chips.append((xy[0], xy[0] + w))
        return w

    monkeypatch.setattr(ap, "chip", chip)
    card_w = (ap.WIDTH - 2 * ap.MARGIN - 3 * 10) // 4  # four cards a row, as a hand lays them
    image = ap.Image.new("RGB", (card_w, ap.CARD_H))
    with speaking(locale):
        for tile in data.tiles().values():
            chips.clear()
            ap.card(image, ap.Draw(image), (0, 0, card_w, ap.CARD_H), views.tile_view(tile.id))
            assert all(a[1] < b[0] for a, b in pairwise(chips)), (locale, tile.name)


@pytest.mark.parametrize("locale", ["de", "pt-BR", "es-ES"])
def test_the_legend_cuts_no_word_in_a_longer_language(locale):
    """Every callout and key entry of the legend is shown whole (nothing ellipsized)."""
    with kit.recording_text() as drawn:
        render_legend("anatomy_park", locale)
    assert [text for _, text in drawn if "…" in text] == []


def test_the_end_reason_kept_in_the_state_reads_in_the_readers_language():
    """The state keeps how the game ended in English, as saved games always had it; a reader
    reads it in their own language."""
    state = ENGINE.setup(PLAYERS, seed=SEED)
    state.over, state.end_reason, state.ruben_alive = (
        True,
        "the second heart attack killed Ruben",
        False,
    )
    saved = ENGINE.load_state(state.model_dump_json())
    result = ENGINE.result(saved)
    assert result is not None and result.reason == "the second heart attack killed Ruben"
    assert result.reason_in("de") == "der zweite Herzinfarkt hat Ruben getötet"
    assert word(ENGINE.view(saved, None).end_reason, "es-ES") == (
        "el segundo ataque al corazón mató a Ruben"
    )


@pytest.mark.parametrize("code", ["de", "pt_BR", "es"])
def test_each_translated_rulings_page_has_every_ruling_of_the_english_one(code):
    """Ruling for ruling: a heading, the rulebook quoted, our reading and why (in bold)."""
    folder = Path(ap.__file__).parent

    def entries(name: str) -> list[list[str]]:
        text = (folder / name).read_text(encoding="utf-8")
        return [e.splitlines() for e in re.split(r"\n(?=## )", text)[1:]]

    english, translated = entries("rulings.md"), entries(f"rulings.{code}.md")
    assert len(translated) == len(english)
    for theirs, ours in zip(english, translated, strict=True):
        assert sum(ln.startswith('> "') for ln in ours) == sum(
            ln.startswith('> "') for ln in theirs
        )
        assert sum(ln.startswith("**") for ln in ours) == sum(ln.startswith("**") for ln in theirs)
    names = [n for n in ENGINE.proper_names() if len(n) > 3]
    shown = " ".join(ln for e in translated for ln in e)
    assert {"Migraine", "Sphincter Dam", "Heart Attack"} <= {n for n in names if n in shown}
