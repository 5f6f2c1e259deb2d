"""Every command the README and ``/game rules`` show is one the bot has, and every example runs
(issue #29, item 8): each backticked ``/command`` in README.md and on the rules pages (each
game's guide and rulings, and ``page:commands``) names a command of the tree with options it
takes, and each one written as an example (no ``<placeholder>`` or ``[optional]`` in it) is run
through the command tree, against the in-process Discord of ``tests/discord``, by a member who
may manage the server, in a channel of its own. It may be refused for the channel's state (no
game here yet), never for what was typed. The README's option examples (``mode=quick``,
``species=cat``) are read for their game as ``/game new`` and ``/game join`` read them."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import discord
import pytest
from discord import app_commands

import engines
from bot import watch
from bot.discord_app import options as opts
from bot.discord_app import replies
from bot.discord_app.commands.looking import commands_text, rules_text
from bot.discord_app.replies import BadInput
from bot.discord_app.replies import explain as explained
from bot.discord_app.rulings import rulings_text
from bot.errors import BadOptions, UnknownGameName
from tests.discord.harness import CHANNEL_ID, Harness

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
COMMAND = re.compile(r"`(/[a-z][^`]*)`")
#: refusals of what was typed, as opposed to the channel's state ("no game here yet")
SYNTAX = (
    BadInput,
    BadOptions,
    UnknownGameName,
    engines.UnknownGame,
    app_commands.TransformerError,
    app_commands.CommandSignatureMismatch,
    app_commands.CommandNotFound,
)


def rules_pages() -> dict[str, str]:
    """The text of every rules page a game has (its guide, its rulings) by where it is."""
    pages = {}
    for name in engines.names():
        pages[f"rules {name}"] = rules_text(engines.get_engine(name))
        rulings = rulings_text(name)
        if rulings is not None:
            pages[f"rulings {name}"] = rulings
    return pages


def spans() -> list[tuple[str, str]]:
    """(where, the command as written) for every backticked command in the README and on the
    rules pages, once each."""
    found = {}
    for where, text in [("README.md", README), *rules_pages().items()]:
        for span in COMMAND.findall(text):
            found.setdefault(span, where)
    return [(where, span) for span, where in found.items()]


@dataclass
class Written:
    """A command as the documents write it: its path, the options it names (``None`` for a
    placeholder), the values given without a name, and whether it is only a synopsis."""

    path: list[str]
    named: dict[str, str | None] = field(default_factory=dict)
    bare: list[str] = field(default_factory=list)
    synopsis: bool = False


#: a word of a written command: ``[an optional part]``, ``name:<placeholder>``, or a word
TOKEN = re.compile(r"\[[^\]]*\]|[^\s:]+:<[^>]*>|<[^>]*>|\S+")


def _is_placeholder(token: str) -> bool:
    return token.startswith(("<", "[")) or "<" in token or token in ("[...]",)


def read_span(span: str, tree: app_commands.CommandTree) -> tuple[Written, object]:
    """The command ``span`` names in ``tree`` (a command or a group) and what it gives it."""
    tokens = TOKEN.findall(span.replace("\\|", "|"))
    top = tokens.pop(0).removeprefix("/")
    node: object = tree.get_command(top)
    assert node is not None, f"`{span}`: there is no command /{top}"
    path = [top]
    while tokens and isinstance(node, app_commands.Group):
        sub = node.get_command(tokens[0])
        if sub is None:
            assert not re.fullmatch(r"[a-z]+", tokens[0]), f"`{span}`: no /{top} {tokens[0]}"
            break
        node, path = sub, [*path, tokens.pop(0)]
    written = Written(path)
    for token in tokens:
        if token in ("...", "…"):
            continue  # the options an example needs besides: filled in by ``examples``
        elif token.startswith("[") and token.endswith("]"):
            written.synopsis = True
            name = token.strip("[]").partition(":")[0]
            if name not in ("...", "…"):
                written.named[name] = None
        elif ":" in token and not token.startswith("<"):
            name, _, value = token.partition(":")
            placeholder = not value or _is_placeholder(value)
            written.synopsis |= placeholder
            written.named[name] = None if placeholder else value
        elif _is_placeholder(token):
            written.synopsis = True
            written.bare.append(token)
        else:
            written.bare.append(token)
    return written, node


def _parameters(node: object) -> list[app_commands.Parameter]:
    return list(node.parameters) if isinstance(node, app_commands.Command) else []


@pytest.fixture
async def h(tmp_path):
    """The bot with the spectator pages on, so ``/game watch`` is in its tree too."""
    watch.enable(watch.WatchConfig(base_url="https://t.example/"))
    try:
        async with Harness.open(tmp_path / "examples.sqlite") as harness:
            yield harness
            assert harness.world.violations == [], "the bot broke a Discord limit"
    finally:
        watch.enable(None)


@pytest.mark.parametrize(("where", "span"), spans(), ids=[s for _, s in spans()])
async def test_every_command_the_readme_and_the_rules_pages_name_exists_with_its_options(
    h, where, span
):
    written, node = read_span(span, h.client.tree)
    if not _parameters(node):
        assert not written.named and not written.bare or isinstance(node, app_commands.Group), (
            f"{where}: `{span}` gives options to /{' '.join(written.path)}, which takes none"
        )
        if isinstance(node, app_commands.Group):
            assert not written.named, f"{where}: `{span}` names no subcommand"
        return
    names = {p.name for p in _parameters(node)}
    unknown = set(written.named) - names
    assert not unknown, f"{where}: `{span}` names options /{' '.join(written.path)} lacks"
    # words typed without a name fill the options not named (one option takes several words)
    assert not written.bare or names - set(written.named), f"{where}: `{span}`"


def _alternatives(value: str) -> list[str]:
    return value.split("|") if "|" in value else [value]


def _typed(parameter: app_commands.Parameter, value: str) -> str | int | bool:
    """``value`` as Discord sends it for ``parameter``, refusing what Discord would not send
    (a choice not offered, a number that is not one, out of its range)."""
    if parameter.choices:
        offered = [str(c.value) for c in parameter.choices]
        assert value in offered, f"{parameter.name}:{value} is not one of {offered}"
    kind = parameter.type
    if kind is discord.AppCommandOptionType.boolean:
        assert value in ("true", "false"), f"{parameter.name}:{value} is not true or false"
        return value == "true"
    if kind is discord.AppCommandOptionType.integer:
        number = int(value)
        low, high = parameter.min_value, parameter.max_value
        assert (low is None or number >= low) and (high is None or number <= high), value
        return number
    return value


def examples(written: Written, node: object) -> list[dict[str, str | int | bool]]:
    """The option values each example of ``written`` sends (one per alternative ``a|b``)."""
    parameters = _parameters(node)
    by_name = {p.name: p for p in parameters}
    given: dict[str, list[str]] = {k: _alternatives(v) for k, v in written.named.items() if v}
    free = [p for p in parameters if p.name not in given]
    if written.bare:  # values typed without a name fill the first options not named
        if len(written.bare) == 1 or len(free) == 1:
            given[free[0].name] = _alternatives(" ".join(written.bare))
        else:
            for p, value in zip(free, written.bare, strict=False):
                given[p.name] = _alternatives(value)
    # "..." (or a fragment such as `/game new thread:false`) stands for the required options
    # not written: their first choice
    for p in parameters:
        if p.required and p.name not in given:
            assert p.choices, f"`{written}` leaves out {p.name}, which has no choices"
            given[p.name] = [str(p.choices[0].value)]
    keys = list(given)
    return [
        {k: _typed(by_name[k], v) for k, v in zip(keys, values, strict=True)}
        for values in itertools.product(*(given[k] for k in keys))
    ]


def _mentioned(written: Written, node: app_commands.Command) -> bool:
    """Whether ``written`` only names the command (`/play`): an option it needs is left out
    and none of the command's options is written."""
    missing = [p for p in node.parameters if p.required and p.name not in written.named]
    return bool(missing) and not written.named and not written.bare


