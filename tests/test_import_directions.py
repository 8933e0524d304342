"""The apps' import directions: games imports nothing of the project; ratings never imports tournaments;
tournaments reaches ratings only through its services and selectors, and its writes from one module."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def project_imports(app: str) -> set[str]:
    """`path: module` for every absolute import; `from package import name` also gives `package.name`."""
    found = set()
    for path in (ROOT / app).rglob("*.py"):
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found |= {f"{where}: {alias.name}" for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(f"{where}: {node.module}")
                found |= {f"{where}: {node.module}.{alias.name}" for alias in node.names}
    return found


@pytest.mark.parametrize(
    ("app", "forbidden"),
    [("games", {"config", "tournaments", "ratings"}), ("ratings", {"tournaments"})],
)
def test_an_app_does_not_import_what_it_must_not_know(app: str, forbidden: set[str]) -> None:
    offenders = [line for line in project_imports(app) if line.split(": ")[1].split(".")[0] in forbidden]
    assert offenders == []


def test_tournaments_reaches_ratings_only_through_its_services_and_selectors() -> None:
    reaching = {line for line in project_imports("tournaments") if line.split(": ")[1].startswith("ratings.")}
    assert reaching, "the tournaments app feeds the ratings: this test must see those imports"
    allowed = ("ratings.services", "ratings.selectors")
    assert sorted(line for line in reaching if not line.split(": ")[1].startswith(allowed)) == []
    writers = {line.split(": ")[0] for line in reaching if line.split(": ")[1].startswith("ratings.services")}
    assert writers == {"tournaments/services/rating.py"}
