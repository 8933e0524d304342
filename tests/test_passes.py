""".ci/run's first pass collects only the files that say `pytest.mark.embedded` (tests/passes.py; the whole
suite's collection on each worker cost ~20 s for a tenth of its tests): a test marked any other way (a mark
kept in a helper module, or added at collection) would silently leave the embedded pass. This holds that the
mark is written only in the test files themselves."""

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def _marks_embedded(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "embedded"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "mark"
    )


def test_the_embedded_mark_is_written_only_in_test_files() -> None:
    elsewhere, in_test_files = [], 0
    for path in TESTS.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        found = any(_marks_embedded(node) for node in ast.walk(tree))
        if found and not path.name.startswith("test_"):
            elsewhere.append(str(path.relative_to(TESTS)))
        in_test_files += found and path.name.startswith("test_")
        added = [line for line in path.read_text().splitlines() if "add_marker(" in line and "mark.embedded" in line]
        if added and path != Path(__file__):
            elsewhere.append(f"{path.relative_to(TESTS)} (added at collection)")
    assert elsewhere == []
    assert in_test_files >= 20  # the first pass has files to run