@pytest.fixture
def refusals(monkeypatch):
    """Every refusal the bot explains while the examples run (the exception behind it)."""
    seen: list[BaseException] = []

    def recording(exc: BaseException, locale: str = "en-US") -> str | None:
        seen.append(exc.original if isinstance(exc, app_commands.CommandInvokeError) else exc)
        return explained(exc, locale)

    monkeypatch.setattr(replies, "explain", recording)
    return seen


_channels = itertools.count(CHANNEL_ID + 1000)

#: what the README has a reader do before an example that needs it (a digest comes at the
#: reader's local time, so their zone is set first)
SET_UP_FIRST: dict[tuple[str, ...], list[tuple[str, dict[str, str]]]] = {
    ("me", "digest"): [("me zone", {"zone": "Europe/Berlin"})],
}


@pytest.mark.parametrize(("where", "span"), spans(), ids=[s for _, s in spans()])
async def test_every_command_example_runs_without_a_refusal_of_what_was_typed(
    h, refusals, where, span
):
    written, node = read_span(span, h.client.tree)
    if written.synopsis or not isinstance(node, app_commands.Command) or _mentioned(written, node):
        pytest.skip(
            "a synopsis, a group or a mention, not an example (its names are checked above)"
        )
    admin = h.user("Admin", manage_messages=True)
    admin = replace(admin, permissions=admin.permissions | discord.Permissions(manage_guild=True))
    for path, values in SET_UP_FIRST.get(tuple(written.path), []):
        await h.slash(admin, path, channel=next(_channels), **values)
    for values in examples(written, node):
        await h.slash(admin, " ".join(written.path), channel=next(_channels), **values)
        typed = [e for e in refusals if isinstance(e, SYNTAX) or explained(e) is None]
        assert not typed, f"{where}: `{span}` with {values} was refused: {typed[0]!r}"


async def test_the_commands_page_names_only_commands_the_bot_has(h):
    tree = h.client.tree
    page = commands_text(tree.get_commands())
    for top in re.findall(r"\*\*/([a-z]+)\*\*", page):
        assert tree.get_command(top) is not None, top
    assert len(re.findall(r"\*\*/([a-z]+)\*\*", page)) == len(tree.get_commands())


#: the README's game table: a game's name, then its options and its per-player pick in code
ROW = re.compile(r"^\| `(?P<game>[a-z_]+)` \|(?P<cells>.*)$", re.MULTILINE)
PIECE = re.compile(r"`([a-z_]+=[^`]+)`")


def option_examples() -> list[tuple[str, str]]:
    """(game, ``key=value``) for every option example of the README's game table, each
    alternative of ``a|b`` on its own, and the ``species=cat`` the command table gives."""
    out = []
    for row in ROW.finditer(README):
        for piece in PIECE.findall(row["cells"]):
            key, _, values = piece.replace("\\|", "|").partition("=")
            out += [(row["game"], f"{key}={v}") for v in values.split("|")]
    assert "`species=cat`" in README
    out.append(("run_animals", "species=cat"))
    return out


@pytest.mark.parametrize(("game", "example"), option_examples())
def test_every_option_example_in_the_readme_is_read_for_its_game(game, example):
    engine = engines.get_engine(game)
    key = example.partition("=")[0]
    read = opts.parse(example, list(engine.options), title=engine.title)
    assert (
        set(read) == {key} and read[key] in next(s for s in engine.options if s.key == key).choices
    )
