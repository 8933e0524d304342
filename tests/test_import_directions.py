"""The apps' import directions: games imports nothing of the project; ratings never imports tournaments;
tournaments reaches ratings only through its services and selectors, and its writes from one module."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def project_imports(app: str) -> set[str]:
    """`path: module` for every absolute import; `from package import name` also gives `package.name`."""
    found = set()
    paths = [ROOT / app] if app.endswith(".py") else (ROOT / app).rglob("*.py")
    for path in paths:
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


def test_services_do_not_import_the_tasks_that_call_them() -> None:
    """Tasks import services; services queue tasks by name (tournaments/task_names.py), never by import."""
    imported = [line.split(": ")[1] for line in project_imports("tournaments/services")]
    offenders = [
        module for module in imported if module == "tournaments.tasks" or module.startswith("tournaments.tasks.")
    ]
    assert offenders == []
    assert any(": tournaments.services." in line for line in project_imports("tournaments/tasks.py"))


def test_every_queued_task_name_is_a_registered_task() -> None:
    from config.celery import app
    from tournaments import task_names

    names = [value for key, value in vars(task_names).items() if key.isupper()]
    assert names
    assert all(name in app.tasks for name in names)
