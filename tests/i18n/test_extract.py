"""``python -m bot languages update``: the template from the code, the catalogs brought up to
it, keeping what translators did."""

from __future__ import annotations

import shutil

from babel.messages.pofile import read_po

from i18n.extract import CodeMessage, build_template, code_messages, update
from i18n.languages import GERMAN, SHIPPED


def _package(root, body: str) -> None:
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text(body)


def test_literal_t_and_tn_calls_are_found_and_computed_ones_are_not(tmp_path):
    _package(tmp_path, (
        "from i18n import t, tn\n"
        "def f(locale, name, n, words):\n"
        "    # Translators: said when a turn starts\n"
        "    a = t(locale, 'Your turn, {name}', name=name)\n"
        "    b = tn(locale, 'one move', '{n} moves', n)\n"
        "    c = t(locale, words)\n"
    ))  # fmt: skip
    found = code_messages(tmp_path, ["pkg"])
    assert [(m.id, m.where, m.comments) for m in found] == [
        ("Your turn, {name}", "pkg/__init__.py:4", ("said when a turn starts",)),
        (("one move", "{n} moves"), "pkg/__init__.py:5", ()),
    ]


def test_update_keeps_translations_marks_changed_english_fuzzy_and_drops_the_stale(tmp_path):
    commands = {("command name", "new"): {"/game new"}, ("description", "Which game"): {"/x"}}
    first = build_template(commands, [])
    update(first, tmp_path)
    path = tmp_path / GERMAN.file
    with path.open("rb") as handle:
        german = read_po(handle, locale="de")
    german.get("new", "command name").string = "neu"
    german.get("Which game", "description").string = "Welches Spiel"
    from i18n.extract import write

    write(german, path)
    second = build_template(
        {("command name", "new"): {"/game new"}, ("description", "Which game?"): {"/x"}}, []
    )
    update(second, tmp_path)
    with path.open("rb") as handle:
        german = read_po(handle, locale="de")
    assert german.get("new", "command name").string == "neu"
    changed = german.get("Which game?", "description")
    assert changed.fuzzy and changed.string == "Welches Spiel"
    assert german.get("Which game", "description") is None
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["messages.pot", *(lang.file for lang in SHIPPED)]
    )


def test_update_with_the_codes_own_template_changes_no_shipped_catalog(tmp_path):
    """The shipped catalogs (the shared ones and each game's) are what ``update`` writes from
    the code: nothing left to update."""
    from bot.languages import ROOT, code_templates

    templates, _ = code_templates()
    for package, template in templates.items():
        shipped = ROOT.joinpath(*package.split("."), "locales")
        copy = tmp_path / package
        shutil.copytree(shipped, copy)
        update(template, copy)
        for file in shipped.glob("*.po*"):
            assert (copy / file.name).read_bytes() == file.read_bytes(), f"{package}: {file.name}"


def test_a_string_that_moves_between_catalogs_keeps_its_translation(tmp_path):
    """A string that moves from the shared catalog to a game's own (or back) keeps what the
    translators did: the update reads every catalog's translations first."""
    from i18n.extract import known_translations, write

    shared, game = tmp_path / "shared", tmp_path / "game"
    update(build_template({}, [CodeMessage("Roll the die", "pkg/a.py:1")]), shared)
    path = shared / GERMAN.file
    with path.open("rb") as handle:
        german = read_po(handle, locale="de")
    german.get("Roll the die").string = "Würfle"
    write(german, path)
    known = {lang.code: known_translations([shared, game], lang) for lang in SHIPPED}
    update(build_template({}, [CodeMessage("Roll the die", "game/a.py:1")]), game, known)
    with (game / GERMAN.file).open("rb") as handle:
        assert read_po(handle, locale="de").get("Roll the die").string == "Würfle"
