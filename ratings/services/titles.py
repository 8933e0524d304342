"""Titles (issue 57, item 6; docs/ratings.md, "Titles"): a pool's stewards define them by a threshold of the
conservative rating, held over rated games in a row, after a least number of rated games. A title is awarded
the first time its rule is met, from the pool's history (so a title defined today goes to those who met it
before, with the day they did), and is never taken back, as a chess title is for life."""

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime

from django.db import transaction

from ratings.models import RatingAudit, RatingChange, RatingEvent, RatingPool, TitleAward, TitleRule


class TitleRefused(ValueError):
    """A rule the service will not define; `field` names what is wrong."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def title_rule_define(
    *, pool: RatingPool, name: str, abbreviation: str, min_rating: float, min_games: int, held_for_games: int,
    actor: str, reason: str,
) -> TitleRule:  # fmt: skip
    """Define a title and award it at once to everyone whose history meets it. Call with the pool locked."""
    name, abbreviation, reason = name.strip(), abbreviation.strip(), reason.strip()
    for value, field_name, longest in ((name, "name", 60), (abbreviation, "abbreviation", 8), (reason, "reason", 500)):
        if not value or len(value) > longest:
            raise TitleRefused(f"{field_name} is 1 to {longest} characters", field_name)
    if not -100 <= min_rating <= 100:
        raise TitleRefused("min_rating is a conservative rating from -100 to 100", "min_rating")
    if not 1 <= held_for_games <= 1000 or not 0 <= min_games <= 100_000:
        raise TitleRefused("held_for_games is 1 to 1000, min_games 0 to 100000", "held_for_games")
    if pool.title_rules.filter(abbreviation__iexact=abbreviation).exists():
        raise TitleRefused(f"the pool has a title {abbreviation} already", "abbreviation")
    with transaction.atomic():
        rule = TitleRule.objects.create(
            pool=pool, name=name, abbreviation=abbreviation, min_rating=min_rating, min_games=min_games,
            held_for_games=held_for_games, defined_by=actor[:150], reason=reason,
        )  # fmt: skip
        if not pool.titled:
            pool.titled = True
            pool.save(update_fields=["titled"])
        awarded = titles_award(pool=pool, players=None)
        RatingAudit.objects.create(pool=pool, action=RatingAudit.Action.TITLED, source=f"title:{abbreviation}",
                                   actor=actor[:150], events_replayed=awarded)  # fmt: skip
    return rule


@dataclass
class _Progress:
    games: int = 0
    streaks: dict[int, int] = field(default_factory=dict)


def titles_award(*, pool: RatingPool, players: Collection[int] | None) -> int:
    """Award each title of the pool to every player (of `players`, or all) whose rated history meets its rule
    and who does not hold it yet; returns how many were awarded. Only matches count (an inactivity's widening
    neither counts as a game nor breaks a run)."""
    rules = list(pool.title_rules.all())
    if not rules:
        return 0
    held = TitleAward.objects.filter(rule__in=rules)
    changes = RatingChange.objects.filter(pool=pool, event__kind=RatingEvent.Kind.MATCH)
    if players is not None:
        held, changes = held.filter(player_id__in=list(players)), changes.filter(player_id__in=list(players))
    holding = set(held.values_list("rule_id", "player_id"))
    rows = changes.order_by("player_id", "event__order_at", "event_id").values_list(
        "player_id", "mu_after", "sigma_after", "event__order_at", "event__source"
    )
    awards: list[TitleAward] = []
    progress: dict[int, _Progress] = {}
    for player, mu, sigma, at, source in rows.iterator(chunk_size=5000):
        mine = progress.setdefault(player, _Progress())
        mine.games += 1
        for rule in rules:
            if (rule.pk, player) not in holding and _meets(rule, mine, mu - 3 * sigma):
                holding.add((rule.pk, player))
                awards.append(_award(rule, player, at, source, mu - 3 * sigma, mine.games))
    _name(pool, awards)
    TitleAward.objects.bulk_create(awards, ignore_conflicts=True)
    return len(awards)


def _meets(rule: TitleRule, progress: _Progress, conservative: float) -> bool:
    at_rating = conservative >= rule.min_rating and progress.games >= rule.min_games
    progress.streaks[rule.pk] = progress.streaks.get(rule.pk, 0) + 1 if at_rating else 0
    return progress.streaks[rule.pk] >= rule.held_for_games


def _award(rule: TitleRule, player: int, at: datetime, source: str, rating: float, games: int) -> TitleAward:
    return TitleAward(rule=rule, player_id=player, awarded_at=at, source=source, rating=rating, games=games)


def _name(pool: RatingPool, awards: list[TitleAward]) -> None:
    names = dict(pool.ratings.filter(player_id__in={a.player_id for a in awards}).values_list("player_id", "name"))
    for award in awards:
        award.name = names.get(award.player_id, "")
