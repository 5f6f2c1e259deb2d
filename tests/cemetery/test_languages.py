"""Every word Cemetery Creatures shows a player goes through the catalogs: a whole game played
in the pseudo-locale leaves no English in any event (public or private, and each fold), any
label of a move offered, the views' words, the engine's texts, or any word drawn on the board,
a hand or the legend; only the printed names (``proper_names``), the players' names and the
game's title stay as they are. And a German reader reads German; the German, Portuguese and
Spanish pictures still fit."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engines.cemetery import legend, render, render_hand
from engines.cemetery.data import creature_name
from engines.cemetery.engine import ENGINE
from engines.cemetery.state import CemeteryState
from i18n.pseudo import english_left
from i18n.say import Say, event_text, word
from i18n.speaking import shown, speaking
from rendering import kit

PSEUDO = "qps-ploc"
PLAYERS = ["Ada", "Bruno"]
SEED = 7
#: the palette's sample boards (``rendering.palettes``, drawn for their colours only) seat
#: "Player 1" and "Player 2"
NAMES = frozenset([*ENGINE.proper_names(), *PLAYERS, "Player 1", "Player 2", ENGINE.title])


def left(text: str) -> list[str]:
    return english_left(text, NAMES)


def drawn_left(drawn: list[tuple[int, str]]) -> list[str]:
    """The English words drawn."""
    return [w for _, text in drawn for w in left(text)]


def pseudo(text: str) -> str:
    return word(text, PSEUDO)


def whole_game(seed: int = SEED):
    """Each step of a seeded game the engine plays against itself: (state, events of the move
    that led to it)."""
    state = ENGINE.setup(PLAYERS, seed=seed)
    rng = random.Random(seed)
    yield state, []
    while not state.over:
        player = ENGINE.to_act(state)[0]
        state, events = ENGINE.apply(state, player, ENGINE.suggest(state, player, rng))
        yield state, events


def words_of_a_step(state: CemeteryState, events: list) -> list[str]:
    """Everything a step shows a player, worded in the pseudo-locale (pictures aside)."""
    shown = []
    for event in events:
        shown.append(event_text(event, PSEUDO))
        if event.fold_said is not None:
            shown.append(event_text(event, PSEUDO, count=3))
    for player in ENGINE.to_act(state):
        shown += [pseudo(a.label) for a in ENGINE.legal_actions(state, player)]
    for viewer in [*PLAYERS, None]:
        view = ENGINE.view(state, viewer)
        shown += [pseudo(view.prompt), pseudo(view.phase_title), pseudo(view.outcome or "")]
        shown += [pseudo(view.last_turn.line)] if view.last_turn else []
        cards = [c for p in view.players for c in p.hand or []] + [
            c for s in view.cemetery for c in s.cards
        ]
        shown += [pseudo(c.name) for c in cards]
    shown.append(pseudo(ENGINE.summary(state)))
    return shown


def test_a_whole_game_in_the_pseudo_locale_leaves_no_english_in_words_or_pictures():
    steps = 0
    with speaking(PSEUDO), kit.recording_text() as drawn:
        for state, events in whole_game():
            steps += 1
            for shown in words_of_a_step(state, events):
                assert left(shown) == [], shown
            render.render_board(ENGINE.view(state, None))
            for player in PLAYERS:
                render_hand.render_hand(ENGINE.view(state, player))
            if steps % 25 == 0 or state.over:  # what was drawn since, checked as it goes
                assert drawn_left(drawn) == [], [t for _, t in drawn if left(t)][:5]
                drawn.clear()
        render_hand.render_hand(ENGINE.view(state, None))
        legend.legend()
        assert drawn_left(drawn) == [], [t for _, t in drawn if left(t)][:5]
    assert state.over and steps > 100
    report = ENGINE.final_report(state)
    for shown in [*report.values(), ENGINE.ending(state)]:
        assert left(pseudo(shown)) == [], shown
    assert left(ENGINE.result(state).reason_in(PSEUDO)) == []


def test_the_engine_s_own_texts_are_said_for_the_reader():
    state = ENGINE.setup(PLAYERS, seed=SEED)
    texts = [
        ENGINE.guide,
        *ENGINE.endings,
        ENGINE.not_playing(state, "Cy"),
        ENGINE.refusal(state, "Ada", "nonsense", ENGINE.legal_actions(state, "Ada")),
        ENGINE.refusal(state, "Cy", "nonsense", []),
    ]
    for text in texts:
        assert isinstance(text, Say) and left(pseudo(text)) == [], text


def test_a_conceded_game_s_words_are_said_for_the_reader():
    state, events = ENGINE.remove_player(ENGINE.setup(PLAYERS, seed=SEED), "Ada")
    shown = [event_text(e, PSEUDO) for e in events]
    shown += [pseudo(ENGINE.ending(state)), ENGINE.result(state).reason_in(PSEUDO)]
    shown += [pseudo(s) for s in ENGINE.final_report(state).values()]
    shown += [pseudo(ENGINE.view(state, None).outcome or ""), pseudo(ENGINE.summary(state))]
    with speaking(PSEUDO), kit.recording_text() as drawn:
        render.render_board(ENGINE.view(state, None))
    for text in shown:
        assert left(text) == [], text
    assert drawn_left(drawn) == []


def test_a_german_reader_reads_the_turn_and_the_moves_in_german():
    state = ENGINE.setup(PLAYERS, seed=SEED)
    player = ENGINE.to_act(state)[0]
    labels = {a.id: word(a.label, "de") for a in ENGINE.legal_actions(state, player)}
    assert labels["core"] == "Den obersten Kern vom Stapel ziehen"
    _, events = ENGINE.apply(state, player, "core")
    public = [event_text(e, "de") for e in events if e.private_to is None]
    assert public == [f"{player} zieht einen Kern vom Stapel."]
    assert [e.text for e in events if e.private_to is None] == [
        f"{player} draws a Core from the pile."
    ], "the English stays as it was"


def test_a_run_of_draws_folds_into_one_german_line():
    state = ENGINE.setup(PLAYERS, seed=SEED)
    player = ENGINE.to_act(state)[0]
    _, events = ENGINE.apply(state, player, "part")
    draw = next(e for e in events if e.private_to is None)
    assert event_text(draw, "de", count=3) == f"{player} zieht 3 Teile vom Stapel."
    assert draw.fold == f"{player} draws {{n}} Parts from the pile.", "as recaps read it"


def test_a_saved_turn_note_reads_in_the_reader_s_language():
    state = next(s for s, _ in whole_game() if s.last_turn is not None)
    saved = ENGINE.load_state(state.model_dump_json())
    line = ENGINE.view(saved, None).last_turn.line
    assert isinstance(line, Say) and line.startswith(f"{state.last_turn.player} drafted")
    assert word(line, "de").startswith(f"{state.last_turn.player} wählte")


def cut_texts(locale: str) -> list[str]:
    """The texts cut short ("…") on the boards of a whole game, each hand and the legend, drawn
    in ``locale``, but a creature's title in the smallest creatures (cut in English too: "cre…")."""
    with speaking(locale), kit.recording_text() as drawn:
        for k, (state, _) in enumerate(whole_game()):
            render.render_board(ENGINE.view(state, None))
            if k % 10 == 0 or state.over:
                for player in PLAYERS:
                    render_hand.render_hand(ENGINE.view(state, player))
        legend.legend()
        titles = [shown(creature_name(i)) for i in range(20)]
    cut = [text for _, text in drawn if "…" in text]
    return [t for t in cut if not any(title.startswith(t.rstrip("…")) for title in titles)]


