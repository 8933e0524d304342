"""What a player needs at the season's next event (issue 69, item 2; tournaments/seasons/tonight.py). The
need is a worst-case bound, so the property tests play the rest of a season out every way hypothesis finds,
with the season's own standings and qualifier rules as the judge: a place said to secure the slot always
brings it, "secured" holds without playing again, "out of reach" holds winning everything."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seasons.odds import ComingEvent
from tournaments.seasons.points import EventResult, qualifiers, season_standings
from tournaments.seasons.tonight import Need, Tonight, season_tonight

RULES = {"best_of": 3, "table": None, "taken": set(), "declined": set()}


def test_a_worked_season_says_each_players_need_at_the_next_event() -> None:
    """Six players, one slot, two events played in the same order and one to come that everyone may play: a
    field of six scores 100, 83, 67, 50, 33, 17 by place (the default scheme), so ann has 200 and bob 166.

    Best two counting: ann's 200 is beyond bob's best (83 + 100 = 183): secured; bob stays below ann's 200
    whatever he does: out of reach. Best three counting: bob can reach 266; ann's 3rd place (267) is above it
    and her 4th (250) is not, so 3rd or better secures it; bob's win (266) stays below ann's most (300)."""
    played = [EventResult(e, 1, {"ann": 1, "bob": 2, "cyd": 3, "dee": 4, "eve": 5, "fay": 6}) for e in (1, 2)]
    coming = [ComingEvent(3, 1, ())]
    rules = {"table": None, "taken": set(), "declined": set(), "slots": 1}
    best_two = {t.player: t for t in season_tonight(played=played, coming=coming, best_of=2, **rules)}
    assert best_two["ann"] == Tonight("ann", 3, Need.SECURED)
    assert best_two["bob"] == Tonight("bob", 3, Need.OUT_OF_REACH)
    best_three = {t.player: t for t in season_tonight(played=played, coming=coming, best_of=3, **rules)}
    assert best_three["ann"] == Tonight("ann", 3, Need.PLACE, 3)
    assert best_three["bob"] == Tonight("bob", 3, Need.NO_PLACE)


def test_a_rival_who_can_only_draw_level_does_not_take_the_slot() -> None:
    """Ties for the last slot all qualify (seasons/points.py `qualifiers`): with 10 and 5 points for a win and a
    second place, ann (10) is sure of the one slot even if second tonight, since bob can only draw level (15)."""
    played = [EventResult(1, 1, {"ann": 1, "bob": 2})]
    rules = {"best_of": 2, "table": [10, 5], "slots": 1, "taken": set(), "declined": set()}
    needs = {t.player: t for t in season_tonight(played=played, coming=[ComingEvent(2, 1, ())], **rules)}
    assert needs["ann"] == Tonight("ann", 2, Need.PLACE, 2)
    level = [*played, EventResult(2, 1, {"bob": 1, "ann": 2})]
    assert set(qualifiers(season_standings(level, 2, [10, 5]), 1, set(), set())) == {"ann", "bob"}


def _random_result(event: ComingEvent, everyone: list[str], rng: random.Random, fixed: dict[str, int]) -> EventResult:
    entrants = list(event.entrants or everyone)
    others = [p for p in entrants if p not in fixed]
    rng.shuffle(others)
    order: list[str | None] = [None] * len(entrants)
    for player, place in fixed.items():
        order[place - 1] = player
    free = iter(others)
    places = {}
    for index, player in enumerate(order):
        places[player if player is not None else next(free)] = index + 1
    return EventResult(event.event, event.tier, places)


seasons = st.fixed_dictionaries({
    "players": st.integers(3, 7), "played": st.integers(1, 4), "coming": st.integers(1, 3),
    "slots": st.integers(1, 3), "best_of": st.integers(1, 4), "seed": st.integers(0, 10**6),
    "registered": st.booleans(),
})  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(seasons)
def test_the_need_holds_however_the_rest_of_the_season_is_played(season: dict) -> None:
    rng = random.Random(season["seed"])
    everyone = [f"p{i}" for i in range(season["players"])]
    played = [_random_result(ComingEvent(e, 1, ()), everyone, rng, {}) for e in range(1, season["played"] + 1)]
    tonight_entrants = tuple(sorted(rng.sample(everyone, k=max(2, len(everyone) - 1)))) if season["registered"] else ()
    coming = [ComingEvent(100, 1, tonight_entrants),
              *(ComingEvent(101 + i, rng.choice((1, 2)), ()) for i in range(season["coming"] - 1))]  # fmt: skip
    rules = {"best_of": season["best_of"], "table": None, "taken": set(), "declined": set()}
    needs = season_tonight(played=played, coming=coming, slots=season["slots"], **rules)
    assert {need.player for need in needs} == set(everyone)
    for need in needs:
        for _ in range(25):
            fixed_tonight, later_fixed = _playing_out(need, coming, rng)
            results = [*played, _random_result(coming[0], everyone, rng, fixed_tonight),
                       *(_random_result(e, everyone, rng, later_fixed) for e in coming[1:])]  # fmt: skip
            if need.need is Need.OUT_OF_REACH:
                results = [*played, *(_random_result(e, everyone, rng, {need.player: 1}) for e in coming)]
            chosen = qualifiers(season_standings(results, season["best_of"]), season["slots"], set(), set())
            if need.need in (Need.PLACE, Need.SECURED):
                assert need.player in chosen, (need, results)
            elif need.need is Need.OUT_OF_REACH:
                assert need.player not in chosen, (need, results)
        if need.need is Need.NOT_ENTERED:
            assert need.player not in tonight_entrants


def _playing_out(need: Tonight, coming: list[ComingEvent], rng: random.Random) -> tuple[dict, dict]:
    """Where the player finishes at the next event (the place said to secure, or anywhere) and later."""
    if need.need is Need.PLACE:
        return {need.player: need.place}, {}
    return {}, {}


def test_a_player_qualified_elsewhere_or_who_declined_has_no_need_and_leaves_the_slot_to_others() -> None:
    played = [EventResult(1, 1, {"ann": 1, "bob": 2, "cyd": 3})]
    coming = [ComingEvent(2, 1, ())]
    needs = {t.player: t for t in season_tonight(played=played, coming=coming, slots=1, best_of=3, table=None,
                                                 taken={"ann"}, declined=set())}  # fmt: skip
    assert "ann" not in needs
    assert needs["bob"] == Tonight("bob", 2, Need.PLACE, 2)  # 67 + 67 = 134 beats cyd's best, 33 + 100 = 133
    assert season_tonight(played=played, coming=[], slots=1, **RULES) == []
