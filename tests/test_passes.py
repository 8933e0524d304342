""".ci/run's first pass collects only the files that say `pytest.mark.embedded` (tests/passes.py; the whole
suite's collection on each worker cost ~20 s for a tenth of its tests), and its second runs the files that say
`pytest.mark.services` in a process of their own beside the rest, which deselects that mark: a test marked any
other way (a mark kept in a helper module, or added at collection) would silently leave its pass. This holds
that both marks are written only in the test files themselves."""

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).parent


def _marks(node: ast.AST, mark: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == mark
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "mark"
    )


@pytest.mark.parametrize(("mark", "files_at_least"), [("embedded", 20), ("services", 5)])
def test_the_passes_marks_are_written_only_in_test_files(mark: str, files_at_least: int) -> None:
    elsewhere, in_test_files = [], 0
    for path in TESTS.rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        found = any(_marks(node, mark) for node in ast.walk(tree))
        if found and not path.name.startswith("test_"):
            elsewhere.append(str(path.relative_to(TESTS)))
        in_test_files += found and path.name.startswith("test_")
        added = [line for line in path.read_text().splitlines() if "add_marker(" in line and f"mark.{mark}" in line]
        if added and path != Path(__file__):
            elsewhere.append(f"{path.relative_to(TESTS)} (added at collection)")
    assert elsewhere == []
    assert in_test_files >= files_at_least  # the pass has files to run


def test_a_test_left_to_the_first_pass_is_in_a_file_the_first_pass_collects() -> None:
    """`embedded_pass_only` skips a test in the second pass: in a file the first does not collect, it would run
    in neither."""
    lost = [
        str(path.relative_to(TESTS))
        for path in TESTS.rglob("test_*.py")
        if "embedded_pass_only" in path.read_text() and "pytest.mark.embedded" not in path.read_text()
    ]
    assert lost == []