@pytest.mark.parametrize("locale", ["de", "pt-BR", "es-ES"])
def test_the_pictures_drawn_in_a_longer_language_still_fit(locale):
    """Nothing is cut short on a whole game's boards, hands and legend (the names are short),
    and the Cemetery's title line has room between its ends."""
    assert cut_texts(locale) == []
    with speaking(locale):
        start, end = render.yard_title_ends((99, 40, 40), (20, 20))
    assert start < end


@pytest.mark.parametrize("locale", ["de", "pt-BR", "es-ES"])
def test_the_guide_fits_a_discord_message_in_each_language(locale):
    """``/game rules`` shows the guide in one message: under 1,800 characters, translated."""
    guide = word(ENGINE.guide, locale)
    assert guide != ENGINE.guide and len(guide) < 1800


@pytest.mark.parametrize("code", ["de", "pt_BR", "es"])
def test_each_translated_rulings_page_rules_every_point_the_english_one_does(code):
    """The same entries in the same order, each quoting the same rulebook sentence (in English:
    the readings argue from its words), with a reading and a reason."""
    here = Path(legend.__file__).parent

    def entries(name: str) -> list[list[str]]:
        text = (here / name).read_text(encoding="utf-8")
        return [e.splitlines() for e in re.split(r"\n(?=## )", text)[1:]]

    english, translated = entries("rulings.md"), entries(f"rulings.{code}.md")
    assert len(translated) == len(english)
    for mine, theirs in zip(translated, english, strict=True):
        assert [ln for ln in mine if ln.startswith("> ")] == [
            ln for ln in theirs if ln.startswith("> ")
        ]
        assert sum(ln.startswith("**") for ln in mine) == 2, mine[0]
