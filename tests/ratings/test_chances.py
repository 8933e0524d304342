"""Chances at the table (issue 69, item 1): the Monte Carlo of TrueSkill's predictive distribution gives, for
any table, chances that sum to 1 for each seat and each place, agrees with the two-player closed form, and
favours the stronger player; the table's API answers them."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.selectors.chances import sampled_places, win_chances

SAMPLES = 2000
skill = st.tuples(st.floats(min_value=0, max_value=50), st.floats(min_value=0.5, max_value=9))


@settings(max_examples=30, deadline=None)
@given(skills=st.lists(skill, min_size=2, max_size=5), seed=st.integers(0, 2**31))
def test_every_seats_chances_and_every_places_sum_to_one(skills, seed) -> None:
    counts = sampled_places(skills, 25 / 6, seed=seed, samples=SAMPLES)
    assert [sum(row) for row in counts] == [SAMPLES] * len(skills)
    assert [sum(column) for column in zip(*counts, strict=True)] == [SAMPLES] * len(skills)


@pytest.mark.parametrize(
    ("a", "b"), [((30.0, 2.0), (25.0, 3.0)), ((25.0, 8.3), (25.0, 8.3)), ((20.0, 1.0), (28.0, 6.0))]
)
def test_two_players_agree_with_trueskills_closed_form(a, b) -> None:
    beta = 25 / 6
    counts = sampled_places([a, b], beta, seed=7, samples=20_000)
    expected = 0.5 * (1 + math.erf((a[0] - b[0]) / math.sqrt(2 * (2 * beta**2 + a[1] ** 2 + b[1] ** 2))))
    assert abs(counts[0][0] / 20_000 - expected) < 0.015


@pytest.mark.parametrize(
    ("a", "b"), [((30.0, 2.0), (25.0, 3.0)), ((25.0, 8.3), (25.0, 8.3)), ((20.0, 1.0), (28.0, 6.0))]
)
def test_the_exact_chance_to_win_is_the_closed_form_for_two_players(a, b) -> None:
    beta = 25 / 6
    expected = 0.5 * (1 + math.erf((a[0] - b[0]) / math.sqrt(2 * (2 * beta**2 + a[1] ** 2 + b[1] ** 2))))
    assert win_chances([a, b], beta)[0] == pytest.approx(expected, abs=1e-6)


@settings(max_examples=8, deadline=None)
@given(skills=st.lists(skill, min_size=2, max_size=5), seed=st.integers(0, 2**31))
def test_the_exact_chance_to_win_is_what_sampling_finds_and_sums_to_one(skills, seed) -> None:
    """The TV's and the pad's chance to win (integrated) against the table page's (sampled) first place: within
    four standard errors of 20,000 draws."""
    exact = win_chances(skills, 25 / 6)
    assert sum(exact) == pytest.approx(1, abs=1e-9)
    counts = sampled_places(skills, 25 / 6, seed=seed, samples=20_000)
    for chance, row in zip(exact, counts, strict=True):
        assert abs(chance - row[0] / 20_000) < 4 * math.sqrt(max(chance * (1 - chance), 1e-4) / 20_000) + 1e-3


def test_the_stronger_player_is_likelier_to_win_and_the_same_seed_gives_the_same_chances() -> None:
    skills = [(35.0, 1.5), (25.0, 1.5), (25.0, 1.5), (15.0, 1.5)]
    counts = sampled_places(skills, 25 / 6, seed=3, samples=SAMPLES)
    firsts = [row[0] for row in counts]
    assert firsts[0] > firsts[1] > firsts[3]
    assert counts == sampled_places(skills, 25 / 6, seed=3, samples=SAMPLES)


@pytest.mark.django_db
@pytest.mark.embedded
def test_the_tables_api_answers_each_seats_chance_of_each_place_summing_to_1(api_client) -> None:
    from ratings.models import Rating, RatingPool
    from tests.tournaments.helpers import running_round

    _event, round_ = running_round("boomerang-australia", players=4)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player").order_by("position"))
    pool, _ = RatingPool.objects.get_or_create(game="boomerang-australia")
    Rating.objects.create(pool=pool, player=seats[0].player.user, name=seats[0].player.handle, mu=40, sigma=1,
                          conservative=37, games=50)  # fmt: skip
    answer = api_client.get(f"/api/tables/{table.pk}/chances/")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert [seat["player"] for seat in body["seats"]] == [seat.player.handle for seat in seats]
    for seat in body["seats"]:
        assert len(seat["places"]) == 4
        assert abs(sum(seat["places"]) - 1) < 1e-9
    for place in range(4):
        assert abs(sum(seat["places"][place] for seat in body["seats"]) - 1) < 1e-9
    first = body["seats"][0]
    assert first["rated"] is True
    assert first["places"][0] > 0.5  # far the strongest at the table
    assert [seat["rated"] for seat in body["seats"][1:]] == [False, False, False]
    assert "TrueSkill" in body["method"]


@pytest.mark.django_db
def test_the_table_page_shows_the_chances_before_play_in_the_readers_language() -> None:
    from django.test import Client

    from tests.tournaments.helpers import running_round

    _event, round_ = running_round("boomerang-australia", players=4)
    table = round_.tables.get()
    page = Client().get(f"/tables/{table.pk}/").content.decode()
    assert "Chances before play" in page
    assert "25%" in page or "24%" in page or "26%" in page  # four unrated players: about a quarter each
    french = Client().get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Chances avant la partie" in french


@pytest.mark.django_db
def test_what_each_place_would_have_given_reproduces_the_change_each_player_got(api_client) -> None:
    """Issue 69, item 1: after a rated table, each player's change had they finished in each place (the rating
    step itself, from the ratings they came in with): the place reached gives exactly the change they got, a
    better place never less; in the reader's language."""
    from django.utils import timezone

    from ratings.models import RatingPool
    from ratings.services.pools import Placing, match_record
    from tests.tournaments.helpers import running_round

    _event, round_ = running_round("boomerang-australia", players=4)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player").order_by("position"))
    before = api_client.get(f"/api/tables/{table.pk}/place-worth/").json()
    assert before["seats"] == []  # not rated yet
    for n in range(3):  # some history first: the players come in with different ratings
        match_record(game="boomerang-australia", source=f"table:history-{n}", order_at=timezone.now(),
                     placings=[Placing(s.player.user_id, s.player.handle, (i + n) % 4 + 1)
                               for i, s in enumerate(seats)])  # fmt: skip
    match_record(game="boomerang-australia", source=f"table:{table.pk}", order_at=timezone.now(),
                 placings=[Placing(s.player.user_id, s.player.handle, i + 1) for i, s in enumerate(seats)])  # fmt: skip
    assert RatingPool.objects.filter(game="boomerang-australia").exists()
    body = api_client.get(f"/api/tables/{table.pk}/place-worth/").json()
    assert [seat["player"] for seat in body["seats"]] == [s.player.handle for s in seats]  # finishing order
    for seat in body["seats"]:
        assert len(seat["by_place"]) == 4
        assert math.isclose(seat["by_place"][seat["place"] - 1], seat["change"], abs_tol=1e-3)
        assert seat["by_place"] == sorted(seat["by_place"], reverse=True)  # a better place is worth more
    assert "mu - 3 sigma" in body["explanation"]
    french = api_client.get(f"/api/tables/{table.pk}/place-worth/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert "mu - 3 sigma" in french["explanation"]
    assert french["explanation"] != body["explanation"]


@pytest.mark.django_db
def test_a_rated_tables_page_shows_what_each_place_would_have_given(django_capture_on_commit_callbacks) -> None:
    from django.test import Client

    from tests.tournaments.test_pages import played_event
    from tournaments.models import Table

    event = played_event(8, django_capture_on_commit_callbacks)
    table = Table.objects.filter(round__event=event, result__status="verified").first()
    assert table is not None
    page = Client().get(f"/tables/{table.pk}/").content.decode()
    assert "What each place would have given" in page
    assert "mu - 3 sigma" in page
    french = Client().get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Ce que chaque place aurait donné" in french


@pytest.mark.django_db
def test_the_tv_and_the_pads_header_show_each_players_chance_to_win_before_play() -> None:
    """Issue 69, item 1: the room's screen (its shared link) and the score pad's header give each seat's
    chance to win while the table waits for its sheets, the strongest player's the highest, in the reader's
    language; the TV's are kept for the round (read once however often the screen is rebuilt)."""
    from django.test import Client

    from ratings.models import Rating, RatingPool
    from tests.tournaments.helpers import running_round
    from tournaments.codes import tv_code

    event, round_ = running_round("boomerang-australia", players=4)
    table = round_.tables.get()
    seats = list(table.seats.select_related("player__user").order_by("position"))
    pool, _ = RatingPool.objects.get_or_create(game="boomerang-australia")
    Rating.objects.create(pool=pool, player=seats[0].player.user, name=seats[0].player.handle, mu=40, sigma=1,
                          conservative=37, games=50)  # fmt: skip
    expected = win_chances([(40, 1), *[(pool.mu, pool.sigma)] * 3], pool.beta)
    tv = Client().get(f"/events/{event.pk}/tv/{tv_code(event)}/").content.decode()
    assert tv.count('<span class="sr-only">chance to win</span>') == 4
    strongest = f'<span class="sr-only">chance to win</span> {round(expected[0] * 100)}%'
    assert f'{seats[0].player.handle} · <span class="chance">{strongest}' in tv
    player = Client()
    player.force_login(seats[1].player.user)
    pad = player.get(f"/tables/{table.pk}/pad/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Siegchance laut Wertungen:" in pad
    assert f"{seats[0].player.handle} {round(expected[0] * 100)}" in pad
