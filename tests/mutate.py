"""Mutation testing of chosen modules with only their own tests: ``./tabletop mutate PATH ...``.

mutmut (configured under ``[tool.mutmut]`` in pyproject.toml) makes small changes to a module
(a flipped comparison, a deleted statement, a changed constant) and runs the tests that cover
the changed function; a change no test notices ("survived") is a gap in the tests. Each module
is tested on its own, one after the other, in a scratch copy of the project under
``.mutation/<module>/`` (so runs never touch the working tree), with the test files listed for
it under ``[tool.tabletop.mutation]``, or, for a module of a game's package
(``engines/<game>/``), by convention: the game's own tests (``tests/<game>``), the golden games,
the saved-state upgrades and the determinization checks, so pyproject.toml names no game. The
score counts killed and timed-out mutants over all
of them; survivors are listed with their diffs in ``.mutation/<module>/survivors.txt``.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / ".mutation"
KILLED = {"killed", "timeout", "caught by type check", "segfault"}


def settings() -> tuple[dict[str, object], dict[str, list[str]]]:
    """The base mutmut settings and each module's test files, from pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    tool = project["tool"]
    return dict(tool["mutmut"]), dict(tool["tabletop"]["mutation"])


#: the tests every game module is checked with, beside its game's own folder
GAME_TESTS = ["tests/golden", "tests/upgrades", "tests/engines/test_determinize.py"]


def suite_for(module: str, listed: dict[str, list[str]]) -> list[str]:
    """The test files a mutation run of ``module`` uses: those listed for it, else, for a
    module of a game's package, the game's by convention; empty when neither."""
    if module in listed:
        return listed[module]
    parts = module.split("/")
    if (
        len(parts) == 3
        and parts[0] == "engines"
        and (ROOT / "engines" / parts[1] / "engine.py").is_file()
    ):
        own = f"tests/{parts[1]}"
        return [own, *GAME_TESTS] if (ROOT / own).is_dir() else []
    return []


def scratch_copy(module: str, base: dict[str, object], tests: list[str]) -> Path:
    """A fresh copy of the project's files with the module's own mutmut settings."""
    where = scratch_of(module)
    shutil.rmtree(where, ignore_errors=True)
    for name in _files(ROOT):
        target = where / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    ours = {**base, "only_mutate": [module], "pytest_add_cli_args_test_selection": tests}
    text = (where / "pyproject.toml").read_text()
    text = re.sub(r"(?ms)^\[tool\.mutmut\]\n.*?(?=^\[)", "", text + "\n[end]\n")
    text = text.removesuffix("\n[end]\n")
    text += "\n[tool.mutmut]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in ours.items())
    (where / "pyproject.toml").write_text(text)
    return where


def scratch_of(module: str) -> Path:
    return SCRATCH / module.replace("/", ".").removesuffix(".py")


def mutate(module: str, base: dict[str, object], tests: list[str]) -> tuple[int, int]:
    """Run mutmut on one module; return (killed, total) and write its survivors' diffs."""
    where = scratch_copy(module, base, tests)
    return _run_mutmut(where, [])


def mutate_again(module: str) -> tuple[int, int]:
    """Run only the last run's survivors again, with the tests as they are now: after adding
    tests, seconds instead of a whole run. The module itself must not have changed since."""
    where = scratch_of(module)
    listed = where / "survivors.txt"
    if not listed.is_file():
        raise SystemExit(f"{module} has no earlier run to take up: run it without --again first")
    if (where / module).read_bytes() != (ROOT / module).read_bytes():
        raise SystemExit(f"{module} changed since its last run: run it without --again")
    for name in _files(ROOT, "tests"):
        target = where / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    survivors = re.findall(r"^# (\S+): survived$", listed.read_text(), flags=re.M)
    return _run_mutmut(where, survivors)


def _files(root: Path, *under: str) -> list[str]:
    """The project's files (tracked or new, not ignored), relative to ``root``."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", *under],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\n")
    return [name for name in listed if name and (root / name).is_file()]


def _run_mutmut(where: Path, names: list[str]) -> tuple[int, int]:
    """``mutmut run`` (all mutants, or only ``names``) in ``where``; the module's score."""
    mutmut = [str(Path(sys.executable).parent / "mutmut")]
    with (where / "run.log").open("a" if names else "w") as log:
        subprocess.run(
            [*mutmut, "run", "--max-children", "1", *names],
            cwd=where,
            stdout=log,
            stderr=log,
            check=False,
        )
    listing = subprocess.run(
        [*mutmut, "results", "--all", "true"], cwd=where, capture_output=True, text=True
    ).stdout
    status = dict(re.findall(r"^\s+(\S+): (.+)$", listing, flags=re.M))
    survivors = sorted(name for name, s in status.items() if s not in KILLED)
    (where / "survivors.txt").write_text(_diffs(where, survivors))
    killed = len(status) - len(survivors)
    return killed, len(status)


_SHOW = """
import sys
from mutmut.__main__ import find_mutant, get_diff_for_mutant
for name in sys.argv[1:]:
    print(f"# {name}: survived")
    print(get_diff_for_mutant(name, path=find_mutant(name).path))
"""


def _diffs(where: Path, survivors: list[str]) -> str:
    """Every survivor's diff, computed in one process (``mutmut show`` costs a start each)."""
    if not survivors:
        return ""
    shown = subprocess.run(
        [sys.executable, "-c", _SHOW, *survivors], cwd=where, capture_output=True, text=True
    )
    return shown.stdout + shown.stderr


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./tabletop mutate", description=__doc__)
    parser.add_argument("modules", nargs="+", help="module paths, e.g. engines/core.py")
    parser.add_argument("--tests", nargs="+", help="test files instead of the configured ones")
    parser.add_argument(
        "--again",
        action="store_true",
        help="run only the last run's survivors again, with the current tests",
    )
    args = parser.parse_args(argv)
    base, per_module = settings()
    scores = []
    for module in args.modules:
        if not (ROOT / module).is_file() or not module.endswith(".py"):
            parser.error(f"{module} is not a Python file of this project")
        tests = args.tests or suite_for(module, per_module)
        if not tests:
            known = ", ".join(sorted(per_module))
            parser.error(
                f"no tests are listed for {module} under [tool.tabletop.mutation] "
                f"(nor is it a game's module, tested by convention): {known}"
            )
        if args.again:
            print(f"mutating {module} again: the last run's survivors ...", flush=True)
            killed, total = mutate_again(module)
        else:
            print(f"mutating {module} with {' '.join(tests)} ...", flush=True)
            killed, total = mutate(module, base, tests)
        scores.append((module, killed, total))
    print()
    for module, killed, total in scores:
        score = 100 * killed / total if total else 100.0
        print(f"{module}: {killed}/{total} killed, mutation score {score:.0f}%")
        print(
            f"    survivors: {SCRATCH.relative_to(ROOT)}/{module.replace('/', '.')[:-3]}/survivors.txt"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
