"""Every word the game shows a player is translatable: a whole game read in the pseudo-locale
leaves no English but names, German reads German, the German pictures still fit, and a game
saved before its words were kept as data reads in its reader's language too."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from engines.core import IllegalAction
from engines.run_animals import legend as ra_legend
from engines.run_animals import production
from engines.run_animals import render as art
from engines.run_animals.engine import DATA, ENGINE
from engines.run_animals.graveyard import end_words
from engines.run_animals.migrations import keep_the_end_reason_as_words
from engines.run_animals.words import SPECIES_INITIALS, SPECIES_NAME, SPECIES_SHORT
from i18n.pseudo import english_left
from i18n.say import event_text, word
from i18n.speaking import speaking
from rendering import kit
from rendering.legend import alt_text, render_legend
from rendering.palettes import board_palette
from tests.run_animals.helpers import act, game, give_goal, set_tile

PSEUDO = "qps-ploc"
PLAYERS = ["Ada", "Bruno", "Chidi"]


@pytest.fixture(autouse=True)
def _palette_sampled_in_english():
    """The board's palette is sampled once a process, from boards drawn in the language being
    spoken when first asked for (``rendering.palettes``): sampled here first, in English, as the
    render workers sample it, so that drawing in another language here leaves every later
    board's PNG as it would be."""
    board_palette("run_animals")


def _names(players: list[str]) -> set[str]:
    return set(ENGINE.proper_names()) | set(players)


def _left(text: str, players: list[str]) -> list[str]:
    return english_left(word(text, PSEUDO), _names(players))


def _drawn_left(drawn: list[tuple[int, str]], players: list[str]) -> list[str]:
    return [text for _, text in drawn if english_left(text, _names(players))]


def _pictures(state) -> None:
    """The public board and every player's hand, drawn as the table draws them."""
    art.draw_board(ENGINE.view(state, None))
    for p in state.players:
        art.render_hand(ENGINE.view(state, p))


def _whole_game(seed: int, players: list[str]):
    """A seeded game the stand-in plays to its end (with a fifth of its moves random, so more
    of the rules are reached), giving each state before a move, the move's events and the
    state after."""
    state = ENGINE.setup(players, seed=seed)
    rng = random.Random(seed)
    while not state.over:
        player = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, player)
        pick = rng.choice(legal).id if rng.random() < 0.2 else ENGINE.suggest(state, player, rng)
        after, events = ENGINE.apply(state, player, pick)
        yield state, events, after
        state = after


def test_a_whole_game_read_in_the_pseudo_locale_leaves_no_english_but_names():
    left: list[tuple[str, str]] = []
    with speaking(PSEUDO), kit.recording_text() as drawn:
        for before, events, after in _whole_game(5, PLAYERS):
            for p in ENGINE.to_act(before):
                for action in ENGINE.legal_actions(before, p):
                    for words in (action.label, action.kind or ""):
                        left += [("label", w) for w in _left(words, PLAYERS)]
            for event in events:  # public and private alike
                shown = event_text(event, PSEUDO)
                left += [("event", w) for w in english_left(shown, _names(PLAYERS))]
                saved = json.loads(event.model_dump_json())  # as the move log keeps it
                left += [
                    ("logged", w) for w in english_left(event_text(saved, PSEUDO), _names(PLAYERS))
                ]
            left += [("summary", w) for w in _left(ENGINE.summary(after), PLAYERS)]
            _pictures(after)
        assert after.over
        for report in ENGINE.final_report(after).values():
            left += [("report", w) for w in _left(report, PLAYERS)]
        left += [("ending", w) for w in _left(ENGINE.ending(after), PLAYERS)]
        render_legend("run_animals", PSEUDO)
    legend_names = _names(ra_legend.PLAYERS)
    # the legend's sample players, and those of the boards its palette is sampled from
    # (``rendering.palettes``: drawn to choose colours, never shown)
    sampled = [f"Player {k}" for k in range(1, ENGINE.max_players + 1)]
    left += [("picture", t) for t in _drawn_left(drawn, PLAYERS + ra_legend.PLAYERS + sampled)]
    left += [("legend", w) for w in english_left(alt_text("run_animals", PSEUDO), legend_names)]
    assert left == []


