"""The apps' import directions: games imports nothing of the project; ratings never imports tournaments."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def project_imports(app: str) -> set[str]:
    found = set()
    for path in (ROOT / app).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found |= {f"{path.relative_to(ROOT)}: {alias.name}" for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(f"{path.relative_to(ROOT)}: {node.module}")
    return found


@pytest.mark.parametrize(
    ("app", "forbidden"),
    [("games", {"config", "tournaments", "ratings"}), ("ratings", {"tournaments"})],
)
def test_an_app_does_not_import_what_it_must_not_know(app: str, forbidden: set[str]) -> None:
    offenders = [line for line in project_imports(app) if line.split(": ")[1].split(".")[0] in forbidden]
    assert offenders == []
