"""The bot as a normal (non-editable) install has every file it reads at run time: the project is
built into a wheel, the wheel installed into a fresh virtual environment, and everything read
from the installed copy, never the checkout (``probe.py``).

The fresh environment gets its dependencies (discord.py, Pillow, ...) from the running one through
a ``.pth`` line rather than from the package index, and the wheel is built offline with the
running environment's setuptools (the ``test`` extra), so this needs no network. About 10 s.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.shipped import shipped_games

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "engines", "i18n", "localdiscord", "rendering", "storage")
#: what the wheel is built from: the project's metadata and its packages
SOURCES = ("pyproject.toml", "README.md", *PACKAGES)


def _run(*args: object, cwd: Path) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _build_wheel(work: Path) -> Path:
    """The wheel of a copy of the checkout (a build writes ``build/`` beside its sources)."""
    try:
        import setuptools.command.bdist_wheel  # noqa: F401  (in setuptools since 70.1)
    except ImportError:
        pytest.fail(
            "Building the wheel offline needs setuptools>=70.1, in the test extra: "
            "./tabletop test installs it."
        )
    source = work / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, source / name)
    pip = (sys.executable, "-m", "pip", "--disable-pip-version-check")
    _run(*pip, "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "--wheel-dir", work / "dist", source, cwd=work)  # fmt: skip
    (wheel,) = (work / "dist").glob("tabletop-*.whl")
    return wheel


def _fresh_venv(work: Path, wheel: Path) -> Path:
    """A new environment with the wheel installed, which finds the running one's dependencies
    (every folder on this ``sys.path`` but the checkout); returns its Python."""
    venv = work / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=work)
    python = venv / "bin" / "python"
    code = (
        "import json, sys, sysconfig; print(json.dumps([sysconfig.get_path('purelib'), sys.path]))"
    )
    site, known = json.loads(_run(python, "-I", "-c", code, cwd=work))
    # --target: pip leaves the running environment (and any install of the project in it) alone
    _run(sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--quiet",
         "--no-deps", "--no-index", "--target", site, wheel, cwd=work)  # fmt: skip
    theirs = [
        p for p in dict.fromkeys(sys.path)
        if p and p not in known and Path(p).is_dir() and Path(p).resolve() != ROOT
    ]  # fmt: skip
    (Path(site) / "_dependencies.pth").write_text("".join(f"{p}\n" for p in theirs))
    return python


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    """What ``probe.py`` read in the installed copy (see there)."""
    work = tmp_path_factory.mktemp("wheel")
    python = _fresh_venv(work, _build_wheel(work))
    # -I: neither the working folder, the probe's folder nor PYTHONPATH goes on sys.path
    report = json.loads(_run(python, "-I", Path(__file__).with_name("probe.py"), cwd=work))
    report["venv"] = str(python.parents[1])
    return report


def _checkout_files() -> list[str]:
    """The files beside the code in the checkout's packages (all but Python sources)."""
    return sorted(
        path.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for path in (ROOT / package).rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc")
    )


def test_the_probe_reads_the_installed_copy_not_the_checkout(installed):
    venv = Path(installed["venv"])
    for module, file in installed["modules"].items():
        assert Path(file).is_relative_to(venv), (module, file)


def test_every_game_s_rulings_page_ships_in_the_package(installed):
    games = installed["games"]
    assert set(games) == shipped_games()
    for name, game in games.items():
        assert game["rulings_pages"], f"{name}: no rulings page in the installed package"


def test_every_file_beside_the_code_ships_in_the_wheel(installed):
    """Data, pages, migrations, the spec and the rulings: whatever pyproject's package-data
    globs leave out is missing here."""
    assert installed["files"] == _checkout_files()


def test_every_game_starts_and_draws_its_board_from_the_installed_data(installed):
    assert all(game["board_png"] for game in installed["games"].values())


def test_the_installed_store_applies_every_migration(installed):
    folder = ROOT / "storage" / "migrations"
    names = sorted(p.name for p in folder.glob("*.sql"))
    assert installed["migrations"] == names
    assert installed["postgres_migrations"] == sorted(
        p.name for p in (folder / "postgresql").glob("*.sql")
    )
    assert installed["store_version"] == int(names[-1][:4])


def test_the_web_pages_and_the_discord_spec_load_from_the_installed_package(installed):
    assert installed["static"] == {
        "localdiscord.web": sorted(
            p.name for p in (ROOT / "localdiscord" / "web" / "static").iterdir()
        ),
        "bot.watch": sorted(p.name for p in (ROOT / "bot" / "watch" / "static").iterdir()),
    }
    assert len(installed["spec_commit"]) == 40


def test_the_languages_catalogs_load_from_the_installed_package(installed):
    """The check passes on the installed catalogs, and a command reads German from them."""
    assert installed["languages"]["lines"] == [
        f"language {code}: entries={installed['languages']['entries']} untranslated=0"
        for code in ("de", "pt-BR", "es")
    ]
    assert installed["languages"]["ok"]
    assert installed["languages"]["game_de"] == "spiel"
    assert set(installed["languages"]["domains"]) >= {"i18n", "engines.anatomy_park"}
    assert Path(installed["languages"]["catalogs"]).is_relative_to(Path(installed["venv"]))
