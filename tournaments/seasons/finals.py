"""A season's final as an entry condition (issue 57, item 1): only the season's qualifiers register for it.
The core checks entry conditions (services/entry.py) but knows nothing of seasons; this app registers the check
when it starts (apps.py)."""

from django.utils.translation import gettext as _

from tournaments.models import Event, Player
from tournaments.seasons.models import Season
from tournaments.seasons.selectors import season_qualified
from tournaments.services.entry import QualificationCheck, Refusal


def _season_of(event: Event) -> Season | None:
    return Season.objects.filter(final=event).first()


def final_condition(event: Event) -> str:
    season = _season_of(event)
    name = season.name if season else "?"
    return _("a qualifier's place from the season %(season)s") % {"season": name}


def final_refusal(event: Event, player: Player) -> Refusal | None:
    season = _season_of(event)
    if season is None:  # the season was deleted: its final admits nobody by this condition
        return Refusal("entry_qualification", _("the season this final belonged to is gone"))
    qualified = season_qualified(season=season)
    if player.handle in qualified:
        return None
    message = _("the final of %(season)s: its %(slots)s qualifiers only, and %(handle)s is not one of them") % {
        "season": season.name, "slots": season.qualifiers, "handle": player.handle,
    }  # fmt: skip
    return Refusal("entry_qualification", message)


QUALIFIERS_ONLY = QualificationCheck(condition=final_condition, refusal=final_refusal)
