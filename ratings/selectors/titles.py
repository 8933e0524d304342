"""Titles held: a player's, and a pool's rules with their holders (docs/ratings.md, "Titles")."""

from collections import defaultdict
from datetime import datetime

from ratings.models import TitleAward, TitleRule


def player_titles(*, user_id: int) -> list[TitleAward]:
    """The player's titles in every pool, the newest first; one query."""
    return list(
        TitleAward.objects.filter(player_id=user_id).select_related("rule__pool").order_by("-awarded_at", "-id")
    )


def pool_titles(*, game: str) -> list[tuple[TitleRule, list[TitleAward]]]:
    """The pool's titles, the highest first, each with its holders in the order they earned it; two queries."""
    rules = list(TitleRule.objects.filter(pool__game=game))
    holders: dict[int, list[TitleAward]] = defaultdict(list)
    for award in TitleAward.objects.filter(rule__in=rules).order_by("awarded_at", "id"):
        holders[award.rule_id].append(award)
    return [(rule, holders[rule.pk]) for rule in rules]


def titles_by_player(*, game: str, user_ids: list[int | None], before: datetime) -> dict[int, list[str]]:
    """The abbreviations each of these players held in the game's pool at `before` (an official list's column)."""
    held: dict[int, list[str]] = defaultdict(list)
    awards = TitleAward.objects.filter(rule__pool__game=game, player_id__in=user_ids, awarded_at__lte=before)
    awards = awards.order_by("-rule__min_rating")
    for player, abbreviation in awards.values_list("player_id", "rule__abbreviation"):
        held[player].append(abbreviation)
    return held
