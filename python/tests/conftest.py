"""Shared helpers: the repository's files and the `tabula` command line, whose output
the module's results are compared with."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _cli_path():
    given = os.environ.get("TABULA_BIN")
    if given:
        return given
    # The newer of the two builds: an old release build may lack a newer command.
    built = [p for p in (ROOT / "target" / profile / "tabula" for profile in ("release", "debug")) if p.is_file()]
    if built:
        return str(max(built, key=lambda p: p.stat().st_mtime))
    return shutil.which("tabula")


@pytest.fixture(scope="session")
def cli():
    """Runs the `tabula` command line (TABULA_BIN, target/*/tabula or PATH) in the
    repository's root and returns (exit code, stdout, stderr)."""
    path = _cli_path()
    if path is None:
        pytest.skip("the `tabula` command line is not built (cargo build) nor on PATH")

    def run(*args):
        p = subprocess.run(
            [path, *args], cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"}
        )
        return p.returncode, p.stdout, p.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    """The JSON lines a `tabula ... --json` command prints."""

    def run(*args):
        code, out, err = cli(*args)
        assert code == 0, err
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    return run


@pytest.fixture
def root():
    return ROOT
