"""demo_event plays a whole event for any game through the services and the API."""

import pytest
from django.core.management import CommandError, call_command

from games import GAMES
from ratings.models import Rating
from tests.factories import PlayerFactory
from tournaments.demo.services import demo_event_run
from tournaments.models import ScoreSheet, TableResult

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.embedded]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_demo_plays_every_table_to_a_verified_result_and_rates_it(game: str, real_edition_stand_in) -> None:
    real_edition_stand_in(game)  # rated once the game's edition is the printed one
    players = 9 if game == "boomerang-hunt" else 6
    report = demo_event_run(game=game, players=players, seed=3, rounds=2, mistake_rate=0.5, rated=True)
    assert report.event.status == "finished"
    assert set(TableResult.objects.values_list("status", flat=True)) == {"verified"}
    assert report.corrected == len(report.mistakes) > 0
    assert ScoreSheet.objects.filter(status="superseded").count() == report.corrected
    assert Rating.objects.filter(pool__game=game, games=2).count() == players


@pytest.mark.parametrize("game", ["boomerang-europe", "boomerang-usa", "boomerang-hunt", "boomerang-flip"])
def test_an_event_of_a_game_on_practice_data_plays_whole_and_is_never_sanctioned_nor_rated(game: str) -> None:
    """Issue 55: only Australia's cards are public; the others' shipped data is practice data, so their
    events are practice events."""
    players = 9 if game == "boomerang-hunt" else 6
    report = demo_event_run(game=game, players=players, seed=3, rounds=2, mistake_rate=0.5, rated=True)
    assert report.event.status == "finished"
    assert set(TableResult.objects.values_list("status", flat=True)) == {"verified"}
    assert report.event.sanction == "waiting"  # its club is trusted in every game, yet nothing is sanctioned
    assert not Rating.objects.filter(pool__game=game).exists()


def test_the_command_prints_standings_and_the_leaderboard(capsys, real_edition_stand_in) -> None:
    real_edition_stand_in("boomerang-flip")
    call_command("demo_event", "--game", "boomerang-flip", "--players", "4", "--rounds", "2", "--seed", "2", "--rated")
    out = capsys.readouterr().out
    assert "Leaderboard, Boomerang (two-player flip)" in out
    assert "2 rounds, status finished" in out


def test_a_demo_is_unrated_by_default_and_demo_clear_removes_it(capsys) -> None:
    from tournaments.models import Event, Player

    call_command("demo_event", "--game", "boomerang-flip", "--players", "4", "--rounds", "1", "--seed", "4")
    assert "Not rated" in capsys.readouterr().out
    assert not Rating.objects.exists()
    real = PlayerFactory(handle="real-player")
    call_command("demo_clear")
    assert "1 demo event(s) and 4 demo player(s) deleted" in capsys.readouterr().out
    assert not Event.objects.exists()
    assert list(Player.objects.values_list("handle", flat=True)) == [real.handle]


def test_the_command_refuses_too_few_players() -> None:
    with pytest.raises(CommandError, match="--players must be at least 3"):
        call_command("demo_event", "--game", "boomerang-hunt", "--players", "2")


def test_demo_event_help_describes_every_option_with_its_default() -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    result = subprocess.run(
        [sys.executable, "manage.py", "demo_event", "--help"], cwd=root, capture_output=True, text=True, check=True
    )
    text = " ".join(result.stdout.split())
    for option, default in (("--game", "boomerang-australia"), ("--players", "12"), ("--seed", "1"), ("--rounds", "3")):
        assert f"(default: {default})" in text.split(option, 2)[-1], option


def test_two_demo_events_of_one_game_and_seed_never_share_a_name() -> None:
    first = demo_event_run(game="boomerang-flip", players=4, seed=5, rounds=1).event
    second = demo_event_run(game="boomerang-flip", players=4, seed=5, rounds=1).event
    assert first.name != second.name
    assert second.name == f"{first.name} #2"