def test_the_pseudo_game_reaches_every_kind_of_event():
    """The whole game above is worth its time: it plays every card action, the roll, a goal,
    the graveyard and the end."""
    said = {
        event.said["say"]
        for _, events, _ in _whole_game(5, PLAYERS)
        for event in events
        if event.said
    }
    for msgid in (
        "{player} acquires a {colour} cube on tile {tile}.",
        "{player}'s {who} moves from tile {here} to tile {there}.",
        "{player} plays '{card}'.",
        "{symbol} {player} rolls {face} on tile {tile}: {what} — roll again.",
        "{symbol} {player} completes a survival goal for {points} points ({total} in total).",
        "{symbol} One of {owner}'s {species}s goes to graveyard slot {slot} (-{penalty}).",
        "The game ends: {reason}.",
    ):
        assert msgid in said


def test_the_engine_s_own_words_are_translatable():
    words = [ENGINE.guide, *ENGINE.endings]
    for option in ENGINE.options:
        words += [option.label, option.help, option.default, *option.choices]
    state = game("cat", "bear")
    words += list(ENGINE.seat_choices(state).values())
    with pytest.raises(IllegalAction) as refused:
        ENGINE.setup(["A", "B", "C", "D", "E"], seed=1)
    words.append(refused.value.reason)
    assert [w for text in words for w in _left(text, [])] == []


def test_the_game_s_title_is_its_only_proper_name():
    assert ENGINE.proper_names() == frozenset({"Run Animals, Run!"})


def test_the_words_of_each_species_are_its_data_s_english():
    for code, species in DATA.species.items():
        assert SPECIES_NAME[code] == species.name
        assert SPECIES_SHORT[code] == species.short
    assert len({str(s) for s in SPECIES_INITIALS.values()}) == len(DATA.species)


def test_a_card_played_and_its_label_read_in_german():
    state = game("cat", "bear")
    state.seats["Ada"].hand = ["cat3"]  # Move then Acquire food
    label = next(a.label for a in ENGINE.legal_actions(state, "Ada") if a.id == "play:cat3")
    assert word(label, "de") == "„Ziehen, dann Nahrung sammeln“ spielen"
    _, events = act(state, "play:cat3")
    assert event_text(events[0], "de") == "Ada spielt „Ziehen, dann Nahrung sammeln“."


def test_the_board_drawn_in_german_reads_german():
    state = game("cat", "bear")
    with speaking("de"), kit.recording_text() as drawn:
        art.draw_board(ENGINE.view(state, None))
    texts = {text for _, text in drawn}
    assert {"Friedhof", "Vorrat", "Runde 1"} <= texts


@pytest.mark.parametrize("locale", ["de", "pt-BR", "es-ES"])
def test_no_word_of_a_translated_board_hand_or_legend_is_cut_short(locale):
    """Words grow in German: every text the game draws still fits where it is drawn (the
    kit cuts a text too wide with an ellipsis)."""
    played = None
    with speaking(locale), kit.recording_text() as drawn:
        for _, _, after in _whole_game(2, PLAYERS):
            played = after
            if after.round >= 3:
                break
        assert played is not None
        _pictures(played)
        art.draw_board(ENGINE.view(_ended(), None))
        render_legend("run_animals", locale)
    assert [text for _, text in drawn if "…" in text] == []


def _ended():
    for _, _, after in _whole_game(5, PLAYERS):
        if after.over:
            return after
    raise AssertionError("the game ends")


# -- games saved before the words were kept as data ---------------------------------------------
def _saved_before(state) -> dict:
    """``state`` as schema 4 saved it: the end reason and the roll in English only."""
    raw = json.loads(state.model_dump_json())
    raw["schema_version"] = 4
    del raw["end_said"]
    for roll in raw["last_roll"]:
        del roll["said"]
    return raw


