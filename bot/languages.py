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

import engines
from i18n.catalogs import SHARED, add_domain, domain_template, has_catalogs
from i18n.check import check
from i18n.extract import build_template, code_messages, known_translations, update
from i18n.languages import SHIPPED

ROOT = Path(__file__).resolve().parents[1]
#: the packages whose ``t``/``tn``/``say``/``tr`` calls are read (each game's own package for
#: its own catalogs, the rest for the shared one)
PRODUCT = ("bot", "engines", "i18n", "localdiscord", "rendering", "storage")


def game_packages() -> dict[str, Path]:
    """Each game found in this checkout: its package (module name) -> its folder."""
    found = {}
    for name in engines.names():
        package = engines.package_of(name)
        if package is None or engines.registered_at_run_time(name):
            continue
        folder = ROOT.joinpath(*package.split("."))
        if folder.is_dir():
            found[package] = folder
    return found


def _folder(package: str) -> Path:
    return ROOT.joinpath(*package.split("."), "locales")


def code_templates() -> tuple[dict[str, Catalog], set[str]]:
    """The template the code asks for, per domain (the shared one: the commands and everything
    outside the games; each game: its own package's words), and the games' titles (proper
    names, left in English)."""
    from bot.discord_app.translator import asked, full_tree

    tree_strings = asyncio.run(asked(full_tree()))
    games = game_packages()
    inside = [f"{folder.relative_to(ROOT).as_posix()}/" for folder in games.values()]
    shared = [
        m for m in code_messages(ROOT, PRODUCT) if not any(m.where.startswith(g) for g in inside)
    ]
    templates = {SHARED: build_template(tree_strings.strings, shared)}
    for package, folder in games.items():
        mine = code_messages(ROOT, [folder.relative_to(ROOT).as_posix()])
        templates[package] = build_template({}, mine)
    return templates, tree_strings.proper_names


def code_template() -> tuple[Catalog, set[str]]:
    """The shared domain's template the code asks for, and the games' titles."""
    templates, titles = code_templates()
    return templates[SHARED], titles


def drift() -> list[str]:
    """Per domain, the strings the code asks for that its shipped template lacks, and the
    other way."""
    templates, _ = code_templates()
    problems = []
    for package, wanted in templates.items():
        where = "" if package == SHARED else f"{package}: "
        if package != SHARED and not has_catalogs(package):
            problems.append(f"{where}the game has no catalogs (python -m bot languages update)")
            continue
        have = {(m.context, str(m.id)) for m in domain_template(package) if m.id}
        want = {(m.context, str(m.id)) for m in wanted if m.id}
        problems += sorted(
            f"{where}the code asks for {i!r} ({c}); the template lacks it" for c, i in want - have
        )
        problems += sorted(
            f"{where}the template has {i!r} ({c}); the code does not ask for it"
            for c, i in have - want
        )
    return problems


def update_all() -> list[str]:
    """Every domain's template and catalogs brought up to the code; a string that moved
    between domains keeps its translation. Returns the files written."""
    templates, _ = code_templates()
    folders = {package: _folder(package) for package in templates}
    known = {language.code: known_translations(folders.values(), language) for language in SHIPPED}
    written = []
    for package, template in templates.items():
        folder = folders[package]
        written += [
            (folder / name).relative_to(ROOT).as_posix() for name in update(template, folder, known)
        ]
        add_domain(package)
    return written


def main(args: argparse.Namespace) -> int:
    if args.languages_command == "update":
        for name in update_all():
            print(f"wrote {name}")
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
