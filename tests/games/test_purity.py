import ast
import subprocess
import sys
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"


def test_the_rules_engines_import_nothing_from_django() -> None:
    offenders = []
    for path in GAMES_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [
                f"{path.name}: {n}" for n in names if n.split(".")[0] in {"django", "rest_framework", "celery"}
            ]
    assert offenders == []


def test_importing_and_running_the_engine_loads_no_django_module() -> None:
    code = (
        "import sys, random, games\n"
        "from games.simulate import legal_sheet\n"
        "games.verify_table(legal_sheet('boomerang-usa', 3, random.Random(1)))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=GAMES_DIR.parent)
    assert out.stdout.strip() == "[]"