def test_4_to_5_an_old_end_reason_is_read_back_into_words():
    ended = _ended()
    raw = _saved_before(ended)
    assert keep_the_end_reason_as_words(dict(raw))["end_said"] == ended.end_said
    loaded = ENGINE.load_state(json.dumps(raw))
    assert word(ENGINE.summary(loaded), "de") == word(ENGINE.summary(ended), "de")


@pytest.mark.parametrize(
    "reason",
    [
        "Ada reached 21 points",
        "the graveyard is full (5 slots): all the animals lost to humankind",
        "Ada's Black Bear is extinct and Ada is eliminated",
        "the graveyard is full (4 slots): all the animals lost to humankind; "
        "Bo's Box Turtle is extinct and Bo is eliminated",
        "Bo left: their Tree Frog is extinct and they are eliminated",
    ],
)
def test_4_to_5_every_end_reason_the_game_wrote_reads_back_as_its_english(reason):
    raw = keep_the_end_reason_as_words({"end_reason": reason, "last_roll": []})
    state = game("cat", "bear")
    state.end_said = raw["end_said"]
    assert end_words(state) == reason
    assert english_left(word(end_words(state), PSEUDO), {"Ada", "Bo"}) == []


def test_4_to_5_an_unknown_end_reason_stays_english():
    raw = keep_the_end_reason_as_words({"end_reason": "the goal deck ran out", "last_roll": []})
    assert raw["end_said"] is None


def test_4_to_5_a_roll_saved_in_english_shows_its_english():
    state = _ended()
    raw = _saved_before(state)
    loaded = ENGINE.load_state(json.dumps(raw))
    assert [r.said for r in loaded.last_roll] == [None] * len(loaded.last_roll)
    view = ENGINE.view(loaded, None)
    assert [r.text for r in view.last_roll] == [r.text for r in state.last_roll]


# -- the rulings ----------------------------------------------------------------------------------
@pytest.mark.parametrize("code", ["de", "pt_BR", "es"])
def test_each_translated_rulings_page_has_the_english_one_s_entries_and_quotes(code):
    """A translated rulings page keeps every entry and quotes the (English) rulebook as the
    English page does."""
    folder = resources.files("engines.run_animals")
    english = folder.joinpath("rulings.md").read_text(encoding="utf-8").splitlines()
    translated = folder.joinpath(f"rulings.{code}.md").read_text(encoding="utf-8").splitlines()
    assert [line for line in translated if line.startswith("> ")] == [
        line for line in english if line.startswith("> ")
    ]
    heads = [line for line in translated if line.startswith("#")]
    english_heads = [line for line in english if line.startswith("#")]
    assert len(heads) == len(english_heads)
    assert all(mine != theirs for mine, theirs in zip(heads, english_heads, strict=True))


# -- the rarer words, which a whole game may not reach ---------------------------------------------
def test_every_development_result_reads_in_the_pseudo_locale():
    develop = next(f for f in DATA.dice.d6 if f.effect == "develop")
    state = game("cat", "bear")  # tile 13 is Cleared: water, nest
    said = [production.apply_result(state, DATA, develop, 13) for _ in range(3)]
    state.cement = 0
    set_tile(state, 14, ["", ""])
    said.append(production.apply_result(state, DATA, develop, 14))
    assert [w for text in said for w in _left(text, [])] == []


def test_reaching_the_target_and_leaving_read_in_the_pseudo_locale():
    state = game("cat", "bear")
    give_goal(state, "Ada", 1, {"F": 0})
    state.seats["Ada"].completed = [18, 13]
    state.seats["Ada"].goal_cubes = dict(DATA.goals[1].need)
    state.seats["Ada"].hand = ["cat1"]
    _, events = act(state, "play:cat1")
    left = _left(events[-1].text, ["Ada", "Brook"])
    state = game("cat", "bear")
    gone: list = []
    ENGINE.leave(state, "Brook", gone)
    left += [w for event in gone for w in _left(event.text, ["Ada", "Brook"])]
    left += _left(ENGINE.ending(state), [])
    assert events[-1].said["say"] == "The game ends: {reason}."
    assert left == []
