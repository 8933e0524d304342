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
    allowed = ("ratings.services", "ratings.selectors", "ratings.lab.services", "ratings.lab.selectors")
    assert sorted(line for line in reaching if not line.split(": ")[1].startswith(allowed)) == []
    writes = ("ratings.services", "ratings.lab.services")
    writers = {line.split(": ")[0] for line in reaching if line.split(": ")[1].startswith(writes)}
    assert writers == {"tournaments/results/services/rating.py"}


def test_the_ratings_core_knows_nothing_of_its_quality_lab() -> None:
    """The lab (ratings/lab) reads the pools and adopts parameters through ratings' services; the pools, the
    lists and the leaderboards never import it (only the ratings API and its serializers, which compose)."""
    doors = ("ratings/api.py", "ratings/serializers.py")
    offenders = sorted(line for line in project_imports("ratings") if line.split(": ")[1].startswith("ratings.lab")
                       and not line.startswith(("ratings/lab/", *doors)))  # fmt: skip
    assert offenders == []


def test_services_do_not_import_the_tasks_that_call_them() -> None:
    """Tasks import services; services queue tasks by name (tournaments/task_names.py), never by import."""
    services = [path for path in (ROOT / "tournaments").rglob("*.py") if "services" in path.parts]
    imported = [line.split(": ")[1] for path in services for line in project_imports(str(path.relative_to(ROOT)))]
    assert [module for module in imported if module.split(".")[-1] == "tasks"] == []
    assert any(": tournaments.results.services." in line for line in project_imports("tournaments/results/tasks.py"))


def test_the_rating_step_knows_nothing_of_card_statistics() -> None:
    """The pipeline keeps the card tallies beside the rating (results/services/pipeline.py,
    `tables_rate_and_tally`); the rating step itself imports nothing of the analysis app."""
    imported = [line.split(": ")[1] for line in project_imports("tournaments/results/services/rating.py")]
    assert imported
    assert [module for module in imported if module.startswith("tournaments.analysis")] == []
    assert any(
        ": tournaments.analysis." in line for line in project_imports("tournaments/results/services/pipeline.py")
    )


# The apps above the core, from the bottom up: each may import the core and the apps before it in this list,
# never one after it (docs/architecture.md, "The apps"). Apps on one line know nothing of each other.
LAYERS = [
    {"catalogue", "seasons", "live", "integrations", "opendata"},
    {"analysis"},
    {"results"},
    {"stewarding", "entrants", "finance", "casual"},
    {"archive", "privacy"},
    {"demo"},
]
APPS = {app: rank for rank, layer in enumerate(LAYERS, start=1) for app in layer}
# The core's doors compose the site from every app (an event's page shows its seasons, its stewards'
# decisions, its live stream); everything else of the core is its domain, which names no app above it.
CORE_DOORS = ("pages", "api", "admin", "management", "templatetags", "urls.py", "apps.py")


def app_of(module: str) -> str | None:
    """The app a `tournaments...` module belongs to ("core" for the core), None for another package."""
    parts = module.split(".")
    if parts[0] != "tournaments":
        return None
    return parts[1] if len(parts) > 1 and parts[1] in APPS else "core"


def test_every_app_of_the_house_is_installed_and_placed_in_the_layers() -> None:
    from django.apps import apps

    installed = {config.name.split(".")[1] for config in apps.get_app_configs() if config.name.count(".") == 1
                 and config.name.startswith("tournaments.")}  # fmt: skip
    assert installed == set(APPS)
    on_disk = {path.parent.name for path in (ROOT / "tournaments").glob("*/apps.py")}
    assert on_disk == set(APPS)


def test_the_core_domain_never_imports_an_app_above_it() -> None:
    offenders = []
    for path in (ROOT / "tournaments").rglob("*.py"):
        where = path.relative_to(ROOT / "tournaments").parts
        if where[0] in APPS or where[0] in CORE_DOORS or "migrations" in where:
            continue
        offenders += [line for line in project_imports(str(path.relative_to(ROOT)))
                      if app_of(line.split(": ")[1]) not in (None, "core")]  # fmt: skip
    assert sorted(offenders) == []


