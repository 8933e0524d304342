"""An event's recap in the reader's language: one line a finding, as its page and its results e-mail say it."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.results.selectors.recap import BestDraft, CardOfTheNight, EventRecap, Hands, Upset
from tournaments.text import points_text


def recap_lines(recap: EventRecap) -> list[tuple[str, str]]:
    """(what, sentence) for each finding the recap has, in the active language."""
    lines = []
    if recap.upset:
        lines.append((_("Upset of the night"), _upset(recap.upset)))
    if recap.best_draft:
        lines.append((_("Best draft"), _draft(recap.best_draft)))
    if recap.luckiest:
        lines.append((_("Luckiest hands"), _hands(recap.luckiest)))
    if recap.unluckiest:
        lines.append((_("Unluckiest hands"), _hands(recap.unluckiest)))
    if recap.card:
        lines.append((_("Card of the night"), _card(recap.card)))
    return lines


def _upset(upset: Upset) -> str:
    sentence = _(
        "%(player)s finished in place %(place)s at table %(table)s of round %(round)s, where the ratings expected "
        "place %(expected)s."
    )
    expected = points_text(round(upset.expected, 1))
    return sentence % {**_seat(upset), "place": upset.place, "expected": expected}


def _draft(draft: BestDraft) -> str:
    sentence = ngettext(
        "%(player)s took the best card on offer %(best)s time of %(choices)s (table %(table)s of round %(round)s).",
        "%(player)s took the best card on offer %(best)s times of %(choices)s (table %(table)s of round %(round)s).",
        draft.best_picks,
    )
    return sentence % {**_seat(draft), "best": draft.best_picks, "choices": draft.choices}


def _hands(hands: Hands) -> str:
    sentence = _("%(player)s at table %(table)s of round %(round)s: hands worth %(par)s points (their par).")
    return sentence % {**_seat(hands), "par": hands.par}


def _card(card: CardOfTheNight) -> str:
    sentence = ngettext(
        "%(card)s (%(name)s): the best card on offer %(best)s time, taken %(taken)s.",
        "%(card)s (%(name)s): the best card on offer %(best)s times, taken %(taken)s of them.",
        card.times_best,
    )
    return sentence % {"card": card.card, "name": card.name, "best": card.times_best, "taken": card.times_taken}


def _seat(line: Upset | BestDraft | Hands) -> dict[str, object]:
    return {"player": line.player, "table": line.table, "round": line.round}
