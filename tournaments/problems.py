"""The sentence each of the engine's problems reads as, in the reader's language: for the pages, the score
pad's script and the e-mails alike (so it lives below the services, not in a page module).

The engine (games/) stays free of Django: a problem carries a code and its fields (player, round, field,
claimed, expected), and the sentence is made here from those, translated. The engine's own English
message is kept as the detail underneath.
"""

from typing import Any

from django.utils.translation import gettext as _

from games.hunt import BOOMERANGS_PER_PLAYER


def problem_sentence(problem: dict[str, Any]) -> str:
    """One sentence a player reads, from the problem's code and fields."""
    values = {
        "player": problem.get("player") or "",
        "round": problem.get("round") or "",
        "field": problem.get("field") or "",
        "claimed": problem.get("claimed"),
        "expected": problem.get("expected"),
    }
    code = problem.get("code", "")
    sentence = _sentences().get(code)
    if sentence is None:
        return _("A problem (%(code)s).") % {"code": code}
    text = sentence % values
    if values["round"] and code not in ("score_mismatch",):
        text = _("Round %(round)s: ") % values + text
    return text


def problem_templates() -> dict[str, str]:
    """The problem sentences for the page's own script (the score pad), in the reader's language."""
    return {**_sentences(), "_round": _("Round %(round)s: ")}


def _sentences() -> dict[str, str]:
    """Built per call so that each sentence is translated into the language active for this request."""
    return {
        "total_mismatch": _("%(player)s's total: claimed %(claimed)s, the rules give %(expected)s."),
        "score_mismatch": _(
            "%(player)s, round %(round)s, %(field)s: claimed %(claimed)s, the rules give %(expected)s."
        ),
        "player_count": _("This game is not played with this many players."),
        "wrong_card_count": _("%(player)s does not have the right number of cards."),
        "unknown_card": _("%(player)s lists a card that is not in this edition."),
        "duplicate_card": _("A card appears twice at this table (%(player)s)."),
        "deal_mismatch": _(
            "%(player)s's row holds a card the printed deal did not put in the hand it came from: "
            "check the rows against the deal on the table slip."
        ),
        "set_aside_not_dealt": _("The cards listed do not add up to one deal: a card is missing or set aside twice."),
        "unknown_activity": _("%(player)s scores an activity that does not exist."),
        "unknown_treasure": _("%(player)s scores a treasure that does not exist."),
        "activity_reused": _("%(player)s scores the same activity twice."),
        "activity_not_held": _("%(player)s scores an activity without holding its card."),
        "color_conflict": _("Both players claim the same colour."),
        "pieces_not_conserved": _("The pieces on the board and in hand do not add up."),
        "boomerangs_not_conserved": _(
            "%(per_player)s boomerangs a player: %(expected)s at this table, %(claimed)s entered."
        ).replace("%(per_player)s", str(BOOMERANGS_PER_PLAYER)),
        "too_many_captured": _("More animals are captured than the game has cards."),
        "unknown_species": _("%(player)s lists an animal that is not in this game."),
    }