@pytest.mark.parametrize("app", sorted(APPS))
def test_an_app_imports_only_the_core_and_the_apps_below_it(app: str) -> None:
    imported = {line.split(": ")[1] for line in project_imports(f"tournaments/{app}")}
    above = sorted(m for m in imported if app_of(m) not in (None, "core", app) and APPS[str(app_of(m))] >= APPS[app])
    assert above == []


def test_no_module_only_hands_names_on() -> None:
    """No package's __init__ imports a name of the project only to hand it on (Django's models package aside,
    which must import its models): callers import the module that defines what they use."""
    handed_on = []
    for path in [*(ROOT / "tournaments").rglob("__init__.py"), *(ROOT / "ratings").rglob("__init__.py")]:
        if "migrations" in path.parts or path.parent.name == "models":
            continue
        tree = ast.parse(path.read_text())
        used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("tournaments", "ratings"):
                handed_on += [f"{path.relative_to(ROOT)}: {alias.name}" for alias in node.names
                              if (alias.asname or alias.name) not in used]  # fmt: skip
    assert handed_on == []


def test_no_module_of_an_app_imports_tournaments_pages_api_or_admin() -> None:
    """The core's doors compose the site from the apps (issue 68): an app importing them back made a circle
    the layers could not see. The words and the signed-in request live below every app (tournaments/text.py,
    tournaments/auth.py)."""
    doors = ("tournaments.pages", "tournaments.api", "tournaments.admin")
    offenders = [line for app in sorted(APPS) for line in project_imports(f"tournaments/{app}")
                 if line.split(": ")[1].startswith(doors)]  # fmt: skip
    assert offenders == []


def test_only_the_url_maps_and_the_apps_registry_import_the_cores_doors() -> None:
    """The doors (tournaments/pages, api, admin) compose the site: nothing below them imports them back, the
    core's domain, template tags and commands included; only the URL maps (tournaments/urls.py, config/) and
    the admin's registration when the app is ready (tournaments/apps.py) do."""
    doors = ("tournaments.pages", "tournaments.api", "tournaments.admin")
    allowed = ("tournaments/pages/", "tournaments/api/", "tournaments/admin/", "tournaments/urls.py",
               "tournaments/apps.py")  # fmt: skip
    offenders = [line for line in project_imports("tournaments") if line.split(": ")[1].startswith(doors)
                 and not line.startswith(allowed)]  # fmt: skip
    offenders += [line for line in project_imports("ratings") if line.split(": ")[1].startswith(doors)]
    assert sorted(offenders) == []


def test_an_apps_actions_on_the_cores_rows_are_its_own_views() -> None:
    """An app's actions on an event, a registration, a club or a player (a sanction, the entrants, an
    archive's import, a room message, an edition's recheck, the closing, a drop, a club's corrections trusted,
    a guest claimed, a player's export) are the app's own views, routed by its `api_urls.py` under the core's
    names (tournaments/app_actions.py): the core's API calls no app's writes (issue 68, the site floor)."""
    imported = sorted(project_imports("tournaments/api"))
    assert any(": tournaments.services." in line for line in imported)
    writes = [line for line in imported if app_of(line.split(": ")[1]) not in (None, "core") and ".services" in line]
    assert writes == []
    from django.urls import resolve

    owners = [("/api/events/1/sanction/", "stewarding"), ("/api/events/1/entrants/", "entrants"),
              ("/api/events/import/", "archive"), ("/api/events/1/messages/", "live"),
              ("/api/events/1/reverify/", "catalogue"), ("/api/events/1/close/", "results"),
              ("/api/registrations/1/drop/", "results"), ("/api/players/claim/", "results"),
              ("/api/organisations/club/corrections-trust/", "stewarding"), ("/api/me/erase/", "privacy")]  # fmt: skip
    for path, app in owners:
        assert resolve(path).func.cls.__module__.split(".")[1] == app, path
