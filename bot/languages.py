"""``python -m bot languages check|update``: the catalogs of :mod:`i18n` against the code.

``update`` writes the template from the strings the code asks for (the slash commands' words,
as the translator is asked for them, and every literal ``t``/``tn`` message) and brings each
shipped language's catalog up to it. ``check`` prints ``language CODE: entries=N
untranslated=U`` per shipped language and a line per problem (:mod:`i18n.check`), plus any
string the code asks for that the template lacks or the template has and the code no longer
asks for, and exits 1 on any of them. It lives in ``bot`` because the commands' strings come
from the command tree, which only ``bot`` may import.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from babel.messages.catalog import Catalog

from i18n.catalogs import template as shipped_template
from i18n.check import check
from i18n.extract import build_template, code_messages, update

ROOT = Path(__file__).resolve().parents[1]
#: the packages whose ``t``/``tn`` calls are read
PRODUCT = ("bot", "engines", "i18n", "localdiscord", "rendering", "storage")


def code_template() -> tuple[Catalog, set[str]]:
    """The template the code asks for, and the games' titles (proper names, left in English)."""
    from bot.discord_app.translator import asked, full_tree

    tree_strings = asyncio.run(asked(full_tree()))
    template = build_template(tree_strings.strings, code_messages(ROOT, PRODUCT))
    return template, tree_strings.proper_names


def drift() -> list[str]:
    """The strings the code asks for that the shipped template lacks, and the other way."""
    wanted, _ = code_template()
    have = {(m.context, str(m.id)) for m in shipped_template() if m.id}
    want = {(m.context, str(m.id)) for m in wanted if m.id}
    lacking = [f"the code asks for {i!r} ({c}); the template lacks it" for c, i in want - have]
    stale = [f"the template has {i!r} ({c}); the code does not ask for it" for c, i in have - want]
    return sorted(lacking) + sorted(stale)


def main(args: argparse.Namespace) -> int:
    if args.languages_command == "update":
        template, _ = code_template()
        for name in update(template):
            print(f"wrote i18n/locales/{name}")
        return 0
    reports = check()
    for report in reports:
        print(report.line)
    failed = False
    for report in reports:
        for problem in report.problems:
            print(f"{report.language.code}: {problem}")
        failed = failed or not report.ok
    for problem in drift():
        print(problem)
        failed = True
    return 1 if failed else 0
