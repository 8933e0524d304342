"""The verify_sheet command exactly as docs/score-sheet.md specifies it."""

import json
import random
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from games import GAMES, europe, verify_table
from games.simulate import legal_sheet

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "verify_sheet", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


@pytest.fixture
def sheet_file(tmp_path: Path) -> Path:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(legal_sheet("boomerang-australia", 3, random.Random(7))))
    return path


def test_a_valid_sheet_prints_the_verdict_and_exits_0(sheet_file: Path) -> None:
    result = run(str(sheet_file))
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)
    assert verdict["valid"] is True
    assert [seat["player"] for seat in verdict["seats"]] == ["p1", "p2", "p3"]


def test_a_sheet_breaking_the_rules_exits_1_with_its_problems(sheet_file: Path) -> None:
    sheet = json.loads(sheet_file.read_text())
    sheet["seats"][0]["rounds"][1]["claimed"]["sites"] += 1
    result = run("-", stdin=json.dumps(sheet))
    assert result.returncode == 1
    assert [p["code"] for p in json.loads(result.stdout)["problems"]] == ["score_mismatch"]


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("{not json", "sheet: not JSON (Expecting property name enclosed in double quotes at line 1 column 2)"),
        ('{"game": "chess", "seats": []}', "game: unknown game 'chess'"),
        ('{"game": "boomerang-usa"}', "seats: is required"),
    ],
)
def test_a_malformed_sheet_exits_2_with_one_message_and_no_output(stdin: str, message: str) -> None:
    result = run("-", stdin=stdin)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.strip().startswith(message)


def test_deck_replaces_the_edition_data(tmp_path: Path) -> None:
    deck = json.loads(europe.PRACTICE_DECK.read_text())
    sheet = legal_sheet("boomerang-europe", 2, random.Random(3), europe.shipped_deck())
    for card in deck["cards"]:
        card["number"] = 8 - card["number"]  # a different but well-formed edition
    for name in ("Ireland", "Austria"):
        next(c for c in deck["cards"] if c["name"] == name)["name"] = name + " (renamed)"
    (tmp_path / "deck.json").write_text(json.dumps(deck))
    (tmp_path / "sheet.json").write_text(json.dumps(sheet))
    with_practice = run(str(tmp_path / "sheet.json"))
    with_deck = run("--deck", str(tmp_path / "deck.json"), str(tmp_path / "sheet.json"))
    assert with_practice.returncode == 0, with_practice.stdout
    assert with_deck.returncode in (0, 1)
    assert json.loads(with_deck.stdout)["edition"] == deck["name"]


def test_an_invalid_deck_exits_2_naming_its_faults(tmp_path: Path, sheet_file: Path) -> None:
    (tmp_path / "deck.json").write_text(json.dumps({"edition": "boomerang-australia", "name": "x"}))
    result = run("--deck", str(tmp_path / "deck.json"), str(sheet_file))
    assert result.returncode == 2
    assert "cards: is required" in result.stderr


def readme_verify_lines() -> list[str]:
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    return [line for line in readme.splitlines() if line.startswith(".venv/bin/python manage.py verify_sheet")]


@pytest.mark.parametrize("line", readme_verify_lines())
def test_the_readmes_verify_sheet_lines_run_as_written(line: str) -> None:
    """Each line runs in a shell from the project folder, with this interpreter for `.venv/bin/python`."""
    root = Path(__file__).resolve().parents[3]
    command = line.replace(".venv/bin/python", shlex.quote(sys.executable), 1)
    result = subprocess.run(command, shell=True, cwd=root, capture_output=True, text=True, check=False)
    expected = 1 if ".rejected.json" in line else 0
    assert result.returncode == expected, result.stderr
    verdict = json.loads(result.stdout)
    assert verdict["valid"] is (expected == 0)
    if expected:
        assert [p["code"] for p in verdict["problems"]] == ["total_mismatch"]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_ships_a_valid_and_a_rejected_example(game: str) -> None:
    folder = Path(__file__).resolve().parents[3] / "examples" / "sheets"
    assert verify_table(json.loads((folder / f"{game}.json").read_text())).valid
    assert not verify_table(json.loads((folder / f"{game}.rejected.json").read_text())).valid
