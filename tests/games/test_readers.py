"""The fast sheet readers agree with the strict ones on every input: the same value, or the same refusal
(the fast path is only a shortcut for well-formed input; the strict path names the field and the reason)."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games import australia, europe, usa
from games.drafting import DraftingRules
from games.drafting_sheet import _parse_round, _parse_round_strictly
from games.parsing import MalformedInput, expect_str, expect_str_list

EDITIONS = [australia.RULES, europe.RULES, usa.RULES]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 30), st.floats(allow_nan=False, width=16),
    st.sampled_from(["", " ", "\t", "A", "b7", "Sydney", "x" * 3]),
)  # fmt: skip
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


def claims(rules: DraftingRules) -> st.SearchStrategy[Any]:
    keys = st.sampled_from([*rules.categories, "nonsense"])
    return st.dictionaries(
        keys, st.one_of(st.integers(-2, 40), st.booleans(), st.none(), st.text(max_size=2)), max_size=4
    )


def rounds(rules: DraftingRules) -> st.SearchStrategy[Any]:
    cards = st.lists(
        st.one_of(st.sampled_from(["A", "B", "C", "", "  ", "Q"]), st.integers(0, 3), st.none()), max_size=30
    )
    fields = {
        "cards": st.one_of(cards, json_values),
        "scored": st.one_of(st.none(), st.sampled_from(["", " ", "Bats", "x"]), json_values),
        "claimed": st.one_of(st.none(), claims(rules), json_values),
        "extra": json_values,
    }
    present = st.sets(st.sampled_from(sorted(fields)), max_size=4)
    return st.one_of(json_values, present.flatmap(lambda keys: st.fixed_dictionaries({k: fields[k] for k in keys})))


def outcome(read: Any, *args: Any) -> Any:
    try:
        return read(*args)
    except MalformedInput as error:
        return ("refused", error.field, error.reason)


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(EDITIONS).flatmap(lambda rules: st.tuples(st.just(rules), rounds(rules))))
def test_the_fast_round_reader_agrees_with_the_strict_one(case: tuple[DraftingRules, Any]) -> None:
    rules, raw = case
    assert outcome(_parse_round, rules, raw, "r") == outcome(_parse_round_strictly, rules, raw, "r")


def strictly_each(value: Any, field: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        return expect_str_list(value, field)  # the list check itself has one path
    return tuple(expect_str(item, f"{field}[{i}]") for i, item in enumerate(value))


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.lists(st.one_of(st.sampled_from(["A", "", " ", "\n", "Q7"]), scalars), max_size=6), json_values))
def test_the_fast_string_list_reader_agrees_with_reading_each_item(value: Any) -> None:
    assert outcome(expect_str_list, value, "cards") == outcome(strictly_each, value, "cards")
