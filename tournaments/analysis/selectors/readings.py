"""The rules lab over a game's verified tables (games/readings.py): how many tables, winners and places
another reading of a rule would change, from their sheets as they count now."""

from games.readings import Reading, ReadingReport, reading_compare
from tournaments.catalogue.selectors import edition_active, edition_rules_data
from tournaments.models import TableResult
from tournaments.selectors.verification import tables_current_sheets

CHUNK = 500  # tables read at a time: a whole pool in bounded memory


def game_reading_report(*, reading: Reading) -> ReadingReport:
    """Every counting table of the reading's game, scored with the active edition as shipped and as read."""
    deck = edition_rules_data(game=reading.game, edition=edition_active(game=reading.game))
    counting = TableResult.objects.filter(table__round__event__game=reading.game, status__in=TableResult.COUNTS)
    table_ids = list(counting.order_by("table_id").values_list("table_id", flat=True))
    total = ReadingReport(reading.id, 0, 0, 0)
    for start in range(0, len(table_ids), CHUNK):
        sheets = tables_current_sheets(table_ids=table_ids[start : start + CHUNK])
        part = reading_compare(
            reading, deck, ({"game": reading.game, "seats": [s.data for s in seats]} for seats in sheets.values())
        )
        total = ReadingReport(reading.id, total.tables + part.tables, total.winners_changed + part.winners_changed,
                              total.places_changed + part.places_changed)  # fmt: skip
    return total
